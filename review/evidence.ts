// Root selection and evidence traversal of one file's edit: declares how the
// language-neutral machines' commands are answered, with the host (which checks, reads
// and parses) and the language's binding policy (which decides what a name binds to).
// The host runs them through the one interpreter (workers/interpreter.ts): review/ says
// what a command means, never how a machine is stepped.
import type { RunMachine } from '../machines/audit.js';
import {
  type AuthorityRead,
  type EdgeDecision,
  type ReferenceFact,
  type ReferenceTarget,
  type TraversalBudgets,
  type TraversalOutput,
  evidenceTraversalMachine,
} from '../machines/evidence-traversal.js';
import { rootSelectionMachine, type RootSelectionOutput } from '../machines/root-selection.js';
import { MAX_DECLARATIONS, type ReviewDeclaration, type ReviewFile } from '../parsers/review/facts.js';
import { binderFor } from './binding/index.js';
import { BUNDLED_PREFIX, type AnalysisSettings, type AuthorityCapture, type BindingHost } from '../contracts/review-binding.js';
import { profileFor } from '../parsers/review/profiles.js';
import { inventoryDigest, inventorySource, type DirectoryObservation } from '../parsers/review/inventory.js';
import type { Span } from './edits.js';
import type { InputArtifact, InputEdge, InputNode } from '../contracts/review-input.js';
import { MAX_OMISSION_CODE_LENGTH } from '../contracts/omission-codes.js';
import { declarationFingerprint, edgeBytes, fixedBytes, nodeBytes } from './input.js';

/** A path check's answer (review/paths.ts gives the reasons). */
export interface PathVerdict {
  allowed: boolean;
  reason: string | null;
}

export interface Snapshot {
  path: string;
  text: string;
  bytes: number;
  digest: string;
}

export type CaptureResult = { ok: true; snapshot: Snapshot } | { ok: false; outcome: string; reason: string | null };

/** What review needs from the file system side (implemented by workers/review-interpreter.ts). */
export interface ReviewHost {
  workspace: string;
  policy: {
    checkRoot(rel: string): PathVerdict;
    checkContext(rel: string): PathVerdict;
    checkConfigFile(rel: string): PathVerdict;
    prefetchIgnored(paths: string[]): Promise<void>;
  };
  budgets: TraversalBudgets;
  /** Runs a machine through the one interpreter, recorded with the rest of the review. */
  run: RunMachine;
  /** Milliseconds since an arbitrary origin. */
  clock(): number;
  /** Captures a file through the capture machine (path check first), at most once per run. */
  capture(path: string, check: (rel: string) => PathVerdict): Promise<CaptureResult>;
  /** The captured snapshot at a path, if any. */
  snapshot(path: string): Snapshot | undefined;
  /** Parses a captured file with its language's profile (once per run). */
  parse(path: string): Promise<ReviewFile>;
  /** Stats: is there a regular file / a directory here? */
  isFile(path: string): boolean;
  isDirectory(path: string): boolean;
  /** A directory's direct entries (at most `max`), after the directory's own path check; null when refused. */
  listDirectory(path: string, max: number): DirectoryObservation | null;
  /**
   * Re-captures every contributing source; false when any changed or can no longer be
   * captured. A source whose digest is `absent` is checked by stat only: it must still not
   * exist. A source path ending in `/` is a directory inventory, compared by digest.
   */
  fresh(sources: Array<{ path: string; digest: string }>): Promise<boolean>;
  /** Checks and reads in the order they happened. */
  accessLog: Array<{ op: 'check' | 'read' | 'list'; path: string }>;
}

export interface UnitEvidence {
  artifact: InputArtifact;
  nodes: InputNode[];
  edges: InputEdge[];
  decisions: EdgeDecision[];
  /** Every source the unit depends on (files read and authority files), for the freshness check. */
  sources: Array<{ path: string; digest: string }>;
  spent: TraversalOutput['spent'];
}

type Event = { type: string } & Record<string, unknown>;

/** The digest of a freshness dependency that must stay absent (the host checks it by stat, never by reading). */
export const ABSENT = 'absent';

export async function selectRoots(host: ReviewHost, path: string, change: 'add' | 'update', spans: Span[]): Promise<{ roots: ReviewDeclaration[]; skipped: RootSelectionOutput['skipped'] }> {
  const file = await host.parse(path);
  const declarations = file.facts.declarations;
  const output = await host.run<RootSelectionOutput>(
    rootSelectionMachine,
    'root-selection',
    { file: path, change },
    (command) => {
      if (command.kind === 'declarations') {
        return {
          type: 'DECLARATIONS',
          declarations: declarations.map((d) => ({ id: `d${d.index}`, start: d.start, end: d.end, rootKind: d.rootKind, ineligible: d.ineligible, ...(d.inert ? { inert: d.inert } : {}) })),
          material: file.facts.material.map((m) => ({ start: m.start, end: m.end })),
          tooMany: declarations.length > MAX_DECLARATIONS,
        };
      }
      if (command.kind === 'spans') return { type: 'SPANS', spans: spans.map((s, i) => ({ id: `s${i}`, start: s.start, end: s.end, ...(s.parts ? { parts: s.parts } : {}) })) };
      return null;
    },
  );
  return { roots: output.roots.map((id) => declarations[Number(id.slice(1))]), skipped: output.skipped };
}

