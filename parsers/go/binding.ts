// Go binding and omission policy for review: where a type name in a captured Go file
// binds. A name declared in the same file binds there; another package-level name
// binds in the active package of the file's directory, decided by build constraints
// against the frozen target (parsers/go/membership.ts); `pkg.T` binds through
// an import of the same module, found from the nearest go.mod. Known-inactive files
// are never read; unknown membership, an incomplete inventory or conflicting active
// bindings leave the reference omitted, never guessed.
import { posix } from 'node:path';
import type { ReferenceTarget } from '../../contracts/review-binding.js';
import type { ReviewFile } from '../review/facts.js';
import { CONSTANT_GROUP, type GoReviewFacts } from './review.js';
import { readGoMod } from './go-mod.js';
import { bindName, MAX_DIRECTORY_ENTRIES, planDirectory, resolvePackage, type ActivePackage, type GoFileFacts } from './membership.js';
import type { BindingHost, BuildTarget, LanguageBinder } from '../../contracts/review-binding.js';
import { goTargetSetting } from './target-setting.js';

/** Go's predeclared types: the universe block, not an edge. */
const PREDECLARED = new Set('any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr'.split(' '));

/** How far up a module search walks before it gives up (and with it, import authority). */
const MAX_MODULE_DEPTH = 32;

const isExported = (name: string) => /^\p{Lu}/u.test(name);
const dirOf = (path: string) => (posix.dirname(path) === '.' ? '' : posix.dirname(path));
const inDir = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);
const omitted = (reason: string): ReferenceTarget => ({ kind: 'omitted', reason });

type Found<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Package and module answers, remembered for one traversal (one binding host). */
const memo = new WeakMap<BindingHost, Map<string, Promise<Found<unknown>>>>();
function remember<T>(host: BindingHost, key: string, compute: () => Promise<Found<T>>): Promise<Found<T>> {
  let m = memo.get(host);
  if (!m) memo.set(host, (m = new Map()));
  let p = m.get(key) as Promise<Found<T>> | undefined;
  if (!p) m.set(key, (p = compute()));
  return p;
}

const goFacts = async (host: BindingHost, path: string) => (await host.file(path)).facts as GoReviewFacts;

/** The active package of one directory: its inventory, then each file that could be a member, read through the gate. */
function activePackage(host: BindingHost, dir: string): Promise<Found<ActivePackage>> {
  return remember(host, `pkg:${dir}`, async () => {
    const observation = host.listDirectory(dir, MAX_DIRECTORY_ENTRIES);
    if (!observation) return { ok: false, reason: 'directory-unavailable' };
    const target = host.analysis[goTargetSetting.key] as BuildTarget | null;
    const facts: Record<string, GoFileFacts> = {};
    for (const entry of planDirectory(observation, target)) {
      if (entry.status !== 'read') continue;
      const path = inDir(dir, entry.name);
      const captured = await host.authority(path, 'context');
      if (!captured.ok) continue; // counts as unread: the package identity stays unknown
      const file = await host.parsed(path);
      if (!file) continue;
      const f = file.facts as GoReviewFacts;
      facts[entry.name] = { header: f.header, packageName: f.packageName, importsC: f.importsC, declarations: f.packageNames };
    }
    return { ok: true, value: resolvePackage(observation, target, facts) };
  });
}

interface GoModuleRoot {
  root: string;
  path: string;
}

/** The nearest go.mod at or above `dir`, its module path, and no go.work up to the workspace root. */
function moduleOf(host: BindingHost, dir: string): Promise<Found<GoModuleRoot>> {
  return remember(host, `mod:${dir}`, async () => {
    let at = dir;
    let module: string | null = null;
    for (let depth = 0; ; depth++) {
      if (depth > MAX_MODULE_DEPTH) return { ok: false, reason: 'module-search-limit' };
      if (module === null && host.probe(inDir(at, 'go.mod'))) module = at;
      if (module !== null && host.probe(inDir(at, 'go.work'))) return { ok: false, reason: 'go-work' };
      if (at === '') break;
      at = dirOf(at);
    }
    if (module === null) return { ok: false, reason: 'no-module' };
    const captured = await host.authority(inDir(module, 'go.mod'), 'context');
    if (!captured.ok) return { ok: false, reason: `go-mod-${captured.reason}` };
    const parsed = readGoMod(captured.text);
    if (!parsed.ok) return { ok: false, reason: `go-mod-${parsed.reason}` };
    return { ok: true, value: { root: module, path: parsed.path } };
  });
}

/** The directory an import path names inside the importing file's module, within the profile's rules. */
async function importDirectory(host: BindingHost, from: string, importPath: string): Promise<Found<string>> {
  const module = await moduleOf(host, dirOf(from));
  if (!module.ok) return module;
  const { root, path } = module.value;
  if (importPath !== path && !importPath.startsWith(`${path}/`)) return { ok: false, reason: 'package-import' };
  const rest = importPath === path ? [] : importPath.slice(path.length + 1).split('/');
  if (rest.some((s) => s === '' || s === '.' || s === '..')) return { ok: false, reason: 'unresolved-module' };
  const internal = rest.lastIndexOf('internal');
  if (internal >= 0) {
    const parent = rest.slice(0, internal).reduce(inDir, root);
    const importer = dirOf(from);
    if (!(importer === parent || parent === '' || importer.startsWith(`${parent}/`))) return { ok: false, reason: 'internal-import' };
  }
  let dir = root;
  for (const segment of rest) {
    dir = inDir(dir, segment);
    if (host.probe(inDir(dir, 'go.mod'))) return { ok: false, reason: 'nested-module' };
  }
  if (!host.isDirectory(dir === '' ? '.' : dir)) return { ok: false, reason: 'unresolved-module' };
  return { ok: true, value: dir };
}

