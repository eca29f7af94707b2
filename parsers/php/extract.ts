// PHP adapter: what grammars/php/tags.scm cannot say. `FileFacts.module` is the file's
// namespace (`App\Models`); qualified names are PHP's within it (`User`, `User::find`).
// `__construct` is the constructor; a class's bases are its parent class, interfaces and
// used traits as written (`superclass` apart); static methods carry `static`. Member
// calls are written `$x->m` / `$x?->m` with the receiver `$x`; `A::m`, `self::m`,
// `parent::m` are path calls; `$x->m()` gets a receiver type from declarations
// (receiver-types.ts). Imports: `use A\B\C` is source `A\B`, imported `C`; grouped uses
// are flattened; `use function A\f` imports `function f` and `use const` `const X`
// (PHP keeps functions and constants apart from classes). Tests: PHPUnit methods
// (`test*`, `@test`, `#[Test]`) of a `*TestCase` subclass or of a test file, and Pest
// `test()`/`it()` blocks (`describe()` groups); every symbol of a file under `tests/` or
// named `*Test.php` is test code. `require`/`include` are left alone (autoloading decides).
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import { oneLine } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { phpReceiverType } from './receiver-types.js';

const TYPE_NODES = new Set(['class_declaration', 'interface_declaration', 'trait_declaration', 'enum_declaration']);

/** A name as written, without blanks (`\App\User`, `Foo\Bar`). */
const written = (node: Node) => node.text.replace(/\s+/g, '');

/** The class-like declaration whose body holds a method. */
function enclosingType(node: Node): Node | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (TYPE_NODES.has(n.type)) return n;
    if (n.type === 'object_creation_expression' || n.type === 'function_definition' || n.type === 'method_declaration') return undefined;
  }
  return undefined;
}

function basesOf(node: Node): { superclass?: string; bases: string[] } {
  const bases: string[] = [];
  let superclass: string | undefined;
  for (const child of node.namedChildren) {
    if (child?.type === 'base_clause') {
      for (const name of child.namedChildren) {
        if (!name || (name.type !== 'name' && name.type !== 'qualified_name')) continue;
        superclass ??= written(name);
        bases.push(written(name));
      }
    } else if (child?.type === 'class_interface_clause') {
      for (const name of child.namedChildren) if (name && (name.type === 'name' || name.type === 'qualified_name')) bases.push(written(name));
    }
  }
  const body = node.childForFieldName('body');
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'use_declaration') continue;
    for (const name of member.namedChildren) if (name && (name.type === 'name' || name.type === 'qualified_name')) bases.push(written(name));
  }
  return { superclass, bases };
}

function hasModifier(node: Node, type: string): boolean {
  return node.namedChildren.some((c) => c?.type === type);
}

/** PHPUnit's markers on a method: a `test` prefix, a `@test` docblock or a `#[Test]` attribute. */
function phpunitMarker(node: Node): string | undefined {
  const name = node.childForFieldName('name')?.text ?? '';
  if (name.startsWith('test')) return 'prefix';
  const attributes = node.childForFieldName('attributes');
  if (attributes && /\b(Test|DataProvider|TestWith)\b/.test(attributes.text)) return 'attribute';
  const doc = node.previousNamedSibling;
  if (doc?.type === 'comment' && /@test\b/.test(doc.text)) return 'docblock';
  return undefined;
}

function isTestClass(node: Node | undefined): boolean {
  if (!node || node.type !== 'class_declaration') return false;
  const superclass = basesOf(node).superclass;
  return superclass !== undefined && /TestCase$/.test(superclass);
}

