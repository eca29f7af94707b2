; PHP: definitions, call sites, `use` imports and Pest test blocks.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
; Methods of classes, interfaces, traits and enums; `__construct` is the constructor (adapter).
(method_declaration name: (name) @name) @definition.method
(function_definition name: (name) @name) @definition.function

; ---- Pest: test('title', fn), it('title', fn), describe('title', fn) ---------
(function_call_expression
  function: (name) @function
  arguments: (arguments . (argument [(string) (encapsed_string)] @name))
  (#match? @function "^(test|it|describe)$")) @test.block

; ---- call sites -------------------------------------------------------------
(function_call_expression function: (name) @callee) @reference.call
(function_call_expression function: (qualified_name (name) @callee) @function) @reference.call
(function_call_expression
  function: [(variable_name) (parenthesized_expression) (subscript_expression) (member_access_expression)
             (function_call_expression) (member_call_expression) (scoped_call_expression)
             (nullsafe_member_call_expression) (string) (encapsed_string) (array_creation_expression)] @function @indirect) @reference.call
(member_call_expression object: (_) @receiver name: (name) @callee) @reference.call
(member_call_expression object: (_) @receiver name: [(variable_name) (dynamic_variable_name)] @function @indirect) @reference.call
(nullsafe_member_call_expression object: (_) @receiver name: (name) @callee) @reference.call
(scoped_call_expression scope: (_) @qualifier name: (name) @callee) @reference.call
(scoped_call_expression scope: (_) @qualifier name: (variable_name) @function @indirect) @reference.call
(object_creation_expression (name) @callee) @reference.new
(object_creation_expression (qualified_name (name) @callee) @function) @reference.new

; ---- imports ----------------------------------------------------------------
(namespace_use_declaration) @import
