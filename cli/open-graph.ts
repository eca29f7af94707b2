// Opens the index for reading, or fails with the action that would fix it.
import { CairnError } from '../contracts/errors.js';
import { openStore, type GraphStore } from '../store/index.js';

export function openGraph(workspace: string): GraphStore {
  const store = openStore(workspace, { readOnly: true });
  const state = store.schemaState();
  if (state === 'compatible') return store;
  void store.close();
  if (state === 'missing') throw new CairnError('index_missing', 'no index here yet: run `cairn init`', 1, 'cairn init');
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
