; Kotlin: definitions, call sites, imports, test blocks and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.
; The grammar has no field names: parts are matched by node type.

; ---- definitions ------------------------------------------------------------
; `class`, `interface`, `enum class`: the adapter reads the keyword.
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
; A companion object qualifies and owns its members; it is not a symbol of its own.
(companion_object) @definition.impl
(function_declaration (simple_identifier) @name) @definition.function
(secondary_constructor) @definition.constructor
(type_alias (type_identifier) @name) @definition.type_alias

; ---- call sites -------------------------------------------------------------
; `f()`, `Foo()`, `f { }`
(call_expression
  (simple_identifier) @callee
  (call_suffix) @arguments) @reference.call
; `x.f()`, `x?.f()`, `this.f()`, `super.f()`, `Foo.create()`
(call_expression
  (navigation_expression
    (_) @receiver
    (navigation_suffix (simple_identifier) @callee)) @function
  (call_suffix) @arguments) @reference.call
; `g()()`, `(f)()`, `a[i]()`: a computed callee. A call followed by a trailing lambda
; (`f(x) { }`) is the same call: the grammar nests it as `(f(x)) { }`, a call suffix with
; no value arguments, which this pattern leaves out.
(call_expression
  [(call_expression) (parenthesized_expression) (indexing_expression) (lambda_literal)] @indirect @function
  (call_suffix (value_arguments)) @arguments) @reference.call

; ---- Kotest blocks: `test("title") { }`, `"title" { }` -------------------------
(call_expression
  (call_expression
    (simple_identifier) @function
    (call_suffix (value_arguments . (value_argument (string_literal) @name))))
  (call_suffix (annotated_lambda))) @test.block
(call_expression
  (string_literal) @name
  (call_suffix (annotated_lambda))) @test.block

; ---- imports ----------------------------------------------------------------
(import_header) @import

; ---- local bindings: a bare call of one is a call through a function value -----
(parameter (simple_identifier) @local.parameter)
(property_declaration (variable_declaration (simple_identifier) @local.variable))
(lambda_parameters (variable_declaration (simple_identifier) @local.parameter))

; ---- local scopes: types and functions, whose properties and locals type a receiver ----
[
  (class_declaration) (object_declaration) (companion_object)
  (function_declaration) (secondary_constructor)
] @local.scope
