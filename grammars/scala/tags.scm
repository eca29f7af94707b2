; Scala (2 and 3): definitions, test blocks, call sites, imports and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(object_definition name: (identifier) @name) @definition.module
(package_object name: (identifier) @name) @definition.module
(enum_definition name: (identifier) @name) @definition.enum
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(type_definition name: (type_identifier) @name) @definition.type_alias

; ---- test blocks: ScalaTest and MUnit --------------------------------------
; `test("title") { ... }`, `it("title") { ... }`, `describe("title") { ... }`
(call_expression
  function: (call_expression
    function: (identifier) @_block
    arguments: (arguments . (string) @name))
  arguments: (block)
  (#any-of? @_block "test" "it" "they" "ignore" "property" "scenario" "describe" "feature")) @definition.test
; FlatSpec and WordSpec leaves: `"a circle" should "grow" in { ... }`, `"grows" in { ... }`
(infix_expression
  left: (_) @name
  operator: (identifier) @_in
  right: (block)
  (#eq? @_in "in")) @definition.test
; WordSpec and FreeSpec branches: `"a circle" when { ... }`, `"a circle" - { ... }`
(infix_expression
  left: (string) @name
  operator: (_) @_branch
  right: (block)
  (#any-of? @_branch "when" "should" "must" "can" "which" "that" "-")) @definition.module

; ---- call sites -------------------------------------------------------------
; `f(x)`, `Circle(1)` (a companion's apply or a case class), `f { ... }`
(call_expression
  function: (identifier) @callee
  arguments: (_) @arguments) @reference.call
(call_expression
  function: (generic_function function: (identifier) @callee) @function
  arguments: (_) @arguments) @reference.call
; `a.b.m(x)`, `this.m()`, `Util.run()`, `xs.map { ... }`
(call_expression
  function: (field_expression value: (_) @receiver field: (identifier) @callee) @function
  arguments: (_) @arguments) @reference.call
(call_expression
  function: (generic_function function: (field_expression value: (_) @receiver field: (identifier) @callee)) @function
  arguments: (_) @arguments) @reference.call
; `(g)(x)`, `{ ... }(x)`: a computed callee. (`f(a)(b)` is one call with two argument lists.)
(call_expression
  function: [(parenthesized_expression) (lambda_expression) (block)] @function @indirect
  arguments: (_) @arguments) @reference.call
; `new T(...)`, `new T[A]`, `new a.b.T`
(instance_expression (type_identifier) @callee) @reference.new
(instance_expression (generic_type type: (type_identifier) @callee)) @reference.new
(instance_expression (stable_type_identifier (type_identifier) @callee)) @reference.new
(instance_expression (generic_type type: (stable_type_identifier (type_identifier) @callee))) @reference.new

; ---- imports ----------------------------------------------------------------
(import_declaration) @import

; ---- local scopes and bindings ------------------------------------------------
[
  (class_definition) (trait_definition) (object_definition) (enum_definition) (package_object)
  (function_definition) (extension_definition)
] @local.scope
(parameter name: (identifier) @local.parameter)
(class_parameter name: (identifier) @local.parameter)
(lambda_expression parameters: (identifier) @local.parameter)
(bindings (binding name: (identifier) @local.parameter))
(val_definition pattern: (identifier) @local.variable)
(var_definition pattern: (identifier) @local.variable)
