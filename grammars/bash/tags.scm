; Bash: functions, commands and `source` (Bats `@test` blocks arrive rewritten as
; functions by parsers/bash/extract.ts). Capture names are checked against the
; vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(function_definition name: (word) @name) @definition.function

; ---- imports: `source file`, `. file`, Bats `load helper` ---------------------
(command
  name: (command_name (word) @_command)
  .
  argument: (_) @name
  (#any-of? @_command "source" "." "load")) @import

; ---- call sites: every command; the adapter reads its name ------------------
(command name: (command_name) @function) @reference.call
