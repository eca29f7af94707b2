// Opens the index for reading, or fails with the action that would fix it.
import { CairnError } from '../contracts/errors.js';
import type { CommandResult } from '../contracts/envelope.js';
import { openStore, unusableIndex, type GraphStore } from '../store/index.js';
import { checkIndexPaths } from '../gate/cairn-paths.js';
import { filesNamedBy, staleSources, staleSourceWarning, uncheckedWarning } from './stale-source.js';

export function openGraph(workspace: string): GraphStore {
  checkIndexPaths(workspace, false);
  const store = openStore(workspace, { readOnly: true });
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

/** Runs a read against the index and always closes it. */
export async function withGraph<T>(workspace: string, read: (graph: GraphStore) => T | Promise<T>): Promise<T> {
  const graph = openGraph(workspace);
  try {
    return await read(graph);
  } finally {
    await graph.close();
  }
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
