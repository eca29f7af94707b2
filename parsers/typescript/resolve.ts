// TypeScript / JavaScript binding rules.
//
// - exact 100: a name bound by an ES import to a workspace file resolves to the symbol
//   that file exports under the imported name, following `export {x as f} from`,
//   `export * from` chains and barrel index files. Relative specifiers are probed with
//   .ts .tsx .d.ts .mts .cts .js .jsx .mjs .cjs and /index.*; a `.js` specifier also
//   tries the `.ts`/`.tsx` source. Namespace imports (`import * as ns`; `ns.f()`) and
//   static members of an imported or same-file class (`Foo.create()`) are exact too:
//   the path names exactly one target.
// - receiver_type 90: `this.m()` → method m of the enclosing class, then of its base
//   classes; `super.m()` → of the base classes only; `x.m()` where the adapter inferred x's type.
// - namespace 80: members of a TS `namespace` reached through its name.
// - package 80: not used.
// Bare specifiers (`@app/util`, `zod/v4`) lead into the workspace the way the compiler
// takes them: through the `paths` aliases of the nearest tsconfig.json/jsconfig.json
// above the importing file (its `extends` chain folded in), then its `baseUrl`, then the
// `exports` of the nearest package.json when the specifier names that package (a package
// importing itself). Anything else (`react`, `node:fs`) is outside the workspace: calls
// through it are external, with the import source in the note. Runtime globals
// (`Array.isArray`, `new Map`, `console.log`) not shadowed locally, and standard methods on
// receivers of unknown type (`then`, `push`, `map`), are builtin.
import { posix } from 'node:path';
import type { ImportFact, ModuleConfigFact } from '../../contracts/facts.js';
import { PACKAGE_MANIFEST_NAME, TSCONFIG_FILE_NAMES } from './module-config.js';
import type { SymbolRecord } from '../../contracts/graph.js';
import { isMember, isMemberCallable } from '../resolution.js';
import { aliasTargets } from './module-aliases.js';
import { isCallRecipe, recipeTypes, type RecipeLookups } from './recipes.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';
import type { StoredCallSite } from '../../contracts/resolve.js';

const PROBE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const JS_TO_TS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const TYPE_KINDS = new Set(['class', 'interface', 'type_alias', 'enum']);
/** What a call or `new` can target: never an interface or a type alias (they have no runtime value). */
const CALL_KINDS = new Set(['function', 'class', 'constant', 'variable', 'method', 'constructor']);
const VALUE_KINDS = new Set(['constant', 'variable']);
/**
 * Runtime globals: a call to one of these names, or a member call on one, targets the
 * runtime unless the file imports or declares the name itself.
 */
const RUNTIME_GLOBALS = new Set([
  'Array', 'ArrayBuffer', 'AbortController', 'Atomics', 'BigInt', 'BigInt64Array', 'BigUint64Array', 'Boolean', 'Buffer',
  'DataView', 'Date', 'Error', 'EvalError', 'FinalizationRegistry', 'Float32Array', 'Float64Array', 'Function', 'Int8Array',
  'Int16Array', 'Int32Array', 'Intl', 'JSON', 'Map', 'Math', 'Number', 'Object', 'Promise', 'Proxy', 'RangeError',
  'ReferenceError', 'Reflect', 'RegExp', 'Set', 'SharedArrayBuffer', 'String', 'Symbol', 'SyntaxError', 'TextDecoder',
  'TextEncoder', 'TypeError', 'URIError', 'URL', 'URLSearchParams', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array',
  'Uint32Array', 'WeakMap', 'WeakRef', 'WeakSet', 'console', 'globalThis', 'window', 'document', 'process', 'performance',
  'crypto', 'queueMicrotask', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
  'structuredClone', 'fetch', 'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent',
  'encodeURI', 'decodeURI', 'atob', 'btoa', 'require', 'module', 'exports',
  // the web platform's globals (browsers, and Node 18+)
  'AbortSignal', 'AggregateError', 'Blob', 'BroadcastChannel', 'CompressionStream', 'CustomEvent', 'DecompressionStream',
  'DOMException', 'Event', 'EventTarget', 'File', 'FormData', 'Headers', 'MessageChannel', 'ReadableStream', 'Request',
  'Response', 'TextDecoderStream', 'TextEncoderStream', 'TransformStream', 'WebSocket', 'WritableStream', 'navigator',
  'location', 'localStorage', 'sessionStorage', 'requestAnimationFrame', 'cancelAnimationFrame',
]);
const MAX_BASE_DEPTH = 8;

/** `excluded`: a missing target lies in a folder the index leaves out. */
export type ModuleTarget = { kind: 'file'; path: string } | { kind: 'external'; source: string } | { kind: 'missing'; source: string; excluded?: string };

