// Callers and callees of one symbol, straight from the edge indexes.
import type { GraphReader, SymbolRecord } from '../contracts/graph.js';
import type { Neighbour, NeighbourResult } from '../contracts/neighbours.js';
import { compareStrings as cmp } from './views.js';

export type { Neighbour, NeighbourResult } from '../contracts/neighbours.js';

export interface NeighbourOptions {
  direction: 'callers' | 'callees';
  minConfidence: number;
  /** Keep only neighbours whose file is under this prefix. */
  pathPrefix?: string;
  includeTests: boolean;
  limit: number;
}



const CALL_LIKE = new Set(['calls', 'tests', 'route_handler', 'injected_into', 'configuration_binds', 'publishes_event', 'consumes_event', 'feign_calls', 'grpc_calls', 'references']);

export function neighbours(graph: GraphReader, target: SymbolRecord, options: NeighbourOptions): NeighbourResult {
  const edges = options.direction === 'callers' ? graph.incoming(target.id) : graph.outgoing(target.id);
  const rows: Neighbour[] = [];
  for (const edge of edges) {
    if (!CALL_LIKE.has(edge.relationship)) continue;
    if (edge.confidence < options.minConfidence) continue;
    const otherId = options.direction === 'callers' ? edge.source : edge.target;
    const other = otherId ? (graph.symbol(otherId) ?? null) : null;
    if (options.pathPrefix && !(other?.file_path ?? edge.file_path).startsWith(options.pathPrefix)) continue;
    if (!options.includeTests && other?.is_test) continue;
    rows.push({
      symbol: other,
      relationship: edge.relationship,
      resolution_kind: edge.resolution_kind,
      confidence: edge.confidence,
      file_path: edge.file_path,
      line: edge.line,
      column: edge.column,
    });
  }
  rows.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      cmp(a.symbol?.id ?? '', b.symbol?.id ?? '') ||
      cmp(a.file_path, b.file_path) ||
      a.line - b.line ||
      a.column - b.column,
  );
  const unresolved =
    options.direction === 'callees'
      ? graph.unresolvedFrom(target.id).filter((u) => !options.pathPrefix || u.file_path.startsWith(options.pathPrefix))
      : [];
  return {
    target,
    direction: options.direction,
    min_confidence: options.minConfidence,
    neighbours: rows.slice(0, options.limit),
    total: rows.length,
    unresolved: unresolved.slice(0, options.limit),
  };
}
