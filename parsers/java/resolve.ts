// Java binding rules.
//
// A type name is looked up as javac would, from the file that writes it: a type of the
// same file, a single-type import (`import a.b.T`), a type of the same package (the
// package clause, FileRecord.module), then wildcard imports (`import a.b.*`). A name
// found nowhere is outside the workspace (`java.lang.String`, libraries).
//
// - exact 100: `new T()` (the constructor chosen as overloads are, or the class when it
//   declares none); `T.m()` through a class name; a static import `import static a.b.C.m`.
// - receiver_type 90: `this.m()`, an unqualified `m()` (the enclosing classes), `super.m()`
//   (the bases), and `x.m()` where the adapter inferred x's type (field, parameter,
//   local, `new T()`), following the declared bases when the type does not declare m.
// - Overloads: javac's choice (overloads.ts) by argument count and the argument types
//   the adapter read (literals, `new T()`, casts, declared names); when that leaves
//   several, ambiguous_target.
// - Receivers of types outside the workspace are external (`external:<Type>`); standard
//   methods (`equals`, `toString`, ...) on receivers of unknown type are builtin.
// Spring, Feign and gRPC framework sites are bound by spring.ts.
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, isMember } from '../resolution.js';
import { bindFrameworkSite } from './spring-resolve.js';
import { chooseOverload, UNKNOWN_ARGUMENT, type Ancestry } from './overloads.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput, StoredCallSite } from '../../contracts/resolve.js';

const CLASS_KINDS = new Set(['class', 'interface', 'enum', 'record']);
const CALLABLE = new Set(['method', 'constructor']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });

const javaClasses = (name: string, ctx: ResolveContext) => ctx.byName(name).filter((s) => s.language === 'java' && CLASS_KINDS.has(s.kind));
const moduleOf = (path: string, ctx: ResolveContext) => ctx.file(path)?.module;

/** Classes a simple type name denotes from file `path`; `external` when the workspace has none. */
export function javaTypesNamed(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  return ownTreeFirst(typesNamedAnywhere(name, path, ctx), path);
}

const topDir = (path: string) => path.split('/', 1)[0];

/**
 * A repository that ships one package twice (guava's android/ and guava/ trees) gives
 * every class two definitions; a caller compiles against the copy in its own
 * top-level tree, so when exactly that narrows the choice, it wins.
 */
function ownTreeFirst(types: SymbolRecord[], path: string): SymbolRecord[] {
  if (types.length < 2) return types;
  const own = types.filter((s) => topDir(s.file_path) === topDir(path));
  return own.length > 0 ? own : types;
}

function typesNamedAnywhere(name: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  const all = javaClasses(name, ctx);
  if (all.length === 0) return [];
  const here = all.filter((s) => s.file_path === path);
  if (here.length > 0) return here;
  const imports = ctx.imports(path);
  const single = imports.find((f) => f.local === name && f.imported !== '*');
  if (single) {
    const source = single.source;
    // `import a.b.T` (package a.b) or `import a.b.Outer.T` (nested in Outer of some package).
    return all.filter((s) => moduleOf(s.file_path, ctx) === source || `${moduleOf(s.file_path, ctx)}.${s.qualified_name}` === `${source}.${name}`);
  }
  const pkg = moduleOf(path, ctx);
  const samePackage = all.filter((s) => moduleOf(s.file_path, ctx) === pkg);
  if (samePackage.length > 0) return samePackage;
  const wildcards = new Set(imports.filter((f) => f.imported === '*').map((f) => f.source));
  return all.filter((s) => wildcards.has(moduleOf(s.file_path, ctx) ?? '\0'));
}

/** Members named `name` declared directly in `cls`. */
function declaredIn(cls: SymbolRecord, name: string, ctx: ResolveContext): SymbolRecord[] {
  return ctx.symbolsInFile(cls.file_path).filter((s) => s.parent_id === cls.id && s.name === name && CALLABLE.has(s.kind));
}

