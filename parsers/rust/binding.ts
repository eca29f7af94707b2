// Rust binding and omission policy for review (type-shape v1): named types bind within
// the file, through `use` bindings and `mod child;` chains of verified local Cargo
// modules, and `crate::` paths through the crate root's module map. Module authority
// comes from the nearest Cargo.toml (parsers/rust/cargo.ts) and the `mod`
// declarations of the file's ancestors, each captured through the path gate within the
// unit's budgets. Anything else (extern crates, `super::`, re-exports, globs, inline
// modules, unsupported manifests) is an omission with its reason.
import { posix } from 'node:path';
import type { ReferenceTarget } from '../../contracts/review-binding.js';
import type { ReviewDeclaration } from '../review/facts.js';
import { readCargoManifest } from './cargo.js';
import type { RustFacts } from './review.js';
import type { BindingHost, LanguageBinder } from '../../contracts/review-binding.js';

/** Unqualified names the profile takes as the standard library's, unless the file binds them. */
const BUILTIN_TYPES = new Set(['String', 'str', 'Option', 'Result', 'Vec', 'Box']);
const EXTERNAL_ROOTS = new Set(['std', 'core', 'alloc']);
const TYPE_NAMESPACE = new Set(['struct', 'enum', 'type', 'union', 'trait']);
const SUPPORTED_TARGETS = new Set(['struct', 'enum', 'type']);
/** Folders whose files Cargo may give roles of their own (automatic targets): not modelled. */
const AUTOMATIC_TARGET_DIRS = ['src/bin/', 'tests/', 'examples/', 'benches/'];

type Omission = { reason: string };
interface Role {
  /** The crate root file the module chain starts at. */
  crateRoot: string;
  /** Module path of the file below the crate root. */
  segs: string[];
}

const omitted = (reason: string): ReferenceTarget => ({ kind: 'omitted', reason });
const factsOf = async (host: BindingHost, path: string) => (await host.file(path)).facts as RustFacts;

export const rustBinder: LanguageBinder = {
  language: 'rust',

  async resolveReference(host, path, file, reference) {
    if (reference.unsupported) return omitted(reference.unsupported);
    const facts = file.facts as RustFacts;
    if (!reference.path) {
      const name = reference.name;
      const locals = facts.declarations.filter((d) => d.name === name && TYPE_NAMESPACE.has(d.kind));
      const bound = facts.uses.filter((u) => u.local === name);
      if (locals.length + bound.length > 1) return omitted('ambiguous-binding');
      if (locals.length === 1) return localTarget(path, locals[0]);
      if (bound.length === 1) return pathTarget(host, path, bound[0].path);
      if (BUILTIN_TYPES.has(name)) return null;
      if (facts.uses.some((u) => u.local === '*')) return omitted('glob-import');
      return omitted('unresolved-binding');
    }
    const [head, ...rest] = reference.path;
    if (head === 'crate' || head === 'self' || head === 'super') return pathTarget(host, path, reference.path);
    const bound = facts.uses.filter((u) => u.local === head);
    const declared = facts.modules.some((m) => m.name === head);
    if (bound.length + (declared ? 1 : 0) > 1) return omitted('ambiguous-binding');
    if (bound.length === 1) return pathTarget(host, path, [...bound[0].path, ...rest]);
    if (declared) return pathTarget(host, path, ['self', ...reference.path]);
    return omitted(EXTERNAL_ROOTS.has(head) ? 'external-crate' : 'unresolved-path');
  },

  async resolveExport(host, path, name) {
    const facts = await factsOf(host, path);
    const declared = facts.declarations.filter((d) => d.name === name && TYPE_NAMESPACE.has(d.kind));
    const reexported = facts.uses.filter((u) => u.local === name && u.public);
    if (declared.length + reexported.length > 1) return omitted('ambiguous-binding');
    if (declared.length === 1) {
      if (!declared[0].exported) return omitted('private-declaration');
      return localTarget(path, declared[0]);
    }
    if (reexported.length === 1) return omitted('reexport');
    if (facts.uses.some((u) => u.local === '*' && u.public)) return omitted('glob-import');
    return omitted('missing-declaration');
  },

  scopeUncertainty: (facts) => {
    const reason = (facts as RustFacts).uncertain;
    return reason ? `uncertain-${reason}` : null;
  },

  display: (reference) => (reference.path ? reference.path.join('::') : reference.name),
};

function localTarget(path: string, d: ReviewDeclaration): ReferenceTarget {
  if (!SUPPORTED_TARGETS.has(d.kind)) return omitted('unsupported-target');
  if (d.ineligible && d.ineligible !== 'not-a-root') return omitted(d.ineligible);
  return { kind: 'decl', key: `${path}#${d.index}`, path };
}

/** A path written (or bound by `use`) in `from`: the module file that declares its last segment. */
async function pathTarget(host: BindingHost, from: string, segs: string[]): Promise<ReferenceTarget> {
  const [head] = segs;
  if (head === 'super') return omitted('unsupported-path');
  if (EXTERNAL_ROOTS.has(head)) return omitted('external-crate');
  const facts = await factsOf(host, from);
  if (head !== 'crate' && head !== 'self' && !facts.modules.some((m) => m.name === head)) return omitted('external-crate');
  const crate = await crateOf(host, from);
  if ('reason' in crate) return omitted(crate.reason);
  let start: string;
  let startIsRoot: boolean;
  let rest: string[];
  if (head === 'crate') {
    const roots = new Set(crate.roles.map((r) => r.crateRoot));
    if (roots.size !== 1) return omitted('ambiguous-crate');
    start = [...roots][0];
    startIsRoot = true;
    rest = segs.slice(1);
  } else {
    start = from;
    startIsRoot = crate.roles.some((r) => r.segs.length === 0);
    rest = head === 'self' ? segs.slice(1) : segs;
  }
  if (rest.length === 0) return omitted('unsupported-path');
  const name = rest[rest.length - 1];
  if (rest.length === 1 && start === from) {
    const locals = facts.declarations.filter((d) => d.name === name && TYPE_NAMESPACE.has(d.kind));
    if (locals.length !== 1) return omitted(locals.length === 0 ? 'missing-declaration' : 'ambiguous-binding');
    return localTarget(from, locals[0]);
  }
  const module = await walkModules(host, start, startIsRoot, rest.slice(0, -1));
  if ('reason' in module) return omitted(module.reason);
  return { kind: 'module', path: module.path, name };
}

