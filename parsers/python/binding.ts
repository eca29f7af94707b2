// Python binding and omission policy for review (type-shape v1 with local module
// authority): names bind to same-file declarations, or through imports to modules of
// the workspace's flat or `src/` layout (or one literal setuptools root from
// pyproject.toml), packages with an `__init__.py` at every boundary, relative imports
// within an established package, unique absolute imports and explicit re-exports in
// package initializers. Nothing is imported or evaluated; every other form is an
// omission with its reason.
import { posix } from 'node:path';
import { parse } from 'smol-toml';
import type { ReferenceTarget } from '../../contracts/review-binding.js';
import type { ReviewDeclaration } from '../review/facts.js';
import type { PythonFacts, PythonImport } from './review.js';
import type { BindingHost, LanguageBinder } from '../../contracts/review-binding.js';

/** Modules whose members are the typing vocabulary: references through them are not edges. */
const TYPING_MODULES = ['typing', 'typing_extensions', 'collections.abc', 'dataclasses', 'pydantic'];
const BUILTINS = new Set(['int', 'str', 'float', 'bool', 'bytes', 'bytearray', 'complex', 'list', 'dict', 'set', 'frozenset', 'tuple', 'object', 'type', 'None']);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Omission = { reason: string };
const omitted = (reason: string): ReferenceTarget => ({ kind: 'omitted', reason });
const factsOf = async (host: BindingHost, path: string) => (await host.file(path)).facts as PythonFacts;
const isTyping = (module: string) => TYPING_MODULES.includes(module);
const isInitializer = (path: string) => /(^|\/)__init__\.pyi?$/.test(path);

export const pythonBinder: LanguageBinder = {
  language: 'python',

  async resolveReference(host, path, file, reference) {
    if (reference.unsupported) return omitted(reference.unsupported);
    const facts = file.facts as PythonFacts;
    const [head, ...rest] = reference.path ?? [reference.name];
    if (facts.conditional.includes(head)) return omitted('conditional-import');
    const locals = facts.declarations.filter((d) => d.name === head);
    const bound = facts.imports.filter((i) => i.local === head);
    if (locals.length + bound.length > 1) return omitted('ambiguous-binding');
    if (locals.length === 1) return rest.length > 0 ? omitted('unsupported-path') : localTarget(path, locals[0]);
    if (bound.length === 1) return importTarget(host, path, bound[0], rest);
    if (rest.length === 0 && BUILTINS.has(head)) return null;
    return omitted(facts.wildcard ? 'wildcard-import' : 'unresolved-binding');
  },

  async resolveExport(host, path, name) {
    const facts = await factsOf(host, path);
    const declared = facts.declarations.filter((d) => d.name === name);
    const bound = facts.imports.filter((i) => i.local === name);
    if (declared.length + bound.length > 1) return omitted('ambiguous-binding');
    if (declared.length === 1) return localTarget(path, declared[0]);
    if (bound.length === 1) {
      // Only a package initializer's explicit named import re-exports a name.
      if (!isInitializer(path)) return omitted('module-forwarding');
      const imp = bound[0];
      if (imp.name === null || isTyping(imp.module)) return omitted('module-reexport');
      const module = await resolveModule(host, path, imp.module);
      if ('reason' in module) return omitted(module.reason);
      return { kind: 'module', path: module.path, name: imp.name };
    }
    if (facts.conditional.includes(name)) return omitted('conditional-import');
    return omitted(facts.wildcard ? 'wildcard-import' : 'missing-declaration');
  },

  scopeUncertainty: () => null,

  display: (reference) => (reference.path ? reference.path.join('.') : reference.name),
};

function localTarget(path: string, d: ReviewDeclaration): ReferenceTarget {
  if (!d.rootKind) return omitted('unsupported-target');
  if (d.ineligible) return omitted(d.ineligible);
  return { kind: 'decl', key: `${path}#${d.index}`, path };
}

