// Scala binding rules.
//
// A type or object name is looked up from the file that writes it: a template of the
// same file, one an import names (`import a.b.C`, `import a.b.{C => D}`; a relative
// `import util.C` counts from any enclosing package), one of the same package (the
// package clauses, FileRecord.module), then wildcard imports (`import a.b._`, `a.b.*`).
// A name found nowhere is outside the workspace (`scala.collection`, libraries).
// Members are methods whose owner is the template; a class and its companion object
// share the name, so a path call `T.m()` prefers the object's members and a typed
// receiver the class's, and each falls back to the other.
//
// - exact 100: `new T(...)` (the class), `T(...)` (the companion's `apply`, else the
//   case class), `T.m()` through an object's name, and `m()` imported from an object
//   (`import Util._`, `import Util.run`).
// - receiver_type 90: `this.m()`, an unqualified `m()` (the parent of an anonymous class
//   around it, `new T { m() }`, then the enclosing templates and their bases),
//   `super.m()` (the bases), and `x.m()` where the adapter inferred x's type (parameter,
//   class parameter, typed or initialised val, field, `T.make()`'s declared result, a
//   chain of those), following the bases when the type does not declare m.
// - package 80: an unqualified `f()` naming a package-level function (a package object's,
//   or a top-level `def`) of the file's package.
// - Overloads: the candidates whose parameter count fits the argument count of the first
//   argument list; when that leaves several, ambiguous_target.
// - Unresolved: Predef and standard constructors (`println`, `require`, `List(...)`,
//   `Some(x)`) are `builtin`, as are standard methods (`map`, `getOrElse`) on receivers of
//   unknown type; a bare name the enclosing templates lack while one of their bases lies
//   outside the workspace (`assertEquals` in a test suite) is `external`, as is a type
//   or object the workspace does not declare.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, isMember } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const TEMPLATE_KINDS = new Set(['class', 'trait', 'module', 'enum']);
const CALLABLE = new Set(['method', 'function']);

const PREDEF = new Set([
  'println', 'print', 'printf', 'require', 'assert', 'assume', 'identity', 'implicitly', 'locally', 'classOf', 'summon',
  'Some', 'Option', 'List', 'Seq', 'IndexedSeq', 'Vector', 'Map', 'Set', 'Array', 'Left', 'Right', 'Try', 'Success',
  'Failure', 'Future', 'Promise', 'Iterator', 'StringBuilder', 'BigInt', 'BigDecimal', 'Range', 'ListBuffer',
  'ArrayBuffer', 'Tuple2', 'Tuple3', 'Either', 'Nil', 'Duration', 'Exception', 'RuntimeException',
  'IllegalArgumentException', 'IllegalStateException', 'String', 'Object', 'Thread', 'Some',
]);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const scalaOnly = (list: SymbolRecord[]) => list.filter((s) => s.language === 'scala');
const packageOf = (path: string, ctx: ResolveContext) => ctx.file(path)?.module ?? '';
/** `a.b` names package `p` written from package `from`: absolutely, or relative to an enclosing package. */
const namesPackage = (written: string, p: string) => p === written || p.endsWith(`.${written}`);

/** Templates named `name` that `path` sees; empty when the workspace declares none it sees. */
export function scalaTypesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  return ctx.memo(`scala-types:${path}:${name}`, () => {
    const cut = name.lastIndexOf('.');
    if (cut > 0) {
      // `scopt.OptionParser`: a path written out, from any package that holds it.
      const written = name.slice(0, cut);
      const simple = name.slice(cut + 1);
      return scalaOnly(ctx.byName(simple)).filter((s) => TEMPLATE_KINDS.has(s.kind) && namesPackage(written, packageOf(s.file_path, ctx)));
    }
    const imports = ctx.imports(path);
    const alias = imports.find((f) => f.local === name && f.imported !== '*' && f.imported !== name);
    const wanted = alias ? alias.imported : name;
    const all = scalaOnly(ctx.byName(wanted)).filter((s) => TEMPLATE_KINDS.has(s.kind));
    if (all.length === 0) return [];
    const here = all.filter((s) => s.file_path === path);
    if (here.length > 0) return here;
    const inPackage = (s: SymbolRecord, source: string) => {
      const pkg = packageOf(s.file_path, ctx);
      const outer = s.qualified_name.includes('.') ? `.${s.qualified_name.slice(0, s.qualified_name.lastIndexOf('.'))}` : '';
      return namesPackage(source, `${pkg}${outer}`);
    };
    const single = imports.filter((f) => f.local === name && f.imported !== '*');
    if (single.length > 0) {
      const found = all.filter((s) => single.some((f) => inPackage(s, f.source)));
      if (found.length > 0) return found;
    }
    const own = packageOf(path, ctx);
    const samePackage = all.filter((s) => packageOf(s.file_path, ctx) === own && !s.qualified_name.includes('.'));
    if (samePackage.length > 0) return samePackage;
    const wildcards = imports.filter((f) => f.imported === '*');
    return all.filter((s) => wildcards.some((f) => inPackage(s, f.source)));
  });
}

