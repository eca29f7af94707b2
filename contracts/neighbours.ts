// `data` of `cairn callers --json` and `cairn callees --json` (and their MCP tools):
// one symbol's neighbours over call-like edges, and its unresolved calls.
import type { EdgeRecord, SymbolRecord, UnresolvedRecord } from './graph.js';
import { keysOf } from './keys.js';

export interface Neighbour {
  symbol: SymbolRecord | null;
  relationship: EdgeRecord['relationship'];
  resolution_kind: EdgeRecord['resolution_kind'];
  confidence: number;
  file_path: string;
  line: number;
  column: number;
}

export interface NeighbourResult {
  target: SymbolRecord;
  direction: 'callers' | 'callees';
  min_confidence: number;
  neighbours: Neighbour[];
  total: number;
  /** Calls out of the symbol that bind to nothing (callees only). */
  unresolved: UnresolvedRecord[];
}

export const NEIGHBOUR_DATA_KEYS = {
  data: keysOf<NeighbourResult>()(['target', 'direction', 'min_confidence', 'neighbours', 'total', 'unresolved']),
  neighbour: keysOf<Neighbour>()(['symbol', 'relationship', 'resolution_kind', 'confidence', 'file_path', 'line', 'column']),
} as const;