/** `#name(String,int)`: what an overriding method shares with the method it overrides. */
const signature = (s: SymbolRecord) => s.id.slice(s.id.lastIndexOf('#'));

/**
 * Members named `name` of `cls` and its bases (breadth first). For a call site, every
 * overload the class has, declared or inherited, as javac sees them: an inherited one
 * whose signature a nearer class declares is overridden, a private one of another file
 * is not visible (`translate(cs)` on a class that declares only `translate(cs, i, out)`
 * is the base class's one-argument `translate`; `isAssignable(Type, Type)` is the
 * public one beside a private `isAssignable(Type, Class)`). Without a site (a chain's
 * declared results), the nearest class's members.
 */
function membersOf(cls: SymbolRecord, name: string, ctx: ResolveContext, skipOwn = false, site?: StoredCallSite): SymbolRecord[] {
  const queue = [cls];
  const seen = new Set<string>();
  const found: SymbolRecord[] = [];
  const signatures = new Set<string>();
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    seen.add(current.id);
    if (!(skipOwn && current === cls)) {
      const own = declaredIn(current, name, ctx);
      if (site === undefined && own.length > 0) return own;
      for (const member of own) {
        if (signatures.has(signature(member))) continue;
        signatures.add(signature(member));
        if (site === undefined || member.attributes?.private !== 'true' || member.file_path === site.path) found.push(member);
      }
    }
    for (const base of current.bases ?? []) queue.push(...javaTypesNamed(base, current.file_path, ctx));
  }
  return found;
}

/**
 * The overloads of `list` that a site's arguments may reach (overloads.ts); all of them
 * when the site does not say how many arguments it passes.
 */
function forSite(list: SymbolRecord[], site: StoredCallSite, ctx: ResolveContext): SymbolRecord[] {
  if (site.argumentCount === undefined || list.length === 0) return list;
  const args = site.argumentTypes ?? new Array<string>(site.argumentCount).fill(UNKNOWN_ARGUMENT);
  return chooseOverload(list, args, (type) => ancestryOf(type, site.path, ctx));
}

/** Supertypes the language gives a kind of class without their being written. */
const IMPLICIT_BASES: Record<string, readonly string[]> = {
  enum: ['Enum', 'Comparable', 'Serializable', 'Constable'],
  record: ['Record'],
};

/**
 * The supertypes of the one workspace class `type` names from `path`, followed through
 * the declared bases; undefined when the name is no workspace class or several.
 */
function ancestryOf(type: string, path: string, ctx: ResolveContext): Ancestry | undefined {
  return ctx.memo(`java-ancestry\0${path}\0${type}`, () => {
    const classes = javaTypesNamed(type, path, ctx);
    if (classes.length !== 1) return undefined;
    const names = new Set<string>([type]);
    let closed = true;
    const queue = [classes[0]];
    const seen = new Set<string>();
    for (let step = 0; queue.length > 0 && step < 32; step++) {
      const current = queue.shift()!;
      if (seen.has(current.id)) continue;
      seen.add(current.id);
      for (const base of IMPLICIT_BASES[current.kind] ?? []) names.add(base);
      for (const base of current.bases ?? []) {
        names.add(base);
        if (base === 'Object') continue;
        const found = javaTypesNamed(base, current.file_path, ctx);
        if (found.length === 0) closed = false;
        queue.push(...found);
      }
    }
    return { names, closed: closed && queue.length === 0 };
  });
}

/** Enclosing classes of a caller, innermost first. */
function enclosingClasses(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (CLASS_KINDS.has(s.kind)) out.push(s);
  }
  return out;
}

/**
 * `T.a().b()`: the type the adapter's chain ends in, reading each method's declared result
 * (`attributes.returns`); undefined when a step is not in the workspace or not one type.
 */
