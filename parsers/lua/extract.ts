// Lua adapter: what grammars/lua/tags.scm cannot say. Functions stored in a table are
// named as written (`M.helper`, `Account:deposit`, `a.b.c`), owned by the table path
// (`ownerType` `M`, `Account`, `a.b`); `T:m` definitions are methods. A call `a.b.f()`
// or `obj:m()` has the receiver `a.b` or `obj`; `self:m()` inside `function T:n()` is
// typed `T`, and so is `x:m()` after `local x = T.new(...)` / `T:new(...)` /
// `setmetatable({}, T)` in an enclosing block. `require "m"` is an import, not a call;
// a call through an index (`t[k]()`), a call's result (`f()()`) or a parenthesised
// expression is indirect. busted's `describe`/`it` blocks become module and test symbols
// named by their titles.
import type { CallDraft, DefinitionDraft, ExtractionContext, LanguageAdapter, Parts } from '../engine.js';
import type { Node } from '../tree-sitter.js';

const SUITE_FUNCTIONS = new Set(['describe', 'context', 'insulate', 'expose']);
const TEST_FUNCTIONS = new Set(['it', 'spec', 'test', 'pending']);

/** A Lua string literal's contents: `"a"`, `'a'`, `[[a]]`, `[==[a]==]`. */
export function luaString(text: string): string {
  const long = /^\[(=*)\[([\s\S]*)\]\1\]$/.exec(text);
  if (long) return long[2]!;
  if (text.length >= 2 && (text[0] === '"' || text[0] === "'") && text.endsWith(text[0])) return text.slice(1, -1);
  return text;
}

/** `a.b` of `a.b.c` or `a.b:c`; undefined for a plain name. */
function tablePath(name: Node): string | undefined {
  if (name.type !== 'dot_index_expression' && name.type !== 'method_index_expression') return undefined;
  return name.childForFieldName('table')?.text.replace(/\s+/g, '');
}

/** `local function f` or `local f = function`: the definition is local to its block. */
function isLocal(node: Node): boolean {
  return node.firstChild?.type === 'local' || node.parent?.type === 'variable_declaration';
}

function definition(draft: DefinitionDraft, node: Node, parts: Parts, _ctx: ExtractionContext): boolean {
  const name = parts.name;
  if (!name) return false;
  if (isLocal(node)) {
    draft.fileLocal = true;
    draft.attributes = { local: 'true' };
  }
  if (name.type === 'identifier') return true;
  const table = tablePath(name);
  const field = name.childForFieldName('method') ?? name.childForFieldName('field');
  // `t[k] = function() end` has no name to call it by.
  if (table === undefined || !field || field.type !== 'identifier') return false;
  draft.name = field.text;
  draft.qualifiedName = name.text.replace(/\s+/g, '');
  draft.ownerType = table;
  return true;
}

/** The string a call's arguments start with, if any (`it("title", fn)`, `it "title"`). */
function firstString(args: Node | null): Node | undefined {
  if (!args) return undefined;
  if (args.type === 'string') return args;
  const first = args.firstNamedChild;
  return first?.type === 'string' ? first : undefined;
}

function hasFunctionArgument(args: Node | null): boolean {
  return args?.namedChildren.some((c) => c?.type === 'function_definition') ?? false;
}

/** busted: `describe("x", function() ... end)` and `it("y", function() ... end)` are symbols, not call sites. */
function testBlock(name: string, node: Node, ctx: ExtractionContext): boolean {
  const suite = SUITE_FUNCTIONS.has(name);
  if (!suite && !TEST_FUNCTIONS.has(name)) return false;
  const args = node.childForFieldName('arguments');
  const title = firstString(args);
  if (!title || !args || ctx.callsOnly) return false;
  if (!hasFunctionArgument(args) && !(name === 'pending' && isLuaTestFile(ctx.path))) return false;
  ctx.definitions.push({
    ...ctx.position(args),
    kind: suite ? 'module' : 'test',
    name: luaString(title.text).replace(/\s+/g, ' ').slice(0, 160),
    isTest: true,
    testBlock: true,
    bodyOwner: true,
    attributes: suite ? { test_block: 'describe' } : { test: 'busted' },
  });
  return true;
}

/** The table of the `function T:m()` / `function T.f()` around a node, for `self`. */
function enclosingTable(node: Node): string | undefined {
  for (let n = node.parent, depth = 0; n && depth < 200; n = n.parent, depth++) {
    if (n.type === 'function_declaration') {
      const name = n.childForFieldName('name');
      return name?.type === 'method_index_expression' ? tablePath(name) : undefined;
    }
  }
  return undefined;
}

/** The table a value is made from: `T.new(...)`, `T:new(...)`, `setmetatable({}, T)`. */
function constructedType(value: Node): string | undefined {
  if (value.type !== 'function_call') return undefined;
  const fn = value.childForFieldName('name');
  if (!fn) return undefined;
  if (fn.type === 'identifier') {
    if (fn.text !== 'setmetatable') return undefined;
    const second = value.childForFieldName('arguments')?.namedChildren[1];
    return second?.type === 'identifier' ? second.text : undefined;
  }
  const table = fn.childForFieldName('table');
  const member = fn.childForFieldName('method') ?? fn.childForFieldName('field');
  if ((fn.type === 'dot_index_expression' || fn.type === 'method_index_expression') && table?.type === 'identifier' && member && /^(new|create)$/.test(member.text)) return table.text;
  return undefined;
}

/** Limits on the backward look for `local x = T.new()`: enclosing blocks and statements per block. */
const MAX_BLOCKS = 8;
const MAX_STATEMENTS = 200;

