// TypeScript binding and omission policy for review: which declaration a name in a
// captured file binds to, through imports, re-exports and the one TypeScript specifier
// resolver the indexer uses (parsers/typescript/resolve.ts).
import { posix } from 'node:path';
import type { ModuleConfigFact } from '../../contracts/facts.js';
import type { ReferenceTarget } from '../../contracts/review-binding.js';
import { foldTsconfig, packageConfig, tsconfigLayer } from './module-config.js';
import type { ReviewDeclaration } from '../review/facts.js';
import type { ReviewFileFacts } from './review-facts.js';
import { configCandidates, JAVASCRIPT_EXTENSIONS, resolveModule, type SpecifierContext } from './resolve.js';
import type { BindingHost, LanguageBinder } from '../../contracts/review-binding.js';

/** A builtin name is part of the language's standard library: never an edge, never an omission. `bigint` is a primitive the grammar reads as a name. */
const BUILTIN_TYPES = new Set(
  'bigint Array ReadonlyArray Promise PromiseLike Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType ConstructorParameters Awaited Map Set WeakMap WeakSet ReadonlyMap ReadonlySet Date RegExp Error TypeError RangeError Iterable Iterator IterableIterator AsyncIterable AsyncIterator AsyncIterableIterator Generator AsyncGenerator Uint8Array Uint16Array Uint32Array Int8Array Int16Array Int32Array Float32Array Float64Array BigInt64Array BigUint64Array ArrayBuffer SharedArrayBuffer DataView Function Object String Number Boolean Symbol BigInt Uppercase Lowercase Capitalize Uncapitalize ThisType ThisParameterType OmitThisParameter TemplateStringsArray PropertyKey ArrayLike URL URLSearchParams AbortSignal Response Request Headers'.split(' '),
);
const BUILTIN_CALLS = new Set(
  'parseInt parseFloat isNaN isFinite String Number Boolean Symbol BigInt Array Object Promise Date Error TypeError RangeError RegExp Map Set WeakMap WeakSet setTimeout clearTimeout setInterval clearInterval setImmediate queueMicrotask structuredClone encodeURIComponent decodeURIComponent encodeURI decodeURI fetch'.split(' '),
);

const TYPE_KINDS = ['interface', 'type', 'class', 'enum'];
const CALL_KINDS = ['function', 'const-callable'];

const factsOf = async (host: BindingHost, path: string) => (await host.file(path)).facts as ReviewFileFacts;

export const typescriptBinder: LanguageBinder = {
  language: 'typescript',

  async resolveReference(host, path, file, reference) {
    const facts = file.facts as ReviewFileFacts;
    const kinds = reference.kind === 'type' ? TYPE_KINDS : CALL_KINDS;
    if (reference.member) {
      const ns = facts.imports.find((b) => b.local === reference.name);
      if (ns && ns.imported === '*') return moduleTarget(host, path, ns.specifier, reference.member);
      if (ns) {
        const resolved = await resolveSpecifier(host, path, ns.specifier);
        if ('reason' in resolved && resolved.reason === 'package-import') return reference.kind === 'call' ? null : { kind: 'omitted', reason: 'package-import' };
        return { kind: 'omitted', reason: 'member-of-import' };
      }
      if (facts.declarations.some((d) => d.name === reference.name)) return { kind: 'omitted', reason: 'namespace-member' };
      return reference.kind === 'call' ? null : { kind: 'omitted', reason: 'unresolved-binding' };
    }
    const local = facts.declarations.filter(
      (d) => d.name === reference.name && (kinds.includes(d.kind) || d.kind === 'namespace' || d.kind === 'ambient' || (reference.kind === 'call' && d.kind === 'variable')),
    );
    if (local.length > 0) return declarationTarget(path, local, reference.kind);
    const binding = facts.imports.find((b) => b.local === reference.name);
    if (binding) {
      if (binding.imported === 'default') return { kind: 'omitted', reason: 'default-import' };
      if (binding.imported === '*') return { kind: 'omitted', reason: 'namespace-reference' };
      return moduleTarget(host, path, binding.specifier, binding.imported);
    }
    if (reference.kind === 'type' ? BUILTIN_TYPES.has(reference.name) : BUILTIN_CALLS.has(reference.name)) return null;
    return { kind: 'omitted', reason: 'unresolved-binding' };
  },

  async resolveExport(host, path, name, relation) {
    const facts = await factsOf(host, path);
    const local = facts.localExports[name] ?? null;
    const kinds = relation === 'type' ? TYPE_KINDS : CALL_KINDS;
    const wanted = local ?? name;
    const declared = facts.declarations.filter(
      (d) => d.name === wanted && (local !== null || d.exported) && (kinds.includes(d.kind) || d.kind === 'namespace' || d.kind === 'variable' || d.kind === 'ambient'),
    );
    if (declared.length > 0) return declarationTarget(path, declared, relation);
    if (local !== null) {
      const binding = facts.imports.find((b) => b.local === local);
      if (binding && binding.imported !== 'default' && binding.imported !== '*') return moduleTarget(host, path, binding.specifier, binding.imported);
      if (binding) return { kind: 'omitted', reason: binding.imported === 'default' ? 'default-import' : 'namespace-reference' };
    }
    const named = facts.reExports.find((r) => r.exported === name);
    if (named) {
      if (named.imported === '*') return { kind: 'omitted', reason: 'namespace-reexport' };
      return moduleTarget(host, path, named.specifier, named.imported);
    }
    const paths: string[] = [];
    for (const star of facts.reExports.filter((r) => r.exported === '*')) {
      const resolved = await resolveSpecifier(host, path, star.specifier);
      if ('path' in resolved) paths.push(resolved.path);
    }
    if (paths.length > 0) return { kind: 'module', path: paths[0], name, alternatives: paths.slice(1) };
    return { kind: 'omitted', reason: 'missing-export' };
  },

  scopeUncertainty: () => null,

  display: (reference) => (reference.member ? `${reference.name}.${reference.member}` : reference.name),
};