/**
 * What specifier resolution needs to know: which files exist and the module configuration
 * files (tsconfig.json, jsconfig.json, package.json) at a path. The indexer answers from the
 * store; review answers from stats and the configuration files it captured.
 */
export type SpecifierContext = Pick<ResolveContext, 'file' | 'config'> & Partial<Pick<ResolveContext, 'memo' | 'excludedFolder'>>;

/** Extensions of JavaScript files: a specifier that leads to one crosses from TypeScript into JavaScript. */
export const JAVASCRIPT_EXTENSIONS = ['.js', '.jsx', '.mjs', '.cjs'];

/**
 * Where an import specifier written in `fromPath` points: the one TypeScript specifier
 * resolver, shared by the indexer and review.
 */
export function resolveModule(fromPath: string, source: string, ctx: SpecifierContext): ModuleTarget {
  return ctx.memo ? ctx.memo(`module\0${fromPath}\0${source}`, () => resolveSpecifier(fromPath, source, ctx)) : resolveSpecifier(fromPath, source, ctx);
}

function resolveSpecifier(fromPath: string, source: string, ctx: SpecifierContext): ModuleTarget {
  if (!source.startsWith('./') && !source.startsWith('../') && source !== '.' && source !== '..') {
    const configured = configuredModule(fromPath, source, ctx);
    return configured === undefined ? { kind: 'external', source } : { kind: 'file', path: configured };
  }
  const base = posix.normalize(posix.join(posix.dirname(fromPath), source)).replace(/\/$/, '');
  if (base.startsWith('../') || base === '..') return { kind: 'missing', source };
  const excluded = ctx.excludedFolder?.(base);
  return probeModule(base, ctx) ?? (excluded === undefined ? { kind: 'missing', source } : { kind: 'missing', source, excluded });
}

/** The workspace file a module path (no specifier syntax left) names, by the compiler's probing order. */
function probeModule(base: string, ctx: SpecifierContext): ModuleTarget | undefined {
  const candidates: string[] = [];
  const ext = posix.extname(base);
  for (const ts of JS_TO_TS[ext] ?? []) candidates.push(base.slice(0, -ext.length) + ts);
  if (ext !== '') candidates.push(base);
  for (const e of PROBE_EXTENSIONS) candidates.push(base + e);
  for (const e of PROBE_EXTENSIONS) candidates.push(`${base}/index${e}`);
  for (const candidate of candidates) {
    if (ctx.file(candidate)) return { kind: 'file', path: candidate };
  }
  return undefined;
}

/** Configuration files resolution may consult for a bare specifier written in `fromPath`, nearest folder first. */
export function configCandidates(fromPath: string): string[] {
  const out: string[] = [];
  for (let dir = posix.dirname(fromPath); ; dir = posix.dirname(dir)) {
    for (const name of [...TSCONFIG_FILE_NAMES, PACKAGE_MANIFEST_NAME]) out.push(dir === '.' ? name : `${dir}/${name}`);
    if (dir === '.' || dir === '/' || dir === '') return out;
  }
}

/** The nearest of `names` in `fromPath`'s folder or an ancestor folder within the workspace. */
function nearestConfig(fromPath: string, names: readonly string[], ctx: SpecifierContext): ModuleConfigFact | undefined {
  for (let dir = posix.dirname(fromPath); ; dir = posix.dirname(dir)) {
    for (const name of names) {
      const found = ctx.config(dir === '.' ? name : `${dir}/${name}`);
      if (found) return found;
    }
    if (dir === '.' || dir === '/' || dir === '') return undefined;
  }
}

function probeTargets(targets: readonly string[], ctx: SpecifierContext): string | undefined {
  for (const target of targets) {
    const found = probeModule(target, ctx);
    if (found?.kind === 'file') return found.path;
  }
  return undefined;
}

/** A bare specifier mapped into the workspace by tsconfig `paths`/`baseUrl` or a package's own `exports`. */
function configuredModule(fromPath: string, source: string, ctx: SpecifierContext): string | undefined {
  const tsconfig = nearestConfig(fromPath, TSCONFIG_FILE_NAMES, ctx);
  if (tsconfig) {
    const aliased = aliasTargets(tsconfig.aliases, source);
    const found = aliased && probeTargets(aliased, ctx);
    if (found) return found;
    if (tsconfig.baseUrl !== undefined) {
      const underBase = probeTargets([posix.join(tsconfig.baseUrl, source)], ctx);
      if (underBase) return underBase;
    }
  }
  const manifest = nearestConfig(fromPath, [PACKAGE_MANIFEST_NAME], ctx);
  if (manifest?.name !== undefined && (source === manifest.name || source.startsWith(`${manifest.name}/`))) {
    const exported = aliasTargets(manifest.aliases, source);
    if (exported) return probeTargets(exported, ctx);
  }
  return undefined;
}

