// Rust binding rules.
//
// Module paths come from file paths (crateModuleOf): `<crate>/src/lib.rs` and `main.rs`
// are the crate root, `src/a.rs` and `src/a/mod.rs` are `crate::a`; inline `mod a { }`
// blocks are symbols of kind module whose items have qualified names `a::f`. Files
// directly under tests/, benches/, examples/ and src/bin/ are crate roots of their own.
// `use` facts arrive as the adapter flattens them: source `crate::a`, imported `f`
// (or `self` for the module itself, `*` for a glob), local the bound name.
//
// - exact 100: a path written from `crate::`, `self::`, `super::` or `Self::`; a name
//   brought in by `use` that names an item (`use crate::a::f; f()`,
//   `use crate::a::B; B::new()`); `Type::method` where Type is defined in this file.
// - receiver_type 90: `self.m()` → method m of the impl's type anywhere in the crate,
//   else the one trait method named m of a trait the type implements (its default
//   body); `x.m()` where x's type is written (a parameter `x: T`, `let x: T`,
//   `let x = T { .. }`: receiver-type.ts), among several types of that name the one the
//   file's `use` names or the file defines.
// - same_file 60: `Name(..)` where Name is a tuple struct of this module (its constructor).
// - namespace 80: a path through a module binding: `use crate::a; a::f()`, or a child
//   module `a::f()` declared by this module.
// - package 80: a plain call bound by a glob `use crate::a::*` (and no definition of
//   the name in this file).
// - paths through `std`, `core`, `alloc` or any `use` of another crate are
//   external with the crate in the note, and so are `String::new()`-like paths through a
//   prelude type the crate does not define; the standard macros (`println!`, `vec!`),
//   the prelude's constructors (`Some(x)`, `Ok(x)`, `Err(e)`) and standard methods on
//   receivers of unknown type are builtin (other crates of a Cargo workspace are not
//   mapped yet).
import { posix } from 'node:path';
import type { SymbolRecord } from '../../contracts/graph.js';
import { isMember, stripGenerics } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';
import type { ResolutionKind } from '../../contracts/tiers.js';

const TYPE_KINDS = new Set(['struct', 'enum', 'trait', 'union', 'type_alias']);
const ITEM_KINDS = new Set(['function', 'struct']);
const EXTERNAL_ROOTS = new Set(['std', 'core', 'alloc']);
/** The standard prelude's variants, called as constructors without a path. */
const PRELUDE_CONSTRUCTORS = new Set(['Some', 'Ok', 'Err']);
/** The standard prelude's types, written as a path's first segment (`String::new()`). */
const PRELUDE_TYPES = new Set(['String', 'Vec', 'Box', 'Option', 'Result']);

interface CrateModule {
  /** Directory holding the crate's root file. */
  rootDir: string;
  /** Root file candidates, in probe order. */
  rootFiles: string[];
  /** Module path segments of the file below the crate root. */
  segs: string[];
}

/**
 * Where a file sits in its crate's module tree, from its path alone (the same rule the
 * Rust adapter uses for FileFacts.module): the nearest `src/`, `tests/`, `benches/` or
 * `examples/` directory (or `src/bin/`) is the crate directory; `src/lib.rs`,
 * `src/main.rs` and files directly under the others are crate roots.
 */
export function crateModuleOf(path: string): CrateModule {
  const parts = path.split('/');
  let rootAt = -1;
  for (let i = parts.length - 2; i >= 0; i--) {
    if (['src', 'tests', 'benches', 'examples'].includes(parts[i])) {
      rootAt = i;
      break;
    }
  }
  if (rootAt >= 0 && parts[rootAt] === 'src' && parts[rootAt + 1] === 'bin' && parts.length > rootAt + 2) rootAt++;
  if (rootAt < 0) return { rootDir: posix.dirname(path), rootFiles: [path], segs: [] };
  const rootDir = parts.slice(0, rootAt + 1).join('/');
  const inner = parts.slice(rootAt + 1);
  const stem = inner.pop()!.replace(/\.rs$/, '');
  const libraryTree = parts[rootAt] === 'src';
  if (inner.length === 0 && (!libraryTree || stem === 'lib' || stem === 'main' || stem === 'build')) {
    return { rootDir, rootFiles: [path], segs: [] };
  }
  if (!libraryTree && inner.length === 1 && stem === 'main') return { rootDir: `${rootDir}/${inner[0]}`, rootFiles: [path], segs: [] };
  const rootFiles = libraryTree ? [`${rootDir}/lib.rs`, `${rootDir}/main.rs`] : [];
  return { rootDir, rootFiles, segs: stem === 'mod' ? inner : [...inner, stem] };
}