function declarationTarget(path: string, found: ReviewDeclaration[], relation: 'type' | 'call'): ReferenceTarget {
  if (found.length > 1) {
    if (found.every((d) => d.kind === 'function')) return { kind: 'omitted', reason: 'function-overload' };
    return { kind: 'omitted', reason: 'declaration-merging' };
  }
  const d = found[0];
  if (d.ineligible === 'function-overload' || d.ineligible === 'declaration-merging' || d.ineligible === 'duplicate-name') return { kind: 'omitted', reason: d.ineligible };
  if (relation === 'call' && d.ineligible === 'unsupported-callable') return { kind: 'omitted', reason: 'unsupported-callable' };
  if (d.kind === 'namespace' || d.kind === 'ambient') return { kind: 'omitted', reason: 'unsupported-syntax' };
  if (relation === 'call' && d.kind === 'variable') return { kind: 'omitted', reason: 'unsupported-callable' };
  return { kind: 'decl', key: `${path}#${d.index}`, path };
}

async function moduleTarget(host: BindingHost, from: string, specifier: string, name: string): Promise<ReferenceTarget> {
  const resolved = await resolveSpecifier(host, from, specifier);
  if ('reason' in resolved) return { kind: 'omitted', reason: resolved.reason };
  return { kind: 'module', path: resolved.path, name };
}

/**
 * The workspace file a specifier names, by the shared resolver. A bare specifier first
 * captures the module configuration files above the importing file (each file alone: a
 * review does not read what a tsconfig extends).
 */
async function resolveSpecifier(host: BindingHost, from: string, specifier: string): Promise<{ path: string } | { reason: string }> {
  if (specifier.startsWith('/')) return { reason: 'absolute-import' };
  const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
  if (relative) {
    const normal = posix.normalize(posix.join(posix.dirname(from), specifier));
    if (normal.startsWith('..')) return { reason: 'outside-workspace' };
  }
  const configs = new Map<string, ModuleConfigFact>();
  if (!relative) {
    for (const candidate of configCandidates(from)) {
      if (!host.isFile(candidate)) continue;
      const captured = await host.authority(candidate, 'config');
      if (!captured.ok) continue;
      const config = candidate.endsWith('package.json') ? packageConfig(candidate, '', captured.text) : foldTsconfig(candidate, '', [tsconfigLayer(candidate, captured.text)]);
      configs.set(candidate, config);
    }
  }
  const ctx: SpecifierContext = {
    file: (p) => (host.isFile(p) ? ({} as never) : undefined),
    config: (p) => configs.get(p),
  };
  const target = resolveModule(from, specifier, ctx);
  if (target.kind === 'external') return { reason: 'package-import' };
  if (target.kind === 'missing') return { reason: 'unresolved-module' };
  if (JAVASCRIPT_EXTENSIONS.some((e) => target.path.endsWith(e))) return { reason: 'cross-language' };
  return { path: target.path };
}
