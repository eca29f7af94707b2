; Review captures for TypeScript and TSX (vocabulary: parsers/review/captures.ts).
; Run over one top-level declaration at a time. The patterns name node types only: on
; the TypeScript grammar every field constraint roughly doubles the time to compile the
; query, which a one-off review process pays on each run. The adapter reads the parts
; (a qualified name's module and member, a call's callee, a binder's name) and drops
; names in binder and declaration-name positions and calls to local bindings. A
; `typeof x` in a type is evidence only when `x` is bound; an unbound one is an omission.

(type_identifier) @reference.type
(type_query) @unsupported
(nested_type_identifier) @reference.qualified
(call_expression) @reference.call

(type_parameter) @binder
(mapped_type_clause) @binder
(infer_type) @binder
