// C# binding rules.
//
// A type name is looked up as the compiler would, from the file that writes it: a type of
// the same file, a `using X = A.B.T` alias, then the types of the namespaces in scope: the
// file's namespace and its parents, and every `using A.B;`. A type the workspace declares
// only in namespaces the file does not bring in (a `global using` elsewhere, implicit
// usings) is a candidate at name_only; a name found nowhere is outside the workspace
// (`System.String`, NuGet packages).
//
// - exact 100: `new T()` (the constructor chosen by argument count, or the type when it
//   declares none), `T.M()` through a type name, `M()` through `using static A.B.T`.
// - receiver_type 90: `this.M()`, an unqualified `M()` (the enclosing types and their
//   bases), `base.M()`, and `x.M()` where the adapter read x's type (local, parameter,
//   field, property, `new T()`, a cast), following declared bases; when the type does not
//   declare M, an extension method whose `this` parameter has that type.
// - Overloads: the candidates the argument count can call (optional parameters left out,
//   `params` taking any count from its fixed part); several left is ambiguous_target, as
//   argument types would decide.
// - Receivers of types outside the workspace are external (`external:<Type>`); standard
//   method names (`ToString`, `Add`, `Select`, ...) on receivers of unknown type are builtin;
//   a member the enclosing type lacks while one of its bases is outside the workspace is
//   external (inherited from the library), and so is a name no C# file of the workspace
//   declares (code that compiles gets it from outside).
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { chainResult, membersByName } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const TYPE_KINDS = new Set(['class', 'struct', 'interface', 'enum', 'record']);
const CALLABLE = new Set(['method', 'constructor']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const namespaceOfType = (s: SymbolRecord) => (typeof s.attributes?.namespace === 'string' ? s.attributes.namespace : '');
const isCsharp = (s: SymbolRecord) => s.language === 'csharp';

/** The namespaces visible from a file: its own and their parents, and each `using A.B;`. */
function namespacesInScope(path: string, ctx: ResolveContext): Set<string> {
  return ctx.memo(`csharp-ns:${path}`, () => {
    const visible = new Set<string>(['']);
    for (const s of ctx.symbolsInFile(path)) {
      const ns = namespaceOfType(s);
      for (let cut = ns.length; cut > 0; cut = ns.lastIndexOf('.', cut - 1)) visible.add(ns.slice(0, cut));
    }
    const module = ctx.file(path)?.module;
    for (let cut = module?.length ?? 0; module && cut > 0; cut = module.lastIndexOf('.', cut - 1)) visible.add(module.slice(0, cut));
    for (const fact of ctx.imports(path)) if (fact.imported === '*') visible.add(fact.source);
    return visible;
  });
}

/** One type declared in several files (`partial`) is one target: its first declaration. */
function oneTypePerName(types: SymbolRecord[]): SymbolRecord[] {
  const seen = new Map<string, SymbolRecord>();
  for (const t of [...types].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const key = `${namespaceOfType(t)}|${t.qualified_name}`;
    if (!seen.has(key)) seen.set(key, t);
  }
  return [...seen.values()];
}

/** Every declaration of the types a simple name denotes from `path`, and whether the file's namespaces show them. */
export function csharpTypesNamed(name: string, path: string, ctx: ResolveContext): { types: SymbolRecord[]; visible: boolean } {
  return ctx.memo(`csharp-types:${path}:${name}`, () => typesNamed(name, path, ctx));
}

function typesNamed(name: string, path: string, ctx: ResolveContext): { types: SymbolRecord[]; visible: boolean } {
  const typesCalled = (n: string) => ctx.byName(n).filter((s) => isCsharp(s) && TYPE_KINDS.has(s.kind));
  // `using X = A.B.T;` names T of A.B.
  const alias = ctx.imports(path).find((f) => f.local === name && f.imported !== '*');
  if (alias) return { types: typesCalled(alias.imported).filter((s) => namespaceOfType(s) === alias.source), visible: true };
  const all = typesCalled(name);
  if (all.length === 0) return { types: [], visible: false };
  const here = all.filter((s) => s.file_path === path);
  if (here.length > 0) return { types: here, visible: true };
  const scope = namespacesInScope(path, ctx);
  const visible = all.filter((s) => scope.has(namespaceOfType(s)));
  return visible.length > 0 ? { types: visible, visible: true } : { types: all, visible: false };
}

/** Members named `name` declared directly in one of `types` (the declarations of one type). */
function declaredIn(types: SymbolRecord[], name: string, ctx: ResolveContext): SymbolRecord[] {
  return types.flatMap((t) => membersByName(t, CALLABLE, ctx).get(name) ?? []);
}

/** All declarations of the type a declaration belongs to (its partial parts). */
function partsOf(type: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  const ns = namespaceOfType(type);
  const parts = ctx.byName(type.name).filter((s) => isCsharp(s) && s.kind === type.kind && s.qualified_name === type.qualified_name && namespaceOfType(s) === ns);
  return parts.length > 0 ? parts : [type];
}

interface Members {
  found: SymbolRecord[];
  /** A base on the way is not in the workspace: a member may come from it. */
  externalBase: boolean;
}

/** Members named `name` of `type`, else of its bases (breadth first, nearest wins). */
function membersOf(type: SymbolRecord, name: string, ctx: ResolveContext, skipOwn = false): Members {
  const queue: SymbolRecord[] = [type];
  const seen = new Set<string>();
  let externalBase = false;
  for (let step = 0; queue.length > 0 && step < 16; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    const parts = partsOf(current, ctx);
    for (const p of parts) seen.add(p.id);
    if (!(skipOwn && step === 0)) {
      const own = declaredIn(parts, name, ctx);
      if (own.length > 0) return { found: own, externalBase };
    }
    for (const base of parts.flatMap((p) => p.bases ?? [])) {
      const found = csharpTypesNamed(base, current.file_path, ctx).types;
      if (found.length === 0) externalBase = true;
      queue.push(...found);
    }
  }
  return { found: [], externalBase };
}

/**
 * The overloads `count` arguments can call: from the required parameters up to all of them,
 * and any count from the fixed part of a `params` method (its expanded form); all of them
 * when the count is unknown or none fits. Which of several fits is for the argument types
 * to decide, which the index does not know: they stay candidates (ambiguous_target).
 */
export function byArity(list: SymbolRecord[], count: number | undefined): SymbolRecord[] {
  if (count === undefined || list.length <= 1) return list;
  const fits = list.filter((s) => {
    const arity = Number(s.attributes?.arity ?? NaN);
    if (Number.isNaN(arity)) return true;
    const varargs = s.attributes?.varargs === 'true';
    const required = Number(s.attributes?.required ?? (varargs ? arity - 1 : arity));
    return count >= required && (count <= arity || varargs);
  });
  return fits.length > 0 ? fits : list;
}

/** Enclosing types of a caller, innermost first. */
function enclosingTypes(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord[] {
  const out: SymbolRecord[] = [];
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (TYPE_KINDS.has(s.kind)) out.push(s);
  }
  return out;
}

/** Extension methods named `name` whose `this` parameter is of type `type` (any type when undefined). */
function extensionMethods(name: string, type: string | undefined, ctx: ResolveContext): SymbolRecord[] {
  return ctx.byName(name).filter((s) => isCsharp(s) && s.kind === 'method' && typeof s.attributes?.extends === 'string' && (type === undefined || s.attributes.extends === type));
}

/** A member call on a value of type `type`: its members and its bases', else extension methods on it. */
function onType(type: string, name: string, input: SiteInput, ctx: ResolveContext, tier: ResolutionKind): Binding {
  const { types, visible } = csharpTypesNamed(type, input.site.path, ctx);
  const count = input.site.argumentCount;
  // An extension method is called with its `this` argument written as the receiver.
  const extensions = () => byArity(extensionMethods(name, type, ctx), count === undefined ? undefined : count + 1);
  if (types.length === 0) {
    const ext = extensions();
    return ext.length > 0 ? candidates(tier, ext) : { kind: 'unresolved', reason: 'external', note: `external:${type}` };
  }
  const members = oneTypePerName(types).map((t) => membersOf(t, name, ctx));
  const found = members.flatMap((m) => m.found);
  if (found.length > 0) return candidates(visible ? tier : 'name_only', byArity(found, count));
  const ext = extensions();
  if (ext.length > 0) return candidates(tier, ext);
  if (members.some((m) => m.externalBase)) return { kind: 'unresolved', reason: 'external', note: `external:base of ${type}` };
  return { kind: 'unresolved', reason: 'missing_target' };
}

/**
 * `T.A().B()`: the type the adapter's chain ends in, reading each method's declared result
 * (`attributes.returns`); external when a step's type is not in the workspace.
 */
function chainedType(chain: string, path: string, ctx: ResolveContext): { type: string; path: string } | 'external' | undefined {
  const [base, ...steps] = chain.split('.').map((part) => part.replace(/\(\)$/, ''));
  const end = chainResult(base, steps, path, (type, name, from) => {
    const { types } = csharpTypesNamed(type, from, ctx);
    return types.length === 0 ? 'external' : oneTypePerName(types).flatMap((t) => membersOf(t, name, ctx).found);
  });
  return end === undefined || end === 'external' ? end : { type: end.type, path: end.from };
}

/** `A.B.T`: the type T whose namespace (or enclosing type) is what the path writes before it. */
function typesOfPath(qualifier: string, path: string, ctx: ResolveContext): { types: SymbolRecord[]; visible: boolean } {
  const cut = qualifier.lastIndexOf('.');
  const name = qualifier.slice(cut + 1);
  if (cut < 0) return csharpTypesNamed(name, path, ctx);
  const prefix = qualifier.slice(0, cut);
  const all = ctx.byName(name).filter((s) => isCsharp(s) && TYPE_KINDS.has(s.kind));
  const fits = all.filter((s) => {
    const ns = namespaceOfType(s);
    const full = ns ? `${ns}.${s.qualified_name}` : s.qualified_name;
    return full === qualifier || full.endsWith(`.${qualifier}`) || s.qualified_name === qualifier;
  });
  if (fits.length > 0) return { types: fits, visible: true };
  // `Outer.Inner` where Outer is a type of this file's scope.
  return { types: [], visible: prefix.length === 0 };
}

/** Whether the workspace's C# declares a method, constructor or local function of this name at all. */
const declaredAnywhere = (name: string, ctx: ResolveContext) => ctx.byName(name).some((s) => isCsharp(s) && (CALLABLE.has(s.kind) || s.kind === 'function'));

/**
 * A name no C# file of the workspace declares: code that compiles gets it from outside
 * (a library base class, `using static` of a library type, an extension method of a package).
 */
const NOT_IN_WORKSPACE: Binding = { kind: 'unresolved', reason: 'external', note: 'external:not declared in the workspace' };

export const csharpBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: new Set([
    'ToString', 'Equals', 'GetHashCode', 'GetType', 'Add', 'AddRange', 'Remove', 'RemoveAt', 'Contains', 'ContainsKey', 'TryGetValue',
    'Clear', 'Insert', 'IndexOf', 'Select', 'SelectMany', 'Where', 'ToList', 'ToArray', 'ToDictionary', 'First', 'FirstOrDefault',
    'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'Any', 'All', 'Count', 'OrderBy', 'OrderByDescending', 'ThenBy', 'GroupBy',
    'Distinct', 'Skip', 'Take', 'Sum', 'Max', 'Min', 'Aggregate', 'Concat', 'Cast', 'OfType', 'Dispose', 'DisposeAsync', 'Format',
    'Join', 'Split', 'Trim', 'TrimStart', 'TrimEnd', 'Substring', 'StartsWith', 'EndsWith', 'Replace', 'ToUpper', 'ToLower',
    'ToUpperInvariant', 'ToLowerInvariant', 'Append', 'AppendLine', 'AppendFormat', 'ConfigureAwait', 'GetEnumerator', 'MoveNext',
    'Invoke', 'BeginInvoke', 'CompareTo', 'Wait', 'ContinueWith', 'GetAwaiter', 'GetResult', 'SetResult', 'TrySetResult',
    'ReadToEnd', 'CopyTo', 'Peek', 'Enqueue', 'Dequeue', 'Reverse', 'FindIndex', 'Exists', 'AsSpan', 'AsEnumerable',
    'AsQueryable', 'SequenceEqual', 'HasFlag', 'CompareExchange',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    const count = site.argumentCount;
    if (site.kind === 'new') {
      const { types, visible } = typesOfPath(name, site.path, ctx);
      if (types.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${name}` };
      const tier: ResolutionKind = visible ? 'exact' : 'name_only';
      const unique = oneTypePerName(types);
      // A constructor is named like its type (not like an alias of it).
      const constructors = unique.flatMap((t) => declaredIn(partsOf(t, ctx), t.name, ctx)).filter((s) => s.kind === 'constructor');
      return candidates(tier, constructors.length > 0 ? byArity(constructors, count) : unique);
    }
    if (site.qualifier !== undefined) {
      const { types, visible } = typesOfPath(site.qualifier, site.path, ctx);
      if (types.length === 0) return { kind: 'unresolved', reason: 'external', note: `external:${site.qualifier}` };
      const members = oneTypePerName(types).map((t) => membersOf(t, name, ctx));
      const found = members.flatMap((m) => m.found);
      if (found.length === 0 && members.some((m) => m.externalBase)) return { kind: 'unresolved', reason: 'external', note: `external:base of ${site.qualifier}` };
      return candidates(visible ? 'exact' : 'name_only', byArity(found, count));
    }
    if (site.receiver === 'base') {
      const [type] = enclosingTypes(caller, ctx);
      if (!type) return { kind: 'unresolved', reason: 'missing_target' };
      const members = membersOf(type, name, ctx, true);
      if (members.found.length === 0 && members.externalBase) return { kind: 'unresolved', reason: 'external', note: 'external:base' };
      return candidates('receiver_type', byArity(members.found, count));
    }
    if (site.receiver === undefined || site.receiver === 'this') {
      let externalBase = false;
      for (const type of enclosingTypes(caller, ctx)) {
        const members = membersOf(type, name, ctx);
        if (members.found.length > 0) return candidates('receiver_type', byArity(members.found, count));
        externalBase ||= members.externalBase;
        if (site.receiver === 'this') break;
      }
      if (site.receiver === undefined) {
        // A local function of the same file: the language-neutral same_file tier binds it.
        if (ctx.symbolsInFile(site.path).some((s) => s.kind === 'function' && s.name === name)) return undefined;
        for (const fact of ctx.imports(site.path).filter((f) => f.imported === '*')) {
          const { types } = typesOfPath(fact.source, site.path, ctx);
          const found = oneTypePerName(types).flatMap((t) => membersOf(t, name, ctx).found);
          if (found.length > 0) return candidates('exact', byArity(found, count));
        }
      }
      if (externalBase) return { kind: 'unresolved', reason: 'external', note: 'external:base' };
      return declaredAnywhere(name, ctx) ? { kind: 'unresolved', reason: 'missing_target' } : NOT_IN_WORKSPACE;
    }
    if (site.receiverType?.endsWith('()')) {
      const chained = chainedType(site.receiverType, site.path, ctx);
      if (chained === 'external') return { kind: 'unresolved', reason: 'external', note: `external:${site.receiverType.split('.')[0]}` };
      if (chained !== undefined) return onType(chained.type, name, { ...input, site: { ...site, path: chained.path } }, ctx, 'receiver_type');
    } else if (site.receiverType !== undefined) return onType(site.receiverType, name, input, ctx, 'receiver_type');
    if (csharpBinder.builtinMethods.has(name)) return { kind: 'unresolved', reason: 'builtin' };
    if (!declaredAnywhere(name, ctx)) return NOT_IN_WORKSPACE;
    const members = ctx.byName(name).filter((s) => isCsharp(s) && CALLABLE.has(s.kind) && s.kind === 'method');
    return candidates('name_only', byArity(members, count));
  },
};
