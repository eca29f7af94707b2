// Kotlin binding rules.
//
// A name is looked up as the compiler would, from the file that writes it: declarations of
// the same file, an explicit import (`import a.b.T`, `import a.b.T as U`), the file's own
// package, then star imports (`import a.b.*`). Kotlin imports nothing else by default
// but its standard library, so a name found nowhere is outside the workspace.
//
// - exact 100: `T()` (a constructor chosen by argument count, or the class), `T.f()`
//   through a class, object or companion name, `f()` through an explicit import.
// - receiver_type 90: `this.f()`, an unqualified `f()` that is a member of an enclosing
//   class (its bases and companion included), `super.f()`, and `x.f()` where the adapter
//   read x's type (parameter, property, `val x = T()`), following declared bases; when the
//   type does not declare f, an extension function on that type.
// - package 80: a top-level function of the file's own package in another file, or of a
//   star-imported package. Same-file top-level and local functions are same_file 60.
// - Overloads: the candidates whose parameter count fits the argument count (a trailing
//   lambda counts); several left is ambiguous_target.
// - In an extension function `fun T.f()`, an unqualified call is first a member of T
//   (external when T is not in the workspace and no workspace function has the name).
// - Unresolved: types outside the workspace are external (`external:<Type>`); standard
//   library functions (`println`, `listOf`, `require`, ...) and member names (`let`,
//   `map`, `forEach`, ...) on receivers of unknown type are builtin; a member the
//   enclosing class lacks while one of its bases is outside the workspace is external,
//   and so is a name no Kotlin file of the workspace declares (code that compiles gets it
//   from outside: a dependency, or the receiver of a lambda such as `buildString { }`).
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, membersByName } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const TYPE_KINDS = new Set(['class', 'interface', 'enum']);
const CALLABLE = new Set(['method', 'constructor', 'function']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const isKotlin = (s: SymbolRecord) => s.language === 'kotlin';
const packageOf = (path: string, ctx: ResolveContext) => ctx.file(path)?.module ?? '';
const topLevel = (s: SymbolRecord) => s.parent_id === null;

/** Standard library functions called without a receiver. */
const BUILTIN_FUNCTIONS = new Set([
  'println', 'print', 'readLine', 'listOf', 'listOfNotNull', 'mutableListOf', 'arrayListOf', 'emptyList', 'mapOf', 'mutableMapOf', 'hashMapOf',
  'linkedMapOf', 'emptyMap', 'setOf', 'mutableSetOf', 'hashSetOf', 'linkedSetOf', 'emptySet', 'arrayOf', 'arrayOfNulls', 'emptyArray',
  'intArrayOf', 'byteArrayOf', 'charArrayOf', 'longArrayOf', 'doubleArrayOf', 'booleanArrayOf', 'sequenceOf', 'emptySequence', 'sequence',
  'buildList', 'buildMap', 'buildSet', 'buildString', 'require', 'requireNotNull', 'check', 'checkNotNull', 'error', 'TODO', 'assert',
  'lazy', 'lazyOf', 'run', 'let', 'apply', 'also', 'with', 'takeIf', 'takeUnless', 'repeat', 'maxOf', 'minOf', 'runCatching', 'synchronized',
  'Pair', 'Triple', 'Regex', 'StringBuilder', 'IllegalArgumentException', 'IllegalStateException', 'UnsupportedOperationException',
  'NullPointerException', 'IndexOutOfBoundsException', 'NoSuchElementException', 'Exception', 'RuntimeException', 'Error', 'AssertionError',
  'ArrayList', 'HashMap', 'LinkedHashMap', 'HashSet', 'LinkedHashSet', 'Any', 'String', 'Array', 'IntArray', 'ByteArray', 'CharArray',
  'enumValues', 'enumValueOf', 'arrayOfNulls', 'generateSequence', 'suspend', 'coroutineScope', 'supervisorScope', 'withContext',
  'runBlocking', 'launch', 'async', 'delay', 'emit', 'flow', 'flowOf', 'yield', 'assertEquals', 'assertTrue', 'assertFalse',
  'assertNull', 'assertNotNull', 'assertFailsWith', 'assertSame', 'fail', 'assertThat', 'assertThrows', 'contract', 'returns', 'implies',
]);

/** The visible declarations named `name` (of kinds `fits`) from file `path`, and the tier the rule that found them gives. */
function visibleNamed(name: string, path: string, ctx: ResolveContext, fits: (s: SymbolRecord) => boolean): { found: SymbolRecord[]; tier: ResolutionKind; imported: boolean } {
  const imports = ctx.imports(path);
  const explicit = imports.find((f) => f.local === name && f.imported !== '*');
  const realName = explicit?.imported ?? name;
  const all = ctx.byName(realName).filter((s) => isKotlin(s) && fits(s));
  if (all.length === 0) return { found: [], tier: 'exact', imported: explicit !== undefined };
  if (!explicit) {
    const here = all.filter((s) => s.file_path === path);
    if (here.length > 0) return { found: here, tier: 'same_file', imported: false };
  } else {
    // `import a.b.T`: package a.b, or `import a.b.Outer.T`: T nested in Outer of package a.
    const hits = all.filter((s) => packageOf(s.file_path, ctx) === explicit.source || `${packageOf(s.file_path, ctx)}.${s.qualified_name}` === `${explicit.source}.${realName}`);
    return { found: hits, tier: 'exact', imported: true };
  }
  const own = packageOf(path, ctx);
  const samePackage = all.filter((s) => packageOf(s.file_path, ctx) === own);
  if (samePackage.length > 0) return { found: samePackage, tier: 'package', imported: false };
  const stars = new Set(imports.filter((f) => f.imported === '*').map((f) => f.source));
  const starred = all.filter((s) => stars.has(packageOf(s.file_path, ctx)));
  return { found: starred, tier: 'package', imported: false };
}

/**
 * Classes, interfaces, enums and objects a type name denotes from `path`: a simple name
 * (`Repo`), a nested path from a visible type (`TypeSpec.Builder`), or a package path
 * (`com.acme.Repo`).
 */
export function kotlinTypesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  return ctx.memo(`kotlin-types:${path}:${name}`, () => typesNamed(name, path, ctx));
}

function typesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  if (!name.includes('.')) return visibleNamed(name, path, ctx, (s) => TYPE_KINDS.has(s.kind) && (topLevel(s) || s.file_path === path)).found;
  const segments = name.split('.');
  if (!/^\p{Lu}/u.test(segments[0])) {
    const last = segments[segments.length - 1];
    return ctx.byName(last).filter((s) => isKotlin(s) && TYPE_KINDS.has(s.kind) && `${packageOf(s.file_path, ctx)}.${s.qualified_name}` === name);
  }
  let current = kotlinTypesNamed(segments[0], path, ctx);
  for (const segment of segments.slice(1)) {
    current = current.flatMap((outer) => ctx.symbolsInFile(outer.file_path).filter((s) => s.parent_id === outer.id && s.name === segment && TYPE_KINDS.has(s.kind)));
  }
  return current;
}

/** `TypeSpec.Builder` -> `Builder`: extension receivers are compared by their last segment. */
const simpleName = (type: string) => type.slice(type.lastIndexOf('.') + 1);

/** Members named `name` declared in `cls` (a companion's members hang under the class too). */
function declaredIn(cls: SymbolRecord, name: string, ctx: ResolveContext): SymbolRecord[] {
  return membersByName(cls, CALLABLE, ctx).get(name) ?? [];
}

interface Members {
  found: SymbolRecord[];
  externalBase: boolean;
}

