// Go binding rules.
//
// A package is a directory; FileFacts.module holds the file's package clause. A
// directory's import path is read from the nearest go.mod at or above it (its module
// path, then the folders below it; under a `vendor/` folder, what follows it), and an
// import path names exactly the directories whose import path it is. Outside any
// module (no go.mod above), an import path maps to the workspace directory that ends
// with it (`k8s.io/api/core/v1` -> `staging/src/k8s.io/api/core/v1/`), or that it ends
// with (`github.com/spf13/cobra/doc` -> `doc/`); the workspace root answers an import
// path whose last segment is its package name; the longest match wins.
//
// - exact 100: `pkg.F()` through an import when exactly one function F lives in the
//   imported package's directory.
// - receiver_type 90: `x.M()` where the adapter inferred x's type (parameter, `var x T`,
//   `x := T{}` / `&T{}` / `NewT()` with NewT's declared result, a struct field's
//   declared type, a method's declared result, an element of a slice or map or a map's
//   key, of a named slice or map type too): methods
//   `T::M` of the package that declares T, promoted ones through embedded fields, or
//   the method of an interface T. A call through a field of a known struct (of a func
//   type or a named function type) is indirect_call.
// - package 80: a plain `F()` bound to a function of the same directory and package
//   clause (this file included), or of a dot-imported package.
// - a plain `f()` naming no function, type or builtin of the package is a call through a
//   variable, parameter or field of function type: indirect_call.
// - Go's builtins (`len`, `append`, ...) not shadowed in the package are builtin;
//   a conversion to a package's own type (`byName(x)`) is a `references` edge to it, not a call;
//   calls into packages that are not in the workspace are external
//   (`external:<import path>`), and so are methods of values the standard library declares
//   (`http.DefaultClient.Do()`, stdlib-types.ts) and method calls whose name no workspace
//   type or interface declares (methods live in their type's package); methods of common
//   standard interfaces on receivers of unknown type (`Error`, `Lock`, ...): builtin.
// - a conversion to a standard library type (`time.Duration(x)`) is no call: the adapter
//   makes it a `references` site, which leaves no record outside the workspace.
// - a file no current toolchain builds (`//go:build !go1.18`, `ignore`: toolchain-inactive.ts)
//   declares stand-ins: no other file binds to them (their own calls still do), and an alias
//   (`type L = types.TypeParamList`) has the methods of the type it names, outside or not.
// - not calls: a type a function names is a `references` edge to it (package 80, exact 100
//   through an import), and a method declared in another file than its type is contained
//   by it (a `contains` edge from the type, exact 100).
import { posix } from 'node:path';
import { GO_MODULE_FILE_NAME } from './module-config.js';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { isMember } from '../resolution.js';
import { isStandardPackage } from './stdlib-types.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const BUILTINS = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'panic',
  'print', 'println', 'real', 'recover',
  // conversions to predeclared types
  'bool', 'byte', 'rune', 'string', 'error', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16',
  'uint32', 'uint64', 'uintptr', 'float32', 'float64', 'complex64', 'complex128', 'any',
]);
const TYPE_KINDS = new Set(['struct', 'interface', 'typedef', 'type_alias']);

const isExported = (name: string) => /^\p{Lu}/u.test(name);

