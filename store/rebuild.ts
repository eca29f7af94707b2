// A full rebuild (`init`) written in batches into a fresh environment beside the live
// one, then swapped in by renaming directories. Files are inserted as the analysis
// pool hands them over, so the facts of a Linux-sized tree never sit in memory at
// once and writing overlaps with parsing; call sites are resolved only once every
// symbol is in. A killed rebuild leaves the live index untouched: the next open
// discards the half-built environment, which is why its commits are not flushed one
// by one (env.ts: scratch) but once, before the swap.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { FileFacts, ModuleConfigFact } from '../contracts/facts.js';
import type { IndexMeta } from '../contracts/graph.js';
import { flushEnv, openEnv, type GraphEnv } from './env.js';
import { SCHEMA_VERSION, WHOLE_FILE } from './schema.js';
import type { ResolvedSites } from './resolve-file.js';
import { emptyStats, sortedStats } from './stats.js';
import { GraphWriter } from './writer.js';

/** Files resolved per write transaction: bounds the transaction's dirty pages. */
const RESOLVE_BATCH = 512;
/** Below this many call sites the calling thread resolves alone: handing work over costs more. */
export const SHARED_RESOLVE_SITES = 5_000;
/** Batches of work per resolving thread: enough for a thread that finishes early to take another. */
const BATCHES_PER_THREAD = 8;

/**
 * Other threads that can resolve files of a committed environment (the analysis pool's,
 * running store/resolve-file.ts resolveCommitted), while the calling thread resolves others.
 */
export interface ResolveElsewhere {
  threads: number;
  resolve(envPath: string, paths: string[]): Promise<ResolvedSites[]>;
}

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
  /**
   * Stores the module configuration files, resolves every call site (sharing the work
   * with `elsewhere`'s threads when given), stamps meta and stats, and swaps the new
   * graph in; says how long resolving took.
   */
  finish(meta: IndexMeta, unsupportedExtensions: Record<string, number>, configs?: readonly ModuleConfigFact[], elsewhere?: ResolveElsewhere): Promise<{ resolveMs: number }>;
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
  /** Files with call sites, and how many each has. */
  const withSites = new Map<string, number>();

  return {
    add(files) {
      env!.root.transactionSync(() => {
        for (const facts of files) {
          writer.insertFile(facts);
          if (facts.status === 'ok' && facts.callSites.length > 0) withSites.set(facts.path, facts.callSites.length);
        }
      });
    },
    async finish(meta, unsupportedExtensions, configs = [], elsewhere) {
      const { root, dbs } = env!;
      root.transactionSync(() => writer.replaceConfigs(configs));
      const resolveStarted = performance.now();
      const resolveHere = (batch: string[]) =>
        root.transactionSync(() => writer.resolve(new Map(batch.map((p) => [p, new Set([WHOLE_FILE])])), new Set(batch)));
      const sites = [...withSites.values()].reduce((a, b) => a + b, 0);
      if (elsewhere && elsewhere.threads > 0 && sites >= SHARED_RESOLVE_SITES) {
        const batches = shareOut(withSites, Math.max((elsewhere.threads + 1) * BATCHES_PER_THREAD, Math.ceil(withSites.size / RESOLVE_BATCH)));
        const take = () => batches.shift();
        const theirs = async () => {
          for (let batch = take(); batch; batch = take()) {
            const resolved = await elsewhere.resolve(building, batch);
            root.transactionSync(() => resolved.forEach((r) => writer.applyResolved(r, true)));
          }
        };
        const mine = async () => {
          for (let batch = take(); batch; batch = take()) {
            resolveHere(batch);
            // Lets what the threads handed over be written before the next batch.
            await yieldToEvents();
          }
        };
        // Two batches in flight per thread, so a thread never waits for the calling thread to hand it the next.
        await Promise.all([...Array.from({ length: elsewhere.threads * 2 }, () => theirs()), mine()]);
      } else {
        const paths = [...withSites.keys()].sort();
        for (let i = 0; i < paths.length; i += RESOLVE_BATCH) resolveHere(paths.slice(i, i + RESOLVE_BATCH));
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

/**
 * Files in about `count` batches of similar call-site totals, largest files first, so
 * that a file much larger than the rest starts early instead of ending the run alone.
 */
export function shareOut(sitesByFile: ReadonlyMap<string, number>, count: number): string[][] {
  const total = [...sitesByFile.values()].reduce((a, b) => a + b, 0);
  const target = Math.max(1, Math.ceil(total / count));
  const files = [...sitesByFile].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const batches: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const [path, sites] of files) {
    batch.push(path);
    size += sites;
    if (size >= target) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
