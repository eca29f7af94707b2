; Review captures for Go (vocabulary: parsers/review/captures.ts).
; Run over one type declaration at a time; the adapter drops the declared name and
; names bound by the declaration's own type parameters.

(type_identifier) @reference.type

(qualified_type
  package: (package_identifier) @qualifier
  name: (type_identifier) @member) @reference.qualified

(type_parameter_declaration name: (identifier) @binder)
