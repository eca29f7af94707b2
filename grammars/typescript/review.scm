; Review captures for TypeScript and TSX (vocabulary: parsers/review/captures.ts).
; Run once over a file; the adapter hands each top-level declaration the matches inside
; it, and the callable shapes (parsers/typescript/callables.ts) read the same run. The
; adapter drops references to the declaration's own name and to bound names, and
; calls of local bindings and of a const callable's wrapper. A `typeof x` in a type is
; evidence only when `x` is bound; an unbound one is an omission.

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

; Calls: by a plain name, or a member of a plain name; `new`, with its arguments if any.
(call_expression
  function: (_) @callee
  arguments: (_)? @arguments) @reference.call
(new_expression
  constructor: (_) @callee
  arguments: (_)? @arguments) @reference.new

; Value names bound inside a declaration (the adapter drops the declaration's own name).
(variable_declarator name: (_) @local)
(function_declaration name: (_) @local)
(required_parameter pattern: (_) @local)
(optional_parameter pattern: (_) @local)
(arrow_function parameter: (_) @local)
(catch_clause parameter: (_) @local)
