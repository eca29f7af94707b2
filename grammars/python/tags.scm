; Python: definitions, call sites, imports and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
; A function directly in a class becomes a method; `__init__` a constructor (adapter).
(function_definition name: (identifier) @name) @definition.function

; ---- call sites -------------------------------------------------------------
(call
  function: (identifier) @callee @function
  arguments: (_) @arguments) @reference.call
(call
  function: (attribute object: (_) @receiver attribute: (identifier) @callee) @function
  arguments: (_) @arguments) @reference.call
(call
  function: [(call) (subscript) (parenthesized_expression) (lambda) (string) (concatenated_string)] @function @indirect
  arguments: (_) @arguments) @reference.call

; ---- imports ----------------------------------------------------------------
(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import

; ---- local bindings (calls through them are indirect) ------------------------
(parameters (identifier) @local.parameter)
(default_parameter name: (identifier) @local.parameter)
(typed_parameter (identifier) @local.parameter)
(typed_default_parameter name: (identifier) @local.parameter)
(lambda_parameters (identifier) @local.parameter)
(assignment left: (identifier) @local.variable)
; Unpacked, looped, `with ... as` and walrus names, and `*args`/`**kwargs`, bind too.
(assignment left: [(pattern_list (identifier) @local.variable) (tuple_pattern (identifier) @local.variable) (list_pattern (identifier) @local.variable)])
(for_statement left: (identifier) @local.variable)
(for_statement left: [(pattern_list (identifier) @local.variable) (tuple_pattern (identifier) @local.variable)])
(for_in_clause left: (identifier) @local.variable)
(as_pattern alias: (as_pattern_target (identifier) @local.variable))
(named_expression name: (identifier) @local.variable)
(list_splat_pattern (identifier) @local.parameter)
(dictionary_splat_pattern (identifier) @local.parameter)