const isDefaultExport = (s: SymbolRecord) => {
  const a = s.attributes;
  return a !== undefined && (a.default === 'true' || a.export === 'default');
};

/**
 * Symbols a file exports under `name`, following re-exports. A default import with no
 * symbol marked as the default export (`attributes.default`) falls back to the exported
 * top-level symbol named like the local binding (`import foo from './foo'` and
 * `export default function foo`), which is how default exports are usually named.
 */
export function exportedSymbols(path: string, name: string, ctx: ResolveContext, seen = new Set<string>(), localName?: string, wantType = false): SymbolRecord[] {
  // A walk already under way (re-export chains) depends on what it has seen: only whole walks are memoised.
  if (seen.size > 0) return exportedSymbolsNow(path, name, ctx, seen, localName, wantType);
  return ctx.memo(`exported\0${path}\0${name}\0${localName ?? ''}\0${wantType}`, () => exportedSymbolsNow(path, name, ctx, seen, localName, wantType));
}

function exportedSymbolsNow(path: string, name: string, ctx: ResolveContext, seen: Set<string>, localName: string | undefined, wantType: boolean): SymbolRecord[] {
  const prefer = wantType ? preferTypes : preferCallable;
  const key = `${path}\0${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const symbols = ctx.symbolsInFile(path).filter((s) => s.parent_id === null);
  const flagged = symbols.some((s) => s.exported !== undefined);
  const exportedAs = (wanted: string) => symbols.filter((s) => s.name === wanted && (s.exported === true || (!flagged && s.exported === undefined)));
  let found: SymbolRecord[] = name === 'default' ? symbols.filter(isDefaultExport) : exportedAs(name);
  if (found.length === 0 && name === 'default' && localName !== undefined) found = exportedAs(localName);
  if (found.length > 0) return prefer(found);

  const results: SymbolRecord[] = [];
  for (const fact of ctx.imports(path)) {
    if (!fact.reexport) continue;
    const star = fact.imported === '*' && fact.local === '*';
    if (!star && fact.local !== name) continue;
    if (star && name === 'default') continue;
    const wanted = star ? name : fact.imported;
    if (fact.source === '') {
      // `export { a as b }`: a local symbol, or what an import binding of this file names.
      const local = symbols.filter((s) => s.name === wanted);
      const binding = local.length === 0 ? importBinding(path, wanted, ctx) : undefined;
      if (binding && binding.imported !== '*') {
        const target = resolveModule(path, binding.source, ctx);
        if (target.kind === 'file') results.push(...exportedSymbols(target.path, binding.imported, ctx, seen, undefined, wantType));
      }
      results.push(...local);
      continue;
    }
    const target = resolveModule(path, fact.source, ctx);
    if (target.kind === 'file') results.push(...exportedSymbols(target.path, wanted, ctx, seen, undefined, wantType));
  }
  return prefer(results);
}

function preferCallable(symbols: SymbolRecord[]): SymbolRecord[] {
  if (symbols.length < 2) return symbols;
  const callable = symbols.filter((s) => s.kind === 'function' || s.kind === 'class');
  if (callable.length > 0) return callable;
  const values = symbols.filter((s) => VALUE_KINDS.has(s.kind));
  return values.length > 0 ? values : symbols;
}

/** For a type position: the types among same-named declarations (`interface X` beside `const X`). */
function preferTypes(symbols: SymbolRecord[]): SymbolRecord[] {
  const types = symbols.filter((s) => TYPE_KINDS.has(s.kind));
  return types.length > 0 ? types : symbols;
}

/** The targets a call may have among `symbols`: interfaces and type aliases declare no value. */
const callTargets = (symbols: SymbolRecord[]) => symbols.filter((s) => CALL_KINDS.has(s.kind));

/**
 * Overload declarations of one member (an interface's `pipe(...)` signatures, numbered
 * `pipe`, `pipe#2`, ...) are one target: keep the first of each (parent, name) group when
 * the candidates are a single group.
 */
export function oneOverloadGroup(candidates: SymbolRecord[]): SymbolRecord[] {
  if (candidates.length < 2) return candidates;
  const first = candidates[0];
  if (!candidates.every((c) => c.parent_id === first.parent_id && c.name === first.name && c.file_path === first.file_path)) return candidates;
  return [[...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]];
}

/** `x` of `x`, `x.y.z`; undefined for computed or call receivers. */
function receiverRoot(receiver: string): string | undefined {
  const root = receiver.split('.')[0];
  return /^[A-Za-z_$][\w$]*$/.test(root) ? root : undefined;
}

/** The local bindings ES imports introduce in a file (re-exports introduce none). */
function importBinding(path: string, local: string, ctx: ResolveContext): ImportFact | undefined {
  return ctx.imports(path).find((f) => !f.reexport && f.local === local);
}

/** What a local name refers to in a file: an import target, a same-file top-level symbol, or nothing known. */
type LocalMeaning =
  | { kind: 'symbols'; symbols: SymbolRecord[]; via: 'import' | 'file' }
  | { kind: 'namespace_import'; path: string }
  | { kind: 'external'; source: string }
  | { kind: 'missing'; source: string; excluded?: string }
  | { kind: 'unknown' };

function localMeaning(path: string, name: string, ctx: ResolveContext, wantType = false): LocalMeaning {
  return ctx.memo(`meaning\0${path}\0${name}\0${wantType}`, () => localMeaningNow(path, name, ctx, wantType));
}

function localMeaningNow(path: string, name: string, ctx: ResolveContext, wantType: boolean): LocalMeaning {
  const fact = importBinding(path, name, ctx);
  if (fact) {
    const target = resolveModule(path, fact.source, ctx);
    if (target.kind !== 'file') return target;
    if (fact.imported === '*') return { kind: 'namespace_import', path: target.path };
    const symbols = exportedSymbols(target.path, fact.imported, ctx, new Set(), fact.local, wantType);
    if (symbols.length === 0) {
      const namespace = namespaceReexport(target.path, fact.imported, ctx);
      if (namespace) return namespace;
    }
    return { kind: 'symbols', symbols, via: 'import' };
  }
  const local = ctx.symbolsInFile(path).filter((s) => s.parent_id === null && s.name === name);
  return local.length > 0 ? { kind: 'symbols', symbols: local, via: 'file' } : { kind: 'unknown' };
}

/** What a type name written in `path` refers to: `T`, or `ns.T` through a namespace import. */
function typeMeaning(path: string, typeName: string, ctx: ResolveContext): LocalMeaning {
  const parts = typeName.split('.');
  if (parts.length === 1) return localMeaning(path, typeName, ctx, true);
  if (parts.length !== 2) return { kind: 'unknown' };
  const outer = localMeaning(path, parts[0], ctx);
  if (outer.kind === 'external' || outer.kind === 'missing') return outer;
  if (outer.kind === 'namespace_import') return { kind: 'symbols', symbols: exportedSymbols(outer.path, parts[1], ctx, new Set(), undefined, true), via: 'import' };
  return { kind: 'unknown' };
}

/** `export * as name from './x'` (directly or through `export *` chains): a namespace. */
function namespaceReexport(path: string, name: string, ctx: ResolveContext, seen = new Set<string>()): LocalMeaning | undefined {
  if (seen.has(path)) return undefined;
  seen.add(path);
  for (const fact of ctx.imports(path)) {
    if (fact.reexport && fact.source === '' && fact.local === name) {
      // `import * as z from './x'; export { z }`, or a named import of a namespace re-exported on.
      const binding = importBinding(path, fact.imported, ctx);
      if (!binding) continue;
      const target = resolveModule(path, binding.source, ctx);
      if (binding.imported === '*') return target.kind === 'file' ? { kind: 'namespace_import', path: target.path } : target;
      if (target.kind === 'file') {
        const found = namespaceReexport(target.path, binding.imported, ctx, seen);
        if (found) return found;
      }
      continue;
    }
    if (!fact.reexport || fact.imported !== '*' || fact.source === '') continue;
    if (fact.local !== name && fact.local !== '*') continue;
    const target = resolveModule(path, fact.source, ctx);
    if (fact.local === name) return target.kind === 'file' ? { kind: 'namespace_import', path: target.path } : target;
    if (target.kind === 'file') {
      const found = namespaceReexport(target.path, name, ctx, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** Methods named `name` declared by class `cls` or (depth-first) its bases. */
function methodsOf(cls: SymbolRecord, name: string, ctx: ResolveContext, depth = 0): SymbolRecord[] {
  const own = ctx.symbolsInFile(cls.file_path).filter((s) => s.name === name && s.parent_id === cls.id);
  if (own.length > 0 || depth >= MAX_BASE_DEPTH) return own;
  const implemented = cls.attributes?.implements;
  for (const base of cls.bases ?? []) {
    // A class declares every member of the types it implements itself (a method, or a field cairn does not model).
    if (Array.isArray(implemented) && implemented.includes(base)) continue;
    const meaning = typeMeaning(cls.file_path, base, ctx);
    if (meaning.kind !== 'symbols') continue;
    for (const baseClass of meaning.symbols.filter((s) => TYPE_KINDS.has(s.kind))) {
      const inherited = methodsOf(baseClass, name, ctx, depth + 1);
      if (inherited.length > 0) return inherited;
    }
  }
  return [];
}

function enclosingClass(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord | undefined {
  let current: SymbolRecord | undefined = caller;
  while (current) {
    if (current.kind === 'class') return current;
    current = current.parent_id === null ? undefined : ctx.symbol(current.parent_id);
  }
  return undefined;
}

const external = (source: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${source}` });
/** An import that leads to no indexed file: `excluded` when it leads into a folder the index leaves out. */
const missingImport = (target: { source: string; excluded?: string }): Binding =>
  target.excluded === undefined
    ? { kind: 'unresolved', reason: 'missing_target', note: `unresolved import:${target.source}` }
    : { kind: 'unresolved', reason: 'excluded', note: `excluded folder:${target.excluded}` };

/**
 * What a dotted value path written in `path` refers to (`z.coerce`, `ns.inner`): namespaces
 * reached through namespace imports, re-exported namespaces and TS `namespace` declarations.
 */
function dottedMeaning(path: string, dotted: string, ctx: ResolveContext): LocalMeaning {
  const parts = dotted.split('.');
  let meaning = localMeaning(path, parts[0], ctx);
  for (const part of parts.slice(1)) {
    if (meaning.kind === 'namespace_import') {
      const exported = exportedSymbols(meaning.path, part, ctx);
      meaning = exported.length > 0 ? { kind: 'symbols', symbols: exported, via: 'import' } : (namespaceReexport(meaning.path, part, ctx) ?? { kind: 'unknown' });
    } else if (meaning.kind === 'symbols') {
      const namespaces = meaning.symbols.filter((s) => s.kind === 'namespace' || s.kind === 'module');
      const members = namespaces.flatMap((ns) => ctx.symbolsInFile(ns.file_path).filter((s) => s.parent_id === ns.id && s.name === part));
      meaning = members.length > 0 ? { kind: 'symbols', symbols: members, via: 'file' } : { kind: 'unknown' };
    } else {
      return meaning;
    }
  }
  return meaning;
}

/** Tiers a recipe may build on: the callee of each step must be certain. */
const CERTAIN_TIERS = new Set(['exact', 'receiver_type', 'namespace', 'same_file']);

/** The lookups recipes need, each through the ResolveContext. */
function recipeLookups(ctx: ResolveContext): RecipeLookups {
  return {
    types(path, name) {
      const meaning = typeMeaning(path, name, ctx);
      if (meaning.kind === 'external') return { external: meaning.source };
      return meaning.kind === 'symbols' ? meaning.symbols.filter((s) => TYPE_KINDS.has(s.kind)) : undefined;
    },
    methods: (type, name) => methodsOf(type, name, ctx),
    callees(path, callee, kind, caller) {
      const dot = callee.lastIndexOf('.');
      const name = callee.slice(dot + 1);
      const site = { ord: -1, path, language: 'typescript', callerId: caller.id, callerSlot: 0, calleeName: name, specifier: callee, kind, line: 0, column: 0 } as StoredCallSite;
      if (dot >= 0) site.receiver = callee.slice(0, dot);
      const bound = typescriptBinder.bind({ site, caller }, ctx);
      if (bound === undefined) {
        // A plain call of a function declared in this file.
        if (dot >= 0) return undefined;
        const wanted = kind === 'new' ? 'class' : 'function';
        return ctx.symbolsInFile(path).filter((s) => s.parent_id === null && s.name === name && s.kind === wanted);
      }
      if (bound.kind === 'unresolved') return bound.note?.startsWith('external:') ? { external: bound.note.slice('external:'.length) } : undefined;
      if (!CERTAIN_TIERS.has(bound.tier)) return undefined;
      const group = oneOverloadGroup(bound.candidates);
      // Overloads of one function (`f`, `f#2`): every declaration of the group states its own types.
      return group.length === 1 ? bound.candidates.filter((c) => c.parent_id === group[0].parent_id && c.name === group[0].name && c.file_path === group[0].file_path) : undefined;
    },
  };
}

function memberOf(meaning: LocalMeaning, name: string, ctx: ResolveContext): Binding | undefined {
  switch (meaning.kind) {
    case 'external':
      return external(meaning.source);
    case 'missing':
      return missingImport(meaning);
    case 'namespace_import':
      return { kind: 'candidates', tier: 'exact', candidates: callTargets(exportedSymbols(meaning.path, name, ctx)) };
    case 'symbols': {
      const classes = meaning.symbols.filter((s) => s.kind === 'class');
      if (classes.length > 0) {
        return { kind: 'candidates', tier: 'exact', candidates: classes.flatMap((c) => methodsOf(c, name, ctx)) };
      }
      const namespaces = meaning.symbols.filter((s) => s.kind === 'namespace' || s.kind === 'module');
      if (namespaces.length > 0) {
        const members = namespaces.flatMap((ns) => ctx.symbolsInFile(ns.file_path).filter((s) => s.parent_id === ns.id && s.name === name));
        return { kind: 'candidates', tier: 'namespace', candidates: callTargets(members) };
      }
      // A constant holding an object literal: its methods are its children.
      const values = meaning.symbols.filter((s) => VALUE_KINDS.has(s.kind));
      // A value with a declared type (`const p: Provider = {...}`): the type's member is the target.
      const declared = values.map((v) => v.attributes?.type).find((t): t is string => typeof t === 'string');
      if (declared !== undefined && isCallRecipe(declared)) {
        // `export const s = make()`: the declared result of the initialiser's call chain.
        const typed = recipeTypes(values[0].file_path, declared, values[0], recipeLookups(ctx));
        if (typed.kind === 'external') return external(typed.source);
        const methods = typed.kind === 'types' ? typed.types.flatMap((t) => methodsOf(t, name, ctx)) : [];
        if (methods.length > 0) return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methods) };
      } else if (declared !== undefined) {
        const declaredMeaning = typeMeaning(values[0].file_path, declared, ctx);
        if (declaredMeaning.kind === 'external') return external(declaredMeaning.source);
        const types = declaredMeaning.kind === 'symbols' ? declaredMeaning.symbols.filter((s) => TYPE_KINDS.has(s.kind)) : [];
        const methods = types.flatMap((t) => methodsOf(t, name, ctx));
        if (methods.length > 0) return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methods) };
        return { kind: 'unresolved', reason: 'missing_target', note: `member of value:${values[0].name}` };
      }
      if (values.length > 0) {
        const members = values.flatMap((v) => ctx.symbolsInFile(v.file_path).filter((s) => s.parent_id === v.id && s.name === name));
        if (members.length > 0) return { kind: 'candidates', tier: 'exact', candidates: callTargets(members) };
        return { kind: 'unresolved', reason: 'missing_target', note: `member of value:${values[0].name}` };
      }
      // An import of a workspace file whose member cairn does not model: no name guess.
      if (meaning.via === 'import') return { kind: 'unresolved', reason: 'missing_target' };
      return undefined;
    }
    case 'unknown':
      return undefined;
  }
}

