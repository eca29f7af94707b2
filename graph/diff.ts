// `diff`: maps a git range, or explicit paths, onto indexed symbols.
//
// For a range, both sides are real indexes: the base revision is extracted from
// git objects into a temp dir and indexed there (the reviewed side is the current
// index, or a second snapshot when a head revision is named). Removed symbols and
// edges therefore come from the base index, never from a same-named current
// symbol. A symbol is modified only when its own text changed (its bytes with its
// children's bytes cut out), so moved code with the same body is not "modified".
// Every temp dir is removed before returning.
import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import { Gate } from '../gate/gate.js';
import { removeSnapshot } from './snapshot-dirs.js';
import { MAX_FILE_BYTES } from '../parsers/classify.js';
import type { EdgeRecord, GraphReader, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import type { DiffData, DiffEdge, DiffSymbol, DiffUnresolved, HistoricalSnapshot, SnapshotSide } from '../contracts/diff.js';
import type { Warning } from '../contracts/envelope.js';
import { changedFiles, diffHunks, directoryBytes, type ChangedFile, type Hunk } from './git.js';
import type { SnapshotDir } from './snapshot.js';
import { compareStrings, symbolView } from './views.js';

export const DIFF_DEFAULT_LIMIT = 100;
export const DIFF_MAX_LIMIT = 500;
export const DIFF_MAX_FILES_ARGS = 500;
/** Changed files listed at most (the contract's 500-file ceiling). */
export const DIFF_MAX_FILES = 500;

const EDGE_RELATIONSHIPS = new Set(['calls', 'tests', 'references', 'route_handler', 'injected_into', 'configuration_binds', 'publishes_event', 'consumes_event', 'feign_calls', 'grpc_calls']);
const NEWLY_UNRESOLVED_REASONS = new Set(['missing_target', 'ambiguous_target']);

export interface DiffResult {
  data: DiffData;
  warnings: Warning[];
  truncated: boolean;
}

/** An index built over a snapshot dir; `bytes` is its size on disk. */
export interface IndexedSnapshot {
  graph: GraphReader;
  bytes: number;
  close(): Promise<void>;
}

/** Builds an index for a snapshot dir (the CLI passes the real pipeline; tests may pass a fake). */
export type SnapshotIndexer = (snapshot: SnapshotDir) => Promise<IndexedSnapshot>;

/** Ways to lay out a revision's files in a temp dir, tried in order until one indexes. */
export type SnapshotMaker = (revision: string) => Promise<SnapshotDir>;

export interface RangeOptions {
  workspace: string;
  /** The gate the workspace's files are read through; a snapshot's files get one with the same privacy excludes. */
  gate: Gate;
  /** The current index (the reviewed side when there is no head). */
  current: GraphReader;
  base: string;
  head: string | null;
  limit: number;
  includeTests: boolean;
  makers: SnapshotMaker[];
  indexSnapshot: SnapshotIndexer;
  /** True when the current index already is `revision`'s graph (fresh, and the work tree is that tree). */
  currentIs?: (revision: string) => Promise<boolean>;
}

/** Workspace-relative, normalised paths for `--files`; anything outside the workspace is refused. */
export function workspacePaths(workspace: string, paths: string[]): string[] {
  if (paths.length === 0) throw new CairnError('invalid_argument', '--files needs at least one path', 2);
  if (paths.length > DIFF_MAX_FILES_ARGS) {
    throw new CairnError(
      'too_many_paths',
      `--files takes at most ${DIFF_MAX_FILES_ARGS} paths (got ${paths.length}); narrow the list or use --base`,
      2,
      'narrow the query',
    );
  }
  const out = new Set<string>();
  for (const raw of paths) {
    const full = resolve(workspace, raw);
    const rel = relative(workspace, full);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new CairnError('path_outside_workspace', `${raw} is outside the workspace`, 2);
    }
    out.add(rel.split(sep).join('/'));
  }
  return [...out].sort(compareStrings);
}

