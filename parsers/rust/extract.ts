// Rust adapter: what grammars/rust/tags.scm cannot say. Attributes (tests, cfg(test),
// `#[path]`), visibility, impl targets, `use` trees, `mod foo;` declarations, and macro
// token trees: item-wrapping macros at module level are re-parsed as items, other
// macros' arguments as expressions, so the symbols and calls hidden in them count.
import type { ImportFact } from '../../contracts/facts.js';
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';
import { fieldTypeAt, receiverTypeAt } from './receiver-type.js';

/** Attribute paths (last segment) that mark a test function. */
const TEST_ATTRIBUTES = new Set(['test', 'rstest', 'test_case', 'quickcheck', 'proptest']);

const isBlank = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/**
 * Whether the sibling walk above an item can meet an attribute, read in the text: the
 * previous non-blank character must end an attribute (`]`) or a comment (`/`), or its line
 * hold a comment (`#[test] // why`). Whole-line `//` comments (doc comments, mostly) are
 * skipped; a skipped line holds no `"`, `]` or block comment end, so the last line of an
 * attribute (or of a block comment) is never skipped over. Saves walking the siblings of
 * the many items with no attribute above them.
 */
function attributeAbove(source: string, start: number): boolean {
  let i = start - 1;
  for (;;) {
    while (i >= 0 && isBlank(source[i])) i--;
    if (i < 0) return false;
    if (source[i] === ']' || source[i] === '/') return true;
    const lineStart = source.lastIndexOf('\n', i) + 1;
    const line = source.slice(lineStart, i + 1);
    if (!line.trimStart().startsWith('//') || /["\]]|\*\//.test(line)) return line.includes('//') || line.includes('/*');
    i = lineStart - 1;
  }
}

/** Text of the attributes (`#[...]`) directly above an item, without `#[` and `]`. */
function outerAttributes(node: Node, ctx: ExtractionContext, start: number): string[] {
  if (!attributeAbove(ctx.source, start)) return [];
  const attributes: string[] = [];
  for (let sibling = node.previousNamedSibling; sibling; sibling = sibling.previousNamedSibling) {
    if (sibling.type === 'attribute_item') {
      const inner = sibling.firstNamedChild;
      if (inner) attributes.push(inner.text);
    } else if (sibling.type !== 'line_comment' && sibling.type !== 'block_comment') {
      break;
    }
  }
  return attributes;
}

function attributePath(attribute: string): string {
  const end = attribute.search(/[(=\s]/);
  return end < 0 ? attribute : attribute.slice(0, end);
}

export function isTestAttribute(attribute: string): boolean {
  const path = attributePath(attribute);
  const last = path.slice(path.lastIndexOf(':') + 1);
  return TEST_ATTRIBUTES.has(last);
}

/** `cfg(test)` and `cfg(all(test, ...))`: the item only exists in test builds. */
export function isCfgTest(attribute: string): boolean {
  return /^cfg\s*\(\s*(all\s*\(\s*)?test\s*[,)]/.test(attribute);
}

/** `Foo<T>`, `crate::a::Foo`, `&'a Foo` -> `Foo`. */
function typeName(node: Node): string {
  let text = node.text;
  const generic = text.indexOf('<');
  if (generic >= 0) text = text.slice(0, generic);
  text = text.replace(/^[&\s]*(?:'\w+\s+)?(?:mut\s+)?(?:dyn\s+)?/, '').trim();
  return text.slice(text.lastIndexOf(':') + 1);
}

/** `pub`, `pub(crate)`, ...: read from the source at the item's start, no tree walk. */
function isPublic(ctx: ExtractionContext, start: number): boolean {
  return ctx.source.startsWith('pub', start) && !/[\w$]/.test(ctx.source[start + 3] ?? '');
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (draft.kind === 'impl') {
    if (outerAttributes(node, ctx, draft.start).some(isCfgTest)) draft.isTest = true;
    draft.scopeName = typeName(parts.name);
    draft.name = draft.scopeName;
    const trait = node.childForFieldName('trait');
    if (trait) draft.trait = typeName(trait);
    return true;
  }
  // Attributes matter for tests, cfg(test) and #[path]; other items skip the sibling walk.
  const attributes = draft.kind === 'function' || draft.kind === 'module' ? outerAttributes(node, ctx, draft.start) : [];
  for (const attribute of attributes) {
    if (isCfgTest(attribute)) draft.isTest = true;
    else if (draft.kind === 'function' && isTestAttribute(attribute)) {
      draft.isTest = true;
      draft.attributes = { ...draft.attributes, test: attributePath(attribute) };
    } else if (draft.kind === 'module' && attributePath(attribute) === 'path') {
      const path = /"([^"]*)"/.exec(attribute);
      if (path) draft.attributes = { ...draft.attributes, path: path[1] };
    }
  }
  if (isPublic(ctx, draft.start)) draft.exported = true;
  if (draft.kind === 'module' && !node.childForFieldName('body')) {
    // `mod foo;`: the module's items live in another file (foo.rs or foo/mod.rs).
    draft.attributes = { ...draft.attributes, external: 'true' };
  }
  if (draft.kind === 'macro') ctx.macros.push(draft.name);
  return true;
}

/** The interior of a token tree: its text without the delimiters, and where it starts. */
function interior(tree: Node, ctx: ExtractionContext) {
  return {
    text: tree.text.slice(1, -1),
    shift: { index: ctx.point(tree).index + 1 },
  };
}

/** A name (or a generic's `>`) followed by `(`, or a nested macro's `!`. */
const MAY_CALL = /[\w>]\s*\(|\w!\s*[([{]/;

/** A macro's arguments as an array of expressions, else as statements. */
const EXPRESSION_WRAPPERS: readonly (readonly [string, string])[] = [
  ['fn __(){[', '];}'],
  ['fn __(){', '\n;}'],
];

/** Calls inside a macro's arguments: queued, and re-parsed with the file's other macros. */
function expandArguments(tree: Node, ctx: ExtractionContext): void {
  const { text, shift } = interior(tree, ctx);
  if (MAY_CALL.test(text)) ctx.expandLater(text, shift); // else no call or macro can hide here
}

/** Items inside a module-level macro (`cfg_rt! { pub fn spawn() {} }`, `cfg_if! { if #[cfg(x)] { ... } }`). */
function expandItems(macro: string, tree: Node, ctx: ExtractionContext): boolean {
  const bodies = macro === 'cfg_if' ? tree.namedChildren.filter((child) => child?.type === 'token_tree' && child.text.startsWith('{')) : [tree];
  let recovered = false;
  for (const body of bodies) {
    if (!body) continue;
    const { text, shift } = interior(body, ctx);
    if (ctx.reparse(text, shift, { callsOnly: false, wrappingMacro: macro })) recovered = true;
  }
  return recovered;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  if (draft.kind !== 'macro') {
    const field = draft.receiver === undefined ? null : /^self\.([A-Za-z_]\w*)$/.exec(draft.receiver);
    if (draft.receiver !== undefined && draft.receiver !== 'self' && /^[A-Za-z_]\w*$/.test(draft.receiver)) {
      const type = receiverTypeAt(node, draft.receiver, ctx);
      if (type !== undefined) draft.receiverType = type;
    } else if (field) {
      const type = fieldTypeAt(node, field[1], ctx);
      if (type !== undefined) draft.receiverType = type;
    }
    return true;
  }
  const tree = parts.arguments;
  if (!tree) return true;
  // `cfg_x! { ... }` sits directly in the module; `cfg_x!( ... );` inside a statement node.
  let parent = node.parent;
  if (parent?.type === 'expression_statement') parent = parent.parent;
  const container = parent?.type;
  const moduleLevel = container === 'source_file' || container === 'declaration_list';
  if (moduleLevel && !ctx.callsOnly && expandItems(draft.calleeName, tree, ctx)) return true;
  expandArguments(tree, ctx);
  return true;
}

function join(prefix: string, path: string): string {
  return prefix === '' ? path : `${prefix}::${path}`;
}

function compact(node: Node): string {
  return node.text.replace(/\s+/g, '');
}

/** Flattens a `use` tree: one ImportFact per imported name. */
function flattenUse(node: Node, prefix: string, reexport: boolean, line: number, out: ImportFact[]): void {
  const add = (source: string, imported: string, local: string) =>
    out.push({ source, imported, local, reexport, typeOnly: false, line });
  const named = (path: string, alias?: string) => {
    const cut = path.lastIndexOf('::');
    const source = cut < 0 ? '' : path.slice(0, cut);
    const name = cut < 0 ? path : path.slice(cut + 2);
    if (name === 'self' || source === '') {
      // `use a::{self}` and `use serde;` import a module itself.
      const module = name === 'self' ? source : name;
      add(module, 'self', alias ?? module.slice(module.lastIndexOf(':') + 1));
    } else {
      add(source, name, alias ?? name);
    }
  };
  switch (node.type) {
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias');
      if (path) named(join(prefix, compact(path)), alias ? alias.text : undefined);
      return;
    }
    case 'use_wildcard': {
      const path = node.namedChild(0);
      add(path ? join(prefix, compact(path)) : prefix, '*', '*');
      return;
    }
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      if (list) flattenUse(list, path ? join(prefix, compact(path)) : prefix, reexport, line, out);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) {
        if (child && child.type !== 'line_comment' && child.type !== 'block_comment') flattenUse(child, prefix, reexport, line, out);
      }
      return;
    default:
      named(join(prefix, compact(node)));
  }
}

/** Names of the inline modules (`mod tests { .. }`) around a node, outermost first. */
function inlineModules(node: Node): string[] {
  const names: string[] = [];
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === 'mod_item') names.unshift(at.childForFieldName('name')?.text ?? '');
  }
  return names;
}

/**
 * A `use` path written inside inline modules, as seen from the file's own module (the
 * resolver reads every `use` of a file there): `super::f` in `mod tests` is the file's
 * `self::f`, and `self::g` there is `self::tests::g`.
 */
function fromFileModule(source: string, modules: readonly string[]): string {
  const segs = source.split('::');
  if (segs[0] === 'self') return ['self', ...modules, ...segs.slice(1)].join('::');
  let up = 0;
  while (segs[up] === 'super') up++;
  if (up === 0) return source;
  const kept = up <= modules.length ? ['self', ...modules.slice(0, modules.length - up)] : Array<string>(up - modules.length).fill('super');
  return [...kept, ...segs.slice(up)].join('::');
}

function importHandler(node: Node, _parts: Parts, ctx: ExtractionContext): void {
  const line = ctx.line(node);
  const modules = inlineModules(node);
  const first = ctx.imports.length;
  if (node.type === 'extern_crate_declaration') {
    const name = node.childForFieldName('name');
    const alias = node.childForFieldName('alias');
    if (name) ctx.imports.push({ source: name.text, imported: 'self', local: (alias ?? name).text, reexport: isPublic(ctx, ctx.point(node).index), typeOnly: false, line });
    return;
  }
  const argument = node.childForFieldName('argument');
  if (argument) flattenUse(argument, '', isPublic(ctx, ctx.point(node).index), line, ctx.imports);
  if (modules.length > 0) {
    for (let i = first; i < ctx.imports.length; i++) ctx.imports[i] = { ...ctx.imports[i], source: fromFileModule(ctx.imports[i].source, modules) };
  }
}

/**
 * Files under a `tests/` directory (a crate's integration tests, or a module's
 * `#[cfg(test)] mod tests;` directory) and `tests.rs` files are test code.
 */
function isTestFile(path: string): boolean {
  return /(^|\/)tests(\/|\.rs$)/.test(path);
}

export const rustAdapter: LanguageAdapter = {
  grammar: 'rust',
  queryFiles: ['rust/tags.scm'],
  separator: () => '::',
  selfReceiver: 'self',
  selfQualifier: 'Self',
  expressionWrappers: EXPRESSION_WRAPPERS,
  isTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};

/**
 * The module path a Rust file defines, from its workspace-relative path: `src/lib.rs`,
 * `src/main.rs` and the files directly under `tests/`, `benches/`, `examples/` or `src/bin/`
 * are crate roots (`crate`); `src/a.rs` and `src/a/mod.rs` are `crate::a`. `crateRoot` is the
 * directory the module path is relative to (`tokio/src`), so a resolver can tell crates apart.
 */
export function rustModulePath(path: string): { crateRoot: string; module: string } {
  const segments = path.split('/');
  let rootAt = -1;
  for (let i = segments.length - 2; i >= 0; i--) {
    const segment = segments[i];
    if (segment === 'src' || segment === 'tests' || segment === 'benches' || segment === 'examples') {
      rootAt = i;
      break;
    }
  }
  if (rootAt >= 0 && segments[rootAt] === 'src' && segments[rootAt + 1] === 'bin' && segments.length > rootAt + 2) rootAt++;
  const crateRoot = segments.slice(0, rootAt + 1).join('/');
  const inner = segments.slice(rootAt + 1);
  const file = inner[inner.length - 1].replace(/\.rs$/, '');
  const dirs = inner.slice(0, -1);
  const isRootFile = dirs.length === 0 && (file === 'lib' || file === 'main' || file === 'build' || segments[rootAt] !== 'src');
  if (isRootFile) return { crateRoot, module: 'crate' };
  // `examples/x/main.rs` (and tests/, benches/, src/bin/) is a crate root of its own.
  if (dirs.length === 1 && file === 'main' && segments[rootAt] !== 'src') return { crateRoot, module: 'crate' };
  if (file === 'mod') return { crateRoot, module: ['crate', ...dirs].join('::') };
  return { crateRoot, module: ['crate', ...dirs, file].join('::') };
}
