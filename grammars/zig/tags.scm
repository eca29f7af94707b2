; Zig: containers, functions, tests, call sites, `@import` and local bindings. Capture
; names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (opaque_declaration)) @definition.struct
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (union_declaration)) @definition.union
(function_declaration name: (identifier) @name) @definition.function
(test_declaration [(string) (identifier)] @name) @definition.test

; ---- imports: `const x = @import("m")`, `const T = @import("m").T`, and aliases
; of an import's members (`const mem = std.mem`), which the adapter keeps when the
; root names an import.
(variable_declaration
  (identifier) @name
  [(builtin_function (builtin_identifier) @_import) (field_expression object: (builtin_function (builtin_identifier) @_import))]
  (#eq? @_import "@import")) @import
(variable_declaration
  (identifier) @name
  (field_expression object: [(identifier) (field_expression)])) @import

; ---- call sites: the adapter reads receivers and names ----------------------
(call_expression function: (_) @function) @reference.call
(builtin_function (builtin_identifier) @callee) @reference.call

; ---- local bindings (bare calls of them are indirect) ------------------------
(parameter name: (identifier) @local.parameter)
(block (variable_declaration (identifier) @local.variable))