/** Where `name` binds in a resolved package: a type declaration, or why not. */
async function bindInPackage(host: BindingHost, dir: string, pkg: ActivePackage, name: string): Promise<ReferenceTarget> {
  const binding = bindName(pkg, name);
  switch (binding.kind) {
    case 'unique': {
      const path = inDir(dir, binding.file);
      const facts = await goFacts(host, path);
      const types = facts.declarations.filter((d) => d.rootKind === 'type' && d.name === name);
      if (types.length !== 1) return omitted(types.length === 0 ? 'not-a-type' : 'duplicate-name');
      if (types[0].ineligible) return omitted(types[0].ineligible);
      return { kind: 'decl', key: `${path}#${types[0].index}`, path };
    }
    case 'missing':
      return omitted('unresolved-binding');
    case 'conflicting':
      return omitted('conflicting-binding');
    case 'unknown':
      return omitted(binding.reason === 'possibly-active' ? 'possibly-active' : `package-${pkg.identity.kind === 'unknown' ? pkg.identity.reasons[0] : 'identity'}`);
  }
}

async function resolveSimple(host: BindingHost, path: string, facts: GoReviewFacts, name: string): Promise<ReferenceTarget | null> {
  const local = facts.declarations.filter((d) => d.rootKind === 'type' && d.name === name);
  if (local.length > 0) {
    if (local.length > 1 || local[0].ineligible) return omitted('duplicate-name');
    return { kind: 'decl', key: `${path}#${local[0].index}`, path };
  }
  if (facts.packageNames.includes(name)) return omitted('not-a-type');
  // The universe block; a package-level type of that name in another file of the package is not looked for.
  if (PREDECLARED.has(name)) return null;
  if (facts.imports.some((i) => i.form === 'dot')) return omitted('dot-import');
  const dir = dirOf(path);
  const pkg = await activePackage(host, dir);
  if (!pkg.ok) return omitted(pkg.reason);
  const self = pkg.value.files.find((f) => inDir(dir, f.name) === path);
  // A file outside the active package is compiled with another set of files: no claim about its siblings.
  if (!self) return omitted('file-not-active');
  if (self.membership.status !== 'active') return omitted('possibly-active-file');
  return bindInPackage(host, dir, pkg.value, name);
}

async function resolveQualified(host: BindingHost, path: string, facts: GoReviewFacts, qualifier: string, member: string): Promise<ReferenceTarget> {
  if (!isExported(member)) return omitted('unexported');
  const aliased = facts.imports.filter((i) => i.form === 'alias' && i.alias === qualifier);
  if (aliased.length > 1) return omitted('duplicate-import-binding');
  // A default import binds its package's declared name, which may differ from the path's last element:
  // try the likely one first, then the others, each checked against the declared name.
  const suffix = (p: string) => p.split('/').filter((s) => !/^v\d+$/.test(s)).pop() ?? '';
  const defaults = facts.imports.filter((i) => i.form === 'default' && i.path !== 'C').sort((a, b) => Number(suffix(b.path) === qualifier) - Number(suffix(a.path) === qualifier));
  // An alias, or an import whose path ends in the qualifier, is the binding if any is: when it
  // leads outside the module (or fails) the reference is omitted without reading other packages.
  const likely = aliased.length === 1 ? aliased : defaults.filter((i) => suffix(i.path) === qualifier);
  const candidates = likely.length > 0 ? likely : defaults;
  let reason = 'unresolved-binding';
  for (const candidate of candidates) {
    const dir = await importDirectory(host, path, candidate.path);
    if (!dir.ok) {
      if (likely.length > 0) return omitted(dir.reason);
      if (reason === 'unresolved-binding') reason = dir.reason;
      continue;
    }
    const pkg = await activePackage(host, dir.value);
    if (!pkg.ok) {
      if (likely.length > 0) return omitted(pkg.reason);
      reason = pkg.reason;
      continue;
    }
    const identity = pkg.value.identity;
    if (identity.kind !== 'unique') {
      if (likely.length > 0) return omitted(identity.kind === 'none' ? 'unresolved-module' : `package-${identity.reasons[0]}`);
      reason = 'package-identity';
      continue;
    }
    if (aliased.length === 0 && identity.name !== qualifier) continue;
    if (identity.name === 'main') return omitted('main-package');
    return bindInPackage(host, dir.value, pkg.value, member);
  }
  return omitted(reason);
}

export const goBinder: LanguageBinder = {
  language: 'go',

  async resolveReference(host, path, file: ReviewFile, reference) {
    const facts = file.facts as GoReviewFacts;
    if (reference.path?.[0] === CONSTANT_GROUP) return { kind: 'decl', key: `${path}#${reference.path[1]}`, path };
    if (reference.member !== undefined) return resolveQualified(host, path, facts, reference.name, reference.member);
    return resolveSimple(host, path, facts, reference.name);
  },

  async resolveExport(host, path, name) {
    const facts = await goFacts(host, path);
    const types = facts.declarations.filter((d) => d.rootKind === 'type' && d.name === name);
    if (types.length !== 1) return omitted(types.length === 0 ? 'missing-export' : 'duplicate-name');
    return { kind: 'decl', key: `${path}#${types[0].index}`, path };
  },

  // Cgo imports are unsupported authority: C declarations can stand behind any name.
  scopeUncertainty: (facts) => ((facts as GoReviewFacts).importsC ? 'cgo-import' : null),

  display: (reference) => (reference.member ? `${reference.name}.${reference.member}` : reference.name),
};