/**
 * The symbols of `named` a bare name written at the site sees: those declared in the
 * innermost scope around the site that declares any (the top level last); none of
 * those declared inside a function the site is not in. Scopes are told by position:
 * a call inside a callback belongs to no symbol, yet it sees the locals of the
 * function the callback is written in.
 */
function innermost(named: SymbolRecord[], site: StoredCallSite, ctx: ResolveContext): SymbolRecord[] {
  if (named.every((s) => s.parent_id === null)) return named;
  let best: SymbolRecord[] = [];
  let bestSpan = Infinity;
  for (const s of named) {
    const scope = s.parent_id === null ? undefined : ctx.symbol(s.parent_id);
    if (s.parent_id !== null && (!scope || !encloses(scope, site))) continue;
    const span = scope ? scope.end_byte - scope.start_byte : Infinity;
    if (span < bestSpan || best.length === 0) {
      best = [s];
      bestSpan = span;
    } else if (span === bestSpan) best.push(s);
  }
  return best;
}

const encloses = (scope: SymbolRecord, site: StoredCallSite) =>
  (scope.start_line < site.line || (scope.start_line === site.line && scope.start_column <= site.column)) &&
  (site.line < scope.end_line || (site.line === scope.end_line && site.column <= scope.end_column));

/** `super(...)`: the constructor of the enclosing class's base (inherited constructors count). */
function bindSuper(caller: SymbolRecord, ctx: ResolveContext): Binding {
  const cls = enclosingClass(caller, ctx);
  const base = cls?.bases?.[0];
  if (!cls || base === undefined) return { kind: 'unresolved', reason: 'missing_target' };
  const meaning = localMeaning(cls.file_path, base, ctx);
  if (meaning.kind === 'external') return external(meaning.source);
  if (meaning.kind !== 'symbols') {
    // `super(message)` in a class extending Error, Map, EventTarget: the runtime's own constructor.
    if (meaning.kind === 'unknown' && RUNTIME_GLOBALS.has(base)) return { kind: 'unresolved', reason: 'builtin', note: `base:${base}` };
    return { kind: 'unresolved', reason: 'missing_target', note: `base:${base}` };
  }
  const classes = meaning.symbols.filter((s) => s.kind === 'class');
  const constructors = classes.flatMap((c) => methodsOf(c, 'constructor', ctx).filter((m) => m.kind === 'constructor'));
  return { kind: 'candidates', tier: 'exact', candidates: oneOverloadGroup(constructors) };
}

