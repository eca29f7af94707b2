; C#: definitions, call sites, using directives and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(record_struct_declaration name: (identifier) @name) @definition.record
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(local_function_statement name: (identifier) @name) @definition.function

; ---- call sites -------------------------------------------------------------
; `F()`, `F<T>()`
(invocation_expression
  function: [(identifier) @callee (generic_name (identifier) @callee)] @function
  arguments: (argument_list) @arguments) @reference.call
; `x.F()`, `T.F<U>()`, `this.F()`, `base.F()`
(invocation_expression
  function: (member_access_expression
    expression: (_) @receiver
    name: [(identifier) @callee (generic_name (identifier) @callee)]) @function
  arguments: (argument_list) @arguments) @reference.call
; `x?.F()`
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @receiver
    (member_binding_expression name: [(identifier) @callee (generic_name (identifier) @callee)])) @function
  arguments: (argument_list) @arguments) @reference.call
; `F()()`, `(f)()`, `a[i]()`: a computed callee
(invocation_expression
  function: [(invocation_expression) (parenthesized_expression) (element_access_expression) (lambda_expression)] @indirect @function
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression
  type: (_) @callee @function
  arguments: (argument_list)? @arguments) @reference.new

; ---- imports ----------------------------------------------------------------
(using_directive) @import

; ---- local bindings: a bare call of one is a call through a delegate ----------
(parameter name: (identifier) @local.parameter)
(variable_declarator . (identifier) @local.variable)

; ---- local scopes: types and methods, whose fields and locals type a receiver ----
[
  (class_declaration) (struct_declaration) (interface_declaration) (enum_declaration)
  (record_declaration) (record_struct_declaration)
  (method_declaration) (constructor_declaration) (local_function_statement)
] @local.scope