function chainedType(chain: string, path: string, ctx: ResolveContext): { type: string; path: string } | 'external' | undefined {
  const [base, ...steps] = chain.split('.').map((part) => part.replace(/\(\)$/, ''));
  const end = chainResult(base, steps, path, (type, name, from) => {
    const classes = javaTypesNamed(type, from, ctx);
    return classes.length === 0 ? 'external' : classes.flatMap((c) => membersOf(c, name, ctx));
  });
  return end === undefined || end === 'external' ? end : { type: end.type, path: end.from };
}

function onType(type: string, name: string, input: SiteInput, ctx: ResolveContext, tier: ResolutionKind): Binding {
  const classes = javaTypesNamed(type, input.site.path, ctx);
  if (classes.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${type}` };
  const members = classes.flatMap((c) => membersOf(c, name, ctx, false, input.site));
  return candidates(tier, forSite(members, input.site, ctx));
}

export const javaBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: new Set([
    'equals', 'hashCode', 'toString', 'getClass', 'get', 'put', 'add', 'addAll', 'remove', 'contains', 'containsKey', 'size',
    'isEmpty', 'iterator', 'stream', 'map', 'filter', 'collect', 'forEach', 'append', 'length', 'charAt', 'substring',
    'indexOf', 'startsWith', 'endsWith', 'trim', 'split', 'format', 'valueOf', 'compareTo', 'orElse', 'isPresent',
    'close', 'println', 'print', 'clear', 'keySet', 'values', 'entrySet', 'getKey', 'getValue', 'next', 'hasNext',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    if (site.relationship !== undefined && site.relationship !== 'calls') return bindFrameworkSite(input, ctx);
    const name = site.calleeName;
    if (site.kind === 'new') {
      const classes = javaTypesNamed(name, site.path, ctx);
      if (classes.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${name}` };
      const constructors = classes.flatMap((c) => declaredIn(c, name, ctx).filter((s) => s.kind === 'constructor'));
      return candidates('exact', constructors.length > 0 ? forSite(constructors, site, ctx) : classes);
    }
    if (site.qualifier !== undefined) {
      const type = site.qualifier.slice(site.qualifier.lastIndexOf('.') + 1);
      return onType(type, name, input, ctx, 'exact');
    }
    if (site.receiver === 'super') {
      const [cls] = enclosingClasses(caller, ctx);
      if (!cls) return { kind: 'unresolved', reason: 'missing_target' };
      return candidates('receiver_type', forSite(membersOf(cls, name, ctx, true, site), site, ctx));
    }
    if (site.receiver === undefined || site.receiver === 'this') {
      for (const cls of enclosingClasses(caller, ctx)) {
        const members = membersOf(cls, name, ctx, false, site);
        if (members.length > 0) return candidates('receiver_type', forSite(members, site, ctx));
        if (site.receiver === 'this') break;
      }
      if (site.receiver === undefined) {
        const statics = ctx.imports(site.path).filter((f) => (f.local === name || f.imported === '*') && /(^|\.)\p{Lu}[^.]*$/u.test(f.source));
        for (const fact of statics) {
          const type = fact.source.slice(fact.source.lastIndexOf('.') + 1);
          const bound = onType(type, name, input, ctx, 'exact');
          if (bound.kind === 'candidates' && bound.candidates.length > 0) return bound;
          if (fact.local === name) return bound;
        }
      }
      return { kind: 'unresolved', reason: 'missing_target' };
    }
    if (site.receiverType?.endsWith('()')) {
      const chained = chainedType(site.receiverType, site.path, ctx);
      if (chained === 'external') return { kind: 'unresolved', reason: 'external', note: `external:${site.receiverType.split('.')[0]}` };
      if (chained !== undefined) {
        const classes = javaTypesNamed(chained.type, chained.path, ctx);
        if (classes.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${chained.type}` };
        return candidates('receiver_type', forSite(classes.flatMap((c) => membersOf(c, name, ctx, false, site)), site, ctx));
      }
    } else if (site.receiverType !== undefined) return onType(site.receiverType, name, input, ctx, 'receiver_type');
    if (javaBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    return candidates('name_only', ctx.byName(name).filter((s) => s.language === 'java' && isMember(s) && s.kind === 'method'));
  },
};
