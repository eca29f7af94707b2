// Runs the freshness machine through its pure transition function (the stepper every
// machine runner uses): the machine decides, this bridge supplies the facts it asks for.
import { stepper } from '../machines/stepper.js';
import {
  freshnessMachine,
  type CurrentStat,
  type FreshnessDecision,
  type IndexedState,
  type VerifiedFact,
} from '../machines/freshness.js';
import { MAX_FILE_BYTES } from '../parsers/classify.js';
import { takeInventory } from './inventory.js';
import type { ModuleConfigFact } from '../contracts/facts.js';
import { readModuleConfigs } from './module-configs.js';
import { readWorkspaceFile } from './read-file.js';
import { indexGate } from '../gate/config-files.js';

export type Verifier = (paths: string[]) => Promise<VerifiedFact[]>;

export async function decideFreshness(
  indexed: Iterable<IndexedState>,
  entries: CurrentStat[],
  maxBytes: number,
  verify: Verifier,
): Promise<FreshnessDecision> {
  const steps = stepper(freshnessMachine, { indexed: [...indexed], maxBytes });
  let [snapshot] = steps.initial();
  let actions;
  [snapshot, actions] = steps.next(snapshot, { type: 'INVENTORY', entries });
  for (const action of actions) {
    if (action.type === 'requestVerify') {
      const { paths } = action.params as { paths: string[] };
      [snapshot] = steps.next(snapshot, { type: 'VERIFIED', results: await verify(paths) });
    }
  }
  if (snapshot.status !== 'done') throw new Error(`freshness machine stopped in ${JSON.stringify(snapshot.value)}`);
  return snapshot.output as FreshnessDecision;
}

/**
 * Freshness of an existing index against the work tree, for read-only commands
 * (status, doctor, review): hashes only the files whose stat moved. With the module
 * configuration files the index was resolved with, one that changed, appeared or went
 * away makes the index stale too (a sync re-resolves the call sites it affects).
 */
export async function currentFreshness(
  root: string,
  indexedStates: Iterable<IndexedState>,
  includeLibrary: boolean,
  storedConfigs?: readonly ModuleConfigFact[],
): Promise<FreshnessDecision> {
  const gate = indexGate(root);
  const inventory = takeInventory(root, { includeLibrary, gate });
  const decision = await decideFreshness(indexedStates, inventory.entries, MAX_FILE_BYTES, async (paths) =>
    paths.map((path) => {
      const read = readWorkspaceFile(gate, path);
      return { path, hash: read.status === 'unreadable' ? null : read.hash };
    }),
  );
  if (storedConfigs) {
    const stored = new Map(storedConfigs.map((c) => [c.path, JSON.stringify(c)]));
    const now = readModuleConfigs(gate, inventory.configs);
    for (const config of now) {
      const before = stored.get(config.path);
      if (before === undefined) decision.added.push(config.path);
      else if (before !== JSON.stringify(config)) decision.changed.push(config.path);
    }
    const present = new Set(now.map((c) => c.path));
    for (const path of stored.keys()) if (!present.has(path)) decision.deleted.push(path);
  }
  return decision;
}
