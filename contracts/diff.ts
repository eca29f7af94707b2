// `data` of `cairn diff --json`: a git range or explicit paths mapped onto indexed
// symbols, edges and newly unresolved callers, with the historical snapshot's cost.
import type { DocReference } from './docs.js';
import { keysOf } from './keys.js';
import type { SymbolView } from './symbol-view.js';

export type FileStatus = 'added' | 'modified' | 'deleted' | 'renamed';

export type SymbolChange = 'added' | 'modified' | 'removed' | 'unknown';

export interface DiffFile {
  path: string;
  status: FileStatus;
  /** A renamed file's path on the base side. */
  old_path?: string;
}

export interface DiffSymbol {
  symbol: SymbolView;
  change: SymbolChange;
  /** First lines of the hunks touching the symbol (base-side lines for a removed symbol). */
  hunks: number[];
}

export interface DiffEdge {
  source: SymbolView | null;
  target: SymbolView | null;
  relationship: string;
  resolution_kind: string;
  confidence: number;
  change: 'added' | 'removed' | 'modified';
  /** The base side's tier when the change is `modified`. */
  previous?: { resolution_kind: string; confidence: number };
}

export interface DiffUnresolved {
  source: SymbolView | null;
  specifier: string;
  reason: string;
  file_path: string;
  line: number;
  column: number;
}

export interface SnapshotSide {
  revision: string;
  method: 'overlay' | 'archive' | 'current_index';
  /** Paths laid down from git objects (overlay), or -1 for a whole archive. */
  replaced_paths: number;
  archive_bytes: number;
  index_bytes: number;
  elapsed_ms: number;
}

export interface HistoricalSnapshot {
  base: SnapshotSide | null;
  head: SnapshotSide | null;
  bytes: number;
  elapsed_ms: number;
  cleanup: 'removed' | 'failed' | 'not_needed';
}

export interface DiffData {
  base: string | null;
  head: string | null;
  files: DiffFile[];
  symbols: DiffSymbol[];
  edges: DiffEdge[];
  newly_unresolved_callers: DiffUnresolved[];
  unmapped_hunks: { path: string; line: number }[];
  /** README and docs/ sections that name a changed symbol: documentation the change may have made stale. */
  documents: DocReference[];
  /** Git ranges only. */
  historical_snapshot?: HistoricalSnapshot;
}

/** Keys in output order; `?` fields of the types are listed too and appear only where they apply. */
export const DIFF_DATA_KEYS = {
  data: keysOf<DiffData>()(['base', 'head', 'files', 'symbols', 'edges', 'newly_unresolved_callers', 'unmapped_hunks', 'documents', 'historical_snapshot']),
  document: keysOf<DocReference>()(['path', 'section', 'line_start', 'line_end', 'symbol', 'mention', 'line', 'confidence']),
  file: keysOf<DiffFile>()(['path', 'status', 'old_path']),
  symbol: keysOf<DiffSymbol>()(['symbol', 'change', 'hunks']),
  edge: keysOf<DiffEdge>()(['source', 'target', 'relationship', 'resolution_kind', 'confidence', 'change', 'previous']),
  unresolved: keysOf<DiffUnresolved>()(['source', 'specifier', 'reason', 'file_path', 'line', 'column']),
  unmapped_hunk: keysOf<DiffData['unmapped_hunks'][number]>()(['path', 'line']),
  historical_snapshot: keysOf<HistoricalSnapshot>()(['base', 'head', 'bytes', 'elapsed_ms', 'cleanup']),
  snapshot_side: keysOf<SnapshotSide>()(['revision', 'method', 'replaced_paths', 'archive_bytes', 'index_bytes', 'elapsed_ms']),
} as const;
