// `cairn watch` (and `cairn lsp --watch`, `cairn mcp --watch`): keeps the index fresh.
// The workspace is watched with @parcel/watcher, chosen over chokidar by
// scripts/bench-watchers.mjs on go-kubernetes (22,776 files, 4,896 directories; record in
// bench/results/watchers-go-kubernetes.json): ready in 0.58 s against 8.2 s, 11.5 MB of
// resident memory for the watch against 250 MB, no event lost by either in a burst of
// 3,000 paths (medians of 2 alternating rounds). Each event's path is asked the
// inventory's rules by name (agents/watch-sync.ts: folder rules, privacy, languages), so
// a path cairn would never index starts no sync and nothing is opened to decide.
// Relevant paths are debounced into one batch, and the batch is synced alone: the
// same incremental sync `cairn sync` runs, told which paths changed, so it inventories,
// hashes and parses only those (a save, or a branch switch or pull touching thousands
// of files, is one sync), holding the writer lock only while it writes. The whole tree
// is synced on start (changes made while nobody watched), when the watch reports an
// error (events may be lost), and when a batch grows past MAX_BATCH_PATHS: on Linux
// @parcel/watcher drops the kernel's queue-overflow notice silently, and a burst that
// large is where the kernel's queue (16,384 events by default) can overflow. Events
// that arrive during a sync make one more sync after it. Only the user starts a watcher.
import { lstatSync } from 'node:fs';
import watcher from '@parcel/watcher';
import type { IndexReport } from '../contracts/index-report.js';
import { WORKSPACE_CONFIG } from '../gate/config-files.js';
import { workspaceRelative } from '../gate/gate.js';
import { indexRelevance, syncForWatcher, unwatchedFolders, warmForWatcher } from './watch-sync.js';

export type WatcherState = 'idle' | 'syncing' | 'failed';

/** What one sync is asked to bring up to date: the paths that changed, or the whole tree. */
export type SyncScope = { paths: readonly string[] } | { wholeTree: WholeTreeReason };
export type WholeTreeReason = 'start' | 'watch error' | 'burst' | 'retry';

export interface WatcherOptions {
  /** Quiet time after the last relevant event before a sync starts. */
  debounceMs?: number;
  /** A stream of events never holds a sync back longer than this. */
  maxWaitMs?: number;
  includeLibrary?: boolean;
  jobs?: number;
  log?: (line: string) => void;
  /** A batch of more changed paths than this is synced as the whole tree (default MAX_BATCH_PATHS). */
  maxBatchPaths?: number;
  /** Sync the whole tree once on start (default true): changes made while nothing watched. */
  syncOnStart?: boolean;
  /** The sync to run (tests count calls and scopes); default: the incremental sync of agents/watch-sync.ts. */
  sync?: (signal: AbortSignal, scope: SyncScope) => Promise<IndexReport>;
}

export interface Watcher {
  state(): WatcherState;
  /** Called after each sync that finished, with its report. */
  onSynced(listener: (report: IndexReport) => void): void;
  /** Syncs finished since the start. */
  syncs(): number;
  /** Resolves when no sync runs and none is waiting. */
  settled(): Promise<void>;
  /** Stops watching, cancels a running sync and waits for it to end (the index stays as it was or as the sync left it, never half-written). */
  stop(): Promise<void>;
}

/** Editors save by writing a file and renaming it: both events arrive within a few milliseconds. */
export const DEFAULT_DEBOUNCE_MS = 50;
export const DEFAULT_MAX_WAIT_MS = 2000;
/** A batch of more changed paths than this is synced as the whole tree (see the header). */
export const MAX_BATCH_PATHS = 8192;
/** After a failed sync (the writer lock held by another process, say), wait this long before trying again. */
const RETRY_MS = 1000;

