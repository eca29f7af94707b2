; C: definitions, call sites, local bindings, and `#include "x.c"` (an included source
; file's static functions are this file's too; a header's include binds nothing by name).
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
; The adapter reads the name through the declarator (pointers, parentheses).
(function_definition declarator: (_) @name) @definition.function
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (_) @name) @definition.typedef
(preproc_function_def name: (identifier) @name) @definition.macro

; ---- includes of source files (the adapter keeps only `.c` ones) --------------
(preproc_include path: (string_literal) @name) @import

; ---- call sites -------------------------------------------------------------
(call_expression
  function: (identifier) @callee @function
  arguments: (argument_list) @arguments) @reference.call
; A call through a struct member is a call through a function pointer.
(call_expression
  function: (field_expression argument: (_) @receiver field: (field_identifier) @callee) @function @indirect
  arguments: (argument_list) @arguments) @reference.call
(call_expression
  function: [(parenthesized_expression) (pointer_expression) (call_expression) (subscript_expression) (cast_expression)] @function @indirect
  arguments: (argument_list) @arguments) @reference.call

; ---- local bindings (calls through them are indirect) ------------------------
(parameter_declaration declarator: (identifier) @local.parameter)
(parameter_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.parameter))))
(declaration declarator: (init_declarator declarator: (identifier) @local.variable))
(declaration declarator: (identifier) @local.variable)
(declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.variable))))
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @local.variable)))))
