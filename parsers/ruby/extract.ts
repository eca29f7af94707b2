// Ruby adapter: what grammars/ruby/tags.scm cannot say. `def` is a method inside a class or
// module (singleton for `def self.m` and inside `class << self`) and a function at file
// scope; `initialize` is the constructor; `attr_reader :x` and `define_method(:x)` are
// methods named `x`, and RSpec's `let(:x)` a function `x` of its example group. Qualified names are Ruby's constant paths (`Outer::Klass`), with `.`
// before a method (`Outer::Klass.run`): `#` is the symbol id's own separator. A class's
// bases are its superclass and the modules it includes or prepends. `Const.new` is a
// `new` site named after the class; a constant receiver is a path qualifier. `require`,
// `require_relative` and `load` with a literal path are imports, not call sites; a bare
// identifier that is no local variable is a call (locals.ts); `x.call` and `send` are
// indirect. Tests: RSpec and minitest/spec blocks (`describe`/`context` group,
// `it`/`specify`/`test` are tests, named by their description) and minitest `test_*`
// methods; every symbol of a spec or test file is test code.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import { oneLine } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { isBareMethodCall } from './locals.js';
import { localReceiverType } from './receiver-types.js';

const GROUP_BLOCKS = new Set(['describe', 'context', 'shared_examples', 'shared_examples_for', 'shared_context', 'feature', 'fdescribe', 'fcontext', 'xdescribe', 'xcontext']);
const REQUIRES = new Set(['require', 'require_relative', 'load']);
/** Calls that send a message named at run time: never bound by name. */
const DYNAMIC_SENDS = new Set(['send', 'public_send', '__send__']);
const TEST_SUPERCLASS = /(Test|TestCase|Spec)$/;

/** `Foo` of `Foo`, `Bar` of `Foo::Bar` and `::Bar`. */
function lastConstant(text: string): string {
  const parts = text.split('::');
  return parts[parts.length - 1];
}

/** A constant path as written, without a leading `::` or blanks. */
function constantPath(node: Node): string {
  return node.text.replace(/\s+/g, '').replace(/^::/, '');
}

const isConstantPath = (node: Node | null | undefined): boolean => node?.type === 'constant' || (node?.type === 'scope_resolution' && /^(::)?[A-Z][\w:]*$/.test(node.text));

/** The text of a string literal without interpolation, else undefined. */
function literalString(node: Node | null | undefined): string | undefined {
  if (!node || node.type !== 'string') return undefined;
  if (node.namedChildren.some((c) => c?.type !== 'string_content')) return undefined;
  return node.namedChildren.map((c) => c!.text).join('');
}

/** The class, module or `class << self` whose body holds `node` (blocks in between change nothing for `def`). */
function container(node: Node): Node | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (n.type === 'class' || n.type === 'module' || n.type === 'singleton_class') return n;
    if (n.type === 'method' || n.type === 'singleton_method') return undefined;
  }
  return undefined;
}

/** The class or module that `node` sits in, crossing `class << self`. */
function ownerOf(node: Node): Node | undefined {
  let box = container(node);
  if (box?.type === 'singleton_class') box = container(box);
  return box;
}

/** Superclass, then included and prepended modules of a class or module; extended modules apart. */
function basesOf(node: Node): { superclass?: string; bases: string[]; extends: string[] } {
  const bases: string[] = [];
  const extended: string[] = [];
  const written = node.childForFieldName('superclass')?.namedChild(0);
  const superclass = written && isConstantPath(written) ? constantPath(written) : undefined;
  if (superclass !== undefined) bases.push(superclass);
  const body = node.childForFieldName('body');
  for (const statement of body?.namedChildren ?? []) {
    if (statement?.type !== 'call' || statement.childForFieldName('receiver')) continue;
    const method = statement.childForFieldName('method')?.text;
    if (method !== 'include' && method !== 'prepend' && method !== 'extend') continue;
    for (const arg of statement.childForFieldName('arguments')?.namedChildren ?? []) {
      if (!arg || !isConstantPath(arg)) continue;
      (method === 'extend' ? extended : bases).push(constantPath(arg));
    }
  }
  return { superclass, bases, extends: extended };
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (node.type === 'class' || node.type === 'module') {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return false;
    const path = constantPath(nameNode);
    draft.name = lastConstant(path);
    if (path !== draft.name) draft.scopeName = path;
    const { superclass, bases, extends: extended } = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    if (superclass !== undefined) draft.attributes = { ...draft.attributes, superclass };
    // Code in a class body (`attr_reader`, `include`, DSL calls) runs with the class as self.
    draft.bodyOwner = true;
    if (extended.length > 0) draft.attributes = { ...draft.attributes, extends: extended };
    if (superclass !== undefined && TEST_SUPERCLASS.test(superclass)) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: 'minitest' };
    }
    return true;
  }
  if (node.type === 'simple_symbol') {
    // `attr_writer :x` defines `x=`; readers and accessors are called as `x`.
    const call = node.parent?.parent;
    const maker = call?.childForFieldName('method')?.text ?? '';
    draft.name = node.text.slice(1) + (maker === 'attr_writer' ? '=' : '');
    draft.attributes = { ...draft.attributes, defined_by: maker };
  }
  const box = container(node);
  const owner = ownerOf(node);
  if (!owner) {
    draft.kind = 'function';
    if (node.type === 'singleton_method') draft.attributes = { ...draft.attributes, singleton: 'true' };
  } else {
    const ownerName = owner.childForFieldName('name');
    if (ownerName) draft.ownerType = lastConstant(constantPath(ownerName));
    if (node.type === 'singleton_method' || box?.type === 'singleton_class') draft.attributes = { ...draft.attributes, singleton: 'true' };
    else if (draft.name === 'initialize') draft.kind = 'constructor';
  }
  if (draft.name.startsWith('test_') && draft.kind !== 'function' && draft.attributes?.singleton === undefined && (isTestFile(ctx.path) || isTestClass(owner))) {
    draft.isTest = true;
    draft.attributes = { ...draft.attributes, test: 'minitest' };
  }
  return true;
}

