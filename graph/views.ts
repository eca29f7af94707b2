// The contract's shapes for symbols and relationships, built from store records.
// Every review command prints these, so they live once here.
import type { EdgeRecord, SymbolRecord } from '../contracts/graph.js';
import type { RelationshipView, SymbolView } from '../contracts/symbol-view.js';

/** A symbol and a relationship as the v0.3 contract prints them (their shapes live in contracts/). */
export type { RelationshipView, SymbolView };


export function symbolView(s: SymbolRecord): SymbolView {
  return {
    id: s.id,
    name: s.name,
    qualified_name: s.qualified_name,
    kind: s.kind,
    file_path: s.file_path,
    start_line: s.start_line,
    end_line: s.end_line,
    is_test: s.is_test,
  };
}

export function relationshipView(edge: EdgeRecord, source: SymbolRecord, target: SymbolRecord): RelationshipView {
  return {
    source: symbolView(source),
    target: symbolView(target),
    relationship: edge.relationship,
    resolution_kind: edge.resolution_kind,
    confidence: edge.confidence,
    file_path: edge.file_path,
    line: edge.line,
    column: edge.column,
  };
}

/** Stable id of one stored edge: endpoints, relationship and call-site position. */
export function edgeKey(edge: EdgeRecord): string {
  return `${edge.source}\u0000${edge.target ?? ''}\u0000${edge.relationship}\u0000${edge.line}:${edge.column}`;
}

export const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Relationships a review path may use (contract: calls, tests, contains, references). */
export const PATH_RELATIONSHIPS = new Set(['calls', 'tests', 'references']);
