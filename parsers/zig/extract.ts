// Zig adapter: what grammars/zig/tags.scm cannot say. A function inside a struct, enum,
// union or opaque is a method of that container (`Point.init`, `ownerType` `Point`),
// whether or not it takes `self`. `test "title" {}` and `test decl {}` are tests named
// by their title or declaration. A call `a.b.f()` has the receiver `a.b`; the receiver
// is typed by declaration: a parameter `self: *Self` / `p: ?*const Point`, a local
// `var q: Point`, or `const p = Point.init(...)` / `Point{ ... }`, with `Self` (any
// name bound to `@This()` in the container) read as the enclosing container. Builtins
// (`@intCast`) are call sites of their own; `@import` is an import. Imports:
// `const std = @import("std")` binds std to module `std`; `const P = @import("p.zig").Point`
// binds P to `Point` of `p.zig`; `const mem = std.mem` binds mem to `mem` of std's module
// (an alias of an import is an import of the same module).
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const CONTAINERS = new Set(['struct_declaration', 'enum_declaration', 'union_declaration', 'opaque_declaration']);

/** A string literal's contents. */
function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/**
 * The container around a node (the innermost): `const X = struct { ... }` is named X, and
 * the struct a generic function returns (`fn List(comptime T: type) type { return struct
 * { ... }; }`) is named after the function.
 */
function enclosingContainer(node: Node): { name: string; body: Node } | undefined {
  for (let n = node.parent, depth = 0; n && depth < 200; n = n.parent, depth++) {
    if (!CONTAINERS.has(n.type)) continue;
    const declaration = n.parent;
    if (declaration?.type === 'variable_declaration') {
      const name = declaration.namedChildren.find((c) => c?.type === 'identifier');
      return name ? { name: name.text, body: n } : undefined;
    }
    if (declaration?.type !== 'return_expression') return undefined;
    for (let f = declaration.parent, up = 0; f && up < 4; f = f.parent, up++) {
      if (f.type === 'function_declaration') {
        const name = f.childForFieldName('name')?.text;
        return name ? { name, body: n } : undefined;
      }
    }
    return undefined;
  }
  return undefined;
}

/** The receiver type of a name bound to `@This()` at a file's top level: the file's own struct. */
export const FILE_STRUCT = '@This()';

const isThis = (item: Node | null): boolean =>
  item?.type === 'variable_declaration' && item.namedChildren.some((c) => c?.type === 'builtin_function' && c.text.replace(/\s+/g, '') === '@This()');

function definition(draft: DefinitionDraft, node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  if (draft.kind === 'test') {
    const name = parts.name;
    draft.name = name?.type === 'string' ? unquote(name.text).slice(0, 160) : draft.name;
    draft.isTest = true;
    draft.attributes = { test: name?.type === 'string' ? 'zig' : 'decltest' };
    return true;
  }
  if (draft.kind === 'function') {
    const container = enclosingContainer(node);
    if (container) {
      draft.kind = 'method';
      draft.ownerType = container.name;
    }
    if (node.namedChildren.some((c) => c?.type === 'pub') || node.text.startsWith('pub ')) draft.exported = true;
  }
  return true;
}

/** The type name a type expression names: `*const Point` → Point, `?*Self` → Self; undefined for others. */
function typeName(type: Node | null | undefined): string | undefined {
  for (let n = type, depth = 0; n && depth < 6; depth++) {
    if (n.type === 'identifier') return n.text;
    if (n.type === 'pointer_type' || n.type === 'nullable_type') n = n.namedChildren.find((c) => c?.type !== 'const') ?? null;
    else return undefined;
  }
  return undefined;
}

/**
 * `Self` (a name bound to `@This()` in the container) read as the container's own name;
 * bound to `@This()` at the file's top level, it is the file's struct (FILE_STRUCT).
 */
function resolveSelf(name: string, node: Node): string {
  const boundHere = (items: (Node | null)[]) => items.some((item) => isThis(item) && item!.namedChildren.find((c) => c?.type === 'identifier')?.text === name);
  const container = enclosingContainer(node);
  if (container && boundHere(container.body.namedChildren)) return container.name;
  let root: Node = node;
  while (root.parent) root = root.parent;
  if (boundHere(root.namedChildren)) return FILE_STRUCT;
  return name;
}