/** crateModuleOf, kept per path: every call site of a file asks for it (a function of the path alone). */
const cratesByPath = new Map<string, CrateModule>();

function crateOfFile(path: string): CrateModule {
  let crate = cratesByPath.get(path);
  if (!crate) {
    if (cratesByPath.size >= 4096) cratesByPath.clear();
    cratesByPath.set(path, (crate = crateModuleOf(path)));
  }
  return crate;
}

interface ModuleLocation {
  file: string;
  /** Qualified-name prefix of an inline module inside `file` (`a::b::`), or '' for the file's own scope. */
  prefix: string;
}

function moduleDir(at: ModuleLocation): string {
  const base = posix.basename(at.file);
  const fileDir = ['lib.rs', 'main.rs', 'mod.rs'].includes(base) ? posix.dirname(at.file) : at.file.replace(/\.rs$/, '');
  const inline = at.prefix.split('::').filter(Boolean);
  return inline.length === 0 ? fileDir : `${fileDir}/${inline.join('/')}`;
}

function locateModule(crate: CrateModule, segs: readonly string[], ctx: ResolveContext): ModuleLocation | undefined {
  return ctx.memo(`rust-module\0${crate.rootFiles.join('\0')}\0${segs.join('::')}`, () => locateModuleNow(crate, segs, ctx));
}

function locateModuleNow(crate: CrateModule, segs: readonly string[], ctx: ResolveContext): ModuleLocation | undefined {
  const root = crate.rootFiles.find((f) => ctx.file(f));
  if (!root) return undefined;
  let at: ModuleLocation = { file: root, prefix: '' };
  for (const seg of segs) {
    const dir = moduleDir(at);
    const child = [`${dir}/${seg}.rs`, `${dir}/${seg}/mod.rs`].find((f) => ctx.file(f));
    if (child) {
      at = { file: child, prefix: '' };
      continue;
    }
    const inline = `${at.prefix}${seg}`;
    if (!ctx.symbolsInFile(at.file).some((s) => s.kind === 'module' && s.qualified_name === inline)) return undefined;
    at = { file: at.file, prefix: `${inline}::` };
  }
  return at;
}

const KINDS_KEYS = new Map<ReadonlySet<string>, string>([
  [ITEM_KINDS, 'item'],
  [TYPE_KINDS, 'type'],
]);

const itemsIn = (at: ModuleLocation, name: string, ctx: ResolveContext, kinds: ReadonlySet<string>) =>
  ctx.memo(`rust-items\0${at.file}\0${at.prefix}${name}\0${KINDS_KEYS.get(kinds) ?? [...kinds].join(',')}`, () =>
    ctx.symbolsInFile(at.file).filter((s) => s.qualified_name === at.prefix + name && kinds.has(s.kind) && !isMember(s)),
  );

const inCrate = (crate: CrateModule, path: string) => crate.rootDir === '.' || path.startsWith(`${crate.rootDir}/`);

/** Methods (and associated functions) of `type` named `name` anywhere in the crate. */
const methodsOf = (crate: CrateModule, type: string, name: string, ctx: ResolveContext) =>
  ctx.byName(name).filter((s) => isMember(s) && s.owner_type === type && inCrate(crate, s.file_path));

/**
 * Methods of the type defined at `at`. When the crate defines several types of that
 * name (`bytes::Regex` and `unicode::Regex`), an impl can only be told apart by where it
 * sits, so only impls in the defining file count; with one definition, every impl does.
 */
function methodsOfDefinedType(crate: CrateModule, at: ModuleLocation, type: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  const methods = methodsOf(crate, type, name, ctx);
  const definitions = ctx.byName(type).filter((s) => TYPE_KINDS.has(s.kind) && !isMember(s) && inCrate(crate, s.file_path));
  if (definitions.length <= 1) return methods;
  return methods.filter((m) => m.file_path === at.file);
}

/**
 * Methods of the type a file names `type`: when the crate defines several types of that
 * name, the one a `use` of the file binds, else the one the file defines; otherwise all.
 */
