; Review captures for Python (vocabulary: parsers/review/captures.ts). Run once over a
; module; the adapter keeps the references that sit in type positions of a root
; (class-level annotations, bases, alias and NewType right-hand sides).

; Top-level declarations.
(module (class_definition name: (identifier) @name) @declaration.class)
(module (decorated_definition definition: (class_definition name: (identifier) @name)) @declaration.class)
(module (function_definition name: (identifier) @name) @declaration.function)
(module (decorated_definition definition: (function_definition name: (identifier) @name)) @declaration.function)
(module (type_alias_statement) @declaration.type)
(module (expression_statement (assignment left: (identifier) @name)) @declaration.variable)

; Imports: top level, and inside top-level `if` blocks (TYPE_CHECKING or conditional).
(module (import_statement) @import)
(module (import_from_statement) @import)
(module (if_statement consequence: (block (import_statement) @import)))
(module (if_statement consequence: (block (import_from_statement) @import)))
(module (try_statement (block (import_statement) @uncertain)))
(module (try_statement (block (import_from_statement) @uncertain)))

; Names and dotted names that may be type references; strings may be forward references.
(identifier) @reference.type
(attribute) @reference.qualified
(string) @unsupported
