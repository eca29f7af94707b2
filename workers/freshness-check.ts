// Runs the freshness machine through the one interpreter (./interpreter.ts): the
// machine decides, this bridge supplies the facts its commands ask for, and a recorder
// given keeps the run for replay.
import type { AuditRecorder } from '../machines/audit.js';
import { drive } from './interpreter.js';
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
  recorder?: AuditRecorder,
): Promise<FreshnessDecision> {
  return drive<FreshnessDecision>(
    freshnessMachine,
    'freshness',
    { indexed: [...indexed], maxBytes },
    async (command) =>
      command.kind === 'inventory' ? { type: 'INVENTORY', entries } : { type: 'VERIFIED', results: await verify(command.paths as string[]) },
    recorder,
  );
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