/** The type a value expression makes: `Point.init(..)`, `Point.create(..)`, `Point{ ... }`. */
function constructedType(value: Node): string | undefined {
  if (value.type === 'try_expression') value = value.namedChildren[0] ?? value;
  if (value.type === 'call_expression') {
    const fn = value.childForFieldName('function');
    const object = fn?.type === 'field_expression' ? fn.childForFieldName('object') : null;
    const member = fn?.childForFieldName('member')?.text;
    if (object?.type === 'identifier' && member && /^(init|create|new)/.test(member) && /^[A-Z]/.test(object.text)) return object.text;
  }
  if (value.type === 'struct_initializer' || value.type === 'initializer') {
    const head = value.namedChildren[0];
    if (head?.type === 'identifier') return head.text;
  }
  return undefined;
}

const MAX_BLOCKS = 8;
const MAX_STATEMENTS = 200;

/** The declared type of a local or parameter named `name` visible at `node`. */
function declaredType(name: string, node: Node): string | undefined {
  let child: Node = node;
  let blocks = 0;
  for (let n = node.parent; n && blocks < MAX_BLOCKS; child = n, n = n.parent) {
    if (n.type === 'function_declaration') {
      for (const parameter of n.descendantsOfType('parameter')) {
        if (parameter?.childForFieldName('name')?.text === name) return typeName(parameter.childForFieldName('type'));
      }
      return undefined;
    }
    if (n.type !== 'block') continue;
    blocks++;
    let seen = 0;
    for (let s = child.previousNamedSibling; s && seen < MAX_STATEMENTS; s = s.previousNamedSibling, seen++) {
      if (s.type !== 'variable_declaration') continue;
      if (s.namedChildren.find((c) => c?.type === 'identifier')?.text !== name) continue;
      const type = s.childForFieldName('type');
      if (type) return typeName(type);
      const value = s.namedChildren[s.namedChildren.length - 1];
      return value ? constructedType(value) : undefined;
    }
  }
  return undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  if (node.type === 'builtin_function') {
    if (draft.calleeName === '@import') return false;
    return true;
  }
  const fn = parts.function;
  if (!fn) return false;
  if (fn.type === 'identifier') {
    draft.calleeName = fn.text;
    draft.bare = true;
    return true;
  }
  if (fn.type !== 'field_expression') {
    draft.indirect = true;
    return true;
  }
  const object = fn.childForFieldName('object');
  const member = fn.childForFieldName('member');
  if (!object || !member) {
    draft.indirect = true;
    return true;
  }
  draft.calleeName = member.text;
  draft.specifier = fn.text.replace(/\s+/g, '');
  draft.receiver = object.text.replace(/\s+/g, '');
  const root = object.type === 'null_coercion_expression' || object.type === 'dereference_expression' ? object.namedChildren[0] : object;
  if (root?.type === 'identifier') {
    const type = declaredType(root.text, node);
    if (type) draft.receiverType = resolveSelf(type, node);
    else if (/^[A-Z]/.test(root.text)) {
      const self = resolveSelf(root.text, node);
      if (self !== root.text) draft.receiverType = self; // `Self.init()`
    }
  }
  return true;
}

/**
 * `const x = @import("m")`, `const T = @import("m").T`, and `const mem = std.mem` when
 * `std` is an import of this file (source `std`, imported `mem`).
 */
function importHandler(node: Node, parts: Parts, ctx: ExtractionContext): void {
  const local = parts.name?.text ?? '';
  const value = node.namedChildren.find((c) => c?.type === 'builtin_function' || c?.type === 'field_expression');
  if (!value || !local) return;
  const line = ctx.line(node);
  let base: Node | null = value;
  while (base?.type === 'field_expression') base = base.childForFieldName('object');
  if (base?.type === 'builtin_function') {
    const source = base.descendantsOfType('string_content')[0]?.text ?? '';
    if (!source || base.firstNamedChild?.text !== '@import') return;
    const imported = value === base ? '*' : value.text.slice(base.text.length + 1).replace(/\s+/g, '');
    ctx.imports.push({ source: source.slice(0, 300), imported, local, reexport: false, typeOnly: false, line });
    return;
  }
  if (base?.type !== 'identifier') return;
  const root = ctx.imports.find((i) => i.local === base.text);
  if (!root) return;
  const path = value.text.slice(base.text.length + 1).replace(/\s+/g, '');
  const imported = root.imported === '*' ? path : `${root.imported}.${path}`;
  ctx.imports.push({ source: root.source, imported, local, reexport: false, typeOnly: false, line });
}

/** Zig keeps tests beside the code; files under test/ or tests/ (and `*_test.zig`) are test code. */
export function isZigTestFile(path: string): boolean {
  return /(^|\/)tests?\//.test(path) || /_tests?\.zig$/.test(path);
}

export const zigAdapter: LanguageAdapter = {
  grammar: 'zig',
  queryFiles: ['zig/tags.scm'],
  separator: () => '.',
  selfReceiver: '',
  isTestFile: isZigTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};
