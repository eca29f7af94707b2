// Dart binding rules.
//
// A file sees the top-level declarations of its own library (the file and its `part`s)
// and of the libraries it imports, through their `export`s too. An import is found in the
// workspace by its URI: a relative path from the importing file, or
// `package:<name>/<path>` as `lib/<path>` of the importing file's own package, of a
// sibling folder named `<name>`, or of `packages/<name>`. `dart:` libraries and packages
// the workspace does not hold are outside it. Dart has no overloading, so a name is one
// declaration per scope. Members are the methods, accessors and constructors whose owner
// is the type, wherever declared (extensions add members), else a base's (superclass,
// mixins, interfaces), nearest first.
//
// - exact 100: `T(...)` and `new T(...)` (T's unnamed constructor, or the class when it
//   declares none), `T.named(...)` and `T.m()` through a class name, `p.f()` through an
//   import prefix.
// - receiver_type 90: `this.m()`, an unqualified `m()` inside a type (its members first),
//   `super.m()` (the bases), and `x.m()` or `x..m()` where the adapter inferred x's type
//   (parameter, typed or initialised variable, field, a method's declared result).
// - package 80: an unqualified `f()` naming a top-level function of the library or of
//   one it imports.
// - Unresolved: a name declared nowhere the file sees comes from an SDK library or a
//   package outside the workspace (`external`; `print`, `identical` and the core types are
//   `builtin`, as are standard methods (`add`, `map`) on receivers of unknown type); a
//   member a workspace type and its workspace bases lack is `missing_target`, or
//   `external` when a base lies outside the workspace.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, enclosingTypeNames, isMember } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const TYPE_KINDS = new Set(['class', 'enum']);
const CALLABLE = new Set(['method', 'constructor', 'function']);

const CORE = new Set([
  'print', 'identical', 'identityHashCode', 'unawaited', 'min', 'max', 'sqrt', 'pow', 'List', 'Map', 'Set', 'String',
  'int', 'double', 'num', 'bool', 'Object', 'DateTime', 'Duration', 'Uri', 'RegExp', 'StringBuffer', 'Future',
  'Stream', 'Completer', 'StreamController', 'Exception', 'StateError', 'ArgumentError', 'RangeError', 'UnsupportedError',
  'UnimplementedError', 'FormatException', 'Error', 'Iterable', 'Symbol', 'Type', 'Function', 'Timer', 'Random',
  'Stopwatch', 'Zone', 'runZoned', 'runZonedGuarded', 'scheduleMicrotask',
]);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const dartOnly = (list: SymbolRecord[]) => list.filter((s) => s.language === 'dart');