/** Members named `name` of `cls`, else of its bases (breadth first, nearest wins). */
function membersOf(cls: SymbolRecord, name: string, ctx: ResolveContext, skipOwn = false): Members {
  const queue = [cls];
  const seen = new Set<string>();
  let externalBase = false;
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    seen.add(current.id);
    if (!(skipOwn && current === cls)) {
      const own = declaredIn(current, name, ctx);
      if (own.length > 0) return { found: own, externalBase };
    }
    for (const base of current.bases ?? []) {
      const found = kotlinTypesNamed(base, current.file_path, ctx);
      if (found.length === 0) externalBase = true;
      queue.push(...found);
    }
  }
  return { found: [], externalBase };
}

/** Whether `count` arguments (a trailing lambda included) can call `s`: defaults may be left out, a vararg takes any number. */
function accepts(s: SymbolRecord, count: number): boolean {
  const arity = Number(s.attributes?.arity ?? NaN);
  if (Number.isNaN(arity)) return true;
  const varargs = s.attributes?.varargs === 'true';
  const required = Number(s.attributes?.required ?? (varargs ? arity - 1 : arity));
  return count >= required && (count <= arity || varargs);
}

/**
 * The overloads `count` arguments can call; all of them when the count is unknown or none
 * fits. Which of several fits is for the argument types to decide, which the index does not
 * know: they stay candidates (ambiguous_target).
 */
function byArity(list: SymbolRecord[], count: number | undefined): SymbolRecord[] {
  if (count === undefined || list.length <= 1) return list;
  const fits = list.filter((s) => accepts(s, count));
  return fits.length > 0 ? fits : list;
}

function enclosingClasses(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (TYPE_KINDS.has(s.kind)) out.push(s);
  }
  return out;
}

const extensionOn = (type: string | undefined) => (s: SymbolRecord) =>
  s.kind === 'function' && typeof s.attributes?.extends === 'string' && (type === undefined || simpleName(s.attributes.extends) === simpleName(type));

function onType(type: string, name: string, input: SiteInput, ctx: ResolveContext, tier: ResolutionKind): Binding {
  const classes = kotlinTypesNamed(type, input.site.path, ctx);
  const count = input.site.argumentCount;
  const extensions = () => byArity(ctx.byName(name).filter((s) => isKotlin(s) && extensionOn(type)(s)), count);
  if (classes.length === 0) {
    const ext = extensions();
    return ext.length > 0 ? candidates(tier, ext) : { kind: 'unresolved', reason: 'external', note: `external:${type}` };
  }
  const members = classes.map((c) => membersOf(c, name, ctx));
  const found = members.flatMap((m) => m.found);
  if (found.length > 0) return candidates(tier, byArity(found, count));
  const ext = extensions();
  if (ext.length > 0) return candidates(tier, ext);
  if (members.some((m) => m.externalBase)) return { kind: 'unresolved', reason: 'external', note: `external:base of ${type}` };
  return { kind: 'unresolved', reason: 'missing_target' };
}

/**
 * `T.a().b()`: the type the adapter's chain ends in (the type path first, then the calls),
 * reading each method's declared result (`attributes.returns`); external when a step's type
 * is not in the workspace.
 */
function chainedType(chain: string, path: string, ctx: ResolveContext): { type: string; path: string } | 'external' | undefined {
  const parts = chain.split('.');
  const first = parts.findIndex((part) => part.endsWith('()'));
  const steps = parts.slice(first).map((part) => part.slice(0, -2));
  const end = chainResult(parts.slice(0, first).join('.'), steps, path, (type, name, from) => {
    const classes = kotlinTypesNamed(type, from, ctx);
    return classes.length === 0 ? 'external' : classes.flatMap((c) => membersOf(c, name, ctx).found);
  });
  return end === undefined || end === 'external' ? end : { type: end.type, path: end.from };
}

/** A call of an imported, same-package or star-imported name that is no member: top-level functions. */
function topLevelCall(name: string, input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { found, tier, imported } = visibleNamed(name, input.site.path, ctx, (s) => s.kind === 'function' && (topLevel(s) || s.file_path === input.site.path));
  if (found.length > 0) return candidates(tier, byArity(found, input.site.argumentCount));
  if (imported) return { kind: 'unresolved', reason: 'external', note: `external:${name}` };
  return undefined;
}

