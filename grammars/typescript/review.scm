; Review captures for TypeScript and TSX (vocabulary: parsers/review/captures.ts).
; Run over one top-level declaration at a time; the adapter drops names in binder and
; declaration-name positions and calls to local bindings.

(type_identifier) @reference.type

(nested_type_identifier
  module: (identifier) @qualifier
  name: (_) @member) @reference.qualified

(call_expression
  function: (identifier) @callee) @reference.call

(call_expression
  function: (member_expression
    object: (identifier) @qualifier
    property: (_) @member)) @reference.call

(type_parameter name: (_) @binder)
(mapped_type_clause name: (_) @binder)
(infer_type (type_identifier) @binder)