function methodsOfVisibleType(crate: CrateModule, site: SiteInput['site'], type: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  const definitions = ctx.byName(type).filter((s) => TYPE_KINDS.has(s.kind) && !isMember(s) && inCrate(crate, s.file_path));
  if (definitions.length <= 1) return methodsOf(crate, type, name, ctx);
  const binding = ctx.imports(site.path).find((f) => f.local === type && f.imported !== '*');
  if (binding) {
    const segs = useSegments(binding.source, binding.imported);
    const expansion = expand(segs.slice(0, -1).length > 0 ? segs.slice(0, -1) : ['self'], site, crate, ctx);
    const home = expansion.kind === 'path' ? (expansion.crate ?? crate) : undefined;
    const module = home && expansion.kind === 'path' ? locateModule(home, expansion.abs, ctx) : undefined;
    // The type must be defined there, not re-exported (regex's `literal::LiteralSearcher` is
    // the cfg-chosen `imp` module's, and literal/mod.rs holds a stub of the same name).
    return home && module && itemsIn(module, type, ctx, TYPE_KINDS).length > 0 ? methodsOfDefinedType(home, module, type, name, ctx) : [];
  }
  if (definitions.some((d) => d.file_path === site.path && d.qualified_name === type)) return methodsOfDefinedType(crate, { file: site.path, prefix: '' }, type, name, ctx);
  return methodsOf(crate, type, name, ctx);
}

type Expansion =
  /** `crate`: the crate the path is absolute in, when it is not the caller's own (a package's library). */
  | { kind: 'path'; abs: string[]; via: 'explicit' | 'use' | 'child' | 'library'; crate?: CrateModule }
  | { kind: 'external'; root: string }
  | { kind: 'unknown' };

function splitPath(text: string): string[] {
  return stripGenerics(text).split('::').map((s) => s.trim()).filter(Boolean);
}

/** Segments of a `use` binding: `use a::b::C` may arrive as source `a::b` + imported `C`, or source `a::b::C`. */
function useSegments(source: string, imported: string): string[] {
  const segs = splitPath(source);
  if (imported === 'self') return segs;
  if (segs[segs.length - 1] === imported) return segs;
  return [...segs, imported];
}

/** Turns a written path into an absolute module path from the crate root. */
function expand(segs: readonly string[], site: SiteInput['site'], crate: CrateModule, ctx: ResolveContext, depth = 0): Expansion {
  // `crate` is always the crate of `site.path`: the file and the path written decide the expansion.
  return ctx.memo(`rust-expand\0${site.path}\0${segs.join('::')}\0${depth}`, () => expandNow(segs, site, crate, ctx, depth));
}

function expandNow(segs: readonly string[], site: SiteInput['site'], crate: CrateModule, ctx: ResolveContext, depth: number): Expansion {
  if (segs.length === 0 || depth > 4) return { kind: 'unknown' };
  const [first, ...rest] = segs;
  if (first === 'crate') return { kind: 'path', abs: rest, via: 'explicit' };
  if (first === 'self') return { kind: 'path', abs: [...crate.segs, ...rest], via: 'explicit' };
  if (first === 'super') {
    let up = 0;
    while (segs[up] === 'super') up++;
    return { kind: 'path', abs: [...crate.segs.slice(0, Math.max(0, crate.segs.length - up)), ...segs.slice(up)], via: 'explicit' };
  }
  const binding = ctx.imports(site.path).find((f) => f.local === first && f.imported !== '*');
  if (binding) {
    const target = expand(useSegments(binding.source, binding.imported), site, crate, ctx, depth + 1);
    if (target.kind !== 'path') return target.kind === 'unknown' ? { kind: 'external', root: splitPath(binding.source)[0] ?? binding.source } : target;
    return { ...target, abs: [...target.abs, ...rest], via: target.via === 'library' ? 'library' : 'use' };
  }
  if (locateModule(crate, [...crate.segs, first], ctx)) return { kind: 'path', abs: [...crate.segs, ...segs], via: 'child' };
  if (EXTERNAL_ROOTS.has(first)) return { kind: 'external', root: first };
  const library = packageLibrary(crate, ctx);
  if (library && locateModule(library, rest.slice(0, -1), ctx)) return { kind: 'path', abs: rest, via: 'library', crate: library };
  return { kind: 'unknown' };
}

/**
 * The library crate of the package a test, bench, example or binary belongs to
 * (`<pkg>/src/lib.rs`). Such crates name the library by the package's crate name
 * (`use shapes::Circle`), which only Cargo.toml states; a first path segment that is
 * nothing else in scope is taken to be that name when the rest of the path exists in
 * the library. That is a package-level inference, so it binds at the package tier.
 */
function packageLibrary(crate: CrateModule, ctx: ResolveContext): CrateModule | undefined {
  const root = crate.rootFiles[0];
  if (root === undefined || crate.rootFiles.length !== 1 || root.endsWith('/lib.rs') || root === 'lib.rs') return undefined;
  let pkg = posix.dirname(crate.rootDir);
  if (root.endsWith('/src/main.rs') || root === 'src/main.rs') pkg = posix.dirname(posix.dirname(root));
  else if (posix.basename(crate.rootDir) === 'bin') pkg = posix.dirname(posix.dirname(crate.rootDir));
  const lib = pkg === '.' ? 'src/lib.rs' : `${pkg}/src/lib.rs`;
  return ctx.file(lib) ? crateModuleOf(lib) : undefined;
}