/** `super.m()`: method m of the enclosing class's base, or of the base's own bases. */
function bindSuperMember(caller: SymbolRecord, name: string, ctx: ResolveContext): Binding {
  const cls = enclosingClass(caller, ctx);
  const base = cls?.bases?.[0];
  if (!cls || base === undefined) return { kind: 'unresolved', reason: 'missing_target' };
  const meaning = localMeaning(cls.file_path, base, ctx);
  if (meaning.kind === 'external') return external(meaning.source);
  if (meaning.kind !== 'symbols') {
    if (meaning.kind === 'unknown' && RUNTIME_GLOBALS.has(base)) return { kind: 'unresolved', reason: 'builtin', note: `base:${base}` };
    return { kind: 'unresolved', reason: 'missing_target', note: `base:${base}` };
  }
  const methods = meaning.symbols.filter((s) => s.kind === 'class').flatMap((c) => methodsOf(c, name, ctx));
  return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methods) };
}

/** A member call on a receiver of unknown type: the only class or interface member of that name. */
function memberByName(name: string, ctx: ResolveContext, builtin: ReadonlySet<string>): Binding {
  if (builtin.has(name)) return { kind: 'unresolved', reason: 'builtin' };
  // Methods of object literals (no owner type) are never guessed: their receiver is a value cairn does not type.
  const members = ctx.byName(name).filter((s) => isMemberCallable(s) && s.owner_type !== undefined);
  return { kind: 'candidates', tier: 'name_only', candidates: oneOverloadGroup(members) };
}