const dirOf = (path: string) => {
  const dir = posix.dirname(path);
  return dir === '.' ? '' : dir;
};

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const external = (source: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${source}` });
/** `T(x)` converts, it calls nothing: a `references` edge to the type, never a missing call. */
const conversion = (types: SymbolRecord[]): Binding => ({ kind: 'candidates', tier: 'package', candidates: types, relationship: 'references' });

/** The nearest go.mod at or above a workspace directory: its folder and module path. */
function nearestModule(dir: string, ctx: ResolveContext): { dir: string; path: string } | undefined {
  for (let d = dir; ; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') {
    const module = ctx.config(d === '' ? GO_MODULE_FILE_NAME : `${d}/${GO_MODULE_FILE_NAME}`);
    if (module?.kind === 'gomod' && module.name) return { dir: d, path: module.name };
    if (d === '') return undefined;
  }
}

/** The import path of a workspace directory by the nearest go.mod at or above it; undefined outside any module. */
function importPathOfDir(dir: string, ctx: ResolveContext): string | undefined {
  const vendored = `/${dir}`.lastIndexOf('/vendor/');
  if (vendored >= 0) return `/${dir}`.slice(vendored + '/vendor/'.length);
  const module = nearestModule(dir, ctx);
  if (module === undefined) return undefined;
  return module.dir === dir ? module.path : `${module.path}/${module.dir === '' ? dir : dir.slice(module.dir.length + 1)}`;
}

/** How well a directory answers an import path: the matched length, or -1. */
function matchLength(importPath: string, dir: string, file: SymbolRecord, ctx: ResolveContext): number {
  const known = importPathOfDir(dir, ctx);
  if (known !== undefined) return known === importPath ? importPath.length + 1 : -1;
  if (dir === '') {
    const last = importPath.slice(importPath.lastIndexOf('/') + 1);
    return ctx.file(file.file_path)?.module === last ? 0 : -1;
  }
  // `staging/src/k8s.io/api/core/v1` holds `k8s.io/api/core/v1` whole (vendored or staged copies).
  if (dir === importPath || dir.endsWith(`/${importPath}`)) return importPath.length;
  // `doc` under a module root answers `github.com/spf13/cobra/doc`.
  if (importPath.endsWith(`/${dir}`)) return dir.length;
  return -1;
}

/** A symbol of a file no current toolchain builds (`//go:build !go1.18`; the Go adapter marks them). */
const isInactive = (s: SymbolRecord) => s.attributes?.inactive !== undefined;

/** True when the file at `path` is one no current toolchain builds: its own calls may bind to its stand-ins. */
const inInactiveFile = (path: string, ctx: ResolveContext) => ctx.memo(`go-inactive:${path}`, () => ctx.symbolsInFile(path).some(isInactive));

/** Symbols among `list` that live in the directory an import path maps to (longest match). */
function inImportedPackage(importPath: string, list: SymbolRecord[], ctx: ResolveContext): SymbolRecord[] {
  let best = -1;
  let found: SymbolRecord[] = [];
  for (const s of list) {
    if (isInactive(s)) continue;
    const length = matchLength(importPath, dirOf(s.file_path), s, ctx);
    if (length < 0 || length < best) continue;
    if (length > best) {
      best = length;
      found = [];
    }
    found.push(s);
  }
  return found;
}

/** Symbols among `list` in the same package as `path`: same directory and package clause. */
function inSamePackage(path: string, list: SymbolRecord[], ctx: ResolveContext): SymbolRecord[] {
  const dir = dirOf(path);
  const pkg = ctx.file(path)?.module;
  const own = list.filter((s) => dirOf(s.file_path) === dir && ctx.file(s.file_path)?.module === pkg);
  if (!own.some(isInactive)) return own;
  // A stand-in's own calls bind to its fellow stand-ins first; every other file's, never to one.
  const shims = own.filter(isInactive);
  return inInactiveFile(path, ctx) && shims.length > 0 ? shims : own.filter((s) => !isInactive(s));
}

const goSymbols = (name: string, ctx: ResolveContext) => ctx.byName(name).filter((s) => s.language === 'go');
const goFunctions = (name: string, ctx: ResolveContext) => goSymbols(name, ctx).filter((s) => s.kind === 'function' && !isMember(s));

function importOf(local: string, path: string, ctx: ResolveContext): string | undefined {
  return ctx.imports(path).find((f) => f.local === local)?.source;
}

/** Functions named `name` reachable as `qualifier.name` from `path`, or an external note. */
function qualifiedFunction(qualifier: string, name: string, path: string, ctx: ResolveContext): Binding | undefined {
  const source = importOf(qualifier, path, ctx);
  if (source === undefined) return undefined;
  const found = inImportedPackage(source, goFunctions(name, ctx), ctx);
  if (found.length > 0) return candidates('exact', found);
  const types = inImportedPackage(source, goSymbols(name, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx);
  if (types.length > 0) return conversion(types);
  // A package of the file's own module declares no function or type of this name: in code
  // that compiles it is a variable of function type (`var TestData = func() string {...}`).
  if (inOwnModule(source, path, ctx)) return { kind: 'unresolved', reason: 'indirect_call', note: 'function value' };
  return external(source);
}

/** True when `importPath` lies in the module of the file at `path` (its nearest go.mod; not a vendored copy). */
function inOwnModule(importPath: string, path: string, ctx: ResolveContext): boolean {
  if (`/${dirOf(path)}`.includes('/vendor/')) return false;
  const module = nearestModule(dirOf(path), ctx)?.path;
  return module !== undefined && (importPath === module || importPath.startsWith(`${module}/`));
}

/**
 * A type named in a function (`T`, `pkg.T`): its declaration, in the package or one it
 * imports from the workspace; outside the workspace there is nothing to point at.
 */
function typeUse(qualifier: string | undefined, name: string, path: string, ctx: ResolveContext): Binding {
  const types = goSymbols(name, ctx).filter((s) => TYPE_KINDS.has(s.kind));
  if (qualifier !== undefined) {
    const source = importOf(qualifier, path, ctx);
    return source === undefined ? candidates('exact', []) : candidates('exact', inImportedPackage(source, types, ctx));
  }
  const own = inSamePackage(path, types, ctx);
  if (own.length > 0) return candidates('package', own);
  const dotted = ctx.imports(path).filter((f) => f.local === '*').flatMap((f) => inImportedPackage(f.source, types, ctx));
  return candidates('package', dotted);
}

/** `T` or `pkg.T` as seen from `path`: the type's declarations (struct, interface, named type). */
function typeDeclarations(pointer: string, path: string, ctx: ResolveContext): { types: SymbolRecord[]; external?: string } {
  const type = pointer.replace(/^\*+/, '');
  const dot = type.indexOf('.');
  if (dot < 0) return { types: inSamePackage(path, goSymbols(type, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx) };
  const source = importOf(type.slice(0, dot), path, ctx);
  if (source === undefined) return { types: [] };
  const types = inImportedPackage(source, goSymbols(type.slice(dot + 1), ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx);
  return types.length > 0 ? { types } : { types, external: source };
}

/**
 * Methods promoted from the embedded fields of `type` (breadth first, nearest depth wins);
 * when none is found and a type from outside the workspace is embedded (`*testing.T`),
 * the method is that type's: its external binding.
 */
function promoted(type: string, method: string, path: string, ctx: ResolveContext): Binding | undefined {
  let level: Array<{ type: string; path: string }> = [{ type, path }];
  const seen = new Set<string>();
  let outside: Binding | undefined;
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: Array<{ type: string; path: string }> = [];
    const found: SymbolRecord[] = [];
    for (const { type: t, path: from } of level) {
      for (const declaration of typeDeclarations(t, from, ctx).types) {
        if (seen.has(declaration.id)) continue;
        seen.add(declaration.id);
        for (const base of declaration.bases ?? []) {
          const members = methodsOfType(base, method, declaration.file_path, ctx, false);
          if (members?.kind === 'candidates') found.push(...members.candidates);
          else if (members?.reason === 'external' && isExported(method)) outside ??= members;
          next.push({ type: base, path: declaration.file_path });
        }
      }
    }
    if (found.length > 0) return candidates('receiver_type', found);
    level = next;
  }
  return outside;
}

/** `T` or `pkg.T` as seen from `path`: where the type's methods live (a package directory filter). */
function methodsOfType(pointer: string, method: string, path: string, ctx: ResolveContext, promote = true): Binding | undefined {
  const type = pointer.replace(/^\*+/, '');
  const dot = type.indexOf('.');
  const members = (typeName: string) => goSymbols(method, ctx).filter((s) => isMember(s) && s.owner_type === typeName);
  if (dot >= 0) {
    const pkg = type.slice(0, dot);
    const typeName = type.slice(dot + 1);
    const source = importOf(pkg, path, ctx);
    if (source === undefined) return undefined;
    const found = inImportedPackage(source, members(typeName), ctx);
    if (found.length > 0) return candidates('receiver_type', found);
    const declared = inImportedPackage(source, goSymbols(typeName, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx);
    if (declared.length === 0) return external(source);
    const aliased = throughAlias(declared, method, ctx, promote);
    if (aliased !== undefined) return aliased;
  } else {
    const found = inSamePackage(path, members(type), ctx);
    if (found.length > 0) return candidates('receiver_type', found);
    const aliased = throughAlias(inSamePackage(path, goSymbols(type, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx), method, ctx, promote);
    if (aliased !== undefined) return aliased;
  }
  if (!promote) return undefined;
  return promoted(type, method, path, ctx);
}

/**
 * `type A = pkg.T` declares no methods of its own: A's are T's, looked up from the alias's
 * file (an external binding when T's package is outside the workspace). Only when the
 * type's one declaration is an alias.
 */
function throughAlias(declared: SymbolRecord[], method: string, ctx: ResolveContext, promote: boolean): Binding | undefined {
  let current = declared;
  // A chain of aliases is followed a few steps (a cycle does not compile, but input may hold one).
  for (let step = 0; step < 4; step++) {
    const alias = current.length === 1 && current[0].kind === 'type_alias' ? current[0] : undefined;
    const aliasOf = alias?.attributes?.aliasOf;
    if (!alias || typeof aliasOf !== 'string') return undefined;
    const next = typeDeclarations(aliasOf, alias.file_path, ctx).types;
    if (next.length === 1 && next[0].kind === 'type_alias') {
      current = next;
      continue;
    }
    return methodsOfType(aliasOf, method, alias.file_path, ctx, promote);
  }
  return undefined;
}

/** A type as written (`T`, `pkg.T`) and the file it is written in, which decides what it names. */
interface TypeAt {
  type: string;
  path: string;
}

/**
 * `NewT()` or `pkg.NewT()`: the one function called, as seen from `path`; an external
 * binding when `pkg` is imported from outside the workspace.
 */
function functionCalled(marker: string, path: string, ctx: ResolveContext): SymbolRecord | Binding | undefined {
  const call = marker.slice(0, -2);
  const dot = call.indexOf('.');
  let fns: SymbolRecord[];
  if (dot >= 0) {
    const source = importOf(call.slice(0, dot), path, ctx);
    if (source === undefined) return undefined;
    fns = inImportedPackage(source, goFunctions(call.slice(dot + 1), ctx), ctx);
    if (fns.length === 0) return external(source);
  } else {
    fns = inSamePackage(path, goFunctions(call, ctx), ctx);
  }
  return fns.length === 1 ? fns[0] : undefined;
}

/**
 * Result `n` of a called function, where its type is declared (`returns` is the first,
 * `results` all of them); a function from outside has outside results: its binding.
 */
function resultOf(fn: SymbolRecord | Binding | undefined, n: number): TypeAt | Binding | undefined {
  if (fn === undefined) return undefined;
  if (!('id' in fn)) return fn; // a binding (a symbol has an id)
  const type = n === 0 ? fn.attributes?.returns : (fn.attributes?.results as unknown[] | undefined)?.[n];
  return typeof type === 'string' && type !== '' ? { type, path: fn.file_path } : undefined;
}

/** `struct{a T;b []U}` (a struct written in place) -> its `name type` entries; undefined for anything else. */
function inlineFields(type: string): string[] | undefined {
  if (!type.startsWith('struct{') || !type.endsWith('}')) return undefined;
  const body = type.slice('struct{'.length, -1);
  const fields: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) {
      fields.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (body.length > start) fields.push(body.slice(start));
  return fields;
}

/**
 * The declared type of field `field` of `at`'s type (its struct declarations' `fields`
 * attribute, or the fields of a struct written in place).
 */
function fieldType(at: TypeAt, field: string, ctx: ResolveContext, depth = 0): TypeAt | Binding | undefined {
  const inline = inlineFields(at.type.replace(/^\*+/, ''));
  if (inline) {
    const entry = inline.find((f) => f.startsWith(`${field} `));
    return entry ? { type: entry.slice(field.length + 1), path: at.path } : undefined;
  }
  const { types, external: source } = typeDeclarations(at.type, at.path, ctx);
  if (types.length === 0 && source !== undefined) return external(source);
  // `type Result = checker.TestAnalyzerResult`: the fields are those of the type it names.
  const aliasOf = types.length === 1 && types[0].kind === 'type_alias' ? types[0].attributes?.aliasOf : undefined;
  if (typeof aliasOf === 'string' && depth < 4) return fieldType({ type: aliasOf, path: types[0].file_path }, field, ctx, depth + 1);
  for (const declaration of types) {
    const fields = declaration.attributes?.fields;
    const entry = Array.isArray(fields) ? fields.find((f) => f.startsWith(`${field} `)) : undefined;
    if (entry) return { type: entry.slice(field.length + 1), path: declaration.file_path };
  }
  if (depth >= 4) return undefined;
  // A field promoted from an embedded type (`PackageInfo` embeds `types.Info`: `info.Uses`);
  // when none of the workspace's has it, an embedded outside type does.
  let outside: Binding | undefined;
  for (const declaration of types) {
    for (const base of declaration.bases ?? []) {
      const found = fieldType({ type: base, path: declaration.file_path }, field, ctx, depth + 1);
      if (found !== undefined && !isBinding(found)) return found;
      if (found?.kind === 'unresolved' && isExported(field)) outside ??= found;
    }
  }
  return outside;
}

const isBinding = (x: TypeAt | Binding | undefined): x is Binding => x !== undefined && 'kind' in x;

/** How many steps of a chain a receiver type follows (the adapter records as many). */
const MAX_CHAIN = 24;

/**
 * `pkg.$v`, a value an imported package declares (`http.DefaultClient`): declared in the
 * standard library, its type is outside the workspace; elsewhere not known (the store
 * keeps no package-level variables).
 */
function packageValue(marker: string, path: string, ctx: ResolveContext): Binding | undefined {
  const [qualifier, name] = marker.split('.$');
  const source = importOf(qualifier, path, ctx);
  if (source === undefined || !isStandardPackage(source)) return undefined;
  // The standard library indexed as a workspace of its own reads its own declarations.
  return inImportedPackage(source, goSymbols(name, ctx), ctx).length === 0 ? external(source) : undefined;
}

/** `map[K]V` -> [K, V], the brackets of K balanced; undefined for anything else. */
function mapParts(type: string): [string, string] | undefined {
  if (!type.startsWith('map[')) return undefined;
  let depth = 0;
  for (let i = 3; i < type.length; i++) {
    if (type[i] === '[') depth++;
    else if (type[i] === ']' && --depth === 0) return [type.slice(4, i), type.slice(i + 1)];
  }
  return undefined;
}

/**
 * An element (or, with `key`, a key) of a value of type `at`: of a slice `[]E` (its key is an
 * int, no receiver), of a map `map[K]V`, of a named type through its `underlying` attribute
 * (`type byName []*types.Func`) or the type an alias names. A named type from outside the
 * workspace has outside elements: its package's external binding.
 */
function indexed(at: TypeAt, key: boolean, ctx: ResolveContext, depth = 0): TypeAt | Binding | undefined {
  const type = at.type.replace(/^\*+/, '');
  if (type.startsWith('[]')) return key ? undefined : { type: type.slice(2), path: at.path };
  const parts = mapParts(type);
  if (parts) return { type: parts[key ? 0 : 1], path: at.path };
  if (depth >= 4) return undefined;
  const { types, external: source } = typeDeclarations(type, at.path, ctx);
  if (types.length === 0 && source !== undefined) return external(source);
  if (types.length !== 1) return undefined;
  const shape = types[0].attributes?.underlying ?? types[0].attributes?.aliasOf;
  return typeof shape === 'string' ? indexed({ type: shape, path: types[0].file_path }, key, ctx, depth + 1) : undefined;
}

/**
 * Evaluates a receiver-type expression (see the Go adapter): `T`, `pkg.T`, `F()`,
 * `pkg.F()`, `pkg.$v`, `X->f`, `X->M()`, `X->[]`, `X->[k]`, and `C#n` after a call C. A
 * step into a package outside the workspace is that package's external binding; a step
 * the store cannot answer is undefined.
 */
function receiverTypeOf(marker: string, path: string, ctx: ResolveContext, depth = 0): TypeAt | Binding | undefined {
  if (depth > MAX_CHAIN) return undefined;
  // `C#n`: result n of the call C (no suffix: its first).
  const nth = /\(\)#(\d+)$/.exec(marker);
  const call = nth ? marker.slice(0, nth.index + 2) : marker;
  const n = nth ? Number(nth[1]) : 0;
  const arrow = call.lastIndexOf('->');
  if (arrow < 0) {
    if (call.includes('.$')) return packageValue(call, path, ctx);
    return call.endsWith('()') ? resultOf(functionCalled(call, path, ctx), n) : { type: call, path };
  }
  const base = receiverTypeOf(call.slice(0, arrow), path, ctx, depth + 1);
  if (base === undefined || isBinding(base)) return base;
  const step = call.slice(arrow + 2);
  if (step === '[]' || step === '[k]') return indexed(base, step === '[k]', ctx);
  if (!step.endsWith('()')) return fieldType(base, step, ctx);
  const methods = methodsOfType(base.type, step.slice(0, -2), base.path, ctx);
  if (methods?.kind === 'unresolved') return methods;
  return methods?.kind === 'candidates' && methods.candidates.length === 1 ? resultOf(methods.candidates[0], n) : undefined;
}

export const goBinder: LanguageBinder = {
  selfReceivers: new Set(),
  builtinMethods: new Set(['Error', 'String', 'Lock', 'Unlock', 'RLock', 'RUnlock', 'Done', 'Wait', 'Add', 'Close', 'Write', 'Read', 'Len', 'Err']),
  bind(input, ctx) {
    const { site } = input;
    const name = site.calleeName;
    if (site.relationship === 'contains') return candidates('exact', inSamePackage(site.path, goSymbols(name, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx));
    if (site.relationship === 'references') return typeUse(site.qualifier, name, site.path, ctx);
    if (site.qualifier !== undefined && site.receiver === undefined) return qualifiedFunction(site.qualifier, name, site.path, ctx);
    if (site.receiver !== undefined) {
      const type = site.receiverType === undefined ? undefined : receiverTypeOf(site.receiverType, site.path, ctx);
      if (isBinding(type)) return type;
      if (type !== undefined) {
        const methods = methodsOfType(type.type, name, type.path, ctx);
        if (methods?.kind === 'candidates') return methods;
        // `x.f()` through a field (of a func type, or a named one like `PositionalArgs`): the
        // type has no method f, so in code that compiles the field holds a function value.
        const field = fieldType(type, name, ctx);
        if (field !== undefined && !isBinding(field)) return { kind: 'unresolved', reason: 'indirect_call' };
        if (methods !== undefined) return methods;
      }
      // A method is declared in its type's package: when no workspace type or interface has a
      // method of this name, a receiver of unknown type has a type from outside (or a field
      // holds a function). A receiver typed by a workspace name stays a miss (`c Client` with
      // no Client declared does not compile: not the outside's doing).
      // A struct written in place names no methods (an embedded field's it leaves out): as unknown.
      const unknown = type === undefined || inlineFields(type.type.replace(/^\*+/, '')) !== undefined;
      if (unknown && !goSymbols(name, ctx).some(isMember)) {
        // An unexported name is never a method of another package's type: a field holding a function.
        if (!isExported(name)) return { kind: 'unresolved', reason: 'indirect_call', note: 'function value' };
        return { kind: 'unresolved', reason: 'external', note: 'no workspace method of this name' };
      }
      return undefined;
    }
    if (BUILTINS.has(name) && site.kind === 'call') {
      const own = inSamePackage(site.path, goFunctions(name, ctx), ctx);
      if (own.length === 0) return { kind: 'unresolved', reason: 'builtin', note: 'builtin' };
    }
    const functions = goFunctions(name, ctx);
    const own = inSamePackage(site.path, functions, ctx);
    if (own.length > 0) return candidates('package', own);
    const dotted: SymbolRecord[] = [];
    for (const fact of ctx.imports(site.path)) {
      if (fact.local === '*') dotted.push(...inImportedPackage(fact.source, functions, ctx));
    }
    if (dotted.length > 0) return candidates('package', dotted);
    const types = inSamePackage(site.path, goSymbols(name, ctx).filter((s) => TYPE_KINDS.has(s.kind)), ctx);
    if (types.length > 0) return conversion(types);
    // Go has no other way to name a function without a qualifier: never a cross-package guess.
    // No function, type or builtin of the package has the name, so in code that compiles it
    // is a variable, parameter or field of function type (`fn()`, `preExecHookFn(c)`): an
    // indirect call. A dot-import from outside the workspace could supply it too: not known.
    const dotImports = ctx.imports(site.path).filter((f) => f.local === '*');
    if (dotImports.length === 0 && site.kind === 'call') return { kind: 'unresolved', reason: 'indirect_call', note: 'function value' };
    return candidates('package', []);
  },
};
