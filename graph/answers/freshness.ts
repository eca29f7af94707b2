// The freshness stamp of an answer (contracts/freshness.ts): the index's age from its
// metadata, and the files the answer relies on that changed since, taken from the
// stale_source warning the answer's own result function attached (graph/open-graph.ts).
import type { CommandResult } from '../../contracts/envelope.js';
import type { Freshness } from '../../contracts/freshness.js';
import { withGraph } from '../open-graph.js';

/** When the index was written, or null when there is no readable index. */
export async function indexedAt(workspace: string): Promise<string | null> {
  try {
    return await withGraph(workspace, (graph) => graph.meta()?.indexed_at ?? null);
  } catch {
    return null;
  }
}

/** The stamp for the answers one request gathered (an editor request may need several). */
export function freshnessOf(indexed: string | null, results: ReadonlyArray<CommandResult<unknown>>, now = Date.now()): Freshness {
  const changed = new Set<string>();
  let unchecked = 0;
  for (const result of results) {
    for (const warning of result.warnings) {
      if (warning.code === 'stale_source' && Array.isArray(warning.files)) for (const file of warning.files) changed.add(String(file));
      if (warning.code === 'sources_unchecked' && typeof warning.count === 'number') unchecked += warning.count;
    }
  }
  const age = indexed === null ? null : Math.max(0, Math.round((now - Date.parse(indexed)) / 1000));
  return {
    indexed_at: indexed,
    index_age_seconds: age,
    changed_since_index: [...changed].sort(),
    unchecked,
    fresh: indexed !== null && changed.size === 0,
  };
}

/** One line for people: "index 42 s old; 2 files this answer relies on changed since: a.ts, b.ts". */
export function freshnessLine(f: Freshness): string {
  if (f.indexed_at === null) return 'no index: run `cairn init`';
  const age = f.index_age_seconds ?? 0;
  const old = age < 120 ? `${age} s` : age < 7200 ? `${Math.round(age / 60)} min` : `${Math.round(age / 3600)} h`;
  const watching = f.watcher === 'syncing' ? '; a sync is under way' : f.watcher === 'failed' ? '; the watcher failed, run `cairn sync`' : '';
  if (f.changed_since_index.length === 0) return `index ${old} old; the files this answer relies on are unchanged since${watching}`;
  const shown = f.changed_since_index.slice(0, 3).join(', ');
  const more = f.changed_since_index.length > 3 ? ` and ${f.changed_since_index.length - 3} more` : '';
  return `index ${old} old; ${f.changed_since_index.length} file(s) this answer relies on changed since: ${shown}${more}${watching}`;
}