function definition(draft: DefinitionDraft, node: Node, _parts: Parts, ctx: ExtractionContext): boolean {
  if (TYPE_NODES.has(node.type)) {
    const { superclass, bases } = basesOf(node);
    if (bases.length > 0) draft.bases = bases;
    if (superclass !== undefined) draft.attributes = { ...draft.attributes, superclass };
    if (isTestClass(node)) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: 'phpunit' };
    }
    return true;
  }
  if (node.type === 'method_declaration') {
    const owner = enclosingType(node);
    const ownerName = owner?.childForFieldName('name')?.text;
    if (ownerName) draft.ownerType = ownerName;
    if (draft.name === '__construct') draft.kind = 'constructor';
    if (hasModifier(node, 'static_modifier')) draft.attributes = { ...draft.attributes, static: 'true' };
    if (!node.childForFieldName('body')) draft.attributes = { ...draft.attributes, abstract: 'true' };
    const marker = phpunitMarker(node);
    if (marker !== undefined && (isTestClass(owner) || isTestFile(ctx.path))) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: marker };
    }
  }
  return true;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const receiver = parts.receiver;
  if (receiver) {
    const arrow = node.type === 'nullsafe_member_call_expression' ? '?->' : '->';
    const name = node.childForFieldName('name');
    draft.receiver = oneLine(written(receiver));
    draft.specifier = oneLine(`${written(receiver)}${arrow}${name ? written(name) : draft.calleeName}`);
    draft.bare = false;
    if (!draft.indirect && draft.receiver !== '$this') {
      const type = phpReceiverType(node, receiver, ctx);
      if (type !== undefined) draft.receiverType = type;
    }
    return true;
  }
  if (parts.qualifier) {
    draft.specifier = `${draft.qualifier}::${draft.calleeName}`;
    draft.bare = false;
    return true;
  }
  if (node.type === 'object_creation_expression' && draft.specifier !== draft.calleeName) draft.bare = false;
  return true;
}

function unquote(text: string): string {
  return text.length >= 2 && (text[0] === '"' || text[0] === "'") ? text.slice(1, -1) : text;
}

/** Pest: `test('title', fn)` and `it('title', fn)` are tests, `describe('title', fn)` groups them. */
function testBlock(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (!isTestFile(ctx.path)) return;
  const verb = parts.function?.text ?? '';
  const group = verb === 'describe';
  const draft: DefinitionDraft = {
    ...ctx.position(node),
    kind: group ? 'module' : 'test',
    name: unquote(parts.name?.text ?? verb).replace(/\s+/g, ' '),
    isTest: true,
    testBlock: true,
    bodyOwner: true,
    attributes: group ? { test_block: 'describe' } : { test: 'pest' },
  };
  ctx.definitions.push(draft);
  ctx.consumed.add(ctx.key(node));
}

/** `use A\B\C;`, `use A\B\C as D;`, `use A\{B, C as D};`, `use function A\f;`: one fact per name. */
function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const kind = node.children.find((c) => c && !c.isNamed && (c.type === 'function' || c.type === 'const'))?.type;
  const add = (full: string, alias: string | undefined) => {
    const path = full.replace(/^\\/, '');
    const cut = path.lastIndexOf('\\');
    const imported = path.slice(cut + 1);
    ctx.imports.push({
      source: cut < 0 ? '' : path.slice(0, cut),
      imported: kind ? `${kind} ${imported}` : imported,
      local: alias ?? imported,
      reexport: false,
      typeOnly: false,
      line,
    });
  };
  const aliasOf = (clause: Node) => clause.namedChildren.find((c) => c?.type === 'namespace_aliasing_clause')?.namedChild(0)?.text;
  const prefix = node.namedChildren.find((c) => c?.type === 'namespace_name');
  const group = node.namedChildren.find((c) => c?.type === 'namespace_use_group');
  if (group) {
    const base = prefix ? written(prefix) : '';
    for (const clause of group.namedChildren) {
      if (clause?.type !== 'namespace_use_group_clause') continue;
      const name = clause.namedChildren.find((c) => c?.type === 'namespace_name' || c?.type === 'name' || c?.type === 'qualified_name');
      if (name) add(`${base}\\${written(name)}`, aliasOf(clause));
    }
    return;
  }
  for (const clause of node.namedChildren) {
    if (clause?.type !== 'namespace_use_clause') continue;
    const name = clause.namedChildren.find((c) => c?.type === 'qualified_name' || c?.type === 'name' || c?.type === 'namespace_name');
    if (name) add(written(name), aliasOf(clause) ?? clause.childForFieldName('alias')?.text);
  }
}

/** PHPUnit and Pest files: `*Test.php`, and everything under `tests/` or `test/`. */
export function isTestFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return /Test\.php$/.test(base) || /(^|\/)tests?\//.test(path);
}

/** The namespace a file declares (`namespace App\Models;`), if any. */
export function phpNamespace(source: string): string | undefined {
  const match = /^\s*namespace\s+([A-Za-z_\\][\w\\]*)\s*[;{]/m.exec(source);
  return match ? match[1].replace(/^\\/, '') : undefined;
}

export const phpAdapter: LanguageAdapter = {
  grammar: 'php',
  queryFiles: ['php/tags.scm'],
  separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '::'),
  selfReceiver: '$this',
  selfQualifier: 'self',
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler, 'test.block': testBlock },
};