interface Lookup {
  members: SymbolRecord[];
  /** A base lies outside the workspace. */
  outside: boolean;
  /** The workspace declares the type. */
  known: boolean;
}

/** Methods named `name` owned by one of `types` (or extension methods on their name). */
function declaredIn(types: SymbolRecord[], typeName: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  const ids = new Set(types.map((t) => t.id));
  // The declared name, not the written one: `H` of `import a.{Helper => H}` is Helper.
  const owner = types[0]?.name ?? typeName;
  return scalaOnly(ctx.byName(name)).filter(
    (s) => CALLABLE.has(s.kind) && s.owner_type === owner && ((s.parent_id !== null && ids.has(s.parent_id)) || s.attributes?.extension === 'true'),
  );
}

/** Members named `name` of type `type` seen from `path`, else of its bases (breadth first, nearest wins). */
function lookupMember(type: string, name: string, path: string, ctx: ResolveContext, options: { skipOwn?: boolean; statics?: boolean } = {}): Lookup {
  const queue: Array<{ type: string; from: string }> = [{ type, from: path }];
  const seen = new Set<string>();
  let outside = false;
  let known = false;
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.type)) continue;
    seen.add(current.type);
    const declared = scalaTypesNamed(current.type, current.from, ctx);
    if (step === 0) known = declared.length > 0;
    if (declared.length === 0) outside = true;
    if (!(options.skipOwn && step === 0)) {
      const own = declaredIn(declared, current.type, name, ctx);
      if (own.length > 0) {
        // A class and its companion share the name: a path call means the object's members.
        const preferred = own.filter((s) => (s.attributes?.static === 'true') === (options.statics === true));
        return { members: preferred.length > 0 ? preferred : own, outside, known };
      }
    }
    for (const decl of declared) for (const base of decl.bases ?? []) queue.push({ type: base, from: decl.file_path });
  }
  return { members: [], outside, known };
}

/** The overloads that fit `count` arguments; all of them when none does. */
function byArity(list: SymbolRecord[], count: number | undefined): SymbolRecord[] {
  if (count === undefined || list.length <= 1) return list;
  const arity = (s: SymbolRecord) => Number(s.attributes?.arity ?? NaN);
  const fixed = list.filter((s) => Number.isNaN(arity(s)) || arity(s) === count);
  if (fixed.length > 0) return fixed;
  const variable = list.filter((s) => s.attributes?.varargs === 'true' && count >= arity(s) - 1);
  return variable.length > 0 ? variable : list;
}

/** Templates around a caller, innermost first (an extension method's owner too), and whether each is an object. */
function enclosingTemplates(caller: SymbolRecord, ctx: ResolveContext): Array<{ name: string; object: boolean }> {
  const out: Array<{ name: string; object: boolean }> = [];
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (TEMPLATE_KINDS.has(s.kind) && s.attributes?.test_block === undefined) out.push({ name: s.name, object: s.kind === 'module' });
    else if (s.owner_type !== undefined && !out.some((t) => t.name === s!.owner_type)) out.push({ name: s.owner_type, object: s.attributes?.static === 'true' });
  }
  return out;
}

