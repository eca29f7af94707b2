// `cairn watch` (and `cairn lsp --watch`, `cairn mcp --watch`): keeps the index fresh.
// The workspace is watched with @parcel/watcher, chosen over chokidar by
// scripts/bench-watchers.mjs on go-kubernetes (22,776 files, 4,896 directories; record in
// bench/results/watchers-go-kubernetes.json): ready in 0.58 s against 8.2 s, 11.5 MB of
// resident memory for the watch against 250 MB, no event lost by either in a burst of
// 3,000 paths (medians of 2 alternating rounds). Events are
// filtered by name with the inventory's rules (agents/watch-sync.ts: folder rules,
// privacy, languages), so a path cairn would never index starts no sync and nothing is
// opened to decide. Relevant events are debounced into one batch: a save, a branch
// switch or a pull that touches thousands of files is one sync, the same incremental
// sync `cairn sync` runs, holding the writer lock only while it writes. Events that
// arrive during a sync make one more sync after it. Only the user starts a watcher.
import watcher from '@parcel/watcher';
import type { IndexReport } from '../contracts/index-report.js';
import { workspaceRelative } from '../gate/gate.js';
import { indexRelevance, syncForWatcher, unwatchedFolders } from './watch-sync.js';

export type WatcherState = 'idle' | 'syncing' | 'failed';

export interface WatcherOptions {
  /** Quiet time after the last relevant event before a sync starts. */
  debounceMs?: number;
  /** A stream of events never holds a sync back longer than this. */
  maxWaitMs?: number;
  includeLibrary?: boolean;
  jobs?: number;
  log?: (line: string) => void;
  /** The sync to run (tests count calls); default: the watcher's incremental sync. */
  sync?: (signal: AbortSignal) => Promise<IndexReport>;
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

export const DEFAULT_DEBOUNCE_MS = 150;
export const DEFAULT_MAX_WAIT_MS = 2000;
/** After a failed sync (the writer lock held by another process, say), wait this long before trying again. */
const RETRY_MS = 1000;

export async function startWatcher(workspace: string, options: WatcherOptions = {}): Promise<Watcher> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const log = options.log ?? (() => undefined);
  const relevant = indexRelevance(workspace, options.includeLibrary);
  const controller = new AbortController();
  const sync = options.sync ?? ((signal: AbortSignal) => syncForWatcher(workspace, { includeLibrary: options.includeLibrary, jobs: options.jobs, signal }));
  const listeners: Array<(report: IndexReport) => void> = [];
  let state: WatcherState = 'idle';
  let pending = 0;
  let firstPendingAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let finished = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];

  const wake = () => {
    if (running || timer || pending > 0) return;
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

  const run = () => {
    timer = undefined;
    if (stopped || pending === 0) return wake();
    const batch = pending;
    pending = 0;
    state = 'syncing';
    const started = performance.now();
    running = sync(controller.signal)
      .then((report) => {
        finished += 1;
        state = 'idle';
        const f = report.files;
        log(`synced ${batch} changed path(s): ${f.added} added, ${f.changed} changed, ${f.deleted} deleted in ${Math.round(performance.now() - started)} ms`);
        for (const listener of listeners) listener(report);
      })
      .catch((error: unknown) => {
        if (stopped) return;
        state = 'failed';
        log(`sync failed: ${(error as Error).message}; trying again in ${RETRY_MS} ms`);
        // The batch is not lost: it is tried again.
        if (pending === 0) firstPendingAt = Date.now();
        pending += batch;
      })
      .finally(() => {
        running = undefined;
        if (pending > 0) schedule(state === 'failed' ? RETRY_MS : debounceMs);
        wake();
      });
  };

  const ignore = unwatchedFolders(workspace, options.includeLibrary);
  const subscription = await watcher.subscribe(
    workspace,
    (error, events) => {
      if (error) {
        log(`watch error: ${error.message}`);
        return;
      }
      let relevantEvents = 0;
      for (const event of events) {
        const rel = workspaceRelative(workspace, event.path);
        if (rel === null) continue;
        const name = rel.slice(rel.lastIndexOf('/') + 1);
        // A name without an extension may be a directory moved or removed whole: its files changed too.
        if (relevant(rel) || (!name.includes('.') && relevant(`${rel}/x.ts`))) relevantEvents += 1;
      }
      if (relevantEvents === 0) return;
      if (pending === 0) firstPendingAt = Date.now();
      pending += relevantEvents;
      schedule(debounceMs);
    },
    { ignore },
  );

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
      pending = 0;
      await subscription.unsubscribe();
      controller.abort();
      await running;
      wake();
    },
  };
}
