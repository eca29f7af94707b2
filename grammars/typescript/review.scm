; Review captures for TypeScript and TSX (vocabulary: parsers/review/captures.ts).
; Run once over a file; the adapter hands each top-level declaration the matches inside
; it, and the callable shapes (parsers/typescript/callables.ts) read the same run. The
; adapter drops references to the declaration's own name and to bound names, and
; calls of local bindings and of a const callable's wrapper. A `typeof x` in a type is
; evidence only when `x` is bound; an unbound one is an omission.

; Declarations by kind. The adapter keeps those at the top level, alone or exported
; (not `export default`), names an ambient declaration by what it declares and reads a
; variable declaration's declarators, deciding which bind callables. (Anchoring these
; patterns under `program` makes the query half as slow again to compile.)
(interface_declaration) @declaration.interface
(type_alias_declaration) @declaration.type
[(function_declaration) (generator_function_declaration) (function_signature)] @declaration.function
[(class_declaration) (abstract_class_declaration)] @declaration.class
(enum_declaration) @declaration.enum
[(internal_module) (module)] @declaration.namespace
(ambient_declaration) @declaration.ambient
[(lexical_declaration) (variable_declaration)] @declaration.variable

; The declarators of a top-level variable declaration, alone or exported: `@name`,
; `@value`, and `@modifier` the `const` of a `const` declaration.
(program [
  (lexical_declaration "const"? @modifier (variable_declarator name: (_)? @name value: (_)? @value) @declarator)
  (variable_declaration (variable_declarator name: (_)? @name value: (_)? @value) @declarator)
  (export_statement declaration: [
    (lexical_declaration "const"? @modifier (variable_declarator name: (_)? @name value: (_)? @value) @declarator)
    (variable_declaration (variable_declarator name: (_)? @name value: (_)? @value) @declarator)
  ])
])

; Top-level imports: `@binding` each name one binds, `@source` the module string,
; `@modifier` a `type` keyword (of the statement or the name). A named import has
; `@name` (and `@alias` when renamed); `* as X` has only `@alias`, the default import neither.
(program (import_statement "type"? @modifier (import_clause (identifier) @binding) source: (string) @source))
(program (import_statement "type"? @modifier (import_clause (namespace_import (identifier) @alias) @binding) source: (string) @source))
(program (import_statement "type"? @modifier (import_clause (named_imports (import_specifier "type"? @modifier name: (_) @name alias: (_)? @alias) @binding)) source: (string) @source))

; Top-level export clauses: `@export` each name, `@name` the local (or re-exported) name,
; `@alias` the exported one when renamed; `export * as X from` has only `@alias`.
(program (export_statement (export_clause (export_specifier name: (_) @name alias: (_)? @alias) @export)))
(program (export_statement (namespace_export (_) @alias) @export))

; Named-type references; `ns.T` when its module is a plain name.
(type_identifier) @reference.type
(type_query) @unsupported
(nested_type_identifier
  module: (identifier) @qualifier
  name: (type_identifier) @member) @reference.qualified

; Type names in no reference position: a qualified name's parts, binders, and the
; declared name of a type-level declaration.
(nested_type_identifier (type_identifier) @skip)
(type_parameter (type_identifier) @skip)
(mapped_type_clause (type_identifier) @skip)
(infer_type (type_identifier) @skip)
(interface_declaration name: (type_identifier) @skip)
(type_alias_declaration name: (type_identifier) @skip)
(class_declaration name: (type_identifier) @skip)
(abstract_class_declaration name: (type_identifier) @skip)

; Local type binders: `<T>`, `K in`, `infer U` shadow outer names inside a declaration.
(type_parameter name: (type_identifier) @binder)
(mapped_type_clause name: (type_identifier) @binder)
(infer_type . (type_identifier) @binder)

; Calls of a plain name, or of a member of a plain name (`@qualifier`, `@member`);
; `@arguments` the argument list (a tagged template's is a template string).
(call_expression
  function: [(identifier) @callee (member_expression object: (identifier) @qualifier property: (_) @member) @callee]
  arguments: (_)? @arguments) @reference.call

; Value names bound inside a declaration (the adapter drops the declaration's own name).
(variable_declarator name: (_) @local)
(function_declaration name: (_) @local)
(required_parameter pattern: (_) @local)
(optional_parameter pattern: (_) @local)
(arrow_function parameter: (_) @local)
(catch_clause parameter: (_) @local)
