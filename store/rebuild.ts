// A full rebuild (`init`) written in batches into a fresh environment beside the live
// one, then swapped in by renaming directories. Files are inserted as the analysis
// pool hands them over, so the facts of a Linux-sized tree never sit in memory at
// once and writing overlaps with parsing; call sites are resolved only once every
// symbol is in. A killed rebuild leaves the live index untouched: the next open
// discards the half-built environment, which is why its commits are not flushed one
// by one (env.ts: scratch) but once, before the swap.
import { existsSync, renameSync, rmSync } from 'node:fs';
import type { StoredDoc } from '../contracts/docs.js';
import type { FileFacts, ModuleConfigFact } from '../contracts/facts.js';
import type { IndexMeta } from '../contracts/graph.js';
import { flushEnv, openEnv, stampEnv, type GraphEnv } from './env.js';
import { SCHEMA_VERSION, WHOLE_FILE } from './schema.js';
import { emptyStats, sortedStats } from './stats.js';
import { GraphWriter } from './writer.js';

/** Files resolved per write transaction: bounds the transaction's dirty pages. */
const RESOLVE_BATCH = 512;

// No dots: lmdb-js takes a path with an extension for a single-file environment.
export const nextPath = (path: string) => `${path}-next`;
export const oldPath = (path: string) => `${path}-old`;

/**
 * Puts the environment directories back in order after a crash: a finished swap
 * whose old copy was not yet removed, or a swap interrupted between its two renames.
 */
export function recoverSwap(path: string): void {
  if (!existsSync(path) && existsSync(oldPath(path))) renameSync(oldPath(path), path);
  rmSync(oldPath(path), { recursive: true, force: true });
}

export interface RebuildSession {
  /** Inserts analysed files (their call sites wait for `finish`). */
  add(files: FileFacts[]): void;
  /** Stores the workspace's documents. */
  addDocs(docs: StoredDoc[]): void;
  /** Stores the module configuration files, resolves every call site, stamps meta and stats, and swaps the new graph in; says how long resolving took. */
  finish(meta: IndexMeta, unsupportedExtensions: Record<string, number>, configs?: readonly ModuleConfigFact[], signal?: AbortSignal): Promise<{ resolveMs: number }>;
  /** Drops the half-built environment. */
  abort(): Promise<void>;
}

export function beginRebuild(path: string, swapIn: () => Promise<void>, reopen: () => void): RebuildSession {
  recoverSwap(path);
  const building = nextPath(path);
  rmSync(building, { recursive: true, force: true });
  let env: GraphEnv | undefined = openEnv(building, false, { scratch: true });
  const stats = emptyStats();
  const writer = new GraphWriter(env.dbs, stats, { keepPending: false });
  const withSites: string[] = [];

  return {
    add(files) {
      env!.root.transactionSync(() => {
        for (const facts of files) {
          writer.insertFile(facts);
          if (facts.status === 'ok' && facts.callSites.length > 0) withSites.push(facts.path);
        }
      });
    },
    addDocs(docs) {
      env!.root.transactionSync(() => writer.applyDocs({ upserts: docs, deletions: [] }));
    },
    async finish(meta, unsupportedExtensions, configs = [], signal) {
      const { root, dbs } = env!;
      root.transactionSync(() => {
        writer.replaceConfigs(configs);
        writer.setExcludedFolders(meta);
      });
      withSites.sort();
      const resolveStarted = performance.now();
      for (let i = 0; i < withSites.length; i += RESOLVE_BATCH) {
        const batch = withSites.slice(i, i + RESOLVE_BATCH);
        root.transactionSync(() => writer.resolve(new Map(batch.map((p) => [p, new Set([WHOLE_FILE])])), new Set(batch)));
        // A stopped run ends here, before anything is swapped in (the caller aborts the session).
        await new Promise((resolve) => setImmediate(resolve));
        if (signal?.aborted) throw signal.reason;
      }
      const resolveMs = performance.now() - resolveStarted;
      root.transactionSync(() => {
        stats.unsupported_extensions = { ...unsupportedExtensions };
        dbs.meta.putSync('stats', sortedStats(stats));
        dbs.meta.putSync('meta', { ...meta, schema_version: SCHEMA_VERSION });
        dbs.meta.putSync('schema_version', SCHEMA_VERSION);
      });
      await root.close();
      env = undefined;
      // One flush for the whole rebuild, before it can become the live index.
      flushEnv(building);
      stampEnv(building);
      await swapIn();
      if (existsSync(path)) renameSync(path, oldPath(path));
      renameSync(building, path);
      rmSync(oldPath(path), { recursive: true, force: true });
      reopen();
      return { resolveMs };
    },
    async abort() {
      await env?.root.close();
      env = undefined;
      rmSync(building, { recursive: true, force: true });
    },
  };
}