/** `T.a().b()`: the type the chain ends in (chainResult); the base type may be a path (`scopt.OptionParser.opt()`). */
function resultOf(chain: string, path: string, ctx: ResolveContext): { type: string; from: string } | undefined {
  const parts = chain.split('.');
  const first = parts.findIndex((part) => part.endsWith('()'));
  const steps = parts.slice(first).map((part) => part.replace(/\(\)$/, ''));
  // Members are looked up in the workspace only: a chain never ends outside it here.
  const end = chainResult(parts.slice(0, first).join('.'), steps, path, (type, name, from) => lookupMember(type, name, from, ctx, { statics: true }).members);
  return end === 'external' ? undefined : end;
}

function onType(type: string, from: string, input: SiteInput, ctx: ResolveContext, tier: ResolutionKind, statics: boolean): Binding {
  const { site } = input;
  const found = lookupMember(type, site.calleeName, from, ctx, { statics });
  if (found.members.length > 0) return candidates(tier, byArity(found.members, site.argumentCount));
  if (!found.known || found.outside) return { kind: 'unresolved', reason: 'external', note: `external:${type}` };
  return { kind: 'unresolved', reason: 'missing_target' };
}

/** `T(...)` without `new`: the companion's apply, else the (case) class itself. */
function construct(input: SiteInput, ctx: ResolveContext): Binding {
  const { site } = input;
  const name = site.calleeName;
  const types = scalaTypesNamed(site.qualifier === undefined ? name : `${site.qualifier}.${name}`, site.path, ctx);
  if (types.length === 0) return { kind: 'unresolved', reason: PREDEF.has(name) ? 'builtin' : 'external', note: `external:${name}` };
  if (site.specifier.startsWith('new ')) return candidates('exact', types.filter((t) => t.kind === 'class'));
  const apply = lookupMember(name, 'apply', site.path, ctx, { statics: true }).members.filter((s) => s.attributes?.static === 'true');
  if (apply.length > 0) return candidates('exact', byArity(apply, site.argumentCount));
  const classes = types.filter((t) => t.kind === 'class');
  return candidates('exact', innermost(classes.length > 0 ? classes : types, input.caller, ctx));
}

/** Of same-named local types (a case class declared in each of two methods), the ones declared around the caller. */
function innermost(types: SymbolRecord[], caller: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  if (types.length < 2) return types;
  const around = new Set<string>();
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) around.add(s.id);
  const local = types.filter((t) => t.parent_id !== null && around.has(t.parent_id));
  return local.length > 0 ? local : types;
}

/** `m()` brought in by `import Util._` or `import Util.m` from a workspace object. */
function imported(input: SiteInput, ctx: ResolveContext): Binding | undefined {
  const { site } = input;
  for (const fact of ctx.imports(site.path)) {
    if (fact.local !== site.calleeName && fact.imported !== '*') continue;
    const object = fact.source.slice(fact.source.lastIndexOf('.') + 1);
    if (!/^\p{Lu}/u.test(object)) continue;
    const name = fact.imported === '*' ? site.calleeName : fact.imported;
    const found = lookupMember(object, name, site.path, ctx, { statics: true });
    if (found.members.length > 0) return candidates('exact', byArity(found.members, site.argumentCount));
    if (fact.local === site.calleeName) return { kind: 'unresolved', reason: found.known ? 'missing_target' : 'external', note: found.known ? undefined : `external:${object}` };
  }
  return undefined;
}

