// Swift binding rules.
//
// A type name is looked up from the file that writes it: a type of the same file, of the
// same module (the package target, FileRecord.module), then of a module the file imports.
// A file outside a package's layout has no module: every workspace type is visible to it.
// A member is any method or initialiser whose owner is the type, wherever it is declared
// (extensions add members from other files), else a member of a base (superclass or
// protocol, whose extensions give default implementations), nearest first.
//
// - exact 100: `T(...)` (the initialisers that fit the argument count, or the type itself
//   when it declares none: the memberwise initialiser), `T.m()` through a type name.
// - receiver_type 90: `self.m()`, an unqualified `m()` inside a type (its members first),
//   `super.m()` (the bases), and `x.m()` where the adapter inferred x's type (parameter,
//   annotated or initialised local, stored property, `T.make()`'s declared result).
// - package 80: an unqualified `f()` naming a global function of the file's module or of
//   a module it imports.
// - Overloads: the candidates whose parameter labels fit the call's argument labels, in
//   order, defaulted parameters skippable and a trailing closure taking a parameter (by
//   parameter count when no label fits); when that leaves several, ambiguous_target.
// - Unresolved: a type or function declared nowhere in the workspace comes from an imported
//   module or the standard library (imported implicitly): `builtin` for the standard
//   functions and types (`print`, `min`, `String(x)`) and for standard methods (`map`,
//   `append`) on receivers of unknown type, `external` otherwise; a member that a
//   workspace type and its workspace bases lack is `external` when a base lies outside
//   the workspace, else `missing_target`.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, enclosingTypeNames, isFreeFunction, isMember } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const TYPE_KINDS = new Set(['class', 'struct', 'enum', 'interface']);
const CALLABLE = new Set(['method', 'constructor', 'function']);

const SWIFT_FUNCTIONS = new Set([
  'print', 'debugPrint', 'dump', 'min', 'max', 'abs', 'zip', 'stride', 'precondition', 'preconditionFailure', 'fatalError',
  'assert', 'assertionFailure', 'type', 'swap', 'sequence', 'repeatElement', 'numericCast', 'withExtendedLifetime',
  'withUnsafePointer', 'withUnsafeMutablePointer', 'withUnsafeBytes', 'withUnsafeMutableBytes', 'unsafeBitCast',
  'withCheckedContinuation', 'withCheckedThrowingContinuation', 'withTaskGroup', 'withThrowingTaskGroup', 'MemoryLayout',
  'String', 'Int', 'Double', 'Float', 'Bool', 'Array', 'Dictionary', 'Set', 'Character', 'UInt', 'Int64', 'UInt64',
  'Int32', 'UInt32', 'Int16', 'UInt16', 'Int8', 'UInt8', 'Optional', 'Result', 'Task', 'ObjectIdentifier', 'Substring',
]);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const swiftOnly = (list: SymbolRecord[]) => list.filter((s) => s.language === 'swift');
const moduleOf = (path: string, ctx: ResolveContext) => ctx.file(path)?.module;

/** Modules a file imports (`import Foo`, `import struct Foo.Bar`). */
function importedModules(path: string, ctx: ResolveContext): Set<string> {
  return new Set(ctx.imports(path).map((f) => f.source.split('.')[0]));
}

/** Of same-named nested types (a `Foo` in each of two test types), the ones declared around the caller. */
function innermost(types: SymbolRecord[], caller: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  if (types.length < 2) return types;
  const around = new Set<string>();
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) around.add(s.id);
  const local = types.filter((t) => t.parent_id !== null && around.has(t.parent_id));
  return local.length > 0 ? local : types;
}

/** Of `list`, the ones visible from `path`: same file, else same module, else imported modules. */
function visibleFrom<T extends SymbolRecord>(list: T[], path: string, ctx: ResolveContext): T[] {
  if (list.length < 2) return list;
  const here = list.filter((s) => s.file_path === path);
  if (here.length > 0) return here;
  const module = moduleOf(path, ctx);
  if (module === undefined) return list;
  const own = list.filter((s) => moduleOf(s.file_path, ctx) === module);
  if (own.length > 0) return own;
  const imported = importedModules(path, ctx);
  const other = list.filter((s) => imported.has(moduleOf(s.file_path, ctx) ?? '\0'));
  return other.length > 0 ? other : list;
}

/** Workspace types named `name` that `path` sees. */
export function swiftTypesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  return visibleFrom(swiftOnly(ctx.byName(name)).filter((s) => TYPE_KINDS.has(s.kind)), path, ctx);
}