function directory(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

function normalise(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

/** The root of the package a file belongs to: the folder above its `lib/`, `test/`, `bin/`... */
function packageRoot(path: string): string {
  const match = /^(.*?)(?:^|\/)(?:lib|test|bin|example|tool|integration_test|test_driver|benchmark)\//.exec(path);
  return match ? match[1] : '';
}

/** The workspace file an import URI written in `from` names, if the workspace indexes one. */
function libraryFile(uri: string, from: string, ctx: ResolveContext): string | undefined {
  if (uri.startsWith('dart:')) return undefined;
  const join = (...parts: string[]) => normalise(parts.filter(Boolean).join('/'));
  const tries: Array<string | undefined> = [];
  const pkg = /^package:([^/]+)\/(.+)$/.exec(uri);
  if (pkg) {
    const [, name, rest] = pkg;
    const root = packageRoot(from);
    tries.push(join(root, 'lib', rest), join(directory(root), name, 'lib', rest), join('packages', name, 'lib', rest), join(name, 'lib', rest));
  } else if (!/^[a-z]+:/.test(uri)) tries.push(join(directory(from), uri));
  return tries.find((p) => p !== undefined && ctx.file(p) !== undefined);
}

interface Library {
  file: string;
  /** The import prefix (`as p`), empty when unprefixed. */
  prefix: string;
  /** Names a `show` combinator lets through; all when undefined. */
  shown?: Set<string>;
}

/** Files a library exports (`export 'src/a.dart'`), itself first, a few levels deep. */
function withExports(file: string, ctx: ResolveContext, depth = 0, seen = new Set<string>()): string[] {
  if (seen.has(file) || depth > 4) return [];
  seen.add(file);
  const out = [file];
  for (const fact of ctx.imports(file)) {
    if (!fact.reexport) continue;
    const target = libraryFile(fact.source, file, ctx);
    if (target) out.push(...withExports(target, ctx, depth + 1, seen));
  }
  return out;
}

/** Every library `path` sees: itself, its parts, and what it imports (through their exports). */
function librariesOf(path: string, ctx: ResolveContext): Library[] {
  return ctx.memo(`dart-libraries:${path}`, () => {
    const out: Library[] = [{ file: path, prefix: '' }];
    const shown = new Map<string, Set<string>>();
    for (const fact of ctx.imports(path)) {
      if (fact.reexport) continue;
      const file = libraryFile(fact.source, path, ctx);
      if (!file) continue;
      if (fact.imported !== '*') {
        let set = shown.get(file);
        if (!set) shown.set(file, (set = new Set()));
        set.add(fact.imported);
        continue;
      }
      const prefix = fact.local === '*' ? '' : fact.local;
      for (const f of withExports(file, ctx)) out.push({ file: f, prefix });
    }
    for (const [file, names] of shown) for (const f of withExports(file, ctx)) out.push({ file: f, prefix: '', shown: names });
    return out;
  });
}

/** Whether the file imports something the workspace does not hold (an SDK library, a package). */
function importsOutside(path: string, ctx: ResolveContext): boolean {
  return ctx.imports(path).some((f) => !f.reexport && libraryFile(f.source, path, ctx) === undefined);
}

/** Top-level declarations named `name` that `path` sees through `prefix` ('' for unprefixed names). */
function topLevel(name: string, path: string, ctx: ResolveContext, prefix = ''): SymbolRecord[] {
  const all = dartOnly(ctx.byName(name)).filter((s) => s.qualified_name === name && s.kind !== 'test' && s.kind !== 'module');
  if (all.length === 0) return [];
  const libraries = librariesOf(path, ctx).filter((l) => l.prefix === prefix && (!l.shown || l.shown.has(name)));
  const files = new Set(libraries.map((l) => l.file));
  const here = all.filter((s) => s.file_path === path);
  if (here.length > 0 && prefix === '') return here;
  return all.filter((s) => files.has(s.file_path));
}

/** Workspace types named `name` that `path` sees. */
export function dartTypesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  return topLevel(name, path, ctx).filter((s) => TYPE_KINDS.has(s.kind));
}

interface Lookup {
  members: SymbolRecord[];
  outside: boolean;
  known: boolean;
}

/** Members named `name` of type `type` seen from `path`, else of its bases (breadth first, nearest wins). */
function lookupMember(type: string, name: string, path: string, ctx: ResolveContext, skipOwn = false): Lookup {
  const queue: Array<{ type: string; from: string }> = [{ type, from: path }];
  const seen = new Set<string>();
  let outside = false;
  let known = false;
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.type)) continue;
    seen.add(current.type);
    const declared = dartTypesNamed(current.type, current.from, ctx);
    if (step === 0) known = declared.length > 0;
    if (declared.length === 0) outside = true;
    if (!(skipOwn && step === 0)) {
      const ids = new Set(declared.map((d) => d.id));
      const own = dartOnly(ctx.byName(name)).filter(
        (s) => CALLABLE.has(s.kind) && s.owner_type === current.type && ((s.parent_id !== null && ids.has(s.parent_id)) || s.attributes?.extension !== undefined),
      );
      if (own.length > 0) return { members: own, outside, known };
    }
    for (const decl of declared) for (const base of decl.bases ?? []) queue.push({ type: base, from: decl.file_path });
  }
  return { members: [], outside, known };
}

const enclosingTypes = (caller: SymbolRecord, ctx: ResolveContext) => enclosingTypeNames(caller, (id) => ctx.symbol(id), TYPE_KINDS);

/** `T.a().b()`: the type the chain ends in (chainResult). */
function resultOf(chain: string, path: string, ctx: ResolveContext): { type: string; from: string } | undefined {
  const [base, ...steps] = chain.split('.').map((part) => part.replace(/\(\)$/, ''));
  // Members are looked up in the workspace only: a chain never ends outside it here.
  const end = chainResult(base, steps, path, (type, name, from) => lookupMember(type, name, from, ctx).members);
  return end === 'external' ? undefined : end;
}

function onType(type: string, from: string, input: SiteInput, ctx: ResolveContext, tier: ResolutionKind): Binding {
  const found = lookupMember(type, input.site.calleeName, from, ctx);
  if (found.members.length > 0) return candidates(tier, found.members);
  if (!found.known || found.outside) return { kind: 'unresolved', reason: CORE.has(type) ? 'builtin' : 'external', note: `external:${type}` };
  return { kind: 'unresolved', reason: 'missing_target' };
}

