; Plain JavaScript only (the TypeScript grammar names these nodes differently):
; parameters, and class fields holding functions.
(formal_parameters (identifier) @local.parameter)
(formal_parameters (assignment_pattern left: (identifier) @local.parameter))
(formal_parameters (rest_pattern (identifier) @local.parameter))
(field_definition
  property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
