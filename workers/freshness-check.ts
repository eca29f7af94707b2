// Runs the freshness machine with XState's pure transition function: the machine
// decides, this bridge supplies the facts it asks for.
import { initialTransition, transition } from 'xstate';
import {
  freshnessMachine,
  type CurrentStat,
  type FreshnessDecision,
  type IndexedState,
  type VerifiedFact,
} from '../machines/freshness.js';
import { MAX_FILE_BYTES } from '../parsers/classify.js';
import { takeInventory } from './inventory.js';
import { readWorkspaceFile } from './read-file.js';

export type Verifier = (paths: string[]) => Promise<VerifiedFact[]>;

export async function decideFreshness(
  indexed: Iterable<IndexedState>,
  entries: CurrentStat[],
  maxBytes: number,
  verify: Verifier,
): Promise<FreshnessDecision> {
  let [snapshot] = initialTransition(freshnessMachine, { indexed: [...indexed], maxBytes });
  let actions;
  [snapshot, actions] = transition(freshnessMachine, snapshot, { type: 'INVENTORY', entries });
  for (const action of actions) {
    if (action.type === 'requestVerify') {
      const { paths } = action.params as { paths: string[] };
      [snapshot] = transition(freshnessMachine, snapshot, { type: 'VERIFIED', results: await verify(paths) });
    }
  }
  if (snapshot.status !== 'done') throw new Error(`freshness machine stopped in ${JSON.stringify(snapshot.value)}`);
  return snapshot.output as FreshnessDecision;
}

/**
 * Freshness of an existing index against the work tree, for read-only commands
 * (status, doctor, review): hashes only the files whose stat moved.
 */
export async function currentFreshness(
  root: string,
  indexedStates: Iterable<IndexedState>,
  includeLibrary: boolean,
): Promise<FreshnessDecision> {
  const inventory = takeInventory(root, { includeLibrary });
  return decideFreshness(indexedStates, inventory.entries, MAX_FILE_BYTES, async (paths) =>
    paths.map((path) => {
      const read = readWorkspaceFile(root, path);
      return { path, hash: read.status === 'unreadable' ? null : read.hash };
    }),
  );
}