/** The type the innermost enclosing extension function extends (`String` in `fun String.f()`). */
function extendedType(caller: SymbolRecord, ctx: ResolveContext): string | undefined {
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (typeof s.attributes?.extends === 'string') return s.attributes.extends;
    if (TYPE_KINDS.has(s.kind)) return undefined;
  }
  return undefined;
}

/** Whether the workspace's Kotlin declares a callable of this name at all. */
const declaredAnywhere = (name: string, ctx: ResolveContext) => ctx.byName(name).some((s) => isKotlin(s) && (CALLABLE.has(s.kind) || TYPE_KINDS.has(s.kind)));

/**
 * A name no Kotlin file of the workspace declares: code that compiles gets it from outside
 * (the standard library, a dependency, the receiver of a lambda such as `buildString { }`).
 */
const NOT_IN_WORKSPACE: Binding = { kind: 'unresolved', reason: 'external', note: 'external:not declared in the workspace' };

export const kotlinBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: new Set([
    'let', 'also', 'apply', 'run', 'takeIf', 'takeUnless', 'toString', 'equals', 'hashCode', 'map', 'mapNotNull', 'mapIndexed', 'filter',
    'filterNot', 'filterIsInstance', 'filterNotNull', 'forEach', 'forEachIndexed', 'first', 'firstOrNull', 'last', 'lastOrNull', 'single',
    'singleOrNull', 'any', 'all', 'none', 'count', 'sum', 'sumOf', 'maxOf', 'minOf', 'maxByOrNull', 'minByOrNull', 'sorted', 'sortedBy',
    'sortedWith', 'sortedByDescending', 'reversed', 'distinct', 'distinctBy', 'groupBy', 'associate', 'associateBy', 'associateWith', 'flatMap',
    'flatten', 'fold', 'reduce', 'zip', 'joinToString', 'toList', 'toMutableList', 'toSet', 'toMutableSet', 'toMap', 'toMutableMap',
    'toTypedArray', 'asSequence', 'asList', 'contains', 'containsKey', 'get', 'getOrNull', 'getOrElse', 'getOrPut', 'getOrDefault', 'put',
    'putAll', 'set', 'add', 'addAll', 'remove', 'removeAll', 'clear', 'isEmpty', 'isNotEmpty', 'isNullOrEmpty', 'isNullOrBlank', 'isBlank',
    'isNotBlank', 'orEmpty', 'plus', 'minus', 'take', 'drop', 'takeWhile', 'dropWhile', 'chunked', 'windowed', 'indexOf', 'lastIndexOf',
    'substring', 'substringBefore', 'substringAfter', 'startsWith', 'endsWith', 'trim', 'trimIndent', 'trimMargin', 'split', 'replace',
    'lowercase', 'uppercase', 'capitalize', 'format', 'append', 'appendLine', 'toInt', 'toLong', 'toDouble', 'toFloat', 'toChar', 'toByte',
    'compareTo', 'iterator', 'next', 'hasNext', 'use', 'close', 'invoke', 'copy', 'component1', 'component2', 'until', 'downTo', 'step',
    'coerceAtLeast', 'coerceAtMost', 'coerceIn', 'repeat', 'padStart', 'padEnd', 'removePrefix', 'removeSuffix', 'removeSurrounding',
    'shouldBe', 'shouldNotBe', 'isEqualTo', 'isTrue', 'isFalse', 'isNull', 'isNotNull', 'hasSize', 'containsExactly',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    const count = site.argumentCount;
    if (site.kind === 'new') {
      const classes = kotlinTypesNamed(site.qualifier === undefined ? name : `${site.qualifier}.${name}`, site.path, ctx);
      if (classes.length > 0) {
        // The class stands for its primary constructor (its arity is the class's); secondary ones are constructors.
        const constructors = [...classes, ...classes.flatMap((c) => declaredIn(c, name, ctx).filter((s) => s.kind === 'constructor'))];
        const fitting = count === undefined ? constructors : constructors.filter((s) => accepts(s, count));
        return candidates('exact', fitting.length > 0 ? fitting : classes);
      }
      if (site.qualifier !== undefined) return { kind: 'unresolved', reason: 'external', note: `external:${site.qualifier}.${name}` };
      const factory = topLevelCall(name, input, ctx);
      if (factory) return factory;
      if (BUILTIN_FUNCTIONS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
      return { kind: 'unresolved', reason: 'external', note: `external:${name}` };
    }
    if (site.qualifier !== undefined) {
      // `Util.run()`, `Outer.Inner.run()`, `com.acme.Util.run()`.
      const typeName = site.qualifier.slice(site.qualifier.lastIndexOf('.') + 1);
      const classes = kotlinTypesNamed(site.qualifier, site.path, ctx);
      if (classes.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${site.qualifier}` };
      const members = classes.map((c) => membersOf(c, name, ctx));
      const found = members.flatMap((m) => m.found);
      if (found.length === 0 && members.some((m) => m.externalBase)) return { kind: 'unresolved', reason: 'external', note: `external:base of ${typeName}` };
      return candidates('exact', byArity(found, count));
    }
    if (site.receiver === 'super') {
      const [cls] = enclosingClasses(caller, ctx);
      if (!cls) return { kind: 'unresolved', reason: 'missing_target' };
      const members = membersOf(cls, name, ctx, true);
      if (members.found.length === 0 && members.externalBase) return { kind: 'unresolved', reason: 'external', note: 'external:base' };
      return candidates('receiver_type', byArity(members.found, count));
    }
    if (site.receiver === undefined || site.receiver === 'this') {
      // In `fun T.f()`, `this` is the T: its members come first.
      const extended = extendedType(caller, ctx);
      if (extended !== undefined) {
        const bound = onType(extended, name, input, ctx, 'receiver_type');
        // Else the enclosing classes and top-level functions, as for any function; an outside T
        // whose member it must be when the workspace declares no such name answers for it.
        if (bound.kind === 'candidates' || site.receiver === 'this' || (bound.reason === 'external' && !declaredAnywhere(name, ctx))) return bound;
      }
      let externalBase = false;
      for (const cls of enclosingClasses(caller, ctx)) {
        const members = membersOf(cls, name, ctx);
        if (members.found.length > 0) return candidates('receiver_type', byArity(members.found, count));
        externalBase ||= members.externalBase;
        if (site.receiver === 'this') break;
      }
      if (site.receiver === undefined) {
        const top = topLevelCall(name, input, ctx);
        if (top) return top;
        if (BUILTIN_FUNCTIONS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
      }
      if (externalBase) return { kind: 'unresolved', reason: 'external', note: 'external:base' };
      return declaredAnywhere(name, ctx) ? { kind: 'unresolved', reason: 'missing_target' } : NOT_IN_WORKSPACE;
    }
    if (site.receiverType?.endsWith('()')) {
      const chained = chainedType(site.receiverType, site.path, ctx);
      if (chained === 'external') return { kind: 'unresolved', reason: 'external', note: `external:${site.receiverType.split('.')[0]}` };
      if (chained !== undefined) return onType(chained.type, name, { ...input, site: { ...site, path: chained.path } }, ctx, 'receiver_type');
    } else if (site.receiverType !== undefined) return onType(site.receiverType, name, input, ctx, 'receiver_type');
    if (kotlinBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    if (!declaredAnywhere(name, ctx)) return NOT_IN_WORKSPACE;
    const members = ctx.byName(name).filter((s) => isKotlin(s) && (s.kind === 'method' || extensionOn(undefined)(s)));
    return candidates('name_only', byArity(members, count));
  },
};
