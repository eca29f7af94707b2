// `impact`: a budgeted walk from one resolved symbol through trusted relationships.
// The traversal machine decides what to expand and when a budget is spent; this
// file only answers its requests from the edge indexes and shapes the result.
import type { EdgeRecord, GraphReader, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import { OUTSIDE_WORKSPACE_REASONS, RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import type { TraversalRequest, TraversalStep } from '../machines/impact-traversal.js';
import type { AuditRecorder } from '../machines/audit.js';
import { runTraversal } from './run-traversal.js';
import { PATH_RELATIONSHIPS, compareStrings, edgeKey, symbolView } from './views.js';

export type { Direction } from '../contracts/impact.js';
import type { Direction } from '../contracts/impact.js';

export const IMPACT_DEFAULTS = { depth: 2, direction: 'both' as Direction, limit: 50, minConfidence: RESOLUTION_CONFIDENCE.name_only };
export const IMPACT_MAX_DEPTH = 5;
export const IMPACT_MAX_LIMIT = 200;
/** Edges and paths may run to twice the node limit (the contract's 200 nodes / 400 edges). */
export const EDGES_PER_NODE = 2;
const DEADLINE_MS = 10_000;

export interface ImpactOptions {
  depth: number;
  direction: Direction;
  minConfidence: number;
  limit: number;
  includeTests: boolean;
  /** Also list the calls into builtin and external code the walk met (they never spend a budget). */
  includeOutside?: boolean;
  deadlineMs?: number;
  /** Keeps the traversal machine's run (input, commands, events, output) for replay. */
  recorder?: AuditRecorder;
}

export type { ImpactBoundary, ImpactData, ImpactEdge, ImpactFrontier, ImpactNode, ImpactPath } from '../contracts/impact.js';
import type { ImpactBoundary, ImpactData, ImpactEdge, ImpactNode, ImpactPath } from '../contracts/impact.js';

export interface ImpactResult {
  data: ImpactData;
  truncated: boolean;
  stop_reason: string | null;
}

export function impact(graph: GraphReader, root: SymbolRecord, options: ImpactOptions): ImpactResult {
  const edgesById = new Map<string, EdgeRecord>();
  const boundariesById = new Map<string, UnresolvedRecord>();
  const symbols = new Map<string, SymbolRecord | undefined>([[root.id, root]]);
  const lookup = (id: string) => {
    if (!symbols.has(id)) symbols.set(id, graph.symbol(id));
    return symbols.get(id);
  };

  const stepsOf = (node: string, lane: 'callers' | 'callees'): TraversalStep[] => {
    const edges = lane === 'callers' ? graph.incoming(node) : graph.outgoing(node);
    const steps: { step: TraversalStep; confidence: number }[] = [];
    for (const edge of edges) {
      if (!PATH_RELATIONSHIPS.has(edge.relationship) || edge.confidence < options.minConfidence) continue;
      const other = lane === 'callers' ? edge.source : edge.target;
      if (!other || other === node) continue;
      const symbol = lookup(other);
      if (!symbol || (!options.includeTests && symbol.is_test)) continue;
      const id = edgeKey(edge);
      edgesById.set(id, edge);
      steps.push({ step: { edge: id, to: other, lane }, confidence: edge.confidence });
    }
    steps.sort((a, b) => b.confidence - a.confidence || compareStrings(a.step.to, b.step.to) || compareStrings(a.step.edge, b.step.edge));
    return steps.map((s) => s.step);
  };

  const outside: ImpactData['outside_workspace'] = { external: 0, builtin: 0, listed: [] };
  const outsideSeen = new Set<string>();
  const maxOutside = options.limit * EDGES_PER_NODE;
  const neighbours = (request: TraversalRequest) => {
    const boundaries: string[] = [];
    for (const u of graph.unresolvedFrom(request.node)) {
      const id = `${u.source}\u0000${u.file_path}:${u.line}:${u.column}\u0000${u.specifier}`;
      if (OUTSIDE_WORKSPACE_REASONS.has(u.reason)) {
        // Counted apart, outside the machine's budget: only the frontier that can be followed spends it.
        if (outsideSeen.has(id)) continue;
        outsideSeen.add(id);
        outside[u.reason as 'external' | 'builtin'] += 1;
        if (options.includeOutside && outside.listed.length < maxOutside) outside.listed.push(boundaryView(u, request.path));
        continue;
      }
      boundariesById.set(id, u);
      boundaries.push(id);
    }
    if (!request.expand) return { steps: [], boundaries };
    const lanes: ('callers' | 'callees')[] =
      request.lane === 'callers' || request.lane === 'callees'
        ? [request.lane]
        : options.direction === 'both'
          ? ['callers', 'callees']
          : [options.direction];
    return { steps: lanes.flatMap((lane) => stepsOf(request.node, lane)), boundaries };
  };

  const { result } = runTraversal(
    {
      root: root.id,
      maxDepth: options.depth,
      maxNodes: options.limit,
      maxEdges: options.limit * EDGES_PER_NODE,
      maxPaths: options.limit * EDGES_PER_NODE,
      maxBoundaries: options.limit,
    },
    neighbours,
    Date.now() + (options.deadlineMs ?? DEADLINE_MS),
    options.recorder,
  );

  const edgeOf = (id: string): ImpactEdge => {
    const e = edgesById.get(id)!;
    return {
      source: e.source,
      target: e.target!,
      relationship: e.relationship,
      resolution_kind: e.resolution_kind,
      confidence: e.confidence,
      file_path: e.file_path,
      line: e.line,
      column: e.column,
    };
  };
  const low = options.minConfidence < IMPACT_DEFAULTS.minConfidence;
  const paths: ImpactPath[] = result.paths.map((p) => {
    const edges = p.edges.map(edgeOf);
    const confidence = Math.min(...edges.map((e) => e.confidence));
    const path: ImpactPath = { id: p.id, node: p.node, direction: p.lane as 'callers' | 'callees', confidence, edges };
    if (low && confidence < IMPACT_DEFAULTS.minConfidence) path.low_confidence = true;
    return path;
  });

  const pathsByNode = new Map<string, ImpactPath[]>();
  for (const path of paths) pathsByNode.set(path.node, [...(pathsByNode.get(path.node) ?? []), path]);
  const nodes: ImpactNode[] = result.nodes.map((id) => {
    const reaching = pathsByNode.get(id)!;
    const confidence = Math.max(...reaching.map((p) => p.confidence));
    const node: ImpactNode = {
      ...symbolView(lookup(id)!),
      depth: Math.min(...reaching.map((p) => p.edges.length)),
      direction: reaching[0]!.direction,
      confidence,
    };
    if (low && confidence < IMPACT_DEFAULTS.minConfidence) node.low_confidence = true;
    return node;
  });

  const affected_tests = nodes
    .filter((n) => n.is_test)
    .map((n) => ({ test: symbolView(lookup(n.id)!), path_ids: pathsByNode.get(n.id)!.map((p) => p.id) }));

  const unresolved_boundaries: ImpactBoundary[] = result.boundaries.map((b) => boundaryView(boundariesById.get(b.boundary)!, b.path));

  return {
    data: {
      root: symbolView(root),
      direction: options.direction,
      depth: options.depth,
      min_confidence: options.minConfidence,
      nodes,
      edges: result.edges.map(edgeOf),
      paths,
      affected_tests,
      unresolved_boundaries,
      outside_workspace: outside,
      frontier: result.frontier.map((f) => ({ node: f.node, path_id: f.path, reason: f.reason, walked: f.partly ? 'partly' : 'not' })),
      frontier_total: result.frontierTotal,
      // The walk knows no documents: the answer adds them (graph/answers/impact.ts).
      documents: [],
    },
    truncated: result.truncated,
    stop_reason: result.stopReason,
  };
}

function boundaryView(u: UnresolvedRecord, path: number | null): ImpactBoundary {
  return { source: u.source, specifier: u.specifier, reason: u.reason, file_path: u.file_path, line: u.line, column: u.column, path_id: path };
}
