; JavaScript parameters (TypeScript wraps them in required/optional_parameter).
(formal_parameters (identifier) @local.parameter)
(formal_parameters (assignment_pattern left: (identifier) @local.parameter))
(formal_parameters (rest_pattern (identifier) @local.parameter))
(field_definition
  property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method
