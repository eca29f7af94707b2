; TypeScript/TSX overlay: loaded after grammars/javascript/tags.scm.

(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type_alias
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (_) @name) @definition.namespace
(module name: (_) @name) @definition.namespace
(public_field_definition
  name: (_) @name
  value: [(arrow_function) (function_expression)]) @definition.method
; Overload and interface signatures: folded into an implementation when one exists.
(function_signature name: (identifier) @name) @definition.function @signature
(method_signature name: (_) @name) @definition.method @signature
(abstract_method_signature name: (_) @name) @definition.method @signature

(call_expression
  function: (instantiation_expression) @function @indirect
  arguments: (_)) @reference.call

(required_parameter pattern: (identifier) @local.parameter)
(optional_parameter pattern: (identifier) @local.parameter)
(required_parameter pattern: (rest_pattern (identifier) @local.parameter))
(call_expression
  function: (non_null_expression) @function @indirect
  arguments: (_)) @reference.call
