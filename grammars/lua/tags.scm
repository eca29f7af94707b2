; Lua (the tree-sitter-grammars grammar): functions (global, local, `T.f`, `T:m`, and
; names assigned a function literal), call sites, `require` and local bindings. Capture
; names are checked against the vocabulary in grammars/README.md. The adapter reads
; table-qualified names and whether a definition is local.

; ---- definitions ------------------------------------------------------------
(function_declaration name: [(identifier) (dot_index_expression)] @name) @definition.function
(function_declaration name: (method_index_expression) @name) @definition.method
(assignment_statement
  (variable_list . name: (_) @name)
  (expression_list . value: (function_definition))) @definition.function

; ---- imports: require("m"), require "m" ---------------------------------------
(function_call
  name: (identifier) @_require
  arguments: (arguments . (string) @name)
  (#eq? @_require "require")) @import

; ---- local aliases of a module's members: `local strip = stringx.strip` -------
; The adapter keeps those whose root is a required module or a standard table.
(variable_declaration (assignment_statement)) @import

; ---- call sites: the adapter reads receivers and names ----------------------
(function_call name: (_) @function) @reference.call

; ---- local bindings (bare calls of them are indirect) ------------------------
(parameters name: (identifier) @local.parameter)
(variable_declaration (assignment_statement (variable_list name: (identifier) @local.variable)))
(variable_declaration (variable_list name: (identifier) @local.variable))
(for_generic_clause (variable_list name: (identifier) @local.variable))
