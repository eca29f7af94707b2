// Lua binding rules.
//
// A module is a file: `require "a.b"` reads `a/b.lua` or `a/b/init.lua`, looked up from
// each ancestor directory of the requiring file (innermost first), then from `lua/`,
// `src/` and `lib/` (the usual roots of a package path).
//
// - exact 100: `f()` of a `local function f` (or `local f = function`) of this file;
//   `m.f()`/`m:f()` where `local m = require "x"` and module x's file defines a
//   table function `f`; `T.f()`/`T:f()` where this file defines `T.f`/`T:f`.
// - receiver_type 90: `self:m()` inside `function T:n()`, and `x:m()` after
//   `local x = T.new(...)` (or `T:new`, `setmetatable({}, T)`) → `T:m`/`T.m`, in this
//   file first, else anywhere (an inherited method is not followed).
// - same_file 60: `f()` of a global function `f` defined in this file.
// - name_only 30: a global function elsewhere; a table function `T.f` of another file
//   (a global table); a method `m` on a receiver of unknown type (several → ambiguous).
// - builtin: Lua's global functions (`print`, `pairs`, `setmetatable`, ...), its standard
//   tables (`string.format`, `table.insert`, `os.time`), and string methods on receivers
//   of unknown type (`s:format()`); external: modules required from outside the
//   workspace (`external:<module>`) and busted's own functions (`external:busted`).
import { posix } from 'node:path';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';
import { STANDARD_TABLES } from './extract.js';

const GLOBAL_FUNCTIONS = new Set([
  'assert', 'collectgarbage', 'dofile', 'error', 'getfenv', 'getmetatable', 'ipairs', 'load', 'loadfile', 'loadstring',
  'module', 'next', 'pairs', 'pcall', 'print', 'rawequal', 'rawget', 'rawlen', 'rawset', 'require', 'select', 'setfenv',
  'setmetatable', 'tonumber', 'tostring', 'type', 'unpack', 'xpcall', 'newproxy',
]);
const STRING_METHODS = new Set(['byte', 'find', 'format', 'gmatch', 'gsub', 'len', 'lower', 'match', 'rep', 'reverse', 'sub', 'upper']);
const BUSTED = new Set([
  'describe', 'it', 'pending', 'before_each', 'after_each', 'setup', 'teardown', 'lazy_setup', 'lazy_teardown', 'strict_setup',
  'strict_teardown', 'finally', 'insulate', 'expose', 'context', 'spec', 'test', 'randomize', 'assert', 'spy', 'stub', 'mock', 'match',
]);
const CALLABLE_KINDS = new Set(['function', 'method']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const builtin: Binding = { kind: 'unresolved', reason: 'builtin' };

/** The file of module `source` required from `from`, if indexed. */
export function moduleFile(source: string, from: string, ctx: ResolveContext): string | undefined {
  const rest = source.replace(/\./g, '/');
  if (rest === '' || rest.startsWith('/')) return undefined;
  const roots: string[] = [];
  for (let dir = posix.dirname(from); ; dir = posix.dirname(dir)) {
    roots.push(dir === '.' ? '' : dir);
    if (dir === '.' || dir === '/' || dir === '') break;
  }
  roots.push('lua', 'src', 'lib');
  for (const root of roots) {
    const base = root === '' ? rest : `${root}/${rest}`;
    for (const file of [`${base}.lua`, `${base}/init.lua`]) if (ctx.file(file)) return file;
  }
  return undefined;
}

const luaCallables = (name: string, ctx: ResolveContext) => ctx.byName(name).filter((s) => s.language === 'lua' && CALLABLE_KINDS.has(s.kind));

/** Table functions named `name` of table `type`: this file's first, else any file's. */
function membersOf(type: string, name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  const all = luaCallables(name, ctx).filter((s) => s.owner_type === type);
  const here = all.filter((s) => s.file_path === path);
  return here.length > 0 ? here : all;
}

/** `m.f` of a required module's file: its table functions named `f` (`a.b.f` names `f` of table path `b`). */
function moduleMember(file: string, member: string, ctx: ResolveContext): SymbolRecord[] {
  const name = member.split('.').pop()!;
  return ctx.symbolsInFile(file).filter((s) => s.name === name && CALLABLE_KINDS.has(s.kind) && s.owner_type !== undefined);
}

function bindBare(name: string, path: string, ctx: ResolveContext): Binding {
  const all = luaCallables(name, ctx).filter((s) => s.owner_type === undefined);
  const here = all.filter((s) => s.file_path === path);
  if (here.length > 0) return candidates(here.every((s) => s.attributes?.local === 'true') ? 'exact' : 'same_file', here);
  // `local strip = stringx.strip`: the member of the module or standard table it names.
  const alias = ctx.imports(path).find((fact) => fact.local === name && fact.imported !== '*');
  if (alias) {
    if (STANDARD_TABLES.has(alias.source)) return builtin;
    const file = moduleFile(alias.source, path, ctx);
    if (file === undefined) return { kind: 'unresolved', reason: 'external', note: `external:${alias.source}` };
    return candidates('exact', moduleMember(file, alias.imported, ctx));
  }
  if (GLOBAL_FUNCTIONS.has(name)) return builtin;
  if (BUSTED.has(name)) return { kind: 'unresolved', reason: 'external', note: 'external:busted' };
  return candidates('name_only', all.filter((s) => s.attributes?.local !== 'true'));
}

function bind(input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site } = input;
  const name = site.calleeName;
  const path = site.path;
  if (site.receiver === undefined) return bindBare(name, path, ctx);
  const receiver = site.receiver;
  if (site.receiverType !== undefined) {
    const members = membersOf(site.receiverType, name, path, ctx);
    if (members.length > 0) return candidates('receiver_type', members);
  }
  const root = receiver.split(/[.:]/)[0]!;
  const binding = ctx.imports(path).find((i) => i.local === root);
  if (binding) {
    const file = moduleFile(binding.source, path, ctx);
    if (file === undefined) return { kind: 'unresolved', reason: 'external', note: `external:${binding.source}` };
    if (root === receiver) return candidates('exact', moduleMember(file, name, ctx));
  }
  const here = luaCallables(name, ctx).filter((s) => s.owner_type === receiver && s.file_path === path);
  if (here.length > 0) return candidates('exact', here);
  if (STANDARD_TABLES.has(root)) return builtin;
  if (BUSTED.has(root)) return { kind: 'unresolved', reason: 'external', note: 'external:busted' };
  const tables = luaCallables(name, ctx).filter((s) => s.owner_type === receiver);
  if (tables.length > 0) return candidates('name_only', tables);
  if (STRING_METHODS.has(name) && site.specifier.includes(':')) return builtin;
  return candidates('name_only', luaCallables(name, ctx).filter((s) => s.owner_type !== undefined));
}

export const luaBinder: LanguageBinder = {
  selfReceivers: new Set(['self']),
  builtinMethods: STRING_METHODS,
  bind,
};
