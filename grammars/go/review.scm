; Review captures for Go (vocabulary: parsers/review/captures.ts). Run once over a
; file; the adapter hands each type declaration the references inside it and drops
; names bound by the declaration's own type parameters.

; Top-level items the adapter reads in order: the package clause's `@name`; each type
; spec or alias with its `@name` and `@type` (`@modifier` the `(` of a grouped
; declaration); a function's or method's `@name` (`@receiver` a method's receiver).
(source_file (package_clause (package_identifier)? @name) @module)
(source_file (type_declaration "("? @modifier [(type_spec name: (_)? @name type: (_)? @type) (type_alias name: (_)? @name type: (_)? @type)] @declaration.type))
(source_file (function_declaration name: (_)? @name) @declaration.function)
(source_file (method_declaration receiver: (_)? @receiver name: (_)? @name) @declaration.function)

; The names a constant or variable declaration declares, each a `@declarator` in source
; order: a constant specification's with its `@type`; every variable specification's,
; those of function literals in the values included (the adapter reads all of them).
(source_file (const_declaration (const_spec name: (_) @declarator type: (_)? @type)))
(var_spec name: (_) @declarator)

; Imports: each spec's path and the name it binds, if it names one.
(import_spec
  name: (_)? @name
  path: (_) @source) @import

; Named-type references: plain names and `pkg.T`.
(type_identifier) @reference.type
(qualified_type
  package: (package_identifier) @qualifier
  name: (type_identifier) @member) @reference.qualified

; Type names in no reference position: a declared name, a qualified name's member.
(type_spec name: (type_identifier) @skip)
(type_alias name: (type_identifier) @skip)
(qualified_type (type_identifier) @skip)

; Type parameters bind names inside their declaration.
(type_parameter_declaration name: (identifier) @binder)
