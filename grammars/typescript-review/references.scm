; Outbound references inside one TypeScript review root, in source order.
; Captures: @type.name (a named type), @type.namespace + @type.member (ns.Type),
; @call.name (a call of a plain identifier), @call.namespace + @call.member (ns.f()),
; @type.binder (a type name the declaration itself introduces: generics, mapped keys, infer).

(type_identifier) @type.name

(nested_type_identifier
  module: (identifier) @type.namespace
  name: (type_identifier) @type.member)

(call_expression
  function: (identifier) @call.name)

(call_expression
  function: (member_expression
    object: (identifier) @call.namespace
    property: (property_identifier) @call.member))

(type_parameter name: (type_identifier) @type.binder)
(mapped_type_clause name: (type_identifier) @type.binder)
(infer_type (type_identifier) @type.binder)