/** `--files`: the current indexed symbols of each path, without asking git. */
export function diffFiles(graph: GraphReader, gate: Gate, rawPaths: string[], limit: number, includeTests: boolean): DiffResult {
  const workspace = gate.root;
  const paths = workspacePaths(workspace, rawPaths);
  const warnings: Warning[] = [];
  const data: DiffData = { base: null, head: null, files: [], symbols: [], edges: [], newly_unresolved_callers: [], unmapped_hunks: [], documents: [] };
  let truncated = false;
  for (const path of paths) {
    const indexed = graph.file(path);
    // Existence by the gate's checks alone: nothing is opened, whatever the path is.
    const verdict = gate.check(path);
    const onDisk = verdict.reason !== 'missing';
    if (!indexed && verdict.reason === 'not-a-file') {
      // A FIFO, device, directory or link is never indexed: its absence is no sign of a stale index.
      warnings.push({ code: 'not_a_regular_file', message: `${path} is not a regular file (a FIFO, device, directory or link); cairn never reads it, so it is skipped`, path });
      continue;
    }
    if (!indexed) {
      warnings.push({ code: 'file_not_indexed', message: `${path} is not in the index${onDisk ? '' : ' and does not exist'}`, path, on_disk: onDisk });
      continue;
    }
    data.files.push({ path, status: onDisk ? 'modified' : 'deleted' });
    for (const s of graph.symbolsInFile(path)) {
      if (s.kind === 'file' || (!includeTests && s.is_test)) continue;
      if (data.symbols.length === limit) {
        truncated = true;
        break;
      }
      data.symbols.push({ symbol: symbolView(s), change: 'unknown', hunks: [] });
    }
  }
  return { data, warnings, truncated };
}

interface Side {
  graph: GraphReader;
  /** This side's bytes of a path, through a gate; null when refused or missing. */
  read: (path: string) => Buffer | null;
}

/** `--base R [--head H]`: both sides indexed, compared symbol by symbol and edge by edge. */
export async function diffRange(options: RangeOptions): Promise<DiffResult> {
  const started = performance.now();
  const { workspace, base, head, limit } = options;
  const warnings: Warning[] = [];
  const files = changedFiles(workspace, base, head, options.gate.privacyGlobs);
  const untracked = head
    ? []
    : files.filter((f) => f.untracked).flatMap((f) => {
        const lines = lineCount(options.gate, f.path);
        return lines === null ? [] : [{ path: f.path, lines }];
      });
  const hunks = diffHunks(workspace, base, head, untracked, options.gate.privacyGlobs);

  const dirs: string[] = [];
  const opened: IndexedSnapshot[] = [];
  const snapshot: HistoricalSnapshot = { base: null, head: null, bytes: 0, elapsed_ms: 0, cleanup: 'not_needed' };
  const build = async (revision: string): Promise<{ side: Side; info: SnapshotSide }> => {
    const t0 = performance.now();
    const failures: string[] = [];
    for (const make of options.makers) {
      let snap: SnapshotDir | undefined;
      try {
        snap = await make(revision);
        dirs.push(snap.dir);
        const indexed = await options.indexSnapshot(snap);
        opened.push(indexed);
        return {
          side: { graph: indexed.graph, read: snapshotReader(snap, options.gate) },
          info: {
            revision,
            method: snap.method,
            replaced_paths: snap.replaced,
            archive_bytes: snap.bytes,
            index_bytes: indexed.bytes,
            elapsed_ms: Math.round(performance.now() - t0),
          },
        };
      } catch (error) {
        failures.push((error as Error).message);
        if (snap) removeSnapshot(snap.dir);
      }
    }
    throw new Error(failures.join('; ') || 'no way to build a snapshot');
  };

  try {
    let baseSide: Side | null = null;
    if (files.length > 0) {
      try {
        const built = await build(base);
        baseSide = built.side;
        snapshot.base = built.info;
      } catch (error) {
        warnings.push({
          code: 'historical_snapshot_unavailable',
          message: `the base revision could not be indexed (${(error as Error).message}); changed symbols come from the current index only`,
        });
      }
    }
    let headSide: Side = { graph: options.current, read: (path) => gatedBytes(options.gate, path) };
    if (head && files.length > 0 && (await options.currentIs?.(head))) {
      snapshot.head = { revision: head, method: 'current_index', replaced_paths: 0, archive_bytes: 0, index_bytes: 0, elapsed_ms: 0 };
    } else if (head && files.length > 0) {
      try {
        const built = await build(head);
        headSide = built.side;
        snapshot.head = built.info;
      } catch (error) {
        throw new CairnError('head_snapshot_unavailable', `the head revision could not be indexed: ${(error as Error).message}`, 1, 'none');
      }
    }
    const result = compare(files, hunks, baseSide, headSide, limit, options.includeTests);
    result.data.base = base;
    result.data.head = head;
    result.warnings.unshift(...warnings);
    result.data.historical_snapshot = snapshot;
    return result;
  } finally {
    for (const index of opened) await index.close();
    let removed = true;
    for (const dir of dirs) removed = removeSnapshot(dir) && removed;
    if (dirs.length > 0) snapshot.cleanup = removed ? 'removed' : 'failed';
    snapshot.bytes = (snapshot.base ? snapshot.base.archive_bytes + snapshot.base.index_bytes : 0) + (snapshot.head ? snapshot.head.archive_bytes + snapshot.head.index_bytes : 0);
    snapshot.elapsed_ms = Math.round(performance.now() - started);
  }
}

