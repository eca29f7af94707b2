// The index pipeline: inventory → freshness → analysis pool → store.
//   init: every inventoried file is analysed and written into a fresh graph in
//         batches as the pool hands them over (writing overlaps parsing, and the
//         facts of a large tree never sit in memory at once); the new graph is
//         swapped in whole when complete.
//   sync: the freshness machine picks what changed; only that is analysed, and the
//         store applies it in one transaction.
// One writer at a time (workers/lock.ts). Either way a killed run leaves the
// previous index intact.
import { existsSync } from 'node:fs';
import type { FileFacts } from '../contracts/facts.js';
import type { IndexMeta } from '../contracts/graph.js';
import type { IndexReport } from '../contracts/index-report.js';
import { CairnError } from '../contracts/errors.js';
import type { FreshnessDecision } from '../machines/freshness.js';
import { MAX_FILE_BYTES } from '../parsers/classify.js';
import { asDiskFull, openStore, refuseFullDisk, unusableIndex, type GraphStore } from '../store/index.js';
import { docChange } from './doc-inventory.js';
import { gitHead } from './git-head.js';
import { cairnPath, checkIndexPaths } from '../gate/cairn-paths.js';
import { indexGate } from '../gate/config-files.js';
import type { Gate } from '../gate/gate.js';
import { takeInventory, type Inventory, type InventoryEntry } from './inventory.js';
import { acquireWriteLock } from './lock.js';
import { readModuleConfigs } from './module-configs.js';
import { createAnalysisPool, type AnalysisPool } from './pool.js';

export const CAIRN_VERSION = '0.1.0';

export interface IndexOptions {
  mode: 'init' | 'sync';
  jobs?: number;
  includeLibrary?: boolean;
  /** Called as files are analysed: done of total. */
  progress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Whose configuration's privacy excludes apply (default: the root's own; a snapshot uses its workspace's). */
  privacyRoot?: string;
  /**
   * sync only: take the writer lock just for the store's write, not while the inventory
   * and analysis run (the watcher syncs often and must not keep `cairn sync` waiting).
   */
  lockOnlyToWrite?: boolean;
  /**
   * sync only: keep the freshness machine's run in .cairn/audit/ (freshness-*.jsonl) for
   * `cairn replay`. The command does; the watcher's frequent syncs do not.
   */
  recordFreshness?: boolean;
}

interface RunContext {
  root: string;
  gate: Gate;
  options: IndexOptions;
  inventory: Inventory;
  byPath: Map<string, InventoryEntry>;
  graph: GraphStore;
  pool: AnalysisPool;
  meta: IndexMeta;
}

interface RunOutcome {
  decision: FreshnessDecision;
  analysed: number;
  statuses: Record<string, number>;
  analyseMs: number;
  insertMs: number;
  storeMs: number;
  resolveMs: number;
}

/** A run stopped by its signal (SIGINT): nothing was swapped in or applied, so the previous index stands. */
function stoppedError(mode: IndexOptions['mode']): CairnError {
  return new CairnError('interrupted', `${mode} stopped by an interrupt; the previous index is unchanged`, 130);
}

function throwIfStopped(options: IndexOptions): void {
  if (options.signal?.aborted) throw stoppedError(options.mode);
}

const indexMissing = () => new CairnError('index_missing', 'no index here yet: run `cairn init` first', 1, 'cairn init');

export async function indexWorkspace(root: string, options: IndexOptions): Promise<IndexReport> {
  try {
    return await indexOnce(root, options);
  } catch (error) {
    // Whatever a stop interrupted (a destroyed pool's task, a rebuild's resolve), it is the stop that answers.
    if (options.signal?.aborted && !(error instanceof CairnError)) throw stoppedError(options.mode);
    throw namedWriteFailure(root, error);
  }
}

/** A write that failed for want of space says so (store/disk-space.ts). */
const namedWriteFailure = (root: string, error: unknown) => (error instanceof CairnError ? error : asDiskFull(error, cairnPath(root, '', 'directory'), '.cairn'));

