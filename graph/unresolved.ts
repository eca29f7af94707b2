// `unresolved`: call sites that did not become trusted edges, in path/line/column/
// specifier order (the store's key order), stopping one past the limit. Calls into
// packages outside the workspace (`external`) or the language's own library
// (`builtin`) are not the code's fault: they are counted apart and listed only when
// asked for by reason.
import type { GraphReader, UnresolvedRecord } from '../contracts/graph.js';
import { OUTSIDE_WORKSPACE_REASONS, UNRESOLVED_REASONS } from '../contracts/tiers.js';

/** What `unresolved` lists when no reason is named: what the code leaves unresolved. */
export const DEFAULT_REASONS: readonly string[] = UNRESOLVED_REASONS.filter((r) => !OUTSIDE_WORKSPACE_REASONS.has(r));

export const UNRESOLVED_DEFAULT_LIMIT = 50;
export const UNRESOLVED_MAX_LIMIT = 200;

export type { UnresolvedResult, UnresolvedRow } from '../contracts/unresolved.js';
import type { UnresolvedResult, UnresolvedRow } from '../contracts/unresolved.js';

export interface UnresolvedOptions {
  /** Keep only call sites whose file path starts with this prefix. */
  prefix?: string;
  limit: number;
  /** False: leave out call sites inside test symbols. */
  includeTests: boolean;
  /** Reasons to list (default DEFAULT_REASONS). */
  reasons?: readonly string[];
}



export function listUnresolved(graph: GraphReader, options: UnresolvedOptions): UnresolvedResult {
  const references: UnresolvedRow[] = [];
  const isTest = new Map<string, boolean>();
  const wanted = new Set(options.reasons ?? DEFAULT_REASONS);
  // The store's counters answer for the whole workspace; under a prefix the scan counts.
  const stats = graph.stats().unresolved_by_reason;
  const outside = options.prefix ? { external: 0, builtin: 0 } : { external: stats.external ?? 0, builtin: stats.builtin ?? 0 };
  let truncated = false;
  for (const record of graph.unresolved(options.prefix || undefined)) {
    if (options.prefix && !record.file_path.startsWith(options.prefix)) continue;
    if (options.prefix && (record.reason === 'external' || record.reason === 'builtin')) outside[record.reason] += 1;
    if (truncated || !wanted.has(record.reason)) continue;
    if (!options.includeTests && sourceIsTest(graph, record, isTest)) continue;
    if (references.length === options.limit) {
      truncated = true;
      if (!options.prefix) break;
      continue;
    }
    references.push(row(record));
  }
  return { references, truncated, outside_workspace: outside };
}

function sourceIsTest(graph: GraphReader, record: UnresolvedRecord, cache: Map<string, boolean>): boolean {
  let known = cache.get(record.source);
  if (known === undefined) {
    known = graph.symbol(record.source)?.is_test ?? false;
    cache.set(record.source, known);
  }
  return known;
}

function row(u: UnresolvedRecord): UnresolvedRow {
  const out: UnresolvedRow = {
    source: u.source,
    specifier: u.specifier,
    kind: u.kind,
    file_path: u.file_path,
    line: u.line,
    column: u.column,
    reason: u.reason,
  };
  if (u.candidate_count !== undefined) out.candidate_count = u.candidate_count;
  if (u.candidates !== undefined) out.candidates = u.candidates;
  return out;
}
