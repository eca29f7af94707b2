// Opens the index for reading, or fails with the action that would fix it. A
// long-lived server (the language server) keeps one reader open per workspace instead
// of opening the index for each answer (keepGraphOpen).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import type { CommandResult } from '../contracts/envelope.js';
import { graphPath, openStore, unusableIndex, type GraphStore } from '../store/index.js';
import { checkIndexPaths } from '../gate/cairn-paths.js';
import { filesNamedBy, staleSources, staleSourceWarning, uncheckedWarning } from './stale-source.js';

/** `besideWriter`: this process also writes the index (store/store.ts). */
export function openGraph(workspace: string, options: { besideWriter?: boolean } = {}): GraphStore {
  checkIndexPaths(workspace, false);
  const store = openStore(workspace, { readOnly: true, besideWriter: options.besideWriter });
  const state = store.schemaState();
  if (state === 'compatible') return store;
  void store.close();
  if (state === 'missing') throw new CairnError('index_missing', 'no index here yet: run `cairn init`', 1, 'cairn init');
  if (state === 'unusable') {
    throw unusableIndex(store.unusableReason() ?? 'unknown');
  }
  throw new CairnError(
    'index_incompatible',
    'the index was written by another schema version: run `cairn init` to rebuild it',
    1,
    'cairn init',
  );
}

/** Runs a read against the index and always closes it (unless the workspace's reader is kept open). */
export async function withGraph<T>(workspace: string, read: (graph: GraphStore) => T | Promise<T>): Promise<T> {
  const held = heldGraph(workspace);
  if (held) return read(held);
  const graph = openGraph(workspace);
  try {
    return await read(graph);
  } finally {
    await graph.close();
  }
}

interface Held {
  besideWriter: boolean;
  store: GraphStore | undefined;
  /** The data file the store has open (device and inode): `init` swaps in a new one. */
  file: string;
}

const heldReaders = new Map<string, Held>();
/** A reader replaced by a newer file is closed this long after, once answers still reading it are done. */
const RETIRE_MS = 5000;

const dataFileOf = (workspace: string): string => {
  try {
    const s = statSync(join(graphPath(workspace), 'data.mdb'));
    return `${s.dev}:${s.ino}`;
  } catch {
    return 'missing';
  }
};

/**
 * Keeps one reader of the workspace's index open for every answer until the returned
 * function is called. Each answer still sees the latest commit (lmdb renews its read
 * snapshot on each turn of the event loop); a stat per answer notices an index that
 * `init` replaced, and the reader is opened again, with the checks openGraph makes.
 * `besideWriter`: a watcher in this process writes the index (store/store.ts).
 */
export function keepGraphOpen(workspace: string, options: { besideWriter?: boolean } = {}): () => Promise<void> {
  if (!heldReaders.has(workspace)) heldReaders.set(workspace, { besideWriter: options.besideWriter ?? false, store: undefined, file: '' });
  return async () => {
    const held = heldReaders.get(workspace);
    heldReaders.delete(workspace);
    await held?.store?.close();
  };
}

function heldGraph(workspace: string): GraphStore | undefined {
  const held = heldReaders.get(workspace);
  if (!held) return undefined;
  const file = dataFileOf(workspace);
  if (held.store && held.file === file) return held.store;
  const retired = held.store;
  held.store = undefined;
  if (retired) setTimeout(() => void retired.close(), RETIRE_MS).unref();
  // Throws as openGraph does (no index, another schema, a damaged file): nothing is kept then.
  held.store = openGraph(workspace, { besideWriter: held.besideWriter });
  held.file = file;
  return held.store;
}

/**
 * Runs a query against the index, then checks the files its answer names (stat,
 * then hash): when one changed since the index was written, the answer carries a
 * `stale_source` warning and `next_action: "cairn sync"`.
 */
export async function answerFromGraph<T>(
  workspace: string,
  read: (graph: GraphStore) => CommandResult<T> | Promise<CommandResult<T>>,
): Promise<CommandResult<T>> {
  return withGraph(workspace, async (graph) => withStaleCheck(workspace, graph, await read(graph)));
}

export function withStaleCheck<T>(workspace: string, graph: GraphStore, result: CommandResult<T>, extraPaths: string[] = []): CommandResult<T> {
  const stale = staleSources(workspace, graph, [...extraPaths, ...filesNamedBy(result.data)]);
  const warning = staleSourceWarning(stale);
  const unchecked = uncheckedWarning(stale);
  if (!warning && !unchecked) return result;
  const warnings = [...result.warnings, ...(warning ? [warning] : []), ...(unchecked ? [unchecked] : [])];
  return { ...result, warnings, next_action: warning ? 'cairn sync' : result.next_action };
}