/**
 * Declared object shapes whose members cairn indexes only when they are methods: when one
 * extends nothing, a member that is no method is a property.
 */
const PROPERTY_BAGS: ReadonlySet<string> = new Set(['type_alias', 'interface']);

const BUILTIN_METHODS = new Set([
  // Array, String, Map/Set, Promise, Object, JSON, console, iterators, DOM-ish events
  'push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'concat', 'join', 'map', 'filter', 'reduce', 'reduceRight',
  'forEach', 'find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every', 'includes', 'indexOf', 'lastIndexOf',
  'sort', 'reverse', 'flat', 'flatMap', 'fill', 'keys', 'values', 'entries', 'at', 'toString', 'toLocaleString',
  'valueOf', 'split', 'trim', 'trimStart', 'trimEnd', 'replace', 'replaceAll', 'match', 'matchAll', 'startsWith',
  'endsWith', 'padStart', 'padEnd', 'toLowerCase', 'toUpperCase', 'charAt', 'charCodeAt', 'codePointAt', 'substring',
  'substr', 'repeat', 'normalize', 'localeCompare', 'get', 'set', 'has', 'delete', 'clear', 'add', 'then', 'catch',
  'finally', 'call', 'apply', 'bind', 'hasOwnProperty', 'log', 'warn', 'error', 'info', 'debug', 'next', 'return',
  'throw', 'stringify', 'parse', 'assign', 'freeze', 'test', 'exec', 'toFixed', 'toISOString', 'getTime', 'setTime', 'emit', 'on',
  'once', 'off', 'addEventListener', 'removeEventListener', 'write', 'end', 'resolve', 'reject', 'all', 'allSettled', 'race',
  // web streams, fetch headers and bodies, abort signals, event emitters
  'append', 'enqueue', 'getReader', 'releaseLock', 'pipeThrough', 'pipeTo', 'tee', 'getWriter', 'abort', 'throwIfAborted',
  'getSetCookie', 'setHeader', 'getHeader', 'removeHeader', 'formData', 'arrayBuffer', 'removeListener', 'addListener',
  'removeAllListeners', 'prependListener', 'listeners', 'dispatchEvent',
]);