/** The type `local <name> = T.new(...)` gives `name` in a block around `node`, before it. */
function declaredType(name: string, node: Node): string | undefined {
  let child: Node = node;
  let blocks = 0;
  for (let n = node.parent; n && blocks < MAX_BLOCKS; child = n, n = n.parent) {
    if (n.type !== 'block' && n.type !== 'chunk') continue;
    blocks++;
    let seen = 0;
    for (let s = child.previousNamedSibling; s && seen < MAX_STATEMENTS; s = s.previousNamedSibling, seen++) {
      const assignment = s.type === 'variable_declaration' ? s.firstNamedChild : s;
      if (assignment?.type !== 'assignment_statement') continue;
      const names = assignment.namedChildren.find((c) => c?.type === 'variable_list')?.childrenForFieldName('name') ?? [];
      const index = names.findIndex((v) => v?.text === name);
      if (index < 0) continue;
      const value = assignment.namedChildren.find((c) => c?.type === 'expression_list')?.childrenForFieldName('value')[index];
      return value ? constructedType(value) : undefined;
    }
  }
  return undefined;
}

function call(draft: CallDraft, node: Node, parts: Parts, ctx: ExtractionContext): boolean {
  const fn = parts.function;
  if (!fn) return false;
  if (fn.type === 'identifier') {
    if (fn.text === 'require') return false; // an import
    if (testBlock(fn.text, node, ctx)) return false;
    draft.calleeName = fn.text;
    // A local alias of a module's function (`local strip = stringx.strip`) is no call through a value.
    draft.bare = !ctx.imports.some((fact) => fact.local === fn.text && fact.imported !== '*');
    return true;
  }
  const table = fn.childForFieldName('table');
  const member = fn.childForFieldName('method') ?? fn.childForFieldName('field');
  // `t[k]()`, `f()()`, `(g)()`: no name to bind.
  if ((fn.type !== 'dot_index_expression' && fn.type !== 'method_index_expression') || !table || member?.type !== 'identifier') {
    draft.indirect = true;
    return true;
  }
  draft.calleeName = member.text;
  draft.specifier = fn.text.replace(/\s+/g, '');
  draft.receiver = table.text.replace(/\s+/g, '');
  if (draft.receiver === 'self') {
    const type = enclosingTable(node);
    if (type) draft.receiverType = type;
  } else if (table.type === 'identifier') {
    const type = declaredType(draft.receiver, node);
    if (type) draft.receiverType = type;
  }
  return true;
}

/** Lua's standard tables: `local insert = table.insert` binds a member of one. */
export const STANDARD_TABLES: ReadonlySet<string> = new Set(['string', 'table', 'math', 'os', 'io', 'coroutine', 'debug', 'utf8', 'package', 'bit32', 'bit', 'jit', 'ffi']);

/**
 * `local strip, split = stringx.strip, stringx.split`: each name bound to a member of a
 * required module or of a standard table is an import of that member (source the
 * module, imported the path after it, local the name).
 */
function aliases(declaration: Node, ctx: ExtractionContext): void {
  const assignment = declaration.firstNamedChild;
  if (assignment?.type !== 'assignment_statement') return;
  const names = assignment.namedChildren.find((c) => c?.type === 'variable_list')?.childrenForFieldName('name') ?? [];
  const values = assignment.namedChildren.find((c) => c?.type === 'expression_list')?.childrenForFieldName('value') ?? [];
  names.forEach((name, i) => {
    const value = values[i];
    if (name?.type !== 'identifier' || value?.type !== 'dot_index_expression') return;
    let root: Node | null = value;
    while (root?.type === 'dot_index_expression') root = root.childForFieldName('table');
    if (root?.type !== 'identifier') return;
    const member = value.text.slice(root.text.length + 1).replace(/\s+/g, '');
    const module = ctx.imports.find((fact) => fact.local === root.text && fact.imported === '*');
    const source = module?.source ?? (STANDARD_TABLES.has(root.text) ? root.text : undefined);
    if (source === undefined || !/^[A-Za-z_][\w.]*$/.test(member)) return;
    ctx.imports.push({ source, imported: member, local: name.text, reexport: false, typeOnly: false, line: ctx.line(declaration) });
  });
}

/** `local x = require("m")` binds x to module m; a bare `require "m"` binds nothing. */
function importHandler(node: Node, parts: Parts, ctx: ExtractionContext): void {
  if (node.type === 'variable_declaration') return aliases(node, ctx);
  const source = parts.name ? luaString(parts.name.text) : '';
  if (!source) return;
  let local = '';
  const list = node.parent;
  const assignment = list?.parent;
  if (list?.type === 'expression_list' && assignment?.type === 'assignment_statement') {
    const index = list.childrenForFieldName('value').findIndex((c) => c?.id === node.id);
    const target = assignment.namedChildren.find((c) => c?.type === 'variable_list')?.childrenForFieldName('name')[index];
    if (target?.type === 'identifier') local = target.text;
  }
  ctx.imports.push({ source: source.slice(0, 300), imported: '*', local, reexport: false, typeOnly: false, line: ctx.line(node) });
}

/** busted's conventions: `*_spec.lua`, files under spec/; and `*_test.lua`, `test_*.lua`, files under test/ or tests/. */
export function isLuaTestFile(path: string): boolean {
  return /(^|\/)(spec|tests?)\//.test(path) || /(_spec|_test)\.lua$/.test(path) || /(^|\/)test_[^/]*\.lua$/.test(path);
}

export const luaAdapter: LanguageAdapter = {
  grammar: 'lua',
  queryFiles: ['lua/tags.scm'],
  separator: (parent, child) => (parent.testBlock && child.testBlock ? ' > ' : '.'),
  selfReceiver: 'self',
  isTestFile: isLuaTestFile,
  definition,
  call,
  handlers: { import: importHandler },
};
