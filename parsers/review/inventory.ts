// A directory inventory: the names and kinds of a directory's direct entries, as a
// binder that needs them (Go's active package) observed them, and a digest of it, so
// a review unit's freshness check notices a file created, deleted or renamed there.
import { createHash } from 'node:crypto';

/** A directory inventory observes at most this many direct entries. */
export const MAX_DIRECTORY_ENTRIES = 128;

export type { DirectoryEntry, DirectoryObservation } from '../../contracts/review-facts.js';
import type { DirectoryObservation } from '../../contracts/review-facts.js';

/** The digest a freshness check compares: the sorted entries and whether the list was cut. */
export function inventoryDigest(observation: DirectoryObservation): string {
  const lines = observation.entries.map((e) => `${e.kind}\t${e.name}`).sort();
  return `inventory:sha256:${createHash('sha256').update(`${lines.join('\n')}\n${observation.truncated ? 'truncated' : 'complete'}`).digest('hex')}`;
}

/** The freshness source path of a directory inventory (`dir/`, `./` for the workspace root). */
export const inventorySource = (dir: string) => (dir === '' ? './' : `${dir}/`);
