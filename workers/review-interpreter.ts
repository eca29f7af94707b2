// The review interpreter: runs the review machines and executes their commands
// against the file system and the TypeScript adapter, feeding the facts back as
// events. Parsing happens in this thread: a review touches a handful of files, and
// a worker pool would cost more start-up time than it saves.
//
// Every read goes through the capture machine, whose first command is a path
// check; the log of checks and reads is kept so tests can prove the order.
import { statSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { GateRead } from '../gate/gate.js';
import { AuditRecorder, drive } from '../machines/audit.js';
import { captureMachine, type CaptureOutput, type FileStat } from '../machines/capture.js';
import {
  evidenceTraversalMachine,
  type EdgeDecision,
  type ReferenceFact,
  type ReferenceTarget,
  type TraversalBudgets,
  type TraversalOutput,
} from '../machines/evidence-traversal.js';
import { reviewFreshnessMachine } from '../machines/review-freshness.js';
import { rootSelectionMachine, type RootSelectionOutput } from '../machines/root-selection.js';
import {
  MAX_DECLARATIONS,
  openReviewFile,
  reviewGrammarFor,
  type OutboundReference,
  type ReviewDeclaration,
  type ReviewFile,
} from '../parsers/review-typescript/index.js';
import { sha256 } from '../review/canonical.js';
import type { InputArtifact, InputEdge, InputNode } from '../contracts/review-input.js';
import { declarationFingerprint, edgeBytes, fixedBytes, nodeBytes } from '../review/input.js';
import { PathPolicy, type PathVerdict } from '../review/paths.js';
import { aliasTargets } from '../store/resolve/module-aliases.js';
import { foldTsconfig, tsconfigLayer } from '../parsers/module-config.js';
import type { ModuleConfigFact } from '../contracts/facts.js';
import type { Span } from '../review/edits.js';

export interface Snapshot {
  path: string;
  text: string;
  bytes: number;
  digest: string;
}

export type CaptureResult = { ok: true; snapshot: Snapshot } | { ok: false; outcome: CaptureOutput['outcome']; reason: string | null };

export interface UnitEvidence {
  artifact: InputArtifact;
  nodes: InputNode[];
  edges: InputEdge[];
  decisions: EdgeDecision[];
  /** Every source the unit depends on (files read and binding files), for the freshness check. */
  sources: Array<{ path: string; digest: string }>;
  spent: TraversalOutput['spent'];
}

export interface InterpreterOptions {
  workspace: string;
  policy: PathPolicy;
  budgets: TraversalBudgets;
  recorder?: AuditRecorder;
  /** Milliseconds since an arbitrary origin; injected by tests for deterministic deadlines. */
  clock?: () => number;
}

type Event = { type: string } & Record<string, unknown>;

/** A builtin name is part of the language's standard library: never an edge, never an omission. */
const BUILTIN_TYPES = new Set(
  'Array ReadonlyArray Promise PromiseLike Record Partial Required Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType ConstructorParameters Awaited Map Set WeakMap WeakSet ReadonlyMap ReadonlySet Date RegExp Error TypeError RangeError Iterable Iterator IterableIterator AsyncIterable AsyncIterator AsyncIterableIterator Generator AsyncGenerator Uint8Array Uint16Array Uint32Array Int8Array Int16Array Int32Array Float32Array Float64Array BigInt64Array BigUint64Array ArrayBuffer SharedArrayBuffer DataView Function Object String Number Boolean Symbol BigInt Uppercase Lowercase Capitalize Uncapitalize ThisType ThisParameterType OmitThisParameter TemplateStringsArray PropertyKey ArrayLike URL URLSearchParams AbortSignal Response Request Headers'.split(' '),
);
const BUILTIN_CALLS = new Set(
  'parseInt parseFloat isNaN isFinite String Number Boolean Symbol BigInt Array Object Promise Date Error TypeError RangeError RegExp Map Set WeakMap WeakSet setTimeout clearTimeout setInterval clearInterval setImmediate queueMicrotask structuredClone encodeURIComponent decodeURIComponent encodeURI decodeURI fetch'.split(' '),
);

const TYPE_KINDS = ['interface', 'type', 'class', 'enum'];
const CALL_KINDS = ['function', 'const-callable'];
const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts'];


export class ReviewInterpreter {
  readonly workspace: string;
  readonly policy: PathPolicy;
  readonly budgets: TraversalBudgets;
  readonly recorder: AuditRecorder;
  /** Checks and reads in the order they happened. */
  readonly accessLog: Array<{ op: 'check' | 'read'; path: string }> = [];
  private readonly clock: () => number;
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly parsed = new Map<string, Promise<ReviewFile>>();
  private tsconfig: { config: ModuleConfigFact | null; source: { path: string; digest: string } | null } | null = null;

  constructor(options: InterpreterOptions) {
    this.workspace = options.workspace;
    this.policy = options.policy;
    this.budgets = options.budgets;
    this.recorder = options.recorder ?? new AuditRecorder();
    this.clock = options.clock ?? (() => performance.now());
  }

  dispose(): void {
    this.policy.close();
    for (const file of this.parsed.values()) void file.then((f) => f.dispose());
    this.parsed.clear();
  }

  // --- capture ---------------------------------------------------------------------

  /** Captures a file through the capture machine, at most once per run. */
  async capture(path: string, check: (rel: string) => PathVerdict): Promise<CaptureResult> {
    const existing = this.snapshots.get(path);
    if (existing) return { ok: true, snapshot: existing };
    if (this.snapshots.size === 0) await this.policy.prefetchIgnored([path, 'tsconfig.json']);
    let text: string | null = null;
    const stated = (): FileStat => {
      const s = this.policy.stat(path);
      return s ? { exists: true, isFile: true, ...s } : { exists: false, isFile: false, size: 0, mtimeMs: 0 };
    };
    const output = await drive<CaptureOutput>(
      captureMachine,
      'capture',
      { path, ceiling: this.budgets.fileBytes },
      (command) => {
        switch (command.kind) {
          case 'check-path': {
            this.accessLog.push({ op: 'check', path });
            const verdict = check(path);
            return { type: 'PATH_CHECKED', allowed: verdict.allowed, reason: verdict.reason };
          }
          case 'stat':
            return { type: 'STATED', ...stated() };
          case 'read': {
            this.accessLog.push({ op: 'read', path });
            const read = textOf(this.policy.read(path, command.maxBytes as number));
            if (!read) return { type: 'READ', ok: false, bytes: 0, digest: null };
            text = read.text;
            return { type: 'READ', ok: read.text !== null, bytes: read.bytes, digest: read.digest };
          }
          case 'restat':
            return { type: 'RESTATED', ...stated() };
          default:
            return null;
        }
      },
      this.recorder,
    );
    if (output.outcome !== 'captured' || text === null) return { ok: false, outcome: output.outcome, reason: output.reason };
    const snapshot: Snapshot = { path, text, bytes: output.bytes, digest: output.digest! };
    this.snapshots.set(path, snapshot);
    return { ok: true, snapshot };
  }

  private file(path: string): Promise<ReviewFile> {
    let file = this.parsed.get(path);
    if (!file) {
      const snapshot = this.snapshots.get(path);
      const grammar = reviewGrammarFor(path);
      if (!snapshot || !grammar) throw new Error(`internal: ${path} parsed before capture`);
      file = openReviewFile(snapshot.text, grammar);
      this.parsed.set(path, file);
    }
    return file;
  }

  // --- root selection --------------------------------------------------------------

  async selectRoots(path: string, change: 'add' | 'update', spans: Span[]): Promise<{ roots: ReviewDeclaration[]; skipped: RootSelectionOutput['skipped'] }> {
    const file = await this.file(path);
    const declarations = file.facts.declarations;
    const output = await drive<RootSelectionOutput>(
      rootSelectionMachine,
      'root-selection',
      { file: path, change },
      (command) => {
        if (command.kind === 'declarations') {
          return {
            type: 'DECLARATIONS',
            declarations: declarations.map((d) => ({ id: `d${d.index}`, start: d.start, end: d.end, rootKind: d.rootKind, ineligible: d.ineligible })),
            material: file.facts.material.map((m) => ({ start: m.start, end: m.end })),
            tooMany: declarations.length > MAX_DECLARATIONS,
          };
        }
        if (command.kind === 'spans') return { type: 'SPANS', spans: spans.map((s, i) => ({ id: `s${i}`, start: s.start, end: s.end })) };
        return null;
      },
      this.recorder,
    );
    const roots = output.roots.map((id) => declarations[Number(id.slice(1))]);
    return { roots, skipped: output.skipped };
  }

  // --- traversal -------------------------------------------------------------------

  /** Builds the evidence of one root through the traversal machine. */
  async traverse(path: string, root: ReviewDeclaration): Promise<UnitEvidence> {
    const rootSnapshot = this.snapshots.get(path)!;
    const source = rootSnapshot.text.slice(root.start, root.end);
    const artifact: InputArtifact = { kind: root.rootKind!, name: root.name, domain: path, source, fingerprint: declarationFingerprint(source) };
    const rootKey = `${path}#${root.index}`;
    const ids = new Map<string, string>([[rootKey, 'root']]);
    const refs = new Map<string, { name: string; from: string }>();
    const nodes: InputNode[] = [];
    const nodeRecords = new Map<string, InputNode>();
    let refCounter = 0;
    const start = this.clock();
    const elapsed = () => Math.max(0, Math.round(this.clock() - start));

    const output = await drive<TraversalOutput>(
      evidenceTraversalMachine,
      'evidence-traversal',
      { root: rootKey, rootFile: path, rootFileBytes: rootSnapshot.bytes, rootBytes: fixedBytes(artifact), budgets: this.budgets },
      async (command): Promise<Event | null> => {
        switch (command.kind) {
          case 'references': {
            const key = command.node as string;
            const [filePath, index] = splitKey(key);
            const file = await this.file(filePath);
            const declaration = file.facts.declarations[index];
            const facts: ReferenceFact[] = [];
            for (const reference of file.references(declaration)) {
              const target = await this.resolveReference(filePath, file, reference);
              if (target === null) continue;
              const ref = `r${++refCounter}`;
              const name = reference.member ? `${reference.name}.${reference.member}` : reference.name;
              refs.set(ref, { name, from: key });
              const sized: InputEdge = { from: ids.get(key) ?? 'n999', to: 'n999', relation: reference.kind, status: 'expanded', reason: null, name };
              facts.push({ ref, relation: reference.kind, target, edgeBytes: edgeBytes(sized) });
            }
            await this.policy.prefetchIgnored(facts.flatMap((f) => (f.target.kind === 'module' ? [f.target.path, ...(f.target.alternatives ?? [])] : [])));
            return { type: 'REFERENCES', node: key, refs: facts, elapsedMs: elapsed() };
          }
          case 'check-path': {
            const rel = command.path as string;
            this.accessLog.push({ op: 'check', path: rel });
            const verdict = this.policy.checkContext(rel);
            return { type: 'PATH_CHECKED', path: rel, allowed: verdict.allowed, reason: verdict.reason, elapsedMs: elapsed() };
          }
          case 'capture': {
            const rel = command.path as string;
            const result = await this.capture(rel, (p) => this.policy.checkContext(p));
            return { type: 'CAPTURED', path: rel, outcome: result.ok ? 'captured' : result.outcome, bytes: result.ok ? result.snapshot.bytes : 0, elapsedMs: elapsed() };
          }
          case 'resolve-export': {
            const target = await this.resolveExport(command.path as string, command.name as string, command.relation as 'type' | 'call');
            if (target.kind === 'module') await this.policy.prefetchIgnored([target.path, ...(target.alternatives ?? [])]);
            return { type: 'EXPORT_RESOLVED', target, elapsedMs: elapsed() };
          }
          case 'measure': {
            const key = command.node as string;
            const record = await this.nodeRecord(key, `n${nodes.length + 1}`);
            nodeRecords.set(key, record);
            return { type: 'MEASURED', node: key, bytes: nodeBytes(record), elapsedMs: elapsed() };
          }
          case 'edge': {
            if (command.status === 'expanded') {
              const key = command.to as string;
              const record = nodeRecords.get(key)!;
              ids.set(key, record.id);
              nodes.push(record);
            }
            return null;
          }
          default:
            return null;
        }
      },
      this.recorder,
    );

    const edges: InputEdge[] = output.edges.map((e) => ({
      from: ids.get(e.from) ?? 'root',
      to: e.to === null ? null : (ids.get(e.to) ?? null),
      relation: e.relation,
      status: e.status,
      reason: e.reason,
      name: refs.get(e.ref)?.name ?? '',
    }));
    const sources = output.files.map((f) => ({ path: f, digest: this.snapshots.get(f)!.digest }));
    if (this.tsconfig?.source) sources.push(this.tsconfig.source); // module bindings were read from it
    return { artifact, nodes, edges, decisions: output.edges, sources, spent: output.spent };
  }

  private async nodeRecord(key: string, id: string): Promise<InputNode> {
    const [path, index] = splitKey(key);
    const file = await this.file(path);
    const d = file.facts.declarations[index];
    const text = this.snapshots.get(path)!.text;
    const source = text.slice(d.start, d.end);
    return { id, kind: d.kind, name: d.name, domain: path, source, fingerprint: declarationFingerprint(source) };
  }

  /** Where a reference leads, without reading any other file. Null: a builtin, not an edge. */
  private async resolveReference(path: string, file: ReviewFile, reference: OutboundReference): Promise<ReferenceTarget | null> {
    const { facts } = file;
    const kinds = reference.kind === 'type' ? TYPE_KINDS : CALL_KINDS;
    if (reference.member) {
      const ns = facts.imports.find((b) => b.local === reference.name);
      if (ns && ns.imported === '*') return this.moduleTarget(path, ns.specifier, reference.member);
      if (ns) {
        const resolved = await this.resolveSpecifier(path, ns.specifier);
        if ('reason' in resolved && resolved.reason === 'package-import') return reference.kind === 'call' ? null : { kind: 'omitted', reason: 'package-import' };
        return { kind: 'omitted', reason: 'member-of-import' };
      }
      if (facts.declarations.some((d) => d.name === reference.name)) return { kind: 'omitted', reason: 'namespace-member' };
      return reference.kind === 'call' ? null : { kind: 'omitted', reason: 'unresolved-binding' };
    }
    const local = facts.declarations.filter((d) => d.name === reference.name && (kinds.includes(d.kind) || d.kind === 'namespace' || d.kind === 'ambient' || (reference.kind === 'call' && d.kind === 'variable')));
    if (local.length > 0) return this.declarationTarget(path, local, reference.kind);
    const binding = facts.imports.find((b) => b.local === reference.name);
    if (binding) {
      if (binding.imported === 'default') return { kind: 'omitted', reason: 'default-import' };
      if (binding.imported === '*') return { kind: 'omitted', reason: 'namespace-reference' };
      return this.moduleTarget(path, binding.specifier, binding.imported);
    }
    if (reference.kind === 'type' ? BUILTIN_TYPES.has(reference.name) : BUILTIN_CALLS.has(reference.name)) return null;
    return { kind: 'omitted', reason: 'unresolved-binding' };
  }

  private declarationTarget(path: string, found: ReviewDeclaration[], relation: 'type' | 'call'): ReferenceTarget {
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

  private async moduleTarget(from: string, specifier: string, name: string): Promise<ReferenceTarget> {
    const resolved = await this.resolveSpecifier(from, specifier);
    if ('reason' in resolved) return { kind: 'omitted', reason: resolved.reason };
    return { kind: 'module', path: resolved.path, name };
  }

  /** Resolves the name an already captured module exports: a declaration, a re-export hop, or an omission. */
  private async resolveExport(path: string, name: string, relation: 'type' | 'call'): Promise<ReferenceTarget> {
    const file = await this.file(path);
    const { facts } = file;
    const local = facts.localExports[name] ?? null;
    const kinds = relation === 'type' ? TYPE_KINDS : CALL_KINDS;
    const wanted = local ?? name;
    const declared = facts.declarations.filter((d) => d.name === wanted && (local !== null || d.exported) && (kinds.includes(d.kind) || d.kind === 'namespace' || d.kind === 'variable' || d.kind === 'ambient'));
    if (declared.length > 0) return this.declarationTarget(path, declared, relation);
    if (local !== null) {
      const binding = facts.imports.find((b) => b.local === local);
      if (binding && binding.imported !== 'default' && binding.imported !== '*') return this.moduleTarget(path, binding.specifier, binding.imported);
      if (binding) return { kind: 'omitted', reason: binding.imported === 'default' ? 'default-import' : 'namespace-reference' };
    }
    const named = facts.reExports.find((r) => r.exported === name);
    if (named) {
      if (named.imported === '*') return { kind: 'omitted', reason: 'namespace-reexport' };
      return this.moduleTarget(path, named.specifier, named.imported);
    }
    const stars = facts.reExports.filter((r) => r.exported === '*');
    const paths: string[] = [];
    for (const star of stars) {
      const resolved = await this.resolveSpecifier(path, star.specifier);
      if ('path' in resolved) paths.push(resolved.path);
    }
    if (paths.length > 0) return { kind: 'module', path: paths[0], name, alternatives: paths.slice(1) };
    return { kind: 'omitted', reason: 'missing-export' };
  }

  // --- module resolution -----------------------------------------------------------

  private async resolveSpecifier(from: string, specifier: string): Promise<{ path: string } | { reason: string }> {
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      return this.probe(posix.join(posix.dirname(from), specifier));
    }
    if (specifier.startsWith('/')) return { reason: 'absolute-import' };
    const config = await this.tsconfigAliases();
    // The alias the compiler takes: an exact pattern, else the `*` pattern with the longest
    // prefix. Its targets are workspace-relative already.
    const aliased = config ? aliasTargets(config.aliases, specifier) : undefined;
    if (aliased) {
      for (const target of aliased) {
        const probed = this.probe(target);
        if ('path' in probed) return probed;
      }
      return { reason: 'unresolved-alias' };
    }
    if (config?.baseUrl !== undefined) {
      const probed = this.probe(posix.join(config.baseUrl, specifier));
      if ('path' in probed) return probed;
    }
    return { reason: 'package-import' };
  }

  /** Finds the TypeScript file a module path names (extension mapping and index files); a stat, never a read. */
  private probe(base: string): { path: string } | { reason: string } {
    const normal = posix.normalize(base);
    if (normal.startsWith('..') || posix.isAbsolute(normal)) return { reason: 'outside-workspace' };
    const stem = normal.replace(/\.(m|c)?jsx?$/, '');
    const candidates = TS_EXTENSIONS.some((e) => normal.endsWith(e))
      ? [normal]
      : [...['.ts', '.tsx', '.mts', '.cts', '.d.ts'].map((e) => stem + e), ...['/index.ts', '/index.tsx', '/index.d.ts'].map((e) => normal + e)];
    for (const candidate of candidates) {
      try {
        if (statSync(join(this.workspace, candidate)).isFile()) return { path: candidate };
      } catch {
        // try the next candidate
      }
    }
    if (/\.(m|c)?jsx?$/.test(normal)) {
      try {
        if (statSync(join(this.workspace, normal)).isFile()) return { reason: 'cross-language' };
      } catch {
        // fall through
      }
    }
    return { reason: 'unresolved-module' };
  }

  /**
   * `compilerOptions.baseUrl` and `paths` of the workspace tsconfig.json, captured like any
   * source and read by the indexer's own tsconfig rules (the file alone: a review does not
   * read the files it extends).
   */
  private async tsconfigAliases(): Promise<ModuleConfigFact | null> {
    if (this.tsconfig) return this.tsconfig.config;
    this.tsconfig = { config: null, source: null };
    try {
      statSync(join(this.workspace, 'tsconfig.json'));
    } catch {
      return null;
    }
    const result = await this.capture('tsconfig.json', (p) => this.policy.checkConfigFile(p));
    if (!result.ok) return null;
    const config = foldTsconfig('tsconfig.json', result.snapshot.digest, [tsconfigLayer('tsconfig.json', result.snapshot.text)]);
    this.tsconfig = { config, source: { path: 'tsconfig.json', digest: result.snapshot.digest } };
    return config;
  }

  // --- freshness -------------------------------------------------------------------

  /** Re-captures every contributing source; false when any changed or can no longer be captured. */
  async fresh(sources: Array<{ path: string; digest: string }>): Promise<boolean> {
    const output = await drive<{ fresh: boolean }>(
      reviewFreshnessMachine,
      'review-freshness',
      { sources },
      (command) => {
        if (command.kind !== 'recapture') return null;
        const path = command.path as string;
        const read = textOf(this.policy.read(path, this.budgets.fileBytes));
        return { type: 'RECAPTURED', path, digest: read?.digest ?? null };
      },
      this.recorder,
    );
    return output.fresh;
  }
}

function splitKey(key: string): [string, number] {
  const at = key.lastIndexOf('#');
  return [key.slice(0, at), Number(key.slice(at + 1))];
}

/** Text (null when not UTF-8), size and digest of a gate read; null when the gate refused or the read failed. */
function textOf(read: GateRead): { text: string | null; bytes: number; digest: string } | null {
  if (!read.ok) return null;
  let text: string | null;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    text = null;
  }
  return { text, bytes: read.size, digest: `sha256:${sha256(read.bytes)}` };
}
