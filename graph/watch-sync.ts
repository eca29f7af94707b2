// What the watcher (agents/watcher.ts) runs: the incremental sync `cairn sync` runs,
// holding the writer lock only while the store is written, and the inventory's rule for
// which changed paths can change the index at all (by name; nothing is opened).
import type { IndexReport } from '../contracts/index-report.js';
import { indexGate } from '../gate/config-files.js';
import { mayChangeIndex } from '../workers/inventory.js';
import { indexWorkspace } from '../workers/pipeline.js';

export interface WatchSyncOptions {
  includeLibrary?: boolean;
  jobs?: number;
  signal?: AbortSignal;
}

export function syncForWatcher(workspace: string, options: WatchSyncOptions = {}): Promise<IndexReport> {
  return indexWorkspace(workspace, { mode: 'sync', jobs: options.jobs, includeLibrary: options.includeLibrary, signal: options.signal, lockOnlyToWrite: true });
}

/** A test of workspace-relative paths: true when a change there can change the index. Reads the privacy configuration once. */
export function indexRelevance(workspace: string, includeLibrary = false): (path: string) => boolean {
  const gate = indexGate(workspace);
  return (path) => mayChangeIndex(path, includeLibrary, gate);
}
