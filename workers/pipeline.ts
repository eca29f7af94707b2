// The index pipeline: inventory → freshness → analysis pool → store.
//   init: every inventoried file is analysed and the store is rebuilt.
//   sync: the freshness machine picks what changed; only that is analysed.
// One writer at a time (workers/lock.ts); the store applies each run atomically.
import type { FileFacts } from '../contracts/facts.js';
import type { IndexMeta } from '../contracts/graph.js';
import { CairnError } from '../contracts/errors.js';
import type { FreshnessDecision } from '../machines/freshness.js';
import { MAX_FILE_BYTES } from '../parsers/classify.js';
import { openStore, type GraphStore } from '../store/index.js';
import { decideFreshness } from './freshness-check.js';
import { gitHead } from './git-head.js';
import { takeInventory, type InventoryEntry } from './inventory.js';
import { acquireWriteLock } from './lock.js';
import { createAnalysisPool, defaultJobs } from './pool.js';

export const CAIRN_VERSION = '0.1.0';

export interface IndexOptions {
  mode: 'init' | 'sync';
  jobs?: number;
  includeLibrary?: boolean;
  /** Called as files are analysed: done of total. */
  progress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface IndexReport {
  mode: 'init' | 'sync';
  git: boolean;
  git_head: string | null;
  files: {
    inventoried: number;
    added: number;
    changed: number;
    deleted: number;
    unchanged: number;
    touched: number;
    unindexable: number;
  };
  analysed: number;
  statuses: Record<string, number>;
  unsupported_extensions: Record<string, number>;
  skipped: { symlink: number; unreadable: number };
  elapsed_ms: number;
  /** Where the time went: listing files, analysing them, writing and resolving. */
  timings_ms: { inventory: number; analyse: number; store: number };
}

export async function indexWorkspace(root: string, options: IndexOptions): Promise<IndexReport> {
  const started = performance.now();
  const release = await acquireWriteLock(root);
  const jobs = options.jobs ?? defaultJobs();
  const pool = createAnalysisPool(root, jobs, options.signal);
  let store: GraphStore | undefined;
  try {
    const clock = performance.now();
    const inventory = takeInventory(root, { includeLibrary: options.includeLibrary });
    const inventoryMs = performance.now() - clock;
    const byPath = new Map<string, InventoryEntry>(inventory.entries.map((e) => [e.path, e]));
    const graph = openStore(root);
    store = graph;
    const state = graph.schemaState();
    if (options.mode === 'sync' && state === 'missing') {
      throw new CairnError('index_missing', 'no index here yet: run `cairn init` first', 1, 'cairn init');
    }
    if (options.mode === 'sync' && state === 'incompatible') {
      throw new CairnError('index_incompatible', 'the index was written by another schema version: run `cairn init` to rebuild it', 1, 'cairn init');
    }

    const analysed = new Map<string, FileFacts>();
    let done = 0;
    const total = () => analysed.size;
    const analyse = async (paths: string[]) => {
      const requests = paths.map((path) => ({ path, language: byPath.get(path)!.language }));
      await pool.analyse(requests, (batch) => {
        for (const facts of batch) analysed.set(facts.path, facts);
        done += batch.length;
        options.progress?.(done, Math.max(done, expected));
      });
    };
    let expected = 0;

    const analyseStarted = performance.now();
    let decision: FreshnessDecision;
    if (options.mode === 'init') {
      const previous = state === 'compatible' ? [...graph.fileStates()].map((s) => s.path) : [];
      decision = {
        unchanged: [],
        touched: [],
        changed: [],
        added: inventory.entries.map((e) => e.path),
        deleted: previous.filter((p) => !byPath.has(p)),
        unindexable: [],
      };
    } else {
      decision = await decideFreshness(graph.fileStates(), inventory.entries, MAX_FILE_BYTES, async (paths) => {
        expected += paths.length;
        await analyse(paths);
        return paths.map((path) => ({ path, hash: analysed.get(path)?.status === 'unreadable' ? null : (analysed.get(path)?.hash ?? null) }));
      });
    }
    const toAnalyse = [...decision.added, ...decision.changed, ...decision.unindexable].filter((p) => !analysed.has(p));
    expected += toAnalyse.length;
    await analyse(toAnalyse);
    void total;

    const analyseMs = performance.now() - analyseStarted;
    const storeStarted = performance.now();
    const upserts: FileFacts[] = [];
    for (const path of [...decision.added, ...decision.changed, ...decision.touched, ...decision.unindexable]) {
      const facts = analysed.get(path);
      if (facts) upserts.push(facts);
    }
    upserts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const statuses: Record<string, number> = {};
    for (const facts of upserts) statuses[facts.status] = (statuses[facts.status] ?? 0) + 1;

    const head = gitHead(root);
    const meta: IndexMeta = {
      schema_version: 0, // the store stamps its own SCHEMA_VERSION
      git_head: head,
      indexed_at: new Date().toISOString(),
      workspace: '.',
      options: { include_library: Boolean(options.includeLibrary) },
      cairn_version: CAIRN_VERSION,
    };
    const nothingChanged = options.mode === 'sync' && upserts.length === 0 && decision.deleted.length === 0;
    if (!nothingChanged || graph.meta()?.git_head !== head) {
      await graph.apply({
        upserts,
        deletions: decision.deleted,
        meta,
        unsupportedExtensions: inventory.unsupportedExtensions,
        rebuild: options.mode === 'init',
      });
    }
    const storeMs = performance.now() - storeStarted;
    return {
      mode: options.mode,
      git: inventory.git,
      git_head: head,
      files: {
        inventoried: inventory.entries.length,
        added: decision.added.length,
        changed: decision.changed.length,
        deleted: decision.deleted.length,
        unchanged: decision.unchanged.length,
        touched: decision.touched.length,
        unindexable: decision.unindexable.length,
      },
      analysed: analysed.size,
      statuses,
      unsupported_extensions: inventory.unsupportedExtensions,
      skipped: inventory.skipped,
      elapsed_ms: Math.round(performance.now() - started),
      timings_ms: { inventory: Math.round(inventoryMs), analyse: Math.round(analyseMs), store: Math.round(storeMs) },
    };
  } finally {
    await pool.close();
    await store?.close();
    release();
  }
}
