// `unresolved`: call sites that did not become trusted edges, in path/line/column/
// specifier order (the store's key order), stopping one past the limit.
import type { GraphReader, UnresolvedRecord } from '../contracts/graph.js';

export const UNRESOLVED_DEFAULT_LIMIT = 50;
export const UNRESOLVED_MAX_LIMIT = 200;

export interface UnresolvedOptions {
  /** Keep only call sites whose file path starts with this prefix. */
  prefix?: string;
  limit: number;
  /** False: leave out call sites inside test symbols. */
  includeTests: boolean;
}

export interface UnresolvedRow {
  source: string;
  specifier: string;
  kind: string;
  file_path: string;
  line: number;
  column: number;
  reason: string;
  candidate_count?: number;
  candidates?: string[];
}

export interface UnresolvedResult {
  references: UnresolvedRow[];
  truncated: boolean;
}

export function listUnresolved(graph: GraphReader, options: UnresolvedOptions): UnresolvedResult {
  const references: UnresolvedRow[] = [];
  const isTest = new Map<string, boolean>();
  let truncated = false;
  for (const record of graph.unresolved(options.prefix || undefined)) {
    if (options.prefix && !record.file_path.startsWith(options.prefix)) continue;
    if (!options.includeTests && sourceIsTest(graph, record, isTest)) continue;
    if (references.length === options.limit) {
      truncated = true;
      break;
    }
    references.push(row(record));
  }
  return { references, truncated };
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
