// What the watcher (agents/watcher.ts) runs: the incremental sync `cairn sync` runs,
// holding the writer lock only while the store is written, and the inventory's rule for
// which changed paths can change the index at all (by name; nothing is opened).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexReport } from '../contracts/index-report.js';
import { indexGate } from '../gate/config-files.js';
import { LIBRARY_DIRS, mayChangeIndex } from '../workers/inventory.js';
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

/**
 * Folders a watch leaves out by absolute path (a prefix test): .git, .cairn and the
 * library folders at the top. Glob patterns cost the native watch a match per directory
 * (3.4 s against 0.3 s to start on go-kubernetes); deeper library folders are watched
 * and their events dropped by name (indexRelevance).
 */
export function unwatchedFolders(workspace: string, includeLibrary = false): string[] {
  const topLevel = includeLibrary ? [] : readdirSync(workspace).filter((name) => LIBRARY_DIRS.has(name));
  return ['.git', '.cairn', ...topLevel].map((name) => join(workspace, name));
}
