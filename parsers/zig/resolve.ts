// Zig binding rules.
//
// A Zig file is a struct; `@import("x.zig")` is that file (relative to the importer),
// `@import("std")` and other names are packages (the standard library, build.zig
// dependencies), which the workspace does not hold.
//
// - exact 100: `f()` of a function of the caller's own container in this file, else of
//   this file's top level; `m.f()` where `const m = @import("x.zig")` and x.zig defines
//   `f` at its top level (`m.T.f()` → method `f` of `T` in x.zig; `const T =
//   @import("x.zig").T` then `T.f()` likewise); `T.f()` where this file defines `T.f`.
// - receiver_type 90: `x.f()` where x is typed by declaration (a parameter
//   `self: *Self`, `var x: T`, `const x = T.init(...)`) → method `f` of `T` in this file,
//   else in the file `T` is imported from; `T` bound to `@This()` at a file's top level is
//   that file's struct (its top-level functions). A typed receiver whose type is found
//   nowhere is missing_target, not a guess by name.
// - name_only 30: a method `f` of a typed receiver's `T` defined elsewhere, or of an
//   untyped receiver (several → ambiguous_target).
// - builtin: compiler builtins (`@intCast`) and the standard containers' usual methods
//   (`append`, `deinit`, ...) on receivers of unknown type; external: members of a
//   package import (`external:std`) and of types imported from one.
// A bare call found nowhere is missing_target (a `usingnamespace` import is not followed).
import { posix } from 'node:path';
import type { ImportFact } from '../../contracts/facts.js';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';
import { FILE_STRUCT } from './extract.js';

const STD_METHODS = new Set([
  'append', 'appendSlice', 'appendAssumeCapacity', 'deinit', 'toOwnedSlice', 'ensureTotalCapacity', 'ensureUnusedCapacity',
  'put', 'putNoClobber', 'get', 'getOrPut', 'getPtr', 'contains', 'remove', 'fetchRemove', 'orderedRemove', 'swapRemove',
  'pop', 'popOrNull', 'clearRetainingCapacity', 'clearAndFree', 'resize', 'shrinkAndFree', 'count', 'iterator', 'next',
  'alloc', 'free', 'create', 'destroy', 'dupe', 'dupeZ', 'realloc', 'allocator', 'print', 'writeAll', 'writeByte',
  'writer', 'reader', 'readAll', 'readByte', 'close', 'lock', 'unlock', 'format', 'addOne', 'insert', 'insertSlice', 'keys', 'values',
]);
const CALLABLE_KINDS = new Set(['function', 'method']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const external = (source: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${source.replace(/\.zig$/, '')}` });

const isFileImport = (source: string) => source.endsWith('.zig');

/** The workspace file `@import("x.zig")` names from `from`. */
function importedFile(source: string, from: string): string {
  return posix.normalize(posix.join(posix.dirname(from), source));
}

const zigCallables = (name: string, ctx: ResolveContext) => ctx.byName(name).filter((s) => s.language === 'zig' && CALLABLE_KINDS.has(s.kind));

/** Methods `name` of container `type` declared in `file` (`type` '' for the file's top level). */
function declaredIn(file: string, type: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  return ctx.symbolsInFile(file).filter((s) => s.name === name && CALLABLE_KINDS.has(s.kind) && (s.owner_type ?? '') === type);
}

/** Where an import binding leads: a file and a container in it ('' for the file itself), or a package. */
function target(binding: ImportFact, rest: string[], from: string): { file: string; type: string } | { package: string } {
  if (!isFileImport(binding.source)) return { package: binding.source };
  const path = [...(binding.imported === '*' ? [] : binding.imported.split('.')), ...rest];
  return { file: importedFile(binding.source, from), type: path[path.length - 1] ?? '' };
}

function bind(input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site, caller } = input;
  const name = site.calleeName;
  if (name.startsWith('@')) return { kind: 'unresolved', reason: 'builtin' };
  const path = site.path;
  if (site.receiver === undefined) {
    const own = caller.owner_type !== undefined ? declaredIn(path, caller.owner_type, name, ctx) : [];
    if (own.length > 0) return candidates('exact', own);
    return candidates('exact', declaredIn(path, '', name, ctx));
  }
  const imports = ctx.imports(path);
  if (site.receiverType !== undefined) {
    const type = site.receiverType === FILE_STRUCT ? '' : site.receiverType;
    const here = declaredIn(path, type, name, ctx);
    if (here.length > 0) return candidates('receiver_type', here);
    if (type === '') return { kind: 'unresolved', reason: 'missing_target' };
    const binding = imports.find((i) => i.local === type);
    if (binding) {
      const where = target(binding, [], path);
      if ('package' in where) return external(where.package);
      const there = declaredIn(where.file, where.type, name, ctx);
      if (there.length > 0) return candidates('receiver_type', there);
    }
    const anywhere = zigCallables(name, ctx).filter((s) => s.owner_type === type);
    if (anywhere.length > 0) return candidates('name_only', anywhere);
    // A type cairn cannot place (a comptime parameter, a type made by a generic): no guess by name.
    if (!imports.some((i) => i.local === site.receiver!.split('.')[0])) return { kind: 'unresolved', reason: 'missing_target' };
  }
  const segments = site.receiver.split('.');
  const binding = imports.find((i) => i.local === segments[0]);
  if (binding && segments.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s))) {
    const where = target(binding, segments.slice(1), path);
    if ('package' in where) return external(where.package);
    if (!ctx.file(where.file)) return { kind: 'unresolved', reason: 'missing_target' };
    return candidates('exact', declaredIn(where.file, where.type, name, ctx));
  }
  const local = declaredIn(path, site.receiver, name, ctx);
  if (local.length > 0) return candidates('exact', local);
  if (STD_METHODS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  return candidates('name_only', zigCallables(name, ctx).filter((s) => s.owner_type !== undefined));
}

export const zigBinder: LanguageBinder = {
  selfReceivers: new Set(),
  builtinMethods: STD_METHODS,
  bind,
};