/** Size of an index dir, for the snapshot report. */
export const indexBytes = directoryBytes;

function lineCount(gate: Gate, path: string): number | null {
  const bytes = gatedBytes(gate, path);
  if (bytes === null) return null;
  const text = bytes.toString('utf8');
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

function gatedBytes(gate: Gate, path: string): Buffer | null {
  const read = gate.read(path, MAX_FILE_BYTES);
  return read.ok ? read.bytes : null;
}

/** A snapshot's bytes of a path, from whichever directory holds them, with the workspace's privacy excludes. */
function snapshotReader(snap: SnapshotDir, workspace: Gate): (path: string) => Buffer | null {
  const gates = new Map<string, Gate>();
  return (path) => {
    const root = snap.fileRoot(path);
    let gate = gates.get(root);
    if (!gate) gates.set(root, (gate = root === workspace.root ? workspace : new Gate(root, { privacy: workspace.privacyGlobs })));
    return gatedBytes(gate, path);
  };
}

/** Hash of a symbol's own text: its bytes with its direct children's bytes cut out. */
function ownHashes(read: (path: string) => Buffer | null, path: string, symbols: SymbolRecord[]): Map<string, string> {
  const hashes = new Map<string, string>();
  const bytes = read(path);
  if (bytes === null) return hashes;
  const children = new Map<string, SymbolRecord[]>();
  for (const s of symbols) if (s.parent_id) children.set(s.parent_id, [...(children.get(s.parent_id) ?? []), s]);
  for (const s of symbols) {
    const hash = createHash('sha256');
    let at = s.start_byte;
    for (const child of (children.get(s.id) ?? []).sort((a, b) => a.start_byte - b.start_byte)) {
      if (child.start_byte < at || child.end_byte > s.end_byte) continue;
      hash.update(bytes.subarray(at, child.start_byte));
      hash.update('\u0000');
      at = child.end_byte;
    }
    hash.update(bytes.subarray(at, s.end_byte));
    hashes.set(s.id, hash.digest('hex'));
  }
  return hashes;
}

const localKey = (s: SymbolRecord) => s.id.slice(s.file_path.length);

function compare(files: ChangedFile[], hunks: Hunk[], baseSide: Side | null, head: Side, limit: number, includeTests: boolean): DiffResult {
  const warnings: Warning[] = [];
  const data: DiffData = { base: null, head: null, files: [], symbols: [], edges: [], newly_unresolved_callers: [], unmapped_hunks: [], documents: [] };
  let truncated = false;
  data.files = files.slice(0, DIFF_MAX_FILES).map((f) => (f.old_path ? { path: f.path, status: f.status, old_path: f.old_path } : { path: f.path, status: f.status }));
  if (files.length > DIFF_MAX_FILES) truncated = true;
  const keep = (s: SymbolRecord) => s.kind !== 'file' && (includeTests || !s.is_test);

  const hunksByPath = new Map<string, Hunk[]>();
  for (const h of hunks) hunksByPath.set(h.path, [...(hunksByPath.get(h.path) ?? []), h]);
  const hunksByOldPath = new Map<string, Hunk[]>();
  for (const h of hunks) hunksByOldPath.set(h.old_path, [...(hunksByOldPath.get(h.old_path) ?? []), h]);

  // Base ids of a renamed file are read under the new path, so unchanged symbols match.
  const renamed = new Map<string, string>();
  for (const f of files) if (f.old_path) renamed.set(f.old_path, f.path);
  const asHeadId = (id: string) => {
    const split = id.indexOf('::');
    const path = split < 0 ? id : id.slice(0, split);
    const moved = renamed.get(path);
    return moved ? moved + id.slice(path.length) : id;
  };

  const symbols: DiffSymbol[] = [];
  const touchedBase = new Set<string>();
  const touchedHead = new Set<string>();
  const removedIds: string[] = [];
  const addedIds: string[] = [];
  const mapped = new Set<Hunk>();
  for (const file of files) {
    const basePath = file.old_path ?? file.path;
    const headSyms = file.status === 'deleted' ? [] : head.graph.symbolsInFile(file.path);
    const baseSyms = !baseSide || file.status === 'added' ? [] : baseSide.graph.symbolsInFile(basePath);
    for (const s of headSyms) touchedHead.add(s.id);
    for (const s of baseSyms) touchedBase.add(s.id);
    const fileHunks = file.status === 'deleted' ? [] : (hunksByPath.get(file.path) ?? []);
    const oldHunks = hunksByOldPath.get(basePath) ?? [];
    const newLines = (s: SymbolRecord) => overlapping(fileHunks, s, 'new', mapped);
    const oldLines = (s: SymbolRecord) => overlapping(oldHunks, s, 'old', mapped);

    if (!baseSide) {
      for (const s of headSyms) {
        const lines = newLines(s);
        if (lines.length > 0 && keep(s)) symbols.push({ symbol: symbolView(s), change: 'unknown', hunks: lines });
      }
      continue;
    }
    const headHashes = ownHashes(head.read, file.path, headSyms);
    const baseHashes = ownHashes(baseSide.read, basePath, baseSyms);
    const baseByKey = new Map(baseSyms.map((s) => [localKey(s), s]));
    const headKeys = new Set<string>();
    for (const s of headSyms) {
      const key = localKey(s);
      headKeys.add(key);
      const before = baseByKey.get(key);
      const lines = newLines(s);
      if (before) oldLines(before);
      if (!keep(s)) continue;
      if (!before) {
        symbols.push({ symbol: symbolView(s), change: 'added', hunks: lines });
        addedIds.push(s.id);
      } else if (baseHashes.get(before.id) !== headHashes.get(s.id)) {
        symbols.push({ symbol: symbolView(s), change: 'modified', hunks: lines });
      }
    }
    for (const s of baseSyms) {
      if (headKeys.has(localKey(s))) continue;
      const lines = oldLines(s);
      if (!keep(s)) continue;
      symbols.push({ symbol: symbolView(s), change: 'removed', hunks: lines });
      removedIds.push(s.id);
    }
  }

  for (const h of hunks) {
    if (!mapped.has(h)) data.unmapped_hunks.push({ path: h.path, line: h.new_lines > 0 ? h.new_start : h.old_start });
  }
  data.unmapped_hunks.sort((a, b) => compareStrings(a.path, b.path) || a.line - b.line);
  if (data.unmapped_hunks.length > limit) {
    data.unmapped_hunks = data.unmapped_hunks.slice(0, limit);
    truncated = true;
  }

  symbols.sort((a, b) => compareStrings(a.symbol.file_path, b.symbol.file_path) || a.symbol.start_line - b.symbol.start_line || compareStrings(a.symbol.id, b.symbol.id));
  if (symbols.length > limit) truncated = true;
  data.symbols = symbols.slice(0, limit);

  if (!baseSide) return { data, warnings, truncated };

  // Edges out of every symbol of the changed files, and into the added/removed ones.
  const collect = (graph: GraphReader, sources: Iterable<string>, targets: string[], translate: (id: string) => string) => {
    const out = new Map<string, EdgeRecord>();
    const add = (e: EdgeRecord) => {
      if (!EDGE_RELATIONSHIPS.has(e.relationship)) return;
      const key = `${translate(e.source)}\u0000${e.target ? translate(e.target) : ''}\u0000${e.relationship}`;
      const held = out.get(key);
      if (!held || e.confidence > held.confidence) out.set(key, e);
    };
    for (const id of sources) for (const e of graph.outgoing(id)) add(e);
    for (const id of targets) for (const e of graph.incoming(id)) add(e);
    return out;
  };
  const baseEdges = collect(baseSide.graph, touchedBase, removedIds, asHeadId);
  const headEdges = collect(head.graph, touchedHead, addedIds, (id) => id);
  const view = (graph: GraphReader, id: string | null) => {
    if (!id) return null;
    const s = graph.symbol(id);
    return s ? s : null;
  };
  const edges: DiffEdge[] = [];
  const edgeKept = (source: SymbolRecord | null, target: SymbolRecord | null) =>
    includeTests || (!source?.is_test && !target?.is_test);
  for (const [key, e] of headEdges) {
    const before = baseEdges.get(key);
    const source = view(head.graph, e.source);
    const target = view(head.graph, e.target);
    if (!edgeKept(source, target)) continue;
    const row: DiffEdge = {
      source: source && symbolView(source),
      target: target && symbolView(target),
      relationship: e.relationship,
      resolution_kind: e.resolution_kind,
      confidence: e.confidence,
      change: 'added',
    };
    if (!before) edges.push(row);
    else if (before.confidence !== e.confidence || before.resolution_kind !== e.resolution_kind) {
      edges.push({ ...row, change: 'modified', previous: { resolution_kind: before.resolution_kind, confidence: before.confidence } });
    }
  }
  for (const [key, e] of baseEdges) {
    if (headEdges.has(key)) continue;
    const source = view(baseSide.graph, e.source);
    const target = view(baseSide.graph, e.target);
    if (!edgeKept(source, target)) continue;
    edges.push({
      source: source && symbolView(source),
      target: target && symbolView(target),
      relationship: e.relationship,
      resolution_kind: e.resolution_kind,
      confidence: e.confidence,
      change: 'removed',
    });
  }
  edges.sort(
    (a, b) =>
      compareStrings(a.source?.id ?? '', b.source?.id ?? '') ||
      compareStrings(a.target?.id ?? '', b.target?.id ?? '') ||
      compareStrings(a.relationship, b.relationship) ||
      compareStrings(a.change, b.change),
  );
  if (edges.length > limit) truncated = true;
  data.edges = edges.slice(0, limit);

  // Call sites that are missing or ambiguous now and were not before, in changed
  // files and in callers that lost their edge to a removed symbol.
  const callers = new Set<string>(touchedHead);
  for (const e of data.edges) if (e.change === 'removed' && e.source) callers.add(asHeadId(e.source.id));
  for (const id of removedIds) for (const e of baseSide.graph.incoming(id)) callers.add(asHeadId(e.source));
  const unresolvedKey = (u: UnresolvedRecord, id: string) => `${id}\u0000${u.specifier}\u0000${u.reason}`;
  const before = new Set<string>();
  const baseIdOf = new Map<string, string>();
  for (const id of touchedBase) baseIdOf.set(asHeadId(id), id);
  const newly: DiffUnresolved[] = [];
  for (const id of callers) {
    const baseId = baseIdOf.get(id) ?? id;
    for (const u of baseSide.graph.unresolvedFrom(baseId)) before.add(unresolvedKey(u, id));
    const source = head.graph.symbol(id) ?? null;
    if (source && !includeTests && source.is_test) continue;
    for (const u of head.graph.unresolvedFrom(id)) {
      if (!NEWLY_UNRESOLVED_REASONS.has(u.reason) || before.has(unresolvedKey(u, id))) continue;
      newly.push({ source: source && symbolView(source), specifier: u.specifier, reason: u.reason, file_path: u.file_path, line: u.line, column: u.column });
    }
  }
  newly.sort((a, b) => compareStrings(a.file_path, b.file_path) || a.line - b.line || a.column - b.column || compareStrings(a.specifier, b.specifier));
  if (newly.length > limit) truncated = true;
  data.newly_unresolved_callers = newly.slice(0, limit);
  return { data, warnings, truncated };
}

/** First lines of the hunks overlapping a symbol, on the new or old side; marks those hunks mapped. */
function overlapping(hunks: Hunk[], s: SymbolRecord, side: 'new' | 'old', mapped: Set<Hunk>): number[] {
  const lines: number[] = [];
  for (const h of hunks) {
    const start = side === 'new' ? h.new_start : h.old_start;
    const count = side === 'new' ? h.new_lines : h.old_lines;
    if (count === 0) continue;
    const end = start + count - 1;
    if (start <= s.end_line && end >= s.start_line) {
      lines.push(start);
      if (s.kind !== 'file') mapped.add(h);
    }
  }
  return lines;
}
