// The freshness machine: decides, from facts the pipeline supplies, which files of
// the workspace are unchanged, changed, added, deleted or can never be indexed.
// `sync`, `status`, `doctor` and review share it.
//
// Facts in: the indexed file states (input), the inventory (one INVENTORY event),
// and content hashes of the files whose size or mtime moved (one VERIFIED event).
// Commands out (the protocol of machines/audit.ts, run by workers/interpreter.ts): `inventory`, then `verify` with the suspect paths. The machine never reads a
// file; a caller that cannot or will not hash (a quick status) may stop early.
import { assign, setup } from 'xstate';

export interface IndexedState {
  path: string;
  size: number;
  mtime_ms: number;
  hash: string;
  status: string;
}

export interface CurrentStat {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface VerifiedFact {
  path: string;
  /** Null when the file vanished or could not be read. */
  hash: string | null;
}

export interface FreshnessDecision {
  unchanged: string[];
  /** Same bytes, new stat: fresh, but the stored stat should be refreshed. */
  touched: string[];
  changed: string[];
  added: string[];
  deleted: string[];
  /** Larger than the ceiling now: recorded as such, never stale. */
  unindexable: string[];
}

export type FreshnessEvent =
  | { type: 'INVENTORY'; entries: CurrentStat[] }
  | { type: 'VERIFIED'; results: VerifiedFact[] };

export interface FreshnessContext {
  indexed: Record<string, IndexedState>;
  maxBytes: number;
  suspects: string[];
  decision: FreshnessDecision;
}

const emptyDecision = (): FreshnessDecision => ({
  unchanged: [],
  touched: [],
  changed: [],
  added: [],
  deleted: [],
  unindexable: [],
});

/** Pure classification of the inventory against the index (stat fast path only). */
export function classifyInventory(
  indexed: Record<string, IndexedState>,
  entries: CurrentStat[],
  maxBytes: number,
): { decision: FreshnessDecision; suspects: string[] } {
  const decision = emptyDecision();
  const suspects: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    seen.add(entry.path);
    const known = indexed[entry.path];
    if (entry.size > maxBytes) {
      if (known && known.status === 'too_large' && known.size === entry.size && known.mtime_ms === entry.mtimeMs) {
        decision.unchanged.push(entry.path);
      } else decision.unindexable.push(entry.path);
      continue;
    }
    if (!known) decision.added.push(entry.path);
    else if (known.size === entry.size && known.mtime_ms === entry.mtimeMs) decision.unchanged.push(entry.path);
    else if (known.hash === '' || known.size !== entry.size) decision.changed.push(entry.path);
    else suspects.push(entry.path);
  }
  for (const path of Object.keys(indexed)) if (!seen.has(path)) decision.deleted.push(path);
  decision.deleted.sort();
  return { decision, suspects };
}

/** Pure: folds the hashes of suspects into the decision. */
export function applyVerified(
  indexed: Record<string, IndexedState>,
  decision: FreshnessDecision,
  results: VerifiedFact[],
): FreshnessDecision {
  const next: FreshnessDecision = {
    ...decision,
    touched: [...decision.touched],
    changed: [...decision.changed],
    deleted: [...decision.deleted],
  };
  for (const { path, hash } of results) {
    if (hash === null) next.deleted.push(path);
    else if (indexed[path]?.hash === hash) next.touched.push(path);
    else next.changed.push(path);
  }
  next.deleted.sort();
  return next;
}

export function isFresh(decision: FreshnessDecision): boolean {
  return decision.changed.length === 0 && decision.added.length === 0 && decision.deleted.length === 0;
}

export const freshnessMachine = setup({
  types: {
    context: {} as FreshnessContext,
    events: {} as FreshnessEvent,
    input: {} as { indexed: IndexedState[]; maxBytes: number },
    output: {} as FreshnessDecision,
  },
  actions: {
    classify: assign(({ context, event }) => {
      if (event.type !== 'INVENTORY') return {};
      const { decision, suspects } = classifyInventory(context.indexed, event.entries, context.maxBytes);
      return { decision, suspects };
    }),
    foldVerified: assign(({ context, event }) => {
      if (event.type !== 'VERIFIED') return {};
      return { decision: applyVerified(context.indexed, context.decision, event.results), suspects: [] };
    }),
    /** Commands: list the work tree and answer with INVENTORY; hash these paths and answer with VERIFIED. */
    command: (_, _params: { kind: 'inventory' } | { kind: 'verify'; paths: string[] }) => {},
  },
  guards: {
    hasSuspects: ({ context }) => context.suspects.length > 0,
  },
}).createMachine({
  id: 'freshness',
  context: ({ input }) => ({
    indexed: Object.fromEntries(input.indexed.map((s) => [s.path, s])),
    maxBytes: input.maxBytes,
    suspects: [],
    decision: emptyDecision(),
  }),
  initial: 'awaitingInventory',
  states: {
    awaitingInventory: {
      entry: { type: 'command', params: { kind: 'inventory' as const } },
      on: {
        INVENTORY: { target: 'classified', actions: 'classify' },
      },
    },
    classified: {
      always: [{ guard: 'hasSuspects', target: 'verifying' }, { target: 'decided' }],
    },
    verifying: {
      entry: { type: 'command', params: ({ context }) => ({ kind: 'verify' as const, paths: context.suspects }) },
      on: {
        VERIFIED: { target: 'decided', actions: 'foldVerified' },
      },
    },
    decided: { type: 'final' },
  },
  output: ({ context }) => context.decision,
});
