; Review captures for Rust (vocabulary: parsers/review/captures.ts). Run once over a
; file; the adapter assigns references to the top-level declaration that holds them.

; Top-level declarations: struct, enum and type alias are type-shape roots; the others
; only occupy their span and name. `@modifier`: the visibility (`pub`, `pub(crate)`).
(source_file (struct_item (visibility_modifier)? @modifier name: (type_identifier) @name) @declaration.struct)
(source_file (enum_item (visibility_modifier)? @modifier name: (type_identifier) @name) @declaration.enum)
(source_file (type_item (visibility_modifier)? @modifier name: (type_identifier) @name) @declaration.type)
(source_file (union_item (visibility_modifier)? @modifier name: (type_identifier) @name) @declaration.union)
(source_file (trait_item (visibility_modifier)? @modifier name: (type_identifier) @name) @declaration.trait)
(source_file (function_item (visibility_modifier)? @modifier name: (identifier) @name) @declaration.function)
(source_file (function_signature_item (visibility_modifier)? @modifier name: (identifier) @name) @declaration.function)
(source_file (impl_item) @declaration.impl)
(source_file (const_item (visibility_modifier)? @modifier name: (identifier) @name) @declaration.constant)
(source_file (static_item (visibility_modifier)? @modifier name: (identifier) @name) @declaration.variable)

; Modules (`@body` for `mod child { ... }`) and imports (`@modifier`: `pub use`).
(source_file (mod_item name: (identifier) @name body: (_)? @body) @module)
(source_file (use_declaration (visibility_modifier)? @modifier) @import)

; Named-type references: plain names and paths (`a::T`, `crate::m::T`).
(type_identifier) @reference.type
(scoped_type_identifier) @reference.qualified

; Generic parameters bind names inside their declaration.
(type_parameter name: (type_identifier) @binder)

; Type names in no reference position: a path's last segment (the path is the
; reference), a generic parameter's names, a type declaration's own name.
(scoped_type_identifier (type_identifier) @skip)
(type_parameter (type_identifier) @skip)
(source_file (struct_item name: (type_identifier) @skip))
(source_file (enum_item name: (type_identifier) @skip))
(source_file (type_item name: (type_identifier) @skip))
(source_file (union_item name: (type_identifier) @skip))
(source_file (trait_item name: (type_identifier) @skip))

; Type syntax this profile does not establish as evidence.
(trait_bounds) @unsupported
(where_clause) @unsupported
(const_parameter) @unsupported
(dynamic_type) @unsupported
(abstract_type) @unsupported
(function_type) @unsupported
(qualified_type) @unsupported
(bracketed_type) @unsupported
(array_type length: (_) @name) @unsupported
(enum_variant value: (_) @name) @unsupported
(type_arguments [(integer_literal) (block) (string_literal) (boolean_literal) (negative_literal)] @unsupported)

; Constructs that make every binding in the file uncertain (the adapter lets
; standard-library derives through).
(attribute_item) @uncertain
(inner_attribute_item) @uncertain
(extern_crate_declaration) @uncertain
(foreign_mod_item) @uncertain
(macro_definition) @uncertain
(macro_invocation) @uncertain
