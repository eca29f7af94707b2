; Dart: definitions, test blocks, call sites, imports and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.
; A function's signature and body are siblings in this grammar: the adapter stretches a
; definition over the body that follows its signature.

; ---- definitions ------------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
; An extension qualifies and owns its members under the extended type; it is no symbol.
(extension_declaration class: (_) @name) @definition.impl
(type_alias . (type_identifier) @name) @definition.type_alias
(program (function_signature name: (identifier) @name) @definition.function)
(method_signature (function_signature name: (identifier) @name)) @definition.method
(method_signature (getter_signature name: (identifier) @name)) @definition.method
(method_signature (setter_signature name: (identifier) @name)) @definition.method
(method_signature (operator_signature) @name) @definition.method
; Abstract members: a signature without a body.
(declaration (function_signature name: (identifier) @name)) @definition.method
(declaration (getter_signature name: (identifier) @name)) @definition.method
(method_signature (constructor_signature) @name) @definition.constructor
(method_signature (factory_constructor_signature) @name) @definition.constructor
(declaration (constructor_signature) @name) @definition.constructor
(declaration (factory_constructor_signature) @name) @definition.constructor
(declaration (redirecting_factory_constructor_signature) @name) @definition.constructor
(local_function_declaration (lambda_expression parameters: (function_signature name: (identifier) @name))) @definition.function

; ---- test blocks: package:test and flutter_test -------------------------------
; `test('title', () { ... })`, `group('title', () { ... })`, `testWidgets(...)`
(expression_statement
  . (identifier) @_block
  . (selector (argument_part (arguments . (argument (string_literal) @name))))
  (#any-of? @_block "test" "group" "testWidgets")) @definition.test

; ---- call sites -------------------------------------------------------------
; An argument list in a selector chain calls what precedes it: `f(x)`, `a.b.m(x)`, `T(x)`.
(selector (argument_part (arguments) @arguments)) @reference.call
; `a..m(x)`
(cascade_section (cascade_selector (identifier) @callee) (argument_part (arguments) @arguments)) @reference.call
; `new T(x)`, `const T(x)`, `new T.named(x)`
(new_expression (type_identifier) @callee (arguments) @arguments) @reference.new
(const_object_expression (type_identifier) @callee (arguments) @arguments) @reference.new

; ---- imports ----------------------------------------------------------------
(library_import) @import
(library_export) @import
(part_directive) @import

; ---- local scopes and bindings ------------------------------------------------
[
  (class_definition) (mixin_declaration) (enum_declaration) (extension_declaration)
  (function_body) (lambda_expression)
] @local.scope
(formal_parameter name: (identifier) @local.parameter)
(initialized_variable_definition name: (identifier) @local.variable)
