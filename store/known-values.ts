// A stored record need not repeat what its key already says: such values are written
// as `undefined`, which keeps the key and its place in the record's shape, and are put
// back on read. An edge's incoming key holds its target and source ids, position and
// confidence, so its value no longer repeats two symbol ids.
import type { EdgeRecord } from '../contracts/graph.js';

/** `record` with each value equal to `known`'s written as undefined (key order kept). */
export function omitKnown<T extends object>(record: T, known: Partial<T>): T {
  const out = { ...record };
  for (const key in known) if (key in out && out[key] === known[key]) (out as Record<string, unknown>)[key] = undefined;
  return out;
}

/** The record `omitKnown` was given: its undefined values put back from `known`, in place. */
export function restoreKnown<T extends object>(stored: T, known: Partial<T>): T {
  for (const key in known) if (key in stored && stored[key] === undefined) (stored as Record<string, unknown>)[key] = known[key];
  return stored;
}

/** The incoming key of an edge: [target, relationship, source, line, column, ord, confidence]. */
export type IncomingKey = [string, EdgeRecord['relationship'], string, number, number, number, number];

/** What an incoming key says of its edge. */
export function knownFromIncomingKey(key: IncomingKey): Partial<EdgeRecord> {
  const [target, relationship, source, line, column, , confidence] = key;
  return { target, relationship, source, line, column, confidence };
}