/** A name reached through an import binding, with the attribute chain after it. */
async function importTarget(host: BindingHost, from: string, imp: PythonImport, rest: string[]): Promise<ReferenceTarget | null> {
  if (isTyping(imp.module)) return null; // the typing vocabulary: not an edge
  if (imp.name === null) {
    // `import a.b as m; m.T` or `import a; a.b.T`: a module path then the name.
    if (rest.length === 0) return omitted('module-reference');
    const dotted = [imp.module, ...rest.slice(0, -1)].join('.');
    const module = await resolveModule(host, from, dotted);
    if ('reason' in module) return omitted(module.reason);
    return { kind: 'module', path: module.path, name: rest[rest.length - 1] };
  }
  if (rest.length === 0) {
    const module = await resolveModule(host, from, imp.module);
    if ('reason' in module) return omitted(module.reason);
    return { kind: 'module', path: module.path, name: imp.name };
  }
  // `from pkg import sub; sub.T`: a submodule only when the package's initializer does not bind `sub`.
  const pkg = await resolveModule(host, from, imp.module);
  if ('reason' in pkg) return omitted(pkg.reason);
  if (!isInitializer(pkg.path)) return omitted('unsupported-path');
  const captured = await host.authority(pkg.path, 'context');
  if (!captured.ok) return omitted(captured.reason);
  const init = await host.parsed(pkg.path);
  const facts = init?.facts as PythonFacts | undefined;
  if (!facts || facts.declarations.some((d) => d.name === imp.name) || facts.imports.some((i) => i.local === imp.name) || facts.conditional.includes(imp.name)) {
    return omitted('rebound-name');
  }
  const separator = imp.module.endsWith('.') ? '' : '.';
  const module = await resolveModule(host, from, [`${imp.module}${separator}${imp.name}`, ...rest.slice(0, -1)].join('.'));
  if ('reason' in module) return omitted(module.reason);
  return { kind: 'module', path: module.path, name: rest[rest.length - 1] };
}

/** The workspace file of a module spec written in `from`: relative within its package, or unique absolute. */
async function resolveModule(host: BindingHost, from: string, spec: string): Promise<{ path: string } | Omission> {
  const level = spec.length - spec.replace(/^\.+/, '').length;
  const segs = spec.slice(level).split('.').filter((s) => s !== '');
  if (!segs.every((s) => IDENT.test(s))) return { reason: 'unsupported-import' };
  if (level > 0) {
    let base = posix.dirname(from);
    for (let i = 0; i < level; i++) {
      const pkg = await packageAt(host, base);
      if (pkg !== true) return pkg === false ? { reason: 'no-package' } : pkg;
      if (i < level - 1) base = posix.dirname(base);
    }
    return walk(host, base, segs);
  }
  const roots = await importRoots(host);
  if ('reason' in roots) return roots;
  const found: string[] = [];
  for (const root of roots.roots) {
    const hit = await walk(host, root, segs);
    if ('path' in hit) found.push(hit.path);
    else if (hit.reason === 'competing-module') return hit;
  }
  if (found.length > 1) return { reason: 'ambiguous-module' };
  if (found.length === 0) return { reason: 'external-module' };
  return { path: found[0] };
}

/** Packages down `segs` from `base`, then the module: exactly one of `x.py` and `x/__init__.py` (stubs only without either). */
async function walk(host: BindingHost, base: string, segs: string[]): Promise<{ path: string } | Omission> {
  let dir = base;
  if (segs.length === 0) return initializer(host, dir) ?? { reason: 'no-package' };
  for (const seg of segs.slice(0, -1)) {
    dir = join(dir, seg);
    const pkg = await packageAt(host, dir);
    if (pkg !== true) return pkg === false ? { reason: 'missing-module' } : pkg;
  }
  const last = segs[segs.length - 1];
  const sources = [join(dir, `${last}.py`), join(join(dir, last), '__init__.py')].filter((p) => host.probe(p));
  if (sources.length > 1) return { reason: 'competing-module' };
  const stubs = sources.length === 1 ? [] : [join(dir, `${last}.pyi`), join(join(dir, last), '__init__.pyi')].filter((p) => host.probe(p));
  if (sources.length === 1) return { path: sources[0] };
  if (stubs.length > 1) return { reason: 'competing-module' };
  if (stubs.length === 1) return { path: stubs[0] };
  return { reason: 'missing-module' };
}