/** Follows `mod` declarations from a module file down `segs`; each step needs exactly one of child.rs and child/mod.rs. */
async function walkModules(host: BindingHost, start: string, startIsRoot: boolean, segs: string[]): Promise<{ path: string } | Omission> {
  let current = start;
  let isRoot = startIsRoot;
  for (const seg of segs) {
    const captured = await host.authority(current, 'context');
    if (!captured.ok) return { reason: captured.reason };
    const parsed = await host.parsed(current);
    if (!parsed) return { reason: 'module-unavailable' };
    const facts = parsed.facts as RustFacts;
    const declared = facts.modules.filter((m) => m.name === seg);
    if (declared.length === 0) return { reason: 'undeclared-module' };
    if (declared.length > 1 || declared[0].inline) return { reason: declared[0].inline ? 'inline-module' : 'ambiguous-module' };
    const child = childFile(host, current, isRoot, seg);
    if ('reason' in child) return child;
    current = child.path;
    isRoot = false;
  }
  return { path: current };
}

function childFile(host: BindingHost, parent: string, parentIsRoot: boolean, name: string): { path: string } | Omission {
  const base = parentIsRoot || posix.basename(parent) === 'mod.rs' ? posix.dirname(parent) : posix.join(posix.dirname(parent), posix.basename(parent, '.rs'));
  const flat = posix.join(base, `${name}.rs`);
  const nested = posix.join(base, name, 'mod.rs');
  const found = [flat, nested].filter((p) => host.probe(p));
  if (found.length === 2) return { reason: 'ambiguous-module' };
  if (found.length === 0) return { reason: 'missing-module' };
  return { path: found[0] };
}

const crates = new WeakMap<BindingHost, Map<string, Promise<{ roles: Role[] } | Omission>>>();

/** The verified module roles of a file in the crate of its nearest Cargo.toml (cached per unit). */
function crateOf(host: BindingHost, file: string): Promise<{ roles: Role[] } | Omission> {
  let byFile = crates.get(host);
  if (!byFile) crates.set(host, (byFile = new Map()));
  let found = byFile.get(file);
  if (!found) byFile.set(file, (found = verifyCrate(host, file)));
  return found;
}

async function verifyCrate(host: BindingHost, file: string): Promise<{ roles: Role[] } | Omission> {
  let manifest: string | null = null;
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    const candidate = dir === '.' ? 'Cargo.toml' : `${dir}/Cargo.toml`;
    if (host.isFile(candidate)) {
      manifest = candidate;
      break;
    }
    if (dir === '.' || dir === '') break;
  }
  // A manifest above the workspace is never looked for: module authority stays inside it.
  if (manifest === null) return { reason: 'no-cargo-manifest' };
  const captured = await host.authority(manifest, 'context');
  if (!captured.ok) return { reason: captured.reason };
  const cargo = readCargoManifest(captured.text);
  if (!cargo.ok) return { reason: cargo.reason };
  const dir = posix.dirname(manifest);
  const at = (p: string) => (dir === '.' ? p : `${dir}/${p}`);
  if (host.isFile(at('build.rs'))) return { reason: 'manifest-build-script' };
  const roots: string[] = [];
  const lib = cargo.lib ?? (host.isFile(at('src/lib.rs')) ? 'src/lib.rs' : null);
  if (lib) roots.push(at(lib));
  if (cargo.bins.length > 0) roots.push(...cargo.bins.map((b) => at(b.path)));
  else if (host.isFile(at('src/main.rs'))) roots.push(at('src/main.rs'));
  const roles: Role[] = [];
  for (const root of roots) {
    const segs = moduleSegments(root, file);
    if (segs === null) continue;
    if (segs.length === 0) {
      roles.push({ crateRoot: root, segs });
      continue;
    }
    const walked = await walkModules(host, root, true, segs);
    if ('reason' in walked) {
      if (walked.reason === 'ambiguous-module') return walked;
      if (['undeclared-module', 'missing-module', 'inline-module'].includes(walked.reason)) continue;
      return walked;
    }
    if (walked.path === file) roles.push({ crateRoot: root, segs });
  }
  if (roles.length > 0) return { roles };
  const inCrate = dir === '.' ? file : file.slice(dir.length + 1);
  if (AUTOMATIC_TARGET_DIRS.some((d) => inCrate.startsWith(d))) return { reason: 'automatic-target' };
  return { reason: 'unverified-module' };
}

/** The module path a file would have below a crate root, by layout alone; null when outside its folder. */
function moduleSegments(root: string, file: string): string[] | null {
  if (root === file) return [];
  const dir = posix.dirname(root);
  const prefix = dir === '.' ? '' : `${dir}/`;
  if (!file.startsWith(prefix) || !file.endsWith('.rs')) return null;
  const parts = file.slice(prefix.length).split('/');
  const last = parts.pop()!;
  const segs = last === 'mod.rs' ? parts : [...parts, last.slice(0, -3)];
  if (segs.length === 0 || !segs.every((s) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s))) return null;
  return segs;
}
