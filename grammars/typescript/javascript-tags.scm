; JavaScript (and the part of TypeScript/TSX that shares its node types).
; The TypeScript grammar loads this file and then grammars/typescript/tags.scm.

; ---- definitions ------------------------------------------------------------
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
; Exported non-function variables: values a call or member call can reach through an import
; (`export const X = make()`). The adapter drops those holding a function (defined above).
(export_statement
  declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(export_statement
  declaration: (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
; Module-level constants that name another value (`const stringType = ZodString.create`,
; exported later by `export { stringType as string }`): calls reach them by that name.
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: [(identifier) (member_expression)]) @definition.constant))

; test()/it()/describe() blocks: the adapter keeps those whose callee is a test function.
(call_expression
  function: (_) @function
  arguments: (arguments . [(string) (template_string)] @name)
  (#match? @function "^(it|test|fit|xit|xtest|bench|describe|suite|fdescribe|xdescribe)\\b")) @test.block

; ---- call sites -------------------------------------------------------------
(call_expression
  function: (identifier) @callee
  arguments: (_)) @reference.call
(call_expression
  function: (member_expression object: (_) @receiver property: (_) @callee) @function
  arguments: (_)) @reference.call
(call_expression
  function: [
    (subscript_expression) (call_expression) (parenthesized_expression)
    (arrow_function) (function_expression) (await_expression)
  ] @function @indirect
  arguments: (_)) @reference.call
(call_expression
  function: (super) @callee
  arguments: (_)) @reference.call
(new_expression
  constructor: (identifier) @callee) @reference.new
(new_expression
  constructor: (member_expression object: (_) @receiver property: (_) @callee) @function) @reference.new

; ---- imports ----------------------------------------------------------------
(import_statement) @import
(export_statement source: (_)) @import
(lexical_declaration
  (variable_declarator
    value: (call_expression function: (identifier) @_require arguments: (arguments . (string) .)))
  (#eq? @_require "require")) @import.require
(variable_declaration
  (variable_declarator
    value: (call_expression function: (identifier) @_require arguments: (arguments . (string) .)))
  (#eq? @_require "require")) @import.require
(call_expression function: (import) arguments: (arguments . (string))) @import.dynamic

; `export { a, b as c }` without a source, and `export default a`, mark local symbols as exported.
(export_statement (export_clause) !source) @export.clause
(export_statement value: (identifier)) @export.clause

; ---- local bindings (calls through them are indirect) ------------------------
(variable_declarator name: (identifier) @local.variable)
(arrow_function parameter: (identifier) @local.parameter)
; Destructured and looped names bind too: `const { a, b: c } = x`, `for (const [name, build] of cases)`.
(array_pattern (identifier) @local.variable)
(object_pattern (shorthand_property_identifier_pattern) @local.variable)
(pair_pattern value: (identifier) @local.variable)
(assignment_pattern left: (identifier) @local.variable)
(object_assignment_pattern left: (shorthand_property_identifier_pattern) @local.variable)
(for_in_statement left: (identifier) @local.variable)

; ---- local scopes: where the adapter looks up the declaration of a name ------
[
  (program) (statement_block)
  (function_declaration) (function_expression) (arrow_function) (method_definition)
  (generator_function_declaration) (generator_function)
] @local.scope
