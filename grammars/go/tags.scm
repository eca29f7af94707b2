; Go: definitions, call sites, imports and the functions whose locals type a receiver.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(function_declaration name: (identifier) @name) @definition.function
; Methods: the adapter names them `Type::method` from the receiver.
(method_declaration name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
; `type PositionalArgs func(...)`, `type byName []*Command`: a defined type (the Go spec's
; TypeDef), a new type with its own methods; only `type A = B` is an alias.
(type_spec name: (type_identifier) @name type: [
  (type_identifier) (qualified_type) (pointer_type) (slice_type) (array_type) (map_type)
  (channel_type) (function_type) (generic_type) (negated_type)
]) @definition.typedef
(type_alias name: (type_identifier) @name) @definition.type_alias
(method_elem name: (field_identifier) @name) @definition.method
(const_spec name: (identifier) @name) @definition.constant

; ---- call sites -------------------------------------------------------------
(call_expression
  function: (identifier) @callee @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (selector_expression operand: (_) @receiver field: (field_identifier) @callee) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (index_expression operand: (identifier) @callee) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: (index_expression operand: (selector_expression operand: (_) @receiver field: (field_identifier) @callee)) @function
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: [
    (func_literal) (call_expression) (parenthesized_expression)
    (index_expression operand: [(call_expression) (index_expression) (parenthesized_expression)])
    (type_assertion_expression)
  ] @function @indirect
  arguments: (argument_list) @arguments) @reference.call

; ---- imports ----------------------------------------------------------------
(import_spec) @import

; Local bindings are the adapter's (parsers/go/local-scopes.ts): a call through one is
; indirect only where Go's block scopes make it visible, which no capture here can say.

; ---- local scopes: the functions whose locals type a receiver ---------------
[(function_declaration) (method_declaration)] @local.scope
