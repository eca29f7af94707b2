; Rust: definitions, call sites, imports and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type_alias
(mod_item name: (identifier) @name) @definition.module
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(macro_definition name: (identifier) @name) @definition.macro
; impl blocks are scopes only: they qualify and own the methods inside.
(impl_item type: (_) @name) @definition.impl

; ---- call sites -------------------------------------------------------------
(call_expression
  function: (identifier) @callee
  arguments: (arguments)) @reference.call
(call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @callee) @function
  arguments: (arguments)) @reference.call
(call_expression
  function: (scoped_identifier path: (_)? @qualifier name: (identifier) @callee) @function
  arguments: (arguments)) @reference.call
(call_expression
  function: (generic_function function: (identifier) @callee) @function
  arguments: (arguments)) @reference.call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @receiver field: (field_identifier) @callee)) @function
  arguments: (arguments)) @reference.call
(call_expression
  function: (generic_function function: (scoped_identifier path: (_)? @qualifier name: (identifier) @callee)) @function
  arguments: (arguments)) @reference.call
(call_expression
  function: [
    (call_expression) (parenthesized_expression) (closure_expression)
    (index_expression) (field_expression field: (integer_literal))
    (try_expression) (await_expression) (unary_expression) (block)
  ] @function @indirect
  arguments: (arguments)) @reference.call
(macro_invocation
  macro: [(identifier) @callee (scoped_identifier path: (_)? @qualifier name: (identifier) @callee)] @function
  (token_tree) @arguments) @reference.macro

; ---- imports ----------------------------------------------------------------
(use_declaration) @import
(extern_crate_declaration) @import

; ---- local bindings (calls through them are indirect) ------------------------
(parameter pattern: (identifier) @local.parameter)
(closure_parameters (identifier) @local.parameter)
(closure_parameters (parameter pattern: (identifier) @local.parameter))
(let_declaration pattern: (identifier) @local.variable)
