; Review captures for Go (vocabulary: parsers/review/captures.ts). Run once over a
; file; the adapter hands each type declaration the references inside it and drops
; names bound by the declaration's own type parameters.

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
