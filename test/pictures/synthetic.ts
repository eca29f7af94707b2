// Synthetic answers: an impact of any size, shaped like a real one (callers fanning
// in over three levels, callees, a few tests, weaker tiers, unresolved boundaries),
// and a picture whose names hold every character DOT and Mermaid read as syntax.
import type { CommandResult } from '../../contracts/envelope.js';
import type { Picture } from '../../cli/pictures/picture.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import type { ImpactData, ImpactEdge, ImpactNode } from '../../graph/impact.js';

const TIERS: [ResolutionKind, number][] = [
  ['exact', 100],
  ['receiver_type', 90],
  ['package', 80],
  ['same_file', 60],
  ['name_only', 30],
];

export function syntheticImpact(size: number): CommandResult<ImpactData> {
  const symbol = (i: number) => ({
    id: `pkg/m${i % 40}/file${i % 97}.ts::Service${i}.handle`,
    name: 'handle',
    qualified_name: `Service${i}.handle`,
    kind: 'method',
    file_path: `pkg/m${i % 40}/file${i % 97}.ts`,
    start_line: 10 + (i % 300),
    end_line: 20 + (i % 300),
    is_test: i % 23 === 0,
  });
  const root = { ...symbol(-1), id: 'pkg/core.ts::Core.run', qualified_name: 'Core.run', file_path: 'pkg/core.ts', start_line: 1, is_test: false };
  const nodes: ImpactNode[] = [];
  const edges: ImpactEdge[] = [];
  for (let i = 0; i < size; i++) {
    // The first 30 touch the root; every later node hangs off an earlier one, so depth grows to 3.
    const callee = i < 30 ? root.id : nodes[Math.floor(i / 9)]!.id;
    const depth = i < 30 ? 1 : Math.min(3, nodes[Math.floor(i / 9)]!.depth + 1);
    const [kind, confidence] = TIERS[i % TIERS.length]!;
    const direction = i % 5 === 4 ? 'callees' : 'callers';
    nodes.push({ ...symbol(i), depth, direction, confidence });
    const s = symbol(i).id;
    edges.push({ source: direction === 'callers' ? s : callee, target: direction === 'callers' ? callee : s, relationship: 'calls', resolution_kind: kind, confidence, file_path: symbol(i).file_path, line: 12, column: 4 });
  }
  const unresolved_boundaries = nodes.slice(0, 40).map((n, i) => ({ source: n.id, specifier: `dynamic${i}`, reason: 'missing_target', file_path: n.file_path, line: n.start_line + 1, column: 2, path_id: null }));
  return {
    command: 'impact',
    ok: true,
    data: { root, direction: 'both', depth: 3, min_confidence: 30, nodes, edges, paths: [], affected_tests: [], unresolved_boundaries, frontier: [], frontier_total: 0 },
    warnings: [],
    truncated: false,
    next_action: 'none',
    exit_code: 0,
  };
}

/** A picture whose names hold every character DOT and Mermaid read as syntax. */
export const AWKWARD: Picture = {
  command: 'impact',
  title: 'Impact of "quoted" <name> & #hash \\ back`tick',
  nodes: [
    { id: 'n0', label: 'Weird."name"<T>', role: 'root', test: false, symbol: 'a.ts::Weird."name"<T>', file: 'dir with space/a.ts', line: 3, kind: 'method' },
    { id: 'n1', label: 'x\\y #1 `z` {a} [b] (c) |d|', role: 'symbol', test: true, file: 'b.ts', line: 9, confidence: 30, note: 'callers depth 1' },
    { id: 'u0', label: 'end', role: 'unresolved', test: false, file: 'a.ts', line: 4, note: 'unresolved: missing_target' },
    { id: 'f0', label: 'graph', role: 'frontier', test: false, note: 'not walked (node budget)' },
  ],
  edges: [
    { id: 'e0', from: 'n1', to: 'n0', label: 'calls name_only 30', kind: 'relationship', confidence: 30 },
    { id: 'b0', from: 'n0', to: 'u0', label: 'missing_target', kind: 'boundary', confidence: null },
  ],
  warnings: ['[budget_reached] the node budget ran out; "x" -> y'],
  truncated: true,
};
