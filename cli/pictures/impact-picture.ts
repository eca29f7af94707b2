// The picture of an `impact` answer: the root, every node reached with its depth
// and confidence, the walked edges, the frontier a budget left unwalked, and the
// unresolved boundaries grouped by reason: one node per reason (its call sites are
// its members, listed when the node is opened), so fifty unresolved calls never
// bury the walk, which stays the focus.
import type { CommandResult } from '../../contracts/envelope.js';
import type { ImpactData } from '../../graph/impact.js';
import { edgeLabel, nameOfId, NodeIds, type Picture, type PictureEdge, type PictureNode } from './picture.js';

type ImpactAnswer = Omit<ImpactData, 'root'> & { root: ImpactData['root'] | null };

export function impactPicture(result: CommandResult<ImpactAnswer>): Picture {
  const d = result.data;
  const ids = new NodeIds('n');
  const nodes: PictureNode[] = [];
  const edges: PictureEdge[] = [];
  if (d.root) {
    const r = d.root;
    nodes.push({ id: ids.of(r.id), label: r.qualified_name || r.name, role: 'root', test: r.is_test, symbol: r.id, kind: r.kind, file: r.file_path, line: r.start_line, note: 'impact root' });
  }
  for (const n of d.nodes) {
    nodes.push({
      id: ids.of(n.id),
      label: n.qualified_name || n.name,
      role: 'symbol',
      test: n.is_test,
      symbol: n.id,
      kind: n.kind,
      file: n.file_path,
      line: n.start_line,
      confidence: n.confidence,
      note: `${n.direction} depth ${n.depth}${n.low_confidence ? ', low confidence' : ''}`,
    });
  }
  const byId = new Map(nodes.map((n) => [n.symbol, n]));
  /** A symbol the answer names but holds no record of: drawn as frontier, never left undeclared. */
  const unlisted = (id: string, note: string) => {
    const node: PictureNode = { id: ids.of(id), label: nameOfId(id), role: 'frontier', test: false, symbol: id, note };
    nodes.push(node);
    byId.set(id, node);
  };
  for (const f of d.frontier) {
    const known = byId.get(f.node);
    if (known) {
      known.frontier = true;
      known.note = `${known.note}; not walked further (${f.reason} budget)`;
    } else {
      unlisted(f.node, `not walked (${f.reason} budget)`);
    }
  }
  d.edges.forEach((e, i) => {
    for (const end of [e.source, e.target]) if (!byId.has(end)) unlisted(end, 'beyond the listed nodes');
    edges.push({ id: `e${i}`, from: ids.of(e.source), to: ids.of(e.target), label: edgeLabel(e), kind: 'relationship', confidence: e.confidence });
  });
  const byReason = new Map<string, ImpactAnswer['unresolved_boundaries']>();
  for (const b of d.unresolved_boundaries) byReason.set(b.reason, [...(byReason.get(b.reason) ?? []), b]);
  [...byReason].forEach(([reason, boundaries], i) => {
    const id = `u${i}`;
    const sources = new Map<string, number>();
    for (const b of boundaries) sources.set(b.source, (sources.get(b.source) ?? 0) + 1);
    const calls = (n: number) => `${n} unresolved ${n === 1 ? 'call' : 'calls'}`;
    nodes.push({
      id,
      label: reason,
      role: 'unresolved',
      test: false,
      note: `${calls(boundaries.length)} from ${sources.size} ${sources.size === 1 ? 'symbol' : 'symbols'}`,
      members: boundaries.map((b) => ({ label: b.specifier, file: b.file_path, line: b.line, from: nameOfId(b.source) })),
    });
    [...sources].forEach(([source, n], j) => {
      if (!byId.has(source)) unlisted(source, 'beyond the listed nodes');
      edges.push({ id: `b${i}_${j}`, from: ids.of(source), to: id, label: n === 1 ? reason : `${reason}, ${n} calls`, kind: 'boundary', confidence: null });
    });
  });
  if (d.frontier_total > d.frontier.length) {
    const hidden = d.frontier_total - d.frontier.length;
    nodes.push({ id: 'more', label: `${hidden} more not walked`, role: 'frontier', test: false, note: 'frontier beyond the listed nodes' });
  }
  const root = d.root ? d.root.qualified_name || d.root.id : '?';
  return {
    command: 'impact',
    title: `Impact of ${root}: ${d.direction}, depth ${d.depth}, min confidence ${d.min_confidence}`,
    nodes,
    edges,
    warnings: result.warnings.map((w) => `[${w.code}] ${w.message}`),
    truncated: result.truncated,
  };
}
