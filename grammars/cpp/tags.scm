; C++: definitions, call sites and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
; The adapter reads the name through the declarator (pointers, references, `A::f`).
(function_definition declarator: (_) @name) @definition.function
(namespace_definition name: (_) @name) @definition.namespace
(class_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (_) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (_) @name body: (field_declaration_list)) @definition.union
(enum_specifier name: (_) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (_) @name) @definition.typedef
(alias_declaration name: (type_identifier) @name) @definition.type_alias
(preproc_function_def name: (identifier) @name) @definition.macro

; ---- call sites -------------------------------------------------------------
(call_expression
  function: (identifier) @callee @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: (_) @receiver field: (field_identifier) @callee) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (field_expression argument: (_) @receiver field: (template_method name: (field_identifier) @callee)) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (qualified_identifier) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (template_function name: (identifier) @callee) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: [(parenthesized_expression) (pointer_expression) (call_expression) (subscript_expression) (lambda_expression) (cast_expression)] @function @indirect
  arguments: (argument_list) @arguments) @reference.call
(new_expression type: (_) @callee @function) @reference.new

; ---- local bindings (calls through them are indirect) ------------------------
(parameter_declaration declarator: (identifier) @local.parameter)
(parameter_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.parameter))))
(declaration declarator: (init_declarator declarator: (identifier) @local.variable))
(declaration declarator: (identifier) @local.variable)
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.variable)))))