interface Lookup {
  members: SymbolRecord[];
  /** A base (or the type itself) lies outside the workspace. */
  outside: boolean;
  /** The type is declared in the workspace. */
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
    const declared = swiftTypesNamed(current.type, current.from, ctx);
    if (step === 0) known = declared.length > 0;
    if (!(skipOwn && step === 0)) {
      // A member of one of these declarations, or of an extension (whose parent is no type).
      const ids = new Set(declared.map((d) => d.id));
      const own = visibleFrom(
        swiftOnly(ctx.byName(name)).filter((s) => {
          if (!CALLABLE.has(s.kind) || s.owner_type !== current.type) return false;
          if (s.parent_id === null || ids.has(s.parent_id)) return true;
          return !TYPE_KINDS.has(ctx.symbol(s.parent_id)?.kind ?? '');
        }),
        current.from,
        ctx,
      );
      if (own.length > 0) return { members: own, outside, known };
    }
    if (declared.length === 0) outside = true;
    for (const decl of declared) for (const base of decl.bases ?? []) queue.push({ type: base, from: decl.file_path });
  }
  return { members: [], outside, known };
}

/**
 * Whether a call's argument labels fit a function's parameters (`label`, `label?` when
 * defaulted, `label...` when variadic): in order, a defaulted parameter may be skipped, a
 * variadic one takes the unlabelled arguments after its own, and a trailing closure (`{}`)
 * takes the next parameter that no later argument needs.
 */
function labelsFit(labels: readonly string[], parameters: readonly string[]): boolean {
  const label = (q: string) => q.replace(/\?$/, '').replace(/\.\.\.$/, '');
  const optional = (q: string) => q.endsWith('?') || q.endsWith('...');
  let p = 0;
  for (let a = 0; a < labels.length; a++) {
    if (labels[a] === '{}') {
      if (p >= parameters.length) return false;
      if (a === labels.length - 1) {
        // The one (last) trailing closure takes the last parameter; those between are defaulted.
        return parameters.slice(p, -1).every(optional);
      }
      // Skip defaulted parameters while later ones can still take the remaining closures.
      while (p < parameters.length - 1 && optional(parameters[p]) && parameters.length - (p + 1) > labels.length - a - 1) p++;
      p++;
      continue;
    }
    while (p < parameters.length && label(parameters[p]) !== labels[a]) {
      if (!optional(parameters[p])) return false;
      p++;
    }
    if (p >= parameters.length) return false;
    // A variadic parameter takes the unlabelled arguments that follow it.
    if (parameters[p].includes('...')) while (labels[a + 1] === '_') a++;
    p++;
  }
  return parameters.slice(p).every(optional);
}

/** The overloads whose labels fit the call's (none may fit: the call is to something else). */
function byLabels(list: SymbolRecord[], site: SiteInput['site']): SymbolRecord[] {
  if (site.argumentCount === undefined) return list;
  const labels = site.argumentLabels ?? new Array<string>(site.argumentCount).fill('_');
  return list.filter((s) => {
    const parameters = s.attributes?.parameters ?? [];
    return labelsFit(labels, typeof parameters === 'string' ? [parameters] : parameters);
  });
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
  const { site } = input;
  const found = lookupMember(type, site.calleeName, from, ctx);
  const fitting = byLabels(found.members, site);
  if (fitting.length > 0) return candidates(tier, fitting);
  if (!found.known || found.outside) return { kind: 'unresolved', reason: 'external', note: `external:${type}` };
  return { kind: 'unresolved', reason: 'missing_target' };
}

/** `Outer.Inner(...)`: the initialisers of a type nested in Outer (or the type itself). */
function nestedType(outer: string, input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site } = input;
  if (!/^\p{Lu}/u.test(site.calleeName)) return undefined;
  const outers = new Set(swiftTypesNamed(outer, site.path, ctx).map((t) => t.id));
  const inner = swiftOnly(ctx.byName(site.calleeName)).filter((s) => TYPE_KINDS.has(s.kind) && s.parent_id !== null && outers.has(s.parent_id));
  if (inner.length === 0) return undefined;
  const ids = new Set(inner.map((t) => t.id));
  const inits = swiftOnly(ctx.byName('init')).filter((s) => s.kind === 'constructor' && s.parent_id !== null && ids.has(s.parent_id));
  const fitting = byLabels(inits, site);
  return candidates('exact', fitting.length > 0 ? fitting : inner);
}

/**
 * A name declared nowhere in the workspace: Swift sees only its own module, what the file
 * imports and the standard library (imported implicitly), so it comes from outside.
 */
function notFound(name: string): Binding {
  return { kind: 'unresolved', reason: SWIFT_FUNCTIONS.has(name) ? 'builtin' : 'external' };
}