const tierOf = (via: string, direct: ResolutionKind): ResolutionKind => (via === 'library' ? 'package' : direct);

function enclosingType(caller: SymbolRecord, ctx: ResolveContext): string | undefined {
  let current: SymbolRecord | undefined = caller;
  while (current) {
    if (current.owner_type !== undefined) return current.owner_type;
    if (TYPE_KINDS.has(current.kind)) return current.name;
    current = current.parent_id === null ? undefined : ctx.symbol(current.parent_id);
  }
  return undefined;
}

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const definesType = (crate: CrateModule, name: string, ctx: ResolveContext) =>
  ctx.byName(name).some((s) => TYPE_KINDS.has(s.kind) && !isMember(s) && inCrate(crate, s.file_path));

/**
 * Trait methods named `name` of the traits `type` implements in the crate. An impl of a
 * trait shows in its methods (each carries the trait's name); a trait method the type's
 * impl does not define is the trait's default body, which is what `self.m()` runs.
 */
function implementedTraitMethods(crate: CrateModule, type: string, name: string, ctx: ResolveContext): SymbolRecord[] {
  return ctx.byName(name).filter((s) => {
    const owner = s.parent_id === null ? undefined : ctx.symbol(s.parent_id);
    if (owner?.kind !== 'trait' || !inCrate(crate, s.file_path)) return false;
    const siblings = ctx.symbolsInFile(owner.file_path).filter((m) => m.parent_id === owner.id);
    return siblings.some((m) => methodsOf(crate, type, m.name, ctx).some((impl) => traitOfImpl(impl.attributes?.trait) === owner.name));
  });
}

