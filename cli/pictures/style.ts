// How each role, change and tier looks: one palette shared by the DOT, Mermaid and
// HTML printers, so the three pictures of one answer read alike.
import type { PictureEdge, PictureNode } from './picture.js';

export const COLOURS = {
  root: '#ffd54f',
  symbol: '#ffffff',
  test: '#e3f2fd',
  added: '#c8e6c9',
  modified: '#ffe0b2',
  removed: '#ffcdd2',
  unknown: '#eeeeee',
  unresolved: '#c62828',
  frontier: '#757575',
  unmapped: '#9e9e9e',
  edge: '#455a64',
  edgeAdded: '#2e7d32',
  edgeRemoved: '#c62828',
  edgeModified: '#ef6c00',
} as const;

export function nodeFill(node: PictureNode): string {
  if (node.role === 'root') return COLOURS.root;
  if (node.role === 'changed') return COLOURS[node.change ?? 'unknown'];
  if (node.test) return COLOURS.test;
  return COLOURS.symbol;
}

export function edgeColour(edge: PictureEdge): string {
  if (edge.kind === 'boundary') return COLOURS.unresolved;
  if (edge.change === 'added') return COLOURS.edgeAdded;
  if (edge.change === 'removed') return COLOURS.edgeRemoved;
  if (edge.change === 'modified') return COLOURS.edgeModified;
  return COLOURS.edge;
}

/** The second line of a node's label: where it is, or what it stands for. */
export function nodeWhere(node: PictureNode): string {
  if (node.file !== undefined && node.role !== 'unmapped') return node.line !== undefined ? `${node.file}:${node.line}` : node.file;
  return node.note ?? '';
}

/** Words that mark a node in text: what a colour or shape says in the drawing. */
export function nodeTags(node: PictureNode): string[] {
  const tags: string[] = [];
  if (node.role === 'root') tags.push('root');
  if (node.change) tags.push(node.change);
  if (node.test) tags.push('test');
  if (node.role === 'unresolved') tags.push('unresolved');
  if (node.role === 'frontier' || node.frontier) tags.push('not walked');
  if (node.role === 'unmapped') tags.push('no symbol');
  return tags;
}
