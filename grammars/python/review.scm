; Review captures for Python (vocabulary: parsers/review/captures.ts). Run once over a
; module; the adapter keeps the references that sit in type positions of a root
; (class-level annotations, bases, alias and NewType right-hand sides).

; Top-level declarations.
(module (class_definition name: (identifier) @name) @declaration.class)
(module (decorated_definition definition: (class_definition name: (identifier) @name)) @declaration.class)
(module (function_definition name: (identifier) @name) @declaration.function)
(module (decorated_definition definition: (function_definition name: (identifier) @name)) @declaration.function)
; `type X = T`, `type X[T] = T`: the name, the right-hand side (`@type`), the parameters (`@binder`).
(module (type_alias_statement left: (type [(identifier) @name (generic_type . (identifier) @name)]) right: (type) @type) @declaration.type)
(module (type_alias_statement left: (type (generic_type) @binder)))
; `X = ...`, `X: T = ...`: the name, its annotation (`@type`), its value (`@value`).
(module (expression_statement . (assignment left: (identifier) @name type: (type (_) @type)? right: (_)? @value)) @declaration.variable)

; What a top-level class is made of: its decorators (`@callee` what a decorator calls or
; names, `@value` a decorator's call), its bases and class keyword arguments (`metaclass=M`),
; and each statement of its body (`@field` an assignment: target `@name`, annotation `@type`,
; `@value`; `@inert` a method; `@skip` what says nothing of its shape: `pass`, comments, a
; docstring, a nested `Config`; `@statement` every statement).
(module (decorated_definition (decorator) @decorator definition: (class_definition)))
(module (decorated_definition (decorator . [(identifier) (attribute)] @callee) @decorator definition: (class_definition)))
(module (decorated_definition (decorator . (call function: (_) @callee) @value) @decorator definition: (class_definition)))
(module [
  (class_definition superclasses: (argument_list (_) @base))
  (decorated_definition definition: (class_definition superclasses: (argument_list (_) @base)))
])
(module [
  (class_definition body: (block (_) @statement))
  (decorated_definition definition: (class_definition body: (block (_) @statement)))
])
(module [
  (class_definition body: (block [(function_definition) (decorated_definition definition: (function_definition))] @inert))
  (decorated_definition definition: (class_definition body: (block [(function_definition) (decorated_definition definition: (function_definition))] @inert)))
])
(module [
  (class_definition body: (block [(pass_statement) (comment) (expression_statement . (string)) (class_definition name: (identifier) @_config (#eq? @_config "Config"))] @skip))
  (decorated_definition definition: (class_definition body: (block [(pass_statement) (comment) (expression_statement . (string)) (class_definition name: (identifier) @_config (#eq? @_config "Config"))] @skip)))
])
(module [
  (class_definition body: (block (expression_statement . (assignment left: (_) @name type: (type)? @type right: (_)? @value)) @field))
  (decorated_definition definition: (class_definition body: (block (expression_statement . (assignment left: (_) @name type: (type)? @type right: (_)? @value)) @field)))
])

; Imports: top level, and inside top-level `if` blocks (`@body` the block; `@guard` the
; condition of an `if` without `else`: TYPE_CHECKING when the adapter proves it, conditional
; otherwise).
(module (import_statement) @import)
(module (import_from_statement) @import)
(module (if_statement consequence: (block (import_statement) @import) @body))
(module (if_statement consequence: (block (import_from_statement) @import) @body))
(module (if_statement condition: (_) @guard consequence: (block (import_statement) @import) @body !alternative))
(module (if_statement condition: (_) @guard consequence: (block (import_from_statement) @import) @body !alternative))
(module (try_statement (block (import_statement) @uncertain)))
(module (try_statement (block (import_from_statement) @uncertain)))
; The names an import binds (read inside the imports above): `@name` the imported name,
; `@alias` the name it is bound to when renamed, `@source` the module of a `from` import.
(import_statement name: (dotted_name) @binding)
(import_statement name: (aliased_import name: (_) @name alias: (_) @alias) @binding)
(import_from_statement module_name: (_) @source name: (dotted_name) @binding)
(import_from_statement module_name: (_) @source name: (aliased_import name: (_) @name alias: (_) @alias) @binding)
(import_from_statement module_name: (_) @source (wildcard_import) @binding)

; Names and dotted names that may be type references; strings may be forward references.
(identifier) @reference.type
(attribute) @reference.qualified
(string) @unsupported
; Names in no reference position: the parts of a dotted name, a keyword argument's name,
; what a call calls (`field(...)`), a string passed to a call (`Field(description="...")`).
(attribute (_) @skip)
(keyword_argument name: (identifier) @skip)
(call function: (identifier) @skip)
(call arguments: (argument_list (string) @skip))