const traitOfImpl = (path: unknown) => (typeof path === 'string' ? (splitPath(path).pop() ?? path) : undefined);
const external = (root: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${root}` });

/** `Q::name(...)` where Q is a written path. */
function bindQualified(qualifier: string, name: string, input: SiteInput, crate: CrateModule, ctx: ResolveContext): Binding | undefined {
  const q = splitPath(qualifier);
  if (q.length === 0) return undefined;
  if (q[0] === 'Self' && q.length === 1) {
    const type = enclosingType(input.caller, ctx);
    return type === undefined ? undefined : candidates('exact', methodsOf(crate, type, name, ctx));
  }
  const expansion = expand(q, input.site, crate, ctx);
  if (expansion.kind === 'external') return external(expansion.root);
  if (expansion.kind === 'path') {
    const home = expansion.crate ?? crate;
    const module = locateModule(home, expansion.abs, ctx);
    if (module) {
      const tier: ResolutionKind = expansion.via === 'explicit' ? 'exact' : tierOf(expansion.via, 'namespace');
      return candidates(tier, itemsIn(module, name, ctx, ITEM_KINDS));
    }
    const type = expansion.abs[expansion.abs.length - 1];
    const parent = locateModule(home, expansion.abs.slice(0, -1), ctx);
    if (parent && itemsIn(parent, type, ctx, TYPE_KINDS).length > 0) {
      return candidates(tierOf(expansion.via, 'exact'), methodsOfDefinedType(home, parent, type, name, ctx));
    }
    return { kind: 'unresolved', reason: 'missing_target' };
  }
  if (q.length === 1) {
    const here = locateModule(crate, crate.segs, ctx);
    if (here && itemsIn(here, q[0], ctx, TYPE_KINDS).length > 0) return candidates('exact', methodsOfDefinedType(crate, here, q[0], name, ctx));
    if (PRELUDE_TYPES.has(q[0]) && !definesType(crate, q[0], ctx)) return external('std');
  }
  return undefined;
}

export const rustBinder: LanguageBinder = {
  selfReceivers: new Set(['self']),
  builtinMacros: new Set([
    'println', 'print', 'eprintln', 'eprint', 'format', 'format_args', 'write', 'writeln', 'vec', 'panic', 'assert',
    'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'unreachable', 'unimplemented', 'todo',
    'matches', 'dbg', 'concat', 'stringify', 'include', 'include_str', 'include_bytes', 'env', 'option_env', 'cfg', 'line',
    'column', 'file', 'module_path', 'compile_error', 'thread_local',
  ]),
  builtinMethods: new Set([
    // Option, Result, Vec, slices, String/str, iterators, maps, smart pointers, common traits
    'unwrap', 'expect', 'unwrap_or', 'unwrap_or_else', 'unwrap_or_default', 'ok', 'err', 'ok_or', 'ok_or_else', 'map',
    'map_err', 'and_then', 'or_else', 'is_some', 'is_none', 'is_ok', 'is_err', 'as_ref', 'as_mut', 'as_deref', 'take',
    'replace', 'clone', 'cloned', 'copied', 'to_string', 'to_owned', 'into', 'from', 'try_into', 'len', 'is_empty', 'push',
    'pop', 'insert', 'remove', 'get', 'get_mut', 'contains', 'contains_key', 'iter', 'iter_mut', 'into_iter', 'collect',
    'filter', 'filter_map', 'for_each', 'fold', 'any', 'all', 'find', 'position', 'enumerate', 'zip', 'chain', 'rev',
    'skip', 'next', 'count', 'sum', 'max', 'min', 'extend', 'clear', 'drain', 'truncate', 'sort', 'sort_by', 'sort_unstable',
    'dedup', 'retain', 'split', 'trim', 'starts_with', 'ends_with', 'as_str', 'as_bytes', 'as_ptr', 'borrow', 'borrow_mut',
    'lock', 'read', 'write', 'fmt', 'eq', 'cmp', 'partial_cmp', 'hash', 'default', 'entry', 'or_insert', 'or_insert_with',
    'keys', 'values', 'with_capacity', 'flush', 'join', 'send', 'recv', 'poll', 'await', 'as_slice', 'to_vec', 'parse',
    'then', 'first', 'last', 'chars', 'bytes', 'lines', 'format', 'wrapping_add', 'checked_add', 'saturating_sub',
  ]),
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    const crate = crateOfFile(site.path);

    if (site.receiver === 'self') {
      const type = enclosingType(caller, ctx);
      if (type === undefined) return { kind: 'unresolved', reason: 'missing_target' };
      // The caller's own impl file defines (or implements) the same type as the caller.
      const inherent = methodsOfDefinedType(crate, { file: site.path, prefix: '' }, type, name, ctx);
      if (inherent.length > 0) return candidates('receiver_type', inherent);
      const traitDefaults = implementedTraitMethods(crate, type, name, ctx);
      return candidates('receiver_type', traitDefaults.length === 1 ? traitDefaults : []);
    }
    if (site.receiver !== undefined && site.receiverType !== undefined) {
      const type = splitPath(site.receiverType).pop() ?? site.receiverType;
      const methods = methodsOfVisibleType(crate, site, type, name, ctx);
      return methods.length > 0 ? candidates('receiver_type', methods) : undefined;
    }
    if (site.receiver !== undefined) return undefined;
    if (site.qualifier !== undefined) return bindQualified(site.qualifier, name, input, crate, ctx);

    // Plain call: a `use` binding, then this file, then glob imports.
    const binding = ctx.imports(site.path).find((f) => f.local === name && f.imported !== '*');
    if (binding) {
      const segs = useSegments(binding.source, binding.imported);
      const expansion = expand(segs.slice(0, -1).length > 0 ? segs.slice(0, -1) : ['self'], site, crate, ctx);
      if (expansion.kind === 'external') return external(expansion.root);
      if (expansion.kind === 'unknown') return external(segs[0]);
      const module = locateModule(expansion.crate ?? crate, expansion.abs, ctx);
      return candidates(tierOf(expansion.via, 'exact'), module ? itemsIn(module, segs[segs.length - 1], ctx, ITEM_KINDS) : []);
    }
    const here = locateModule(crate, crate.segs, ctx);
    const own = here ? itemsIn(here, name, ctx, ITEM_KINDS) : [];
    // `Name(..)` of a tuple struct of this module constructs it (the engine's same-file rule reads functions only).
    if (own.length > 0) return own.every((s) => s.kind === 'struct') ? candidates('same_file', own) : undefined;
    const fromGlobs: SymbolRecord[] = [];
    for (const glob of ctx.imports(site.path).filter((f) => f.imported === '*')) {
      const expansion = expand(splitPath(glob.source), site, crate, ctx);
      if (expansion.kind !== 'path') continue;
      const module = locateModule(expansion.crate ?? crate, expansion.abs, ctx);
      if (module) fromGlobs.push(...itemsIn(module, name, ctx, ITEM_KINDS));
    }
    if (fromGlobs.length > 0) return candidates('package', fromGlobs);
    if (PRELUDE_CONSTRUCTORS.has(name) && !ctx.byName(name).some((s) => inCrate(crate, s.file_path))) return { kind: 'unresolved', reason: 'builtin' };
    return undefined;
  },
};