const join = (dir: string, name: string) => (dir === '.' || dir === '' ? name : `${dir}/${name}`);
const initializer = (host: BindingHost, dir: string): { path: string } | null => {
  const py = join(dir, '__init__.py');
  if (host.isFile(py)) return { path: py };
  const pyi = join(dir, '__init__.pyi');
  return host.isFile(pyi) ? { path: pyi } : null;
};
/**
 * Is `dir` an established package? Its initializer is captured through the path gate
 * (it counts toward the unit's budgets and freshness) and must not make the package
 * dynamic (`__getattr__`, `__path__`). A missing one is a dependency too: it may appear.
 */
async function packageAt(host: BindingHost, dir: string): Promise<boolean | Omission> {
  if (dir === '.' || dir === '') return false;
  const py = join(dir, '__init__.py');
  const pyi = join(dir, '__init__.pyi');
  const path = host.probe(py) ? py : host.isFile(pyi) ? pyi : null;
  if (path === null) return false;
  const captured = await host.authority(path, 'context');
  if (!captured.ok) return { reason: captured.reason };
  const facts = (await host.parsed(path))?.facts as PythonFacts | undefined;
  if (!facts) return { reason: 'module-unavailable' };
  if (facts.declarations.some((d) => d.name === '__getattr__' || d.name === '__path__')) return { reason: 'dynamic-package' };
  return true;
}

/**
 * Where absolute imports start: the workspace root (flat layout), `src/` when it exists,
 * and one literal setuptools root from pyproject.toml. Other build metadata that could
 * move the roots makes absolute-import authority unavailable.
 */
async function importRoots(host: BindingHost): Promise<{ roots: string[] } | Omission> {
  if (host.isFile('setup.py') || host.isFile('setup.cfg')) return { reason: 'setup-authority' };
  const roots = ['.'];
  if (host.isDirectory('src')) roots.push('src');
  if (host.isFile('pyproject.toml')) {
    const captured = await host.authority('pyproject.toml', 'context');
    if (!captured.ok) return { reason: captured.reason };
    let doc: Record<string, unknown>;
    try {
      doc = parse(captured.text) as Record<string, unknown>;
    } catch {
      return { reason: 'pyproject-syntax' };
    }
    const tool = (doc.tool ?? {}) as Record<string, unknown>;
    for (const loader of ['poetry', 'hatch', 'pdm']) if (tool[loader] !== undefined) return { reason: 'loader-configuration' };
    const setuptools = (tool.setuptools ?? {}) as Record<string, unknown>;
    const packageDir = setuptools['package-dir'] as Record<string, unknown> | undefined;
    const find = ((setuptools.packages ?? {}) as Record<string, unknown>).find as Record<string, unknown> | undefined;
    const declared: string[] = [];
    if (packageDir !== undefined) {
      const keys = Object.keys(packageDir);
      if (keys.length !== 1 || keys[0] !== '' || typeof packageDir[''] !== 'string') return { reason: 'package-dir' };
      declared.push(packageDir[''] as string);
    }
    if (find?.where !== undefined) {
      if (!Array.isArray(find.where) || find.where.length !== 1 || typeof find.where[0] !== 'string') return { reason: 'package-find' };
      declared.push(find.where[0]);
    }
    for (const root of new Set(declared.map((r) => posix.normalize(r).replace(/\/$/, '')))) {
      if (root.startsWith('..') || posix.isAbsolute(root)) return { reason: 'outside-workspace' };
      if (!roots.includes(root)) roots.push(root);
    }
  }
  return { roots };
}