export const typescriptBinder: LanguageBinder = {
  selfReceivers: new Set(['this']),
  builtinMethods: BUILTIN_METHODS,
  bind({ site, caller }, ctx) {
    const name = site.calleeName;
    const receiver = site.receiver ?? site.qualifier;

    if (receiver === undefined && name === 'super' && site.kind === 'call') return bindSuper(caller, ctx);
    if (receiver === 'super') return bindSuperMember(caller, name, ctx);
    if (receiver === 'this') {
      const cls = enclosingClass(caller, ctx);
      if (!cls) return { kind: 'unresolved', reason: 'missing_target' };
      return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methodsOf(cls, name, ctx)) };
    }
    if (receiver !== undefined && site.receiverType !== undefined && isCallRecipe(site.receiverType)) {
      // A receiver typed through declared return or callback parameter types; no answer falls through.
      const typed = recipeTypes(site.path, site.receiverType, caller, recipeLookups(ctx));
      if (typed.kind === 'external') return external(typed.source);
      const methods = typed.kind === 'types' ? typed.types.flatMap((t) => methodsOf(t, name, ctx)) : [];
      if (methods.length > 0) return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methods) };
    } else if (receiver !== undefined && site.receiverType !== undefined) {
      const meaning = typeMeaning(site.path, site.receiverType, ctx);
      if (meaning.kind === 'external') return external(meaning.source);
      const types = meaning.kind === 'symbols' ? meaning.symbols.filter((s) => TYPE_KINDS.has(s.kind)) : [];
      if (types.length > 0) {
        const methods = types.flatMap((t) => methodsOf(t, name, ctx));
        if (methods.length > 0) return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(methods) };
        // An object type with no method of that name (`opts.createContext()`, options declared as a
        // type or interface): the call goes through a property holding a function value.
        if (types.every((t) => PROPERTY_BAGS.has(t.kind) && (t.bases ?? []).length === 0)) return { kind: 'unresolved', reason: 'indirect_call', note: `property of ${site.receiverType}` };
        return { kind: 'unresolved', reason: 'missing_target', note: `no member ${name} in ${site.receiverType}` };
      }
      if (meaning.kind === 'unknown' && !RUNTIME_GLOBALS.has(site.receiverType)) {
        const owned = ctx.byName(name).filter((s) => isMember(s) && s.owner_type === site.receiverType);
        if (owned.length > 0) return { kind: 'candidates', tier: 'receiver_type', candidates: oneOverloadGroup(owned) };
      }
    }
    if (receiver !== undefined) {
      const root = receiverRoot(receiver);
      if (root === undefined) return memberByName(name, ctx, BUILTIN_METHODS);
      const meaning = localMeaning(site.path, root, ctx);
      if (meaning.kind === 'unknown' && RUNTIME_GLOBALS.has(root)) return { kind: 'unresolved', reason: 'builtin', note: `global:${root}` };
      if (root !== receiver) {
        if (meaning.kind === 'external') return external(meaning.source);
        // `z.coerce.number()`: a member of a namespace reached through a namespace.
        const inner = dottedMeaning(site.path, receiver, ctx);
        if (inner.kind !== 'unknown') return memberOf(inner, name, ctx) ?? memberByName(name, ctx, BUILTIN_METHODS);
        return memberByName(name, ctx, BUILTIN_METHODS);
      }
      return memberOf(meaning, name, ctx) ?? memberByName(name, ctx, BUILTIN_METHODS);
    }

    const fact = importBinding(site.path, name, ctx);
    if (!fact) {
      const named = ctx.memo(`named\0${site.path}\0${name}`, () => ctx.symbolsInFile(site.path).filter((s) => s.name === name && !isMember(s)));
      // A function declared inside another function is seen only there, and hides one of its name outside.
      const local = innermost(named, site, ctx);
      if (local.length === 0) {
        if (RUNTIME_GLOBALS.has(name)) return { kind: 'unresolved', reason: 'builtin', note: `global:${name}` };
        // Only locals of other functions bear the name: the callee is one cairn does not model (`function loop() { loop() }`).
        if (named.length > 0) return { kind: 'unresolved', reason: 'missing_target', note: `not in scope:${name}` };
        return undefined;
      }
      if (local.some((s) => s.kind === 'function' || s.kind === 'class')) {
        // The engine's same_file rule sees every function of the file: when some are out of scope, choose here.
        if (local.length === named.length) return undefined;
        const fits = site.kind === 'new' ? (s: SymbolRecord) => s.kind === 'function' || s.kind === 'class' : (s: SymbolRecord) => s.kind === 'function';
        return { kind: 'candidates', tier: 'same_file', candidates: local.filter(fits) };
      }
      // A top-level constant of this file (`export const X = make()`), unless a function of that name exists.
      const values = local.filter((s) => VALUE_KINDS.has(s.kind) && s.parent_id === null);
      if (values.length > 0) return { kind: 'candidates', tier: 'same_file', candidates: values };
      // A value local to a function around the caller hides the functions of its name elsewhere in the file.
      if (local.length < named.length) return { kind: 'unresolved', reason: 'indirect_call', note: `local value:${name}` };
      // Only a type of the name here (`interface Error`): the call is the runtime's (`new Error()`).
      if (RUNTIME_GLOBALS.has(name)) return { kind: 'unresolved', reason: 'builtin', note: `global:${name}` };
      return undefined;
    }
    const target = resolveModule(site.path, fact.source, ctx);
    if (target.kind === 'external') return external(target.source);
    if (target.kind === 'missing') return missingImport(target);
    if (fact.imported === '*') return { kind: 'unresolved', reason: 'missing_target' };
    const exported = exportedSymbols(target.path, fact.imported, ctx, new Set(), fact.local);
    const candidates = callTargets(exported);
    if (candidates.length === 0 && exported.length > 0) return { kind: 'unresolved', reason: 'missing_target', note: `no value:${fact.imported}` };
    return { kind: 'candidates', tier: 'exact', candidates };
  },
};
