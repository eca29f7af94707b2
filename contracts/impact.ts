// `data` of `cairn impact --json` (and the MCP tool cairn_impact): a bounded walk from
// one symbol, with every path, the tests it reaches and where it stopped.
import type { EdgeRecord } from './graph.js';
import type { DocReference } from './docs.js';
import { keysOf } from './keys.js';
import type { SymbolView } from './symbol-view.js';

export type Direction = 'callers' | 'callees' | 'both';

/** A stored edge as impact prints it: always with a target, without the call-site text. */
export type ImpactEdge = Pick<EdgeRecord, 'source' | 'relationship' | 'resolution_kind' | 'confidence' | 'file_path' | 'line' | 'column'> & { target: string };

export interface ImpactNode extends SymbolView {
  depth: number;
  direction: 'callers' | 'callees';
  /** The strongest path's weakest edge. */
  confidence: number;
  /** Set when the node is only reached below the default threshold (30). */
  low_confidence?: true;
}

export interface ImpactPath {
  id: number;
  node: string;
  direction: 'callers' | 'callees';
  confidence: number;
  edges: ImpactEdge[];
  low_confidence?: true;
}

export interface ImpactBoundary {
  source: string;
  specifier: string;
  reason: string;
  file_path: string;
  line: number;
  column: number;
  /** Path that reached the source; null when the source is the root. */
  path_id: number | null;
}

export interface ImpactFrontier {
  node: string;
  path_id: number | null;
  reason: string;
  /** `partly`: the budget ran out among this node's neighbours (the root can be one); `not`: never expanded. */
  walked: 'partly' | 'not';
}

export interface ImpactData {
  root: SymbolView;
  direction: Direction;
  depth: number;
  min_confidence: number;
  nodes: ImpactNode[];
  edges: ImpactEdge[];
  paths: ImpactPath[];
  affected_tests: { test: SymbolView; path_ids: number[] }[];
  unresolved_boundaries: ImpactBoundary[];
  /**
   * Calls from walked nodes into builtin or external code: no tool can walk them, so they
   * never spend the boundary budget. Counted by reason; listed (`listed`) only on request.
   */
  outside_workspace: { external: number; builtin: number; listed: ImpactBoundary[] };
  /** Where the walk stopped early because a budget ran out (empty unless truncated). */
  frontier: ImpactFrontier[];
  frontier_total: number;
  /** README and docs/ sections that name the root or a node the walk reached: documentation a change there may make stale. */
  documents: DocReference[];
}

/** What the command prints: the root is null when the symbol was not found. */
export type ImpactOutput = Omit<ImpactData, 'root'> & { root: ImpactData['root'] | null };

export const IMPACT_DATA_KEYS = {
  data: keysOf<ImpactData>()(['root', 'direction', 'depth', 'min_confidence', 'nodes', 'edges', 'paths', 'affected_tests', 'unresolved_boundaries', 'outside_workspace', 'frontier', 'frontier_total', 'documents']),
  node: keysOf<ImpactNode>()(['id', 'name', 'qualified_name', 'kind', 'file_path', 'start_line', 'end_line', 'is_test', 'depth', 'direction', 'confidence', 'low_confidence']),
  edge: keysOf<ImpactEdge>()(['source', 'target', 'relationship', 'resolution_kind', 'confidence', 'file_path', 'line', 'column']),
  path: keysOf<ImpactPath>()(['id', 'node', 'direction', 'confidence', 'edges', 'low_confidence']),
  boundary: keysOf<ImpactBoundary>()(['source', 'specifier', 'reason', 'file_path', 'line', 'column', 'path_id']),
  frontier: keysOf<ImpactFrontier>()(['node', 'path_id', 'reason', 'walked']),
} as const;
