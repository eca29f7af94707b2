; Java: definitions, call sites, imports and local bindings.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor

; ---- call sites -------------------------------------------------------------
(method_invocation
  object: (_)? @receiver
  name: (identifier) @callee @function
  arguments: (argument_list) @arguments) @reference.call
(object_creation_expression
  type: (_) @callee @function
  arguments: (argument_list) @arguments) @reference.new
; ---- imports ----------------------------------------------------------------
(import_declaration) @import

; ---- local scopes: classes and methods, whose fields and locals type a receiver ----
[
  (class_declaration) (interface_declaration) (enum_declaration) (record_declaration) (annotation_type_declaration)
  (method_declaration) (constructor_declaration) (compact_constructor_declaration)
] @local.scope
