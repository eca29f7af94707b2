// A stored record need not repeat what its key (or the call site it answers) already
// says: such values are written as `undefined`, which keeps the key and its place in
// the record's shape, and are put back on read. Packing a short value instead of a
// symbol id or a path is most of what writing an edge or an answer costs.
import type { EdgeRecord } from '../contracts/graph.js';
import type { FileAnswers, StoredCallSite } from './schema.js';

/** `record` with each value equal to `known`'s written as undefined (key order kept). */
export function omitKnown<T extends object>(record: T, known: Partial<T> | Record<string, unknown>): T {
  const out = { ...record };
  for (const key in known) if (key in out && (out as Record<string, unknown>)[key] === (known as Record<string, unknown>)[key]) (out as Record<string, unknown>)[key] = undefined;
  return out;
}

/** The record `omitKnown` was given: its undefined values put back from `known`, in place. */
export function restoreKnown<T extends object>(stored: T, known: Partial<T> | Record<string, unknown>): T {
  for (const key in known) if (key in stored && (stored as Record<string, unknown>)[key] === undefined) (stored as Record<string, unknown>)[key] = (known as Record<string, unknown>)[key];
  return stored;
}

/** The incoming key of an edge: [target, relationship, source, line, column, ord, confidence]. */
export type IncomingKey = [string, EdgeRecord['relationship'], string, number, number, number, number];

/** What an incoming key says of its edge. */
export function knownFromIncomingKey(key: IncomingKey): Partial<EdgeRecord> {
  const [target, relationship, source, line, column, , confidence] = key;
  return { target, relationship, source, line, column, confidence };
}

/** What a call site says of the edge or unresolved record that answers it. */
export function knownFromSite(site: StoredCallSite, path: string): Record<string, unknown> {
  return { source: site.callerId, file_path: path, line: site.line, column: site.column, specifier: site.specifier, kind: site.kind };
}

/** A file's stored answers with each call-site answer whole again (`sites`: the file's stored call sites). */
export function restoreAnswers(path: string, stored: FileAnswers, sites: readonly StoredCallSite[] | undefined): FileAnswers {
  stored.sites.forEach((answer, ord) => {
    if (answer && sites?.[ord]) restoreKnown(answer, knownFromSite(sites[ord], path));
  });
  return stored;
}