async function indexOnce(root: string, options: IndexOptions): Promise<IndexReport> {
  const started = performance.now();
  // Privacy first: a configuration that cannot be read stops the run before anything is opened or locked.
  const gate = indexGate(root, options.privacyRoot ?? root);
  // A sync with no index writes nothing: not even the lock (and .cairn/ with it).
  if (options.mode === 'sync' && !existsSync(cairnPath(root, 'graph/data.mdb', 'file'))) throw indexMissing();
  const lockToWrite = options.mode === 'sync' && options.lockOnlyToWrite === true;
  const release = lockToWrite ? () => undefined : await acquireWriteLock(root);
  try {
    refuseFullDisk(cairnPath(root, '', 'directory'), '.cairn');
  } catch (error) {
    release();
    throw error;
  }
  const pool = createAnalysisPool(gate, options.jobs, options.signal);
  let graph: GraphStore | undefined;
  try {
    checkIndexPaths(root, true);
    graph = openStore(root);
    const state = graph.schemaState();
    // A sync not told otherwise indexes the way init was asked to (else a plain sync
    // after `init --include-library` would delete the library files init took in).
    const recorded = options.mode === 'sync' && options.includeLibrary === undefined && state === 'compatible' ? graph.meta()?.options : undefined;
    const includeLibrary = recorded ? recorded.include_library : Boolean(options.includeLibrary);
    const clock = performance.now();
    const inventory = takeInventory(root, { includeLibrary, gate });
    const inventoryMs = performance.now() - clock;
    if (options.mode === 'sync' && state === 'missing') throw indexMissing();
    if (options.mode === 'sync' && state === 'unusable') {
      throw unusableIndex(graph.unusableReason() ?? 'unknown');
    }
    if (options.mode === 'sync' && state === 'incompatible') {
      throw new CairnError('index_incompatible', 'the index was written by another schema version: run `cairn init` to rebuild it', 1, 'cairn init');
    }
    const head = gitHead(root);
    const run: RunContext = {
      root,
      gate,
      options,
      inventory,
      byPath: new Map(inventory.entries.map((e) => [e.path, e])),
      graph,
      pool,
      meta: {
        schema_version: 0, // the store stamps its own SCHEMA_VERSION
        git_head: head,
        indexed_at: new Date().toISOString(),
        workspace: '.',
        options: { include_library: includeLibrary },
        cairn_version: CAIRN_VERSION,
        skipped_folders: inventory.skippedFolders,
      },
    };
    const outcome = options.mode === 'init' ? await runInit(run, state === 'compatible') : await runSync(run);
    const d = outcome.decision;
    return {
      mode: options.mode,
      git: inventory.git,
      git_head: head,
      files: {
        inventoried: inventory.entries.length,
        added: d.added.length,
        changed: d.changed.length,
        deleted: d.deleted.length,
        unchanged: d.unchanged.length,
        touched: d.touched.length,
        unindexable: d.unindexable.length,
      },
      analysed: outcome.analysed,
      statuses: outcome.statuses,
      unsupported_extensions: inventory.unsupportedExtensions,
      skipped: inventory.skipped,
      skipped_folders: inventory.skippedFolders,
      options: { include_library: includeLibrary, source: recorded ? 'recorded' : 'given' },
      elapsed_ms: Math.round(performance.now() - started),
      timings_ms: {
        // performance.now() counts from process start: what passed before indexing began.
        startup: Math.round(started),
        inventory: Math.round(inventoryMs),
        analyse: Math.round(outcome.analyseMs),
        insert: Math.round(outcome.insertMs),
        store: Math.round(outcome.storeMs),
        resolve: Math.round(outcome.resolveMs),
      },
    };
  } finally {
    await pool.close();
    await graph?.close();
    release();
  }
}

const requestsFor = (run: RunContext, paths: string[]) => paths.map((path) => ({ path, language: run.byPath.get(path)!.language }));

function countStatus(statuses: Record<string, number>, facts: FileFacts): void {
  statuses[facts.status] = (statuses[facts.status] ?? 0) + 1;
}