function isTestClass(owner: Node | undefined): boolean {
  if (owner?.type !== 'class') return false;
  const superclass = basesOf(owner).superclass;
  return superclass !== undefined && TEST_SUPERCLASS.test(superclass);
}

function requireImport(node: Node, callee: string, ctx: ExtractionContext): void {
  const path = literalString(node.childForFieldName('arguments')?.namedChild(0));
  if (path === undefined) return;
  const source = callee === 'require_relative' && !path.startsWith('.') ? `./${path}` : path;
  ctx.imports.push({ source, imported: '*', local: '', reexport: false, typeOnly: false, line: ctx.line(node) });
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (node.type === 'identifier') {
    if (!isBareMethodCall(node, ctx)) return false;
    draft.calleeName = draft.specifier = node.text;
    draft.bare = true;
    return true;
  }
  const callee = draft.calleeName;
  const receiver = parts.receiver;
  if (!receiver) {
    if (REQUIRES.has(callee) && node.childForFieldName('arguments')) {
      requireImport(node, callee, ctx);
      return false;
    }
    if (DYNAMIC_SENDS.has(callee)) draft.indirect = true;
    return true;
  }
  draft.bare = false;
  // The operator as written: `.`, `&.` or `::`.
  const operator = node.children.find((c) => c && !c.isNamed && (c.type === '.' || c.type === '&.' || c.type === '::'))?.type ?? '.';
  if (isConstantPath(receiver)) {
    const path = constantPath(receiver);
    draft.receiver = undefined;
    draft.qualifier = path;
    draft.specifier = `${path}${operator}${callee}`;
    if (callee === 'new') {
      draft.kind = 'new';
      draft.calleeName = lastConstant(path);
    }
    return true;
  }
  const text = oneLine(receiver.text);
  draft.specifier = oneLine(`${receiver.text}${operator}${callee}`);
  // `x.call` runs a proc or method object; `send` names the message at run time.
  if (DYNAMIC_SENDS.has(callee) || callee === 'call') draft.indirect = true;
  if (receiver.type === 'identifier' || receiver.type === 'instance_variable') {
    const type = localReceiverType(node, receiver, ctx);
    if (type !== undefined) draft.receiverType = type;
  } else if (receiver.type === 'call' && receiver.childForFieldName('method')?.text === 'new') {
    // `Foo.new.m`: an instance of Foo.
    const made = receiver.childForFieldName('receiver');
    if (made && isConstantPath(made)) draft.receiverType = constantPath(made);
  }
  draft.receiver = text;
  return true;
}

/** The description a block is named by: its first argument (a string, a constant or a symbol). */
function description(node: Node): string | undefined {
  const first = node.childForFieldName('arguments')?.namedChild(0);
  if (!first) return undefined;
  const literal = literalString(first);
  if (literal !== undefined) return literal;
  if (first.type === 'string') return first.text.slice(1, -1);
  if (first.type === 'constant' || first.type === 'scope_resolution') return constantPath(first);
  if (first.type === 'simple_symbol') return first.text.slice(1);
  return oneLine(first.text);
}

/** `describe 'x' do`, `it 'y' do`, minitest's `test 'z' do`: symbols named by their description. */
function testBlock(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (!isTestFile(ctx.path)) return;
  const verb = parts.function?.text ?? '';
  const group = GROUP_BLOCKS.has(verb);
  const title = description(node);
  const name = (title ?? (verb === 'its' ? verb : `example at line ${ctx.line(node)}`)).replace(/\s+/g, ' ');
  const draft: DefinitionDraft = {
    ...ctx.position(node),
    kind: group ? 'module' : 'test',
    name: verb === 'its' && title !== undefined ? `its ${name}` : name,
    isTest: true,
    testBlock: true,
    bodyOwner: true,
    attributes: group ? { test_block: 'describe' } : { test: verb },
  };
  ctx.definitions.push(draft);
  // The block is the symbol; the DSL call that makes it is not a call site.
  ctx.consumed.add(ctx.key(node));
}

/** Specs and tests: `*_spec.rb`, `*_test.rb`, `test_*.rb`, and every file under `spec/` or `test/`. */
export function isTestFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /_(spec|test)\.rb$/.test(base) || /^test_.*\.rb$/.test(base) || /(^|\/)(spec|test)\//.test(path);
}

export const rubyAdapter: LanguageAdapter = {
  grammar: 'ruby',
  queryFiles: ['ruby/tags.scm'],
  separator: (parent, child) =>
    parent.testBlock && child.testBlock ? ' > ' : child.kind === 'class' || child.kind === 'module' ? '::' : '.',
  selfReceiver: 'self',
  isTestFile,
  definition,
  call,
  handlers: { 'test.block': testBlock },
};
