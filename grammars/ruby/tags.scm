; Ruby: definitions, call sites, requires and test blocks.
; Capture names are checked against the vocabulary in grammars/README.md.

; ---- definitions ------------------------------------------------------------
(class name: (_) @name) @definition.class
(module name: (_) @name) @definition.module
; `def m` is a method inside a class or module, a function at file scope (adapter).
(method name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method
; `attr_reader :x`, `define_method(:x)` and RSpec's `let(:x)` make callable methods; the adapter names them.
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @definition.method)
  (#match? @_attr "^attr_(reader|writer|accessor)$"))
(call
  method: (identifier) @_define
  arguments: (argument_list . (simple_symbol) @definition.method)
  (#match? @_define "^(define_method|let|let!)$"))

; ---- test blocks: describe/context/it/test with a block (the adapter decides) ----
(call
  method: (identifier) @function
  block: [(do_block) (block)]
  (#match? @function "^(describe|context|shared_examples|shared_examples_for|shared_context|feature|it|specify|example|scenario|its|test|fit|fdescribe|fcontext|xit|xdescribe|xcontext|xspecify)$")) @test.block

; ---- call sites: `m(...)`, `recv.m`, `Const.new`, `Mod::m` -------------------------
(call
  receiver: (_)? @receiver
  method: [(identifier) (constant)] @callee) @reference.call
; A bare identifier that is no local variable calls a method without arguments (the adapter decides).
(identifier) @reference.call
