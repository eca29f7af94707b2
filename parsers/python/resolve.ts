// Python binding rules.
//
// A module is a file: `a/b.py` or the package `a/b/__init__.py` (stubs `.pyi` too).
// An absolute import `a.b` is looked up from each ancestor directory of the importing
// file, then from `src/` and `lib/` (the usual source roots); relative imports
// (`.`, `..pkg`) from the importing file's package directory.
//
// - exact 100: a name bound by `from m import f` (or `import m as x; x.f()`) to a
//   function or class defined at the top level of module m (following one re-export
//   chain through the module's own imports).
// - receiver_type 90: `self.m()` → method m of the enclosing class, else of its bases
//   (local classes, or classes imported by name), nearest first; `super().m()` → the
//   bases only; `x.m()` where the adapter typed x (receiver-types.ts: `x = Foo()`,
//   `x: Foo`, `self.x = Foo()` in the class's methods, `x = make()` with `-> Foo`) →
//   method m of that class, its bases included.
// - package 80: a plain call bound by `from m import *`.
// - same_file 60: a plain call of a function or class defined in this file at the top
//   level or in an enclosing scope.
// - Python's builtins (`len`, `print`, `isinstance`, ...) not defined in scope and
//   standard methods on receivers of unknown type are builtin; modules that are not in
//   the workspace are external (`external:<module>`), and so are methods called on a
//   value made by a call of a name from outside (`zip_file = zipfile.ZipFile(a)`, then
//   `zip_file.namelist()`).
import { posix } from 'node:path';
import type { SymbolRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { isMember } from '../resolution.js';
import type { Binding, LanguageBinder, ResolveContext, SiteInput } from '../../contracts/resolve.js';

const BUILTINS = new Set([
  'abs', 'all', 'any', 'ascii', 'bin', 'bool', 'breakpoint', 'bytearray', 'bytes', 'callable', 'chr', 'classmethod',
  'compile', 'complex', 'delattr', 'dict', 'dir', 'divmod', 'enumerate', 'eval', 'exec', 'filter', 'float', 'format',
  'frozenset', 'getattr', 'globals', 'hasattr', 'hash', 'help', 'hex', 'id', 'input', 'int', 'isinstance', 'issubclass',
  'iter', 'len', 'list', 'locals', 'map', 'max', 'memoryview', 'min', 'next', 'object', 'oct', 'open', 'ord', 'pow',
  'print', 'property', 'range', 'repr', 'reversed', 'round', 'set', 'setattr', 'slice', 'sorted', 'staticmethod', 'str',
  'sum', 'super', 'tuple', 'type', 'vars', 'zip', '__import__', 'NotImplementedError', 'ValueError', 'TypeError',
  'KeyError', 'IndexError', 'RuntimeError', 'Exception', 'AttributeError', 'OSError', 'IOError', 'StopIteration',
  'AssertionError', 'ImportError', 'UnicodeDecodeError', 'UnicodeEncodeError', 'DeprecationWarning', 'UserWarning',
]);
const DEFINITION_KINDS = new Set(['function', 'class', 'constructor']);

const candidates = (tier: ResolutionKind, list: SymbolRecord[]): Binding => ({ kind: 'candidates', tier, candidates: list });
const external = (source: string): Binding => ({ kind: 'unresolved', reason: 'external', note: `external:${source}` });

/** The file of module `source` as imported from `from` (relative or absolute), if indexed. */
export function moduleFile(source: string, from: string, ctx: ResolveContext): string | undefined {
  const dots = /^\.*/.exec(source)![0].length;
  const rest = source.slice(dots).split('.').filter(Boolean).join('/');
  const probe = (dir: string) => {
    const base = dir === '' || dir === '.' ? rest : rest === '' ? dir : `${dir}/${rest}`;
    if (base === '') return undefined;
    for (const file of [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`, `${base}/__init__.pyi`]) if (ctx.file(file)) return file;
    return undefined;
  };
  if (dots > 0) {
    let dir = posix.dirname(from);
    for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
    return probe(dir === '.' ? '' : dir);
  }
  const roots: string[] = [];
  for (let dir = posix.dirname(from); ; dir = posix.dirname(dir)) {
    roots.push(dir === '.' ? '' : dir);
    if (dir === '.' || dir === '/' || dir === '') break;
  }
  roots.reverse(); // outermost first: absolute imports start at a source root
  roots.push('src', 'lib');
  for (const root of roots) {
    const found = probe(root);
    if (found) return found;
  }
  return undefined;
}

const topLevel = (file: string, name: string, ctx: ResolveContext) =>
  ctx.symbolsInFile(file).filter((s) => s.qualified_name === name && DEFINITION_KINDS.has(s.kind));

/** `name` as defined by module file `file`, following its own imports (re-exports) a few steps. */
function exportedBy(file: string, name: string, ctx: ResolveContext, depth = 0): SymbolRecord[] | 'external' {
  const own = topLevel(file, name, ctx);
  if (own.length > 0 || depth >= 3) return own;
  const binding = ctx.imports(file).find((f) => f.local === name && f.imported !== '*');
  if (!binding) return [];
  const next = moduleFile(binding.source, file, ctx);
  // `import json` re-exported (`from .compat import json`): a module, outside or not.
  if (binding.imported === 'self') return next || binding.source.startsWith('.') ? [] : 'external';
  if (!next) return 'external';
  return exportedBy(next, binding.imported, ctx, depth + 1);
}

/** A name bound by an import of `path`: what it names, or an external note. */
function imported(name: string, path: string, ctx: ResolveContext): Binding | undefined {
  const binding = ctx.imports(path).find((f) => f.local === name && f.imported !== '*');
  if (!binding) return undefined;
  if (binding.imported === 'self') return { kind: 'unresolved', reason: 'missing_target', note: 'module' };
  const file = moduleFile(binding.source, path, ctx);
  if (file) {
    const found = exportedBy(file, binding.imported, ctx);
    if (found === 'external') return external(binding.source);
    if (found.length > 0) return candidates('exact', found);
    // `from pkg import submodule`: a module, not a callable.
    if (moduleFile(`${binding.source}${binding.source.endsWith('.') ? '' : '.'}${binding.imported}`, path, ctx)) {
      return { kind: 'unresolved', reason: 'missing_target', note: 'module' };
    }
    return candidates('exact', []);
  }
  return external(binding.source);
}

/**
 * What a base name (`Base`, `mod.Base`) refers to from `path`: a class of the workspace,
 * a class of a module outside it (`external`, its module), one of Python's own classes
 * (`builtin`), or nothing known.
 */
type BaseOrigin = { class: SymbolRecord } | { outside: Binding } | undefined;

function baseOrigin(base: string, path: string, ctx: ResolveContext): BaseOrigin {
  const local = ctx.symbolsInFile(path).filter((s) => s.kind === 'class' && s.qualified_name === base);
  if (local.length === 1) return { class: local[0] };
  const [root, ...rest] = base.split('.');
  const binding = ctx.imports(path).find((f) => f.local === root && f.imported !== '*');
  if (!binding) return BUILTINS.has(base) ? { outside: { kind: 'unresolved', reason: 'builtin', note: 'builtin' } } : undefined;
  // `import mod` then `mod.Base`, or `from m import Base`.
  const module = binding.imported === 'self' ? binding.source : rest.length > 0 ? `${binding.source}${binding.source.endsWith('.') ? '' : '.'}${binding.imported}` : binding.source;
  const name = binding.imported === 'self' || rest.length > 0 ? rest.join('.') : binding.imported;
  const file = moduleFile(module, path, ctx);
  // A relative import always names the workspace: one it cannot find is a miss, not outside.
  if (!file) return binding.source.startsWith('.') ? undefined : { outside: external(binding.source) };
  if (name === '') return undefined;
  const found = exportedBy(file, name, ctx);
  if (found === 'external') return { outside: external(binding.source) };
  return found.length === 1 && found[0].kind === 'class' ? { class: found[0] } : undefined;
}

/**
 * Methods named `name` of `cls` (its own), else of its bases, breadth first. When none
 * is found and a base lies outside the workspace (or is Python's own), that is where
 * the method is: `outside` says so.
 */
function methodIn(cls: SymbolRecord, name: string, ctx: ResolveContext, skipOwn: boolean): { found: SymbolRecord[]; outside?: Binding } {
  const queue: SymbolRecord[] = [cls];
  const seen = new Set<string>();
  let outside: Binding | undefined;
  for (let step = 0; queue.length > 0 && step < 12; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    seen.add(current.id);
    if (!(skipOwn && current === cls)) {
      const own = ctx.symbolsInFile(current.file_path).filter((s) => s.parent_id === current.id && s.name === name && isMember(s));
      if (own.length > 0) return { found: own };
    }
    for (const base of current.bases ?? []) {
      const origin = baseOrigin(base, current.file_path, ctx);
      if (origin && 'class' in origin) queue.push(origin.class);
      else if (origin) outside ??= origin.outside;
    }
  }
  return { found: [], outside };
}

/**
 * True when `cls` or a base of it in the workspace binds `name` to a value (extract.ts
 * records `attributes.fields`) and none of them defines it as a method: then
 * `self.name()` calls whatever that value holds.
 */
function holdsValue(cls: SymbolRecord, name: string, ctx: ResolveContext): boolean {
  const queue: SymbolRecord[] = [cls];
  const seen = new Set<string>();
  for (let step = 0; queue.length > 0 && step < 12; step++) {
    const current = queue.shift()!;
    if (seen.has(current.id)) continue;
    seen.add(current.id);
    const fields = current.attributes?.fields;
    if (Array.isArray(fields) && fields.includes(name)) return true;
    for (const base of current.bases ?? []) {
      const origin = baseOrigin(base, current.file_path, ctx);
      if (origin && 'class' in origin) queue.push(origin.class);
    }
  }
  return false;
}

const THROUGH_ATTRIBUTE: Binding = { kind: 'unresolved', reason: 'indirect_call', note: 'attribute' };

/** Python's own `object` answers `super()` of a class without bases, and its dunder methods. */
const OBJECT_ROOT: Binding = { kind: 'unresolved', reason: 'builtin', note: 'builtin:object' };

/** Top-level functions named `callee` as written from `path`: `f` (local or imported), `mod.f` through `import mod`. */
function functionsNamed(callee: string, path: string, ctx: ResolveContext): SymbolRecord[] {
  const parts = callee.split('.');
  if (parts.length === 1) {
    const local = topLevel(path, callee, ctx);
    if (local.length > 0) return local;
    const bound = imported(callee, path, ctx);
    return bound?.kind === 'candidates' ? bound.candidates : [];
  }
  const name = parts.pop()!;
  const module = parts.join('.');
  const binding = ctx.imports(path).find((f) => f.local === module && f.imported === 'self');
  const from = binding ? undefined : ctx.imports(path).find((f) => f.local === module && f.imported !== '*');
  const source = binding ? binding.source : from ? `${from.source}${from.source.endsWith('.') ? '' : '.'}${from.imported}` : undefined;
  const file = source === undefined ? undefined : moduleFile(source, path, ctx);
  const found = file ? exportedBy(file, name, ctx) : [];
  return found === 'external' ? [] : found;
}

/** The declared result (`-> T`) of a function, as a recipe. */
const returnsOf = (fn: SymbolRecord) => (typeof fn.attributes?.returns === 'string' ? fn.attributes.returns : undefined);

/**
 * The class a receiver recipe (receiver-types.ts) names, read from `path` inside
 * `caller`: a class of the workspace, a class outside it (`outside`), or unknown.
 */
function recipeOrigin(recipe: string, path: string, caller: SymbolRecord, ctx: ResolveContext, depth = 0): BaseOrigin {
  if (depth > 4) return undefined;
  if (!recipe.endsWith('()')) return baseOrigin(recipe, path, ctx);
  const callee = recipe.slice(0, -2);
  const self = /^(self|cls)\.(\w+)$/.exec(callee);
  let functions: SymbolRecord[];
  if (self) {
    const cls = enclosingClass(caller, ctx);
    functions = cls ? methodIn(cls, self[2], ctx, false).found : [];
  } else {
    const origin = baseOrigin(callee, path, ctx);
    if (origin) return origin; // a class: calling it makes an instance
    functions = functionsNamed(callee, path, ctx);
  }
  const returns = functions.length === 1 ? returnsOf(functions[0]) : undefined;
  return returns === undefined ? undefined : recipeOrigin(returns, functions[0].file_path, functions[0], ctx, depth + 1);
}

function enclosingClass(caller: SymbolRecord, ctx: ResolveContext): SymbolRecord | undefined {
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) {
    if (s.kind === 'class') return s;
  }
  return undefined;
}

/** Ids of the caller and its enclosing symbols. */
function scopeIds(caller: SymbolRecord, ctx: ResolveContext): Set<string> {
  const ids = new Set<string>();
  for (let s: SymbolRecord | undefined = caller; s; s = s.parent_id === null ? undefined : ctx.symbol(s.parent_id)) ids.add(s.id);
  return ids;
}

/** Methods of Python's standard types: a call of one on an unknown receiver is not guessed. */
const PYTHON_METHODS: ReadonlySet<string> = new Set([
  'append', 'extend', 'pop', 'get', 'items', 'keys', 'values', 'update', 'setdefault', 'join', 'split', 'strip',
  'lstrip', 'rstrip', 'startswith', 'endswith', 'replace', 'format', 'lower', 'upper', 'encode', 'decode', 'read',
  'write', 'close', 'add', 'remove', 'discard', 'copy', 'insert', 'index', 'count', 'sort', 'find', 'group', 'match',
  'search', 'sub', 'partition', 'rsplit', 'splitlines', 'isdigit', 'isinstance', 'clear', 'seek', 'tell', 'readline',
]);

export const pythonBinder: LanguageBinder = {
  selfReceivers: new Set(['self', 'cls']),
  builtinMethods: PYTHON_METHODS,
  bind(input, ctx) {
    const { site, caller } = input;
    const name = site.calleeName;
    const receiver = site.receiver;
    if (receiver === 'self' || receiver === 'cls' || receiver === 'super()') {
      const cls = enclosingClass(caller, ctx);
      if (!cls) return { kind: 'unresolved', reason: 'missing_target' };
      const { found, outside } = methodIn(cls, name, ctx, receiver === 'super()');
      if (found.length > 0) return candidates('receiver_type', found);
      if (receiver !== 'super()' && holdsValue(cls, name, ctx)) return THROUGH_ATTRIBUTE;
      if (outside) return outside;
      // `super().__init__()` in a class without bases, or a dunder method no class here defines: object's.
      if ((receiver === 'super()' && (cls.bases ?? []).length === 0) || /^__\w+__$/.test(name)) return OBJECT_ROOT;
      return candidates('receiver_type', []);
    }
    if (receiver !== undefined && site.receiverType !== undefined) {
      // A receiver the adapter typed: that class's method, its bases included.
      const origin = recipeOrigin(site.receiverType, site.path, caller, ctx);
      if (origin && 'outside' in origin) return origin.outside;
      if (origin) {
        const { found, outside } = methodIn(origin.class, name, ctx, false);
        if (found.length > 0) return candidates('receiver_type', found);
        if (holdsValue(origin.class, name, ctx)) return THROUGH_ATTRIBUTE;
        if (outside) return outside;
      }
    }
    if (receiver !== undefined) {
      // `mod.f()` through `import mod` / `import a.b as mod`.
      const binding = ctx.imports(site.path).find((f) => f.local === receiver && f.imported === 'self');
      if (binding) {
        const file = moduleFile(binding.source, site.path, ctx);
        if (!file) return external(binding.source);
        const found = exportedBy(file, name, ctx);
        return found === 'external' ? external(binding.source) : candidates('exact', found);
      }
      const module = ctx.imports(site.path).find((f) => f.local === receiver && f.imported !== '*');
      if (module) {
        // `from pkg import mod; mod.f()`
        const file = moduleFile(`${module.source}${module.source.endsWith('.') ? '' : '.'}${module.imported}`, site.path, ctx);
        if (file) {
          const found = exportedBy(file, name, ctx);
          return found === 'external' ? external(module.source) : candidates('exact', found);
        }
      }
      // `os.path.join()`, `os.environ.get()`: through a module that is not in the workspace.
      const root = /^[\w]+/.exec(receiver)?.[0];
      const rootModule = root === undefined ? undefined : ctx.imports(site.path).find((f) => f.local === root && f.imported === 'self');
      if (rootModule && !moduleFile(rootModule.source, site.path, ctx)) return external(rootModule.source);
      // `Retry.from_int()` after `from urllib3.util.retry import Retry`: a class of a module outside
      // the workspace, or of one inside it (then its method, bases included).
      const rootName = root === undefined ? undefined : ctx.imports(site.path).find((f) => f.local === root && f.imported !== '*' && f.imported !== 'self');
      if (rootName && root !== undefined) {
        if (!rootName.source.startsWith('.') && !moduleFile(rootName.source, site.path, ctx)) return external(rootName.source);
        const origin = root === receiver ? baseOrigin(root, site.path, ctx) : undefined;
        if (origin && 'outside' in origin) return origin.outside;
        if (origin) {
          const { found, outside } = methodIn(origin.class, name, ctx, false);
          if (found.length > 0) return candidates('receiver_type', found);
          if (outside) return outside;
        }
      }
      if (PYTHON_METHODS.has(name)) return { kind: 'unresolved', reason: 'builtin' };
      const members = ctx.byName(name).filter((s) => s.language === 'python' && isMember(s));
      return candidates('name_only', members);
    }
    const scopes = scopeIds(caller, ctx);
    const local = ctx
      .symbolsInFile(site.path)
      .filter((s) => s.name === name && DEFINITION_KINDS.has(s.kind) && !isMember(s) && (s.parent_id === null || scopes.has(s.parent_id)));
    if (local.length > 0) return candidates('same_file', local);
    const bound = imported(name, site.path, ctx);
    if (bound) return bound;
    const fromStars: SymbolRecord[] = [];
    for (const star of ctx.imports(site.path).filter((f) => f.imported === '*')) {
      const file = moduleFile(star.source, site.path, ctx);
      if (!file) continue;
      const found = exportedBy(file, name, ctx);
      if (found !== 'external') fromStars.push(...found);
    }
    if (fromStars.length > 0) return candidates('package', fromStars);
    if (BUILTINS.has(name)) return { kind: 'unresolved', reason: 'builtin', note: 'builtin' };
    return candidates('same_file', []);
  },
};