export async function startWatcher(workspace: string, options: WatcherOptions = {}): Promise<Watcher> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const maxBatchPaths = options.maxBatchPaths ?? MAX_BATCH_PATHS;
  const log = options.log ?? (() => undefined);
  let relevant = indexRelevance(workspace, options.includeLibrary);
  const controller = new AbortController();
  /** Whether the workspace is a git work tree, as the last sync found it: a sync of some paths does not ask git again. */
  let git: boolean | undefined;
  const sync =
    options.sync ??
    ((signal: AbortSignal, scope: SyncScope) =>
      syncForWatcher(workspace, { includeLibrary: options.includeLibrary, jobs: options.jobs, signal, ...('paths' in scope ? { paths: scope.paths, git } : {}) }));
  const listeners: Array<(report: IndexReport) => void> = [];
  let state: WatcherState = 'idle';
  /** The batch being gathered: changed paths, or the whole tree (and why). */
  let changed = new Set<string>();
  let wholeTree: WholeTreeReason | null = null;
  let firstPendingAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let finished = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];
  const pending = () => wholeTree !== null || changed.size > 0;

  const wake = () => {
    if (running || timer || pending()) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const schedule = (delay: number) => {
    if (stopped || running) return;
    if (timer) clearTimeout(timer);
    const waited = Date.now() - firstPendingAt;
    timer = setTimeout(run, Math.max(0, Math.min(delay, maxWaitMs - waited)));
  };

  /** Adds to the batch being gathered (a failed batch comes back here too). */
  const gather = (paths: Iterable<string>, whole: WholeTreeReason | null) => {
    if (!pending()) firstPendingAt = Date.now();
    if (whole !== null) wholeTree ??= whole;
    if (wholeTree === null) for (const path of paths) changed.add(path);
    if (wholeTree === null && changed.size > maxBatchPaths) wholeTree = 'burst';
    if (wholeTree !== null) changed = new Set();
  };

  const run = () => {
    timer = undefined;
    if (stopped || !pending()) return wake();
    const scope: SyncScope = wholeTree !== null ? { wholeTree } : { paths: [...changed].sort() };
    changed = new Set();
    wholeTree = null;
    state = 'syncing';
    const started = performance.now();
    running = sync(controller.signal, scope)
      .then((report) => {
        finished += 1;
        git = report.git;
        state = 'idle';
        const f = report.files;
        const what = 'paths' in scope ? `${scope.paths.length} changed path(s)` : `the whole tree (${scope.wholeTree})`;
        log(`synced ${what}: ${f.added} added, ${f.changed} changed, ${f.deleted} deleted in ${Math.round(performance.now() - started)} ms`);
        for (const listener of listeners) listener(report);
        // After the first sync, the index's languages are known: their grammars are loaded before the first save needs them.
        if (!('paths' in scope) && scope.wholeTree === 'start' && !options.sync) void warmForWatcher(workspace).catch((error: Error) => log(`grammars not loaded ahead: ${error.message}`));
      })
      .catch((error: unknown) => {
        if (stopped) return;
        state = 'failed';
        log(`sync failed: ${(error as Error).message}; trying again in ${RETRY_MS} ms, the whole tree`);
        // The batch is not lost: the whole tree is tried again (a path that made the sync fail is not asked alone again).
        gather([], 'retry');
      })
      .finally(() => {
        running = undefined;
        if (pending()) schedule(state === 'failed' ? RETRY_MS : debounceMs);
        wake();
      });
  };

  /** The workspace-relative path an event names, when a change there can change the index (by name; a folder by lstat, after the name rules). */
  const changedPath = (absolute: string): string | null => {
    const rel = workspaceRelative(workspace, absolute);
    if (rel === null) return null;
    if (relevant(rel)) return rel;
    // A folder created, moved or removed whole: the files under it changed too. One that is
    // gone cannot be asked; a name without an extension is taken as one.
    if (!relevant(`${rel}/x.ts`)) return null;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (!name.includes('.')) return rel;
    try {
      return lstatSync(absolute).isDirectory() ? rel : null;
    } catch {
      return null;
    }
  };

  const ignore = unwatchedFolders(workspace, options.includeLibrary);
  const subscription = await watcher.subscribe(
    workspace,
    (error, events) => {
      if (error) {
        // The watch may have lost events: only a walk of the whole tree is sure to catch up.
        log(`watch error: ${error.message}; syncing the whole tree`);
        gather([], 'watch error');
        schedule(debounceMs);
        return;
      }
      const paths: string[] = [];
      for (const event of events) {
        const path = changedPath(event.path);
        if (path === null) continue;
        // The privacy excludes may have changed: later events are asked the new rules.
        if (path === WORKSPACE_CONFIG) {
          try {
            relevant = indexRelevance(workspace, options.includeLibrary);
          } catch (problem) {
            log(`${WORKSPACE_CONFIG} cannot be read: ${(problem as Error).message}`);
          }
        }
        paths.push(path);
      }
      if (paths.length === 0) return;
      gather(paths, null);
      schedule(debounceMs);
    },
    { ignore },
  );
  if (options.syncOnStart !== false) {
    gather([], 'start');
    schedule(0);
  }

  return {
    state: () => state,
    onSynced: (listener) => void listeners.push(listener),
    syncs: () => finished,
    settled: () => new Promise<void>((resolve) => {
      waiters.push(resolve);
      wake();
    }),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      changed = new Set();
      wholeTree = null;
      await subscription.unsubscribe();
      controller.abort();
      await running;
      wake();
    },
  };
}
