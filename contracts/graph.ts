// The graph as stored and as read: the records every query, renderer and export
// speaks. Field names are the v0.3 contract's (snake_case), so a record can be
// printed in JSON without renaming.
//
// Symbol ids: `<path>::<qualified_name>`, plus `#<disambiguator>` for overloads
// (adapter-given, e.g. Java parameter types) or duplicates (`#2`, `#3` in source
// order). File-scope code is attributed to the file's own id: `<path>::`.
// The store keeps a symbol record of kind `file` under that id (name: the file's base
// name; not in the name index, not counted in GraphStats.symbols) so callers can render it.
import type { Language, ParseStatus, SymbolKind } from './facts.js';
import type { Relationship, ResolutionKind, UnresolvedReason } from './tiers.js';

export interface FileRecord {
  path: string;
  language: Language | null;
  size: number;
  mtime_ms: number;
  hash: string;
  status: ParseStatus;
  reason?: string;
  module?: string;
  symbols: number;
  call_sites: number;
}

export interface SymbolRecord {
  id: string;
  name: string;
  qualified_name: string;
  kind: SymbolKind | 'file';
  file_path: string;
  start_line: number;
  end_line: number;
  start_column: number;
  end_column: number;
  start_byte: number;
  end_byte: number;
  is_test: boolean;
  language: Language | null;
  parent_id: string | null;
  owner_type?: string;
  wrapping_macro?: string;
  exported?: boolean;
  /** Base classes / implemented traits named in the declaration (resolution follows them). */
  bases?: string[];
  attributes?: Record<string, string | string[]>;
}

export interface EdgeRecord {
  source: string;
  /** Null only for framework edges whose endpoint is not indexed (with a warning). */
  target: string | null;
  relationship: Relationship;
  resolution_kind: ResolutionKind;
  confidence: number;
  file_path: string;
  line: number;
  column: number;
  specifier?: string;
  /** Framework edges only: why the target is null (`endpoint not indexed: E`). */
  warning?: string;
}

/**
 * An edge as the incoming index keys it: enough to walk callers without reading the
 * edge record. `ord` is the call site's position in its file (negative for `contains`);
 * with the rest it names exactly one stored edge (GraphReader.edge).
 */
export interface EdgeRef {
  source: string;
  target: string;
  relationship: Relationship;
  confidence: number;
  line: number;
  column: number;
  ord: number;
}

/** Kinds of an is_test symbol that make it a test case (a `mod tests` or a test class is a container). */
export const TEST_CASE_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'constructor', 'test']);

export interface UnresolvedRecord {
  source: string;
  specifier: string;
  kind: 'call' | 'new' | 'macro' | string;
  file_path: string;
  line: number;
  column: number;
  reason: UnresolvedReason;
  candidate_count?: number;
  candidates?: string[];
  /** A short why: `external:<import source>` for calls into packages outside the workspace. */
  note?: string;
}

export interface IndexMeta {
  schema_version: number;
  git_head: string | null;
  indexed_at: string;
  workspace: string;
  /** What `init` was asked for; a plain `sync` reuses it. */
  options: { include_library: boolean };
  cairn_version: string;
  /** Folders the library rule left out that hold source files (see IndexReport's skipped_folders); absent in indexes written before it. */
  skipped_folders?: { path: string; files: number; at_least?: true }[];
}

/** Counts the store keeps so `status` and `doctor` never scan the whole graph. */
export interface GraphStats {
  files: number;
  files_by_status: Record<string, number>;
  files_by_language: Record<string, number>;
  symbols: number;
  edges_by_relationship: Record<string, number>;
  edges_by_resolution: Record<string, number>;
  unresolved_by_reason: Record<string, number>;
  call_sites: number;
  /** Files seen but not parsed, by extension (`.rb`: 3). */
  unsupported_extensions: Record<string, number>;
}

/** Read side of the store. Every method answers from an index, never a full scan, unless it says so. */
export interface GraphReader {
  meta(): IndexMeta | undefined;
  stats(): GraphStats;
  file(path: string): FileRecord | undefined;
  /** Files in path order, optionally under a path prefix. */
  files(prefix?: string): Iterable<FileRecord>;
  /** Paths of the files directly in `dir` (`a/b/`, or '' for the top), in path order, at most `limit`. */
  filesInDirectory(dir: string, limit: number): string[];
  symbol(id: string): SymbolRecord | undefined;
  symbolsInFile(path: string): SymbolRecord[];
  /** Exact name match (case-sensitive). */
  symbolsByName(name: string): SymbolRecord[];
  /** Distinct names a typo away from `query` (store/similar-names.ts), nearest first; a scan of the name index's keys. */
  similarNames(query: string, limit: number): string[];
  /** Ranked search: exact, then prefix, then substring; case-insensitive. */
  search(query: string, limit: number): SymbolRecord[];
  outgoing(id: string): EdgeRecord[];
  incoming(id: string): EdgeRecord[];
  /** The same edges as `incoming`, in its order, as references: no edge record is read. */
  incomingRefs(id: string): EdgeRef[];
  /** Those of `incomingRefs` whose source is a test symbol, from their own index. */
  incomingFromTests(id: string): EdgeRef[];
  /** The stored edge a reference names. */
  edge(ref: EdgeRef): EdgeRecord | undefined;
  /** The kind of a test symbol, or undefined when `id` is not a test; no symbol record is read. */
  testKind(id: string): string | undefined;
  /** The test symbols of a file with their kinds, in id order; no symbol record is read. */
  testsInFile(path: string): { id: string; kind: string }[];
  /**
   * Test cases named after `name` (see store/name-words.ts: the name's words start at
   * one of the test's word starts), as ids in id order. At most `budget` index entries
   * are read; `complete` is false when that cut the answer.
   */
  testsNamedAfter(name: string, budget: number): { ids: string[]; complete: boolean };
  unresolvedFrom(id: string): UnresolvedRecord[];
  /** Unresolved records in path/line/column/specifier order, optionally under a path prefix. */
  unresolved(prefix?: string): Iterable<UnresolvedRecord>;
  /** All edges (export); a full scan by nature. */
  edges(): Iterable<EdgeRecord>;
  /** All symbols (export); a full scan by nature. */
  symbols(): Iterable<SymbolRecord>;
}