export const swiftBinder: LanguageBinder = {
  selfReceivers: new Set(['self']),
  builtinMethods: new Set([
    'map', 'compactMap', 'flatMap', 'filter', 'reduce', 'forEach', 'append', 'insert', 'remove', 'removeAll', 'removeFirst',
    'removeLast', 'popLast', 'contains', 'first', 'last', 'sorted', 'sort', 'joined', 'split', 'enumerated', 'reversed',
    'prefix', 'suffix', 'dropFirst', 'dropLast', 'firstIndex', 'lastIndex', 'index', 'min', 'max', 'allSatisfy',
    'hasPrefix', 'hasSuffix', 'lowercased', 'uppercased', 'trimmingCharacters', 'components', 'replacingOccurrences',
    'appending', 'updateValue', 'removeValue', 'merge', 'makeIterator', 'next', 'hash', 'encode', 'decode', 'lazy',
    'isEqual', 'description', 'count', 'distance', 'formIndex', 'withUnsafeBytes', 'withUnsafeMutableBytes',
    'withUnsafeBufferPointer', 'withUnsafeMutableBufferPointer', 'withContiguousStorageIfAvailable', 'async', 'sync',
    'resume', 'cancel', 'lock', 'unlock', 'wait', 'signal', 'replaceSubrange', 'reserveCapacity', 'swapAt', 'starts',
    'elementsEqual', 'union', 'intersection', 'subtracting', 'formUnion', 'mapValues', 'compactMapValues', 'grouping',
    'data', 'string', 'addingPercentEncoding', 'range', 'write', 'read', 'close', 'value', 'get', 'set',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    if (site.kind === 'new') {
      const types = swiftTypesNamed(name, site.path, ctx);
      if (types.length === 0) {
        // A capitalised global function, or a type of a dependency or the standard library.
        const functions = visibleFrom(swiftOnly(ctx.byName(name)).filter(isFreeFunction), site.path, ctx);
        const fitting = byLabels(functions, site);
        return fitting.length > 0 ? candidates('package', fitting) : notFound(name);
      }
      const nearest = innermost(types, caller, ctx);
      const ids = new Set(nearest.map((t) => t.id));
      const inits = lookupMember(name, 'init', site.path, ctx).members.filter((s) => s.kind === 'constructor' && (nearest.length === types.length || (s.parent_id !== null && ids.has(s.parent_id))));
      // No initialiser that fits: the memberwise one, or one the type inherits.
      const fitting = byLabels(inits, site);
      return candidates('exact', fitting.length > 0 ? fitting : nearest);
    }
    if (site.qualifier !== undefined) {
      const type = site.qualifier.slice(site.qualifier.lastIndexOf('.') + 1);
      const nested = nestedType(type, input, ctx);
      return nested ?? onType(type, site.path, input, ctx, 'exact');
    }
    if (site.receiver === 'super') {
      const [type] = enclosingTypes(caller, ctx);
      if (!type) return { kind: 'unresolved', reason: 'missing_target' };
      const found = lookupMember(type, name, site.path, ctx, true);
      const fitting = byLabels(found.members, site);
      if (fitting.length > 0) return candidates('receiver_type', fitting);
      return { kind: 'unresolved', reason: found.outside ? 'external' : 'missing_target' };
    }
    if (site.receiver === undefined || site.receiver === 'self') {
      let outside = false;
      for (const type of enclosingTypes(caller, ctx)) {
        const found = lookupMember(type, name, site.path, ctx);
        const fitting = byLabels(found.members, site);
        if (fitting.length > 0) return candidates('receiver_type', fitting);
        outside ||= found.outside || !found.known;
        if (site.receiver === 'self') break;
      }
      if (site.receiver === 'self') return { kind: 'unresolved', reason: outside ? 'external' : 'missing_target' };
      const functions = visibleFrom(swiftOnly(ctx.byName(name)).filter(isFreeFunction), site.path, ctx);
      const fitting = byLabels(functions, site);
      if (fitting.length > 0) return candidates('package', fitting);
      return notFound(name);
    }
    if (site.receiverType !== undefined) {
      const typed = site.receiverType.endsWith('()') ? resultOf(site.receiverType, site.path, ctx) : { type: site.receiverType, from: site.path };
      // A result type is looked up from the file that declares the method.
      if (typed !== undefined) return onType(typed.type, typed.from, input, ctx, 'receiver_type');
    }
    if (swiftBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    return candidates('name_only', swiftOnly(ctx.byName(name)).filter((s) => isMember(s) && CALLABLE.has(s.kind)));
  },
};