export const scalaBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: new Set([
    'map', 'flatMap', 'foreach', 'filter', 'filterNot', 'collect', 'collectFirst', 'fold', 'foldLeft', 'foldRight', 'reduce',
    'getOrElse', 'orElse', 'isEmpty', 'nonEmpty', 'isDefined', 'get', 'head', 'tail', 'headOption', 'lastOption', 'last',
    'size', 'length', 'mkString', 'toString', 'toList', 'toSeq', 'toMap', 'toSet', 'toArray', 'toVector', 'toIndexedSeq',
    'contains', 'exists', 'forall', 'find', 'count', 'zip', 'zipWithIndex', 'take', 'drop', 'takeWhile', 'dropWhile',
    'sortBy', 'sorted', 'sortWith', 'groupBy', 'partition', 'distinct', 'reverse', 'sum', 'max', 'min', 'maxBy', 'minBy',
    'updated', 'append', 'prepend', 'equals', 'hashCode', 'copy', 'stripPrefix', 'stripSuffix', 'split', 'trim',
    'startsWith', 'endsWith', 'replace', 'replaceAll', 'format', 'substring', 'indexOf', 'charAt', 'toInt', 'toLong',
    'toDouble', 'toLowerCase', 'toUpperCase', 'recover', 'recoverWith', 'onComplete', 'andThen', 'compose', 'success',
    'failure', 'put', 'remove', 'clear', 'add', 'addAll', 'keys', 'values', 'iterator', 'next', 'hasNext', 'asScala',
    'asJava', 'getClass', 'isInstanceOf', 'asInstanceOf', 'flatten', 'transform', 'grouped', 'sliding', 'slice',
    'indices', 'lift', 'unzip', 'view', 'result', 'foreachEntry', 'getOrElseUpdate', 'update', 'close', 'toOption',
    'fold', 'mapValues', 'filterKeys', 'withFilter', 'padTo', 'diff', 'intersect', 'union', 'concat', 'apply',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    if (site.kind === 'new') return construct(input, ctx);
    if (site.qualifier !== undefined) {
      const type = site.qualifier.slice(site.qualifier.lastIndexOf('.') + 1);
      return onType(type, site.path, input, ctx, 'exact', true);
    }
    if (site.receiver === 'super') {
      const [type] = enclosingTemplates(caller, ctx);
      if (!type) return { kind: 'unresolved', reason: 'missing_target' };
      const found = lookupMember(type.name, name, site.path, ctx, { skipOwn: true });
      if (found.members.length > 0) return candidates('receiver_type', byArity(found.members, site.argumentCount));
      return { kind: 'unresolved', reason: found.outside ? 'external' : 'missing_target' };
    }
    if (site.receiver === undefined && site.receiverType !== undefined) {
      // A bare name in an anonymous class's body: its parent's members first.
      const found = lookupMember(site.receiverType, name, site.path, ctx);
      if (found.members.length > 0) return candidates('receiver_type', byArity(found.members, site.argumentCount));
    }
    if (site.receiver === undefined || site.receiver === 'this') {
      let outside = false;
      for (const type of enclosingTemplates(caller, ctx)) {
        // In an object its own members come first, in a class the class's (a companion shares the name).
        const found = lookupMember(type.name, name, site.path, ctx, { statics: type.object });
        if (found.members.length > 0) return candidates('receiver_type', byArity(found.members, site.argumentCount));
        outside ||= found.outside;
        if (site.receiver === 'this') break;
      }
      if (site.receiver === 'this') return { kind: 'unresolved', reason: outside ? 'external' : 'missing_target' };
      const fromImport = imported(input, ctx);
      if (fromImport) return fromImport;
      const own = packageOf(site.path, ctx);
      const packaged = scalaOnly(ctx.byName(name)).filter((s) => {
        if (s.kind !== 'function' || s.owner_type !== undefined) return false;
        const pkg = typeof s.attributes?.package === 'string' ? s.attributes.package : packageOf(s.file_path, ctx);
        return own === pkg || own.startsWith(`${pkg}.`);
      });
      if (packaged.length > 0) return candidates('package', byArity(packaged, site.argumentCount));
      if (PREDEF.has(name)) return { kind: 'unresolved', reason: 'builtin' };
      if (outside || scalaOnly(ctx.byName(name)).length === 0) return { kind: 'unresolved', reason: 'external' };
      return { kind: 'unresolved', reason: 'missing_target' };
    }
    if (site.receiverType !== undefined) {
      const typed = site.receiverType.endsWith('()') ? resultOf(site.receiverType, site.path, ctx) : { type: site.receiverType, from: site.path };
      // A result type is looked up from the file that declares the method.
      if (typed !== undefined) return onType(typed.type, typed.from, input, ctx, 'receiver_type', false);
    }
    if (scalaBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    return candidates('name_only', scalaOnly(ctx.byName(name)).filter((s) => isMember(s) && CALLABLE.has(s.kind)));
  },
};
