; Swift: definitions, call sites, imports and local scopes.
; Capture names are checked against the vocabulary in grammars/README.md.
; One node type, class_declaration, holds classes, structs, enums, actors and
; extensions; its declaration_kind keyword tells them apart.

; ---- definitions ------------------------------------------------------------
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
; An extension qualifies and owns its members under the extended type; it is no symbol.
(class_declaration declaration_kind: "extension" name: (_) @name) @definition.impl
(protocol_declaration name: (type_identifier) @name) @definition.interface
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration) @definition.constructor
(typealias_declaration name: (type_identifier) @name) @definition.type_alias

; ---- call sites -------------------------------------------------------------
; `f(x)`, `T(x)`, `f { ... }`
(call_expression
  . (simple_identifier) @callee
  . (call_suffix) @arguments) @reference.call
; `a.b.m(x)`, `self.m()`, `T.make()`
(call_expression
  . (navigation_expression
      target: (_) @receiver
      suffix: (navigation_suffix suffix: (simple_identifier) @callee)) @function
  . (call_suffix) @arguments) @reference.call
; `f()()`, `(g)()`, `{ ... }()`: a computed callee
(call_expression
  . [(call_expression) (tuple_expression) (lambda_literal) (postfix_expression)] @function @indirect
  . (call_suffix) @arguments) @reference.call

; ---- imports ----------------------------------------------------------------
(import_declaration) @import

; ---- local scopes: types and functions, whose properties and locals type a receiver ----
[
  (class_declaration) (protocol_declaration)
  (function_declaration) (init_declaration) (deinit_declaration)
  (computed_property) (lambda_literal)
] @local.scope

; ---- local bindings: a bare call of a parameter or a stored closure is indirect ----
(parameter name: (simple_identifier) @local.parameter)
(property_declaration name: (pattern bound_identifier: (simple_identifier) @local.variable))
