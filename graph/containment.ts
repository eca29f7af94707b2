// What contains a symbol and what it contains. Most members sit inside their container's
// text (parent_id); a Go method may be declared in another file of the package than its
// type, and then a `contains` edge from the type, stored with the method's file, says so.
import type { GraphReader, SymbolRecord } from '../contracts/graph.js';

/** Files of a folder read for members declared apart from their type. */
const MAX_SIBLING_FILES = 1000;

/** The container of `symbol`: its parent in its file, or the source of a `contains` edge into it. */
export function containerOf(graph: GraphReader, symbol: SymbolRecord): SymbolRecord | null {
  if (symbol.parent_id) return graph.symbol(symbol.parent_id) ?? null;
  const edge = graph.incomingRefs(symbol.id).find((ref) => ref.relationship === 'contains');
  return edge ? (graph.symbol(edge.source) ?? null) : null;
}

/**
 * The members of `symbol`: its children in its file, then the members declared in other
 * files of its folder (named after it as their owner type) whose `contains` edge comes from it.
 */
export function membersOf(graph: GraphReader, symbol: SymbolRecord): SymbolRecord[] {
  const own = graph.symbolsInFile(symbol.file_path).filter((s) => s.parent_id === symbol.id);
  const dir = symbol.file_path.includes('/') ? symbol.file_path.slice(0, symbol.file_path.lastIndexOf('/') + 1) : '';
  const apart: SymbolRecord[] = [];
  for (const path of graph.filesInDirectory(dir, MAX_SIBLING_FILES)) {
    if (path === symbol.file_path) continue;
    for (const s of graph.symbolsInFile(path)) {
      if (s.parent_id !== null || s.owner_type !== symbol.name) continue;
      if (graph.incomingRefs(s.id).some((ref) => ref.relationship === 'contains' && ref.source === symbol.id)) apart.push(s);
    }
  }
  return [...own, ...apart];
}
