// A picture: the graph a review command answered, as nodes and edges with the
// roles a reader needs to see (the root, changed symbols, tests, unresolved
// boundaries, frontiers not walked). Built from a command's result object alone;
// the DOT, Mermaid and HTML printers draw it.
import { RESOLUTION_CONFIDENCE } from '../../contracts/tiers.js';

export type NodeRole = 'root' | 'changed' | 'symbol' | 'unresolved' | 'frontier' | 'unmapped';

/** Roles that stand for a symbol of the graph (the others stand for what is not one). */
export const SYMBOL_ROLES: ReadonlySet<NodeRole> = new Set(['root', 'changed', 'symbol']);

export interface PictureNode {
  /** Identifier in the drawing (`n0`, `u3`…): safe in DOT, Mermaid and HTML ids. */
  id: string;
  label: string;
  role: NodeRole;
  test: boolean;
  /** The graph's id of the symbol, when the node is one. */
  symbol?: string;
  kind?: string;
  file?: string;
  line?: number;
  confidence?: number;
  /** What the reader needs besides the name: depth, change, reason, budget. */
  note?: string;
  change?: 'added' | 'modified' | 'removed' | 'unknown';
  /** The walk reached this symbol but a budget stopped it before its neighbours. */
  frontier?: boolean;
  /** What a group node stands for (unresolved calls of one reason): listed when it is opened. */
  members?: Array<{ label: string; file: string; line: number; from: string }>;
}

export type EdgeKind = 'relationship' | 'boundary' | 'frontier' | 'candidate';

export interface PictureEdge {
  id: string;
  from: string;
  to: string;
  label: string;
  kind: EdgeKind;
  confidence: number | null;
  change?: 'added' | 'removed' | 'modified';
}

export interface Picture {
  /** The command that answered (impact, diff, tests-for). */
  command: string;
  title: string;
  nodes: PictureNode[];
  edges: PictureEdge[];
  warnings: string[];
  truncated: boolean;
}

/** Edges below this confidence are drawn dashed: the same_file and name_only tiers. */
export const DASHED_BELOW = RESOLUTION_CONFIDENCE.package;

export function isDashed(edge: PictureEdge): boolean {
  return edge.kind !== 'relationship' || (edge.confidence !== null && edge.confidence < DASHED_BELOW);
}

/** Gives each graph id one drawing id, in order of first sight. */
export class NodeIds {
  private readonly ids = new Map<string, string>();
  constructor(private readonly prefix: string) {}
  has(key: string): boolean {
    return this.ids.has(key);
  }
  of(key: string): string {
    let id = this.ids.get(key);
    if (!id) {
      id = `${this.prefix}${this.ids.size}`;
      this.ids.set(key, id);
    }
    return id;
  }
}

/** The short name of a symbol id (`path::qualified` -> `qualified`), for ids the result holds no record of. */
export function nameOfId(id: string): string {
  const at = id.indexOf('::');
  return at < 0 ? id : id.slice(at + 2);
}

export const edgeLabel = (e: { relationship: string; resolution_kind: string; confidence: number }) => `${e.relationship} ${e.resolution_kind} ${e.confidence}`;