/** Builds the evidence of one root through the traversal machine. */
export async function traverse(host: ReviewHost, path: string, root: ReviewDeclaration, analysis: AnalysisSettings): Promise<UnitEvidence> {
  const binder = await binderFor(path)!;
  const budgets = host.budgets;
  const rootSnapshot = host.snapshot(path)!;
  const source = rootSnapshot.text.slice(root.start, root.end);
  const artifact: InputArtifact = { kind: root.rootKind!, name: root.name, domain: path, source, fingerprint: declarationFingerprint(source) };
  const rootKey = `${path}#${root.index}`;
  const ids = new Map<string, string>([[rootKey, 'root']]);
  const refs = new Map<string, { name: string; from: string }>();
  const nodes: InputNode[] = [];
  const nodeRecords = new Map<string, InputNode>();
  let refCounter = 0;
  const start = host.clock();
  const elapsed = () => Math.max(0, Math.round(host.clock() - start));

  // Files counted toward the budgets so far (mirrors the machine), and authority reads not yet reported to it.
  const counted = new Set<string>([path]);
  // Directory inventories the binding relied on: freshness sources beside the files read.
  const inventories = new Map<string, string>();
  let readBytes = rootSnapshot.bytes;
  let unreported: AuthorityRead[] = [];
  const drain = () => {
    const out = unreported;
    unreported = [];
    return out.length > 0 ? { authority: out } : {};
  };
  const absent = new Set<string>();
  const parse = (p: string) => parseAny(host, p);
  const bindingHost: BindingHost = {
    file: parse,
    isFile: (p) => host.isFile(p),
    probe: (p) => {
      const found = host.isFile(p);
      if (!found) absent.add(p);
      return found;
    },
    isDirectory: (p) => host.isDirectory(p),
    authority: async (p, as): Promise<AuthorityCapture> => {
      if (!counted.has(p)) {
        if (counted.size >= budgets.files) return { ok: false, reason: 'file-limit' };
        if (readBytes + budgets.fileBytes > budgets.readBytes) return { ok: false, reason: 'read-limit' };
      }
      const check = as === 'config' ? (rel: string) => host.policy.checkConfigFile(rel) : (rel: string) => host.policy.checkContext(rel);
      await host.policy.prefetchIgnored([p]);
      const result = await host.capture(p, check);
      if (!result.ok) return { ok: false, reason: result.reason ?? `capture-${result.outcome}` };
      if (!counted.has(p)) {
        counted.add(p);
        readBytes += result.snapshot.bytes;
        unreported.push({ path: p, bytes: result.snapshot.bytes });
      }
      return { ok: true, text: result.snapshot.text };
    },
    parsed: async (p) => (host.snapshot(p) ? host.parse(p) : null),
    listDirectory: (p, max) => {
      const observation = host.listDirectory(p, max);
      if (observation) inventories.set(inventorySource(p), inventoryDigest(observation));
      return observation;
    },
    analysis,
  };

  const output = await host.run<TraversalOutput>(
    evidenceTraversalMachine,
    'evidence-traversal',
    { root: rootKey, rootFile: path, rootFileBytes: rootSnapshot.bytes, rootBytes: fixedBytes(artifact), budgets },
    async (command): Promise<Event | null> => {
      switch (command.kind) {
        case 'references': {
          const key = command.node as string;
          const [filePath, index] = splitKey(key);
          const file = await parse(filePath);
          const declaration = file.facts.declarations[index];
          const facts: ReferenceFact[] = [];
          const add = (name: string, relation: 'type' | 'call', target: ReferenceTarget) => {
            const ref = `r${++refCounter}`;
            refs.set(ref, { name, from: key });
            const sized = sizedEdge(ids.get(key) ?? 'n999', relation, name);
            facts.push({ ref, relation, target, edgeBytes: edgeBytes(sized), omittedEdgeBytes: omittedEdgeBytes(sized, target.kind === 'omitted' ? target.reason : null) });
          };
          const fileBinder = (await binderFor(filePath)) ?? binder;
          const uncertain = fileBinder.scopeUncertainty(file.facts);
          if (uncertain) add('(scope)', 'type', { kind: 'omitted', reason: uncertain });
          for (const reference of file.references(declaration)) {
            const target = await fileBinder.resolveReference(bindingHost, filePath, file, reference);
            if (target !== null) add(fileBinder.display(reference), reference.kind, target);
          }
          await host.policy.prefetchIgnored(facts.flatMap((f) => (f.target.kind === 'module' ? [f.target.path, ...(f.target.alternatives ?? [])] : [])));
          return { type: 'REFERENCES', node: key, refs: facts, elapsedMs: elapsed(), ...drain() };
        }
        case 'check-path': {
          const rel = command.path as string;
          host.accessLog.push({ op: 'check', path: rel });
          const verdict = host.policy.checkContext(rel);
          return { type: 'PATH_CHECKED', path: rel, allowed: verdict.allowed, reason: verdict.reason, elapsedMs: elapsed() };
        }
        case 'capture': {
          const rel = command.path as string;
          const result = await host.capture(rel, (p) => host.policy.checkContext(p));
          if (result.ok && !counted.has(rel)) {
            counted.add(rel);
            readBytes += result.snapshot.bytes;
          }
          return { type: 'CAPTURED', path: rel, outcome: result.ok ? 'captured' : result.outcome, bytes: result.ok ? result.snapshot.bytes : 0, elapsedMs: elapsed() };
        }
        case 'resolve-export': {
          const exportPath = command.path as string;
          const target = await ((await binderFor(exportPath)) ?? binder).resolveExport(bindingHost, exportPath, command.name as string, command.relation as 'type' | 'call');
          if (target.kind === 'module') await host.policy.prefetchIgnored([target.path, ...(target.alternatives ?? [])]);
          return { type: 'EXPORT_RESOLVED', target, elapsedMs: elapsed(), ...drain() };
        }
        case 'measure': {
          const key = command.node as string;
          const record = await nodeRecord(host, key, `n${nodes.length + 1}`);
          nodeRecords.set(key, record);
          return { type: 'MEASURED', node: key, bytes: nodeBytes(record), reserveBytes: await ownEdgeBytes(host, key, record.id), elapsedMs: elapsed() };
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
  );

  const edges: InputEdge[] = output.edges.map((e) => ({
    from: ids.get(e.from) ?? 'root',
    to: e.to === null ? null : (ids.get(e.to) ?? null),
    relation: e.relation,
    status: e.status,
    reason: e.reason,
    name: refs.get(e.ref)?.name ?? '',
  }));
  const sources = output.files.map((f) => ({ path: f, digest: host.snapshot(f)!.digest }));
  for (const path of [...absent].sort()) sources.push({ path, digest: ABSENT });
  for (const [path, digest] of [...inventories].sort()) sources.push({ path, digest });
  return { artifact, nodes, edges, decisions: output.edges, sources, spent: output.spent };
}


/** An edge record as the traversal measures it before deciding about it (`n999`: no node id is longer). */
const sizedEdge = (from: string, relation: 'type' | 'call', name: string): InputEdge => ({ from, to: 'n999', relation, status: 'expanded', reason: null, name });

/** The bytes of `edge` omitted: with its reason when known, else the longest reason there is. */
const omittedEdgeBytes = (edge: InputEdge, reason: string | null): number => edgeBytes({ ...edge, to: null, status: 'omitted', reason: reason ?? 'x'.repeat(MAX_OMISSION_CODE_LENGTH) });

/**
 * The most a declaration's own edges can take once it is expanded (each reference is one
 * edge, and a scope uncertainty one more), measured before any of them is bound.
 */
async function ownEdgeBytes(host: ReviewHost, key: string, id: string): Promise<number> {
  const [path, index] = splitKey(key);
  const file = await parseAny(host, path);
  const binder = await binderFor(path);
  if (!binder) return 0;
  const edges = file.references(file.facts.declarations[index]).map((r) => sizedEdge(id, r.kind, binder.display(r)));
  if (binder.scopeUncertainty(file.facts)) edges.push(sizedEdge(id, 'type', '(scope)'));
  return edges.reduce((sum, e) => sum + Math.max(edgeBytes(e), omittedEdgeBytes(e, null)), 0);
}

/** Bundled library files by path (their source never changes within a process), parsed once. */
const bundledFiles = new Map<string, Promise<{ text: string; file: ReviewFile }>>();

/** A bundled library file: its source from the language that ships it, parsed with that language's profile. */
function bundled(path: string): Promise<{ text: string; file: ReviewFile }> {
  let entry = bundledFiles.get(path);
  if (!entry) {
    entry = (async () => {
      const text = (await binderFor(path))?.bundledSource?.(path) ?? null;
      const profile = profileFor(path);
      const grammar = profile?.grammarFor(path);
      if (text === null || !profile || !grammar) throw new Error(`internal: no bundled source at ${path}`);
      return { text, file: await profile.open(text, grammar) };
    })();
    bundledFiles.set(path, entry);
  }
  return entry;
}

/** A captured file parsed by the host, or a bundled one (never captured: no workspace path). */
const parseAny = async (host: ReviewHost, path: string): Promise<ReviewFile> => (path.startsWith(BUNDLED_PREFIX) ? (await bundled(path)).file : host.parse(path));

async function nodeRecord(host: ReviewHost, key: string, id: string): Promise<InputNode> {
  const [path, index] = splitKey(key);
  const file = await parseAny(host, path);
  const d = file.facts.declarations[index];
  const text = path.startsWith(BUNDLED_PREFIX) ? (await bundled(path)).text : host.snapshot(path)!.text;
  const source = text.slice(d.start, d.end);
  return { id, kind: d.kind, name: d.name, domain: path, source, fingerprint: declarationFingerprint(source) };
}

function splitKey(key: string): [string, number] {
  const at = key.lastIndexOf('#');
  return [key.slice(0, at), Number(key.slice(at + 1))];
}
