// GraphStats kept up to date by every write, so `status` and `doctor` read one record.
import type { GraphStats } from '../contracts/graph.js';

export const emptyStats = (): GraphStats => ({
  files: 0,
  files_by_status: {},
  files_by_language: {},
  symbols: 0,
  edges_by_relationship: {},
  edges_by_resolution: {},
  unresolved_by_reason: {},
  call_sites: 0,
  unsupported_extensions: {},
});

/** Adds `delta` to a counter, dropping it when it reaches zero so equal graphs have equal stats. */
export function bump(counts: Record<string, number>, key: string, delta: number): void {
  const next = (counts[key] ?? 0) + delta;
  if (next === 0) delete counts[key];
  else counts[key] = next;
}

/** Stats with every counter map in key order (stable JSON). */
export function sortedStats(stats: GraphStats): GraphStats {
  const sort = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    ...stats,
    files_by_status: sort(stats.files_by_status),
    files_by_language: sort(stats.files_by_language),
    edges_by_relationship: sort(stats.edges_by_relationship),
    edges_by_resolution: sort(stats.edges_by_resolution),
    unresolved_by_reason: sort(stats.unresolved_by_reason),
    unsupported_extensions: sort(stats.unsupported_extensions),
  };
}
