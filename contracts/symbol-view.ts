// A symbol as every v0.3 answer prints it (the contract's symbol object), and one
// relationship of a path between two of them.
import { keysOf } from './keys.js';

export interface SymbolView {
  id: string;
  name: string;
  qualified_name: string;
  kind: string;
  file_path: string;
  start_line: number;
  end_line: number;
  is_test: boolean;
}

/** One relationship of a path: both endpoints, the tier and where the call site is. */
export interface RelationshipView {
  source: SymbolView;
  target: SymbolView;
  relationship: string;
  resolution_kind: string;
  confidence: number;
  file_path: string;
  line: number;
  column: number;
}

export const SYMBOL_VIEW_KEYS = keysOf<SymbolView>()(['id', 'name', 'qualified_name', 'kind', 'file_path', 'start_line', 'end_line', 'is_test']);

export const RELATIONSHIP_VIEW_KEYS = keysOf<RelationshipView>()(['source', 'target', 'relationship', 'resolution_kind', 'confidence', 'file_path', 'line', 'column']);