function notFound(name: string, path: string, ctx: ResolveContext): Binding {
  if (CORE.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  // dart:core is imported by every library; anything else the file imports may declare it.
  return { kind: 'unresolved', reason: importsOutside(path, ctx) || dartOnly(ctx.byName(name)).length === 0 ? 'external' : 'missing_target' };
}

/** `T(...)`: T's unnamed constructor, or the class when it declares none. */
function construct(type: string, path: string, ctx: ResolveContext): Binding | undefined {
  const types = dartTypesNamed(type, path, ctx);
  if (types.length === 0) return undefined;
  const ids = new Set(types.map((t) => t.id));
  const constructors = dartOnly(ctx.byName(type)).filter((s) => s.kind === 'constructor' && s.parent_id !== null && ids.has(s.parent_id));
  return candidates('exact', constructors.length > 0 ? constructors : types);
}

export const dartBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: new Set([
    'add', 'addAll', 'remove', 'removeAt', 'removeWhere', 'removeLast', 'insert', 'clear', 'contains', 'containsKey',
    'map', 'where', 'forEach', 'fold', 'reduce', 'expand', 'any', 'every', 'firstWhere', 'lastWhere', 'singleWhere',
    'toList', 'toSet', 'toString', 'join', 'split', 'sort', 'sublist', 'indexOf', 'skip', 'take', 'cast', 'whereType',
    'putIfAbsent', 'update', 'trim', 'startsWith', 'endsWith', 'replaceAll', 'substring', 'toLowerCase', 'toUpperCase',
    'then', 'catchError', 'whenComplete', 'listen', 'cancel', 'complete', 'completeError', 'close', 'compareTo',
    'padLeft', 'padRight', 'codeUnitAt', 'toInt', 'toDouble', 'round', 'floor', 'ceil', 'abs', 'clamp', 'noSuchMethod',
    'hashCode', 'runtimeType', 'asMap', 'entries', 'followedBy', 'asBroadcastStream', 'timeout', 'isBefore', 'isAfter',
    'difference', 'writeln', 'write', 'writeAll', 'call', 'apply', 'allMatches', 'firstMatch', 'hasMatch', 'toStringAsFixed',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    if (site.kind === 'new' && site.qualifier === undefined) {
      return construct(name, site.path, ctx) ?? (topLevel(name, site.path, ctx).length > 0 ? candidates('package', topLevel(name, site.path, ctx)) : notFound(name, site.path, ctx));
    }
    if (site.qualifier !== undefined) {
      const prefixed = librariesOf(site.path, ctx).some((l) => l.prefix === site.qualifier);
      if (prefixed) {
        const found = topLevel(name, site.path, ctx, site.qualifier);
        if (found.length > 0) return TYPE_KINDS.has(found[0].kind) ? (construct(name, found[0].file_path, ctx) ?? candidates('exact', found)) : candidates('exact', found);
        return notFound(name, site.path, ctx);
      }
      return onType(site.qualifier, site.path, input, ctx, 'exact');
    }
    if (site.receiver === 'super') {
      const [type] = enclosingTypes(caller, ctx);
      if (!type) return { kind: 'unresolved', reason: 'missing_target' };
      const found = lookupMember(type, name, site.path, ctx, true);
      if (found.members.length > 0) return candidates('receiver_type', found.members);
      return { kind: 'unresolved', reason: found.outside ? 'external' : 'missing_target' };
    }
    if (site.receiver === undefined || site.receiver === 'this') {
      let outside = false;
      for (const type of enclosingTypes(caller, ctx)) {
        const found = lookupMember(type, name, site.path, ctx);
        if (found.members.length > 0) return candidates('receiver_type', found.members);
        outside ||= found.outside;
        if (site.receiver === 'this') break;
      }
      if (site.receiver === 'this') return { kind: 'unresolved', reason: outside ? 'external' : 'missing_target' };
      const functions = topLevel(name, site.path, ctx).filter((s) => s.kind === 'function');
      if (functions.length > 0) return candidates('package', functions);
      if (outside && !CORE.has(name)) return { kind: 'unresolved', reason: 'external' };
      return notFound(name, site.path, ctx);
    }
    if (site.receiverType !== undefined) {
      const typed = site.receiverType.endsWith('()') ? resultOf(site.receiverType, site.path, ctx) : { type: site.receiverType, from: site.path };
      // A result type is looked up from the file that declares the method.
      if (typed !== undefined) return onType(typed.type, typed.from, input, ctx, 'receiver_type');
    }
    if (dartBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    return candidates('name_only', dartOnly(ctx.byName(name)).filter((s) => isMember(s) && CALLABLE.has(s.kind)));
  },
};