async function runInit(run: RunContext, hadIndex: boolean): Promise<RunOutcome> {
  const paths = run.inventory.entries.map((e) => e.path);
  const previous = hadIndex ? [...run.graph.fileStates()].map((s) => s.path).filter((p) => !run.byPath.has(p)) : [];
  const statuses: Record<string, number> = {};
  const session = run.graph.beginRebuild();
  let done = 0;
  let insertMs = 0;
  const analyseStarted = performance.now();
  try {
    await run.pool.analyse(requestsFor(run, paths), (batch) => {
      const insertStarted = performance.now();
      session.add(batch);
      insertMs += performance.now() - insertStarted;
      for (const facts of batch) countStatus(statuses, facts);
      done += batch.length;
      run.options.progress?.(done, paths.length);
    });
    const analyseMs = performance.now() - analyseStarted;
    throwIfStopped(run.options);
    const storeStarted = performance.now();
    session.addDocs(docChange(run.root, run.gate).upserts);
    const { resolveMs } = await session.finish(run.meta, run.inventory.unsupportedExtensions, readModuleConfigs(run.gate, run.inventory.configs), run.options.signal);
    return {
      decision: { unchanged: [], touched: [], changed: [], added: paths, deleted: previous, unindexable: [] },
      analysed: done,
      statuses,
      analyseMs,
      insertMs,
      storeMs: performance.now() - storeStarted,
      resolveMs,
    };
  } catch (error) {
    // Named before the half-built environment is removed: its removal frees the space that ran out.
    const named = namedWriteFailure(run.root, error);
    await session.abort();
    throw named;
  }
}

async function runSync(run: RunContext): Promise<RunOutcome> {
  const analysed = new Map<string, FileFacts>();
  let expected = 0;
  const analyse = async (paths: string[]) => {
    expected += paths.length;
    await run.pool.analyse(requestsFor(run, paths), (batch) => {
      for (const facts of batch) analysed.set(facts.path, facts);
      run.options.progress?.(analysed.size, Math.max(analysed.size, expected));
    });
  };
  const analyseStarted = performance.now();
  // Loaded here, not at the top: init never decides freshness, and the machine's library costs start-up time.
  const [{ decideFreshness }, { AuditRecorder }, { recordRun }] = await Promise.all([import('./freshness-check.js'), import('../machines/audit.js'), import('./audit-log.js')]);
  const recorder = run.options.recordFreshness ? new AuditRecorder() : undefined;
  const decision = await decideFreshness(
    run.graph.fileStates(),
    run.inventory.entries,
    MAX_FILE_BYTES,
    async (paths) => {
      await analyse(paths);
      return paths.map((path) => {
        const facts = analysed.get(path);
        return { path, hash: !facts || facts.status === 'unreadable' ? null : facts.hash };
      });
    },
    recorder,
  );
  await analyse([...decision.added, ...decision.changed, ...decision.unindexable].filter((p) => !analysed.has(p)));
  const analyseMs = performance.now() - analyseStarted;

  const storeStarted = performance.now();
  const statuses: Record<string, number> = {};
  const upserts: FileFacts[] = [];
  // Touched files (same bytes, new stat) are rewritten too, so the stat fast path holds next time.
  for (const path of [...decision.added, ...decision.changed, ...decision.touched, ...decision.unindexable]) {
    const facts = analysed.get(path);
    if (facts) {
      upserts.push(facts);
      countStatus(statuses, facts);
    }
  }
  upserts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Module configuration is small: read whole every sync, and compared with what the index was resolved with.
  const configs = readModuleConfigs(run.gate, run.inventory.configs);
  const configsChanged = JSON.stringify(configs) !== JSON.stringify(run.graph.moduleConfigs());
  const foldersChanged = JSON.stringify(run.meta.skipped_folders) !== JSON.stringify(run.graph.meta()?.skipped_folders);
  const docs = docChange(run.root, run.gate, run.graph.docs());
  const docsChanged = docs.upserts.length > 0 || docs.deletions.length > 0;
  const nothingChanged = upserts.length === 0 && decision.deleted.length === 0 && !configsChanged && !foldersChanged && !docsChanged;
  throwIfStopped(run.options);
  if (!nothingChanged || run.graph.meta()?.git_head !== run.meta.git_head) {
    const release = run.options.lockOnlyToWrite ? await acquireWriteLock(run.root) : undefined;
    try {
      await run.graph.apply({
        upserts,
        deletions: decision.deleted,
        meta: run.meta,
        unsupportedExtensions: run.inventory.unsupportedExtensions,
        configs,
        ...(docsChanged ? { docs } : {}),
      });
    } finally {
      release?.();
    }
  }
  // Kept once the sync has applied it: a sync that failed (a full disk) leaves nothing behind.
  if (recorder) recordRun(run.root, 'freshness', recorder.lines);
  return { decision, analysed: analysed.size, statuses, analyseMs, insertMs: 0, storeMs: performance.now() - storeStarted, resolveMs: 0 };
}
