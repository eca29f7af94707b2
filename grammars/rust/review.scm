; Review captures for Rust (vocabulary: parsers/review/captures.ts). Run once over a
; file; the adapter assigns references to the top-level declaration that holds them.

; Top-level declarations: struct, enum and type alias are type-shape roots; the others
; only occupy their span and name.
(source_file (struct_item name: (type_identifier) @name) @declaration.struct)
(source_file (enum_item name: (type_identifier) @name) @declaration.enum)
(source_file (type_item name: (type_identifier) @name) @declaration.type)
(source_file (union_item name: (type_identifier) @name) @declaration.union)
(source_file (trait_item name: (type_identifier) @name) @declaration.trait)
(source_file (function_item name: (identifier) @name) @declaration.function)
(source_file (function_signature_item name: (identifier) @name) @declaration.function)
(source_file (impl_item) @declaration.impl)
(source_file (const_item name: (identifier) @name) @declaration.constant)
(source_file (static_item name: (identifier) @name) @declaration.variable)

; Modules and imports.
(source_file (mod_item name: (identifier) @name) @module)
(source_file (use_declaration) @import)

; Named-type references: plain names and paths (`a::T`, `crate::m::T`).
(type_identifier) @reference.type
(scoped_type_identifier) @reference.qualified

; Generic parameters bind names inside their declaration.
(type_parameter name: (type_identifier) @binder)

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
