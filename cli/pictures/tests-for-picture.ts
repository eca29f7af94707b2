// The picture of a `tests-for` answer: the target, each test with the path that
// reaches it (or, for a candidate without one, a dashed line saying why it is listed).
import type { CommandResult } from '../../contracts/envelope.js';
import type { TestItem } from '../../graph/tests-for.js';
import type { SymbolView } from '../../graph/views.js';
import { edgeLabel, NodeIds, type Picture, type PictureEdge, type PictureNode } from './picture.js';

interface TestsForAnswer {
  target: SymbolView | null;
  tests: TestItem[];
}

export function testsForPicture(result: CommandResult<TestsForAnswer>): Picture {
  const { target, tests } = result.data;
  const ids = new NodeIds('n');
  const nodes: PictureNode[] = [];
  const edges: PictureEdge[] = [];
  const edgeKeys = new Set<string>();
  const add = (s: SymbolView, extra: Partial<PictureNode> = {}) => {
    if (ids.has(s.id)) return ids.of(s.id);
    const id = ids.of(s.id);
    nodes.push({ id, label: s.qualified_name || s.name, role: 'symbol', test: s.is_test, symbol: s.id, kind: s.kind, file: s.file_path, line: s.start_line, ...extra });
    return id;
  };
  if (target) add(target, { role: 'root', note: 'tests-for target' });
  for (const t of tests) {
    const testNode = add(t.test);
    const node = nodes.find((n) => n.id === testNode)!;
    node.test = true;
    node.confidence = t.confidence;
    node.note = `${t.evidence} ${t.confidence}`;
    for (const hop of t.path) {
      const from = add(hop.source);
      const to = add(hop.target);
      const key = `${from}>${to}>${hop.relationship}`;
      if (edgeKeys.has(key)) continue;
      edgeKeys.add(key);
      edges.push({ id: `e${edges.length}`, from, to, label: edgeLabel(hop), kind: 'relationship', confidence: hop.confidence });
    }
    // A candidate's path does not reach the target: the dashed edge says what ties them.
    if (t.evidence !== 'direct_call' && target) {
      edges.push({ id: `e${edges.length}`, from: testNode, to: ids.of(target.id), label: `${t.evidence} ${t.confidence}`, kind: 'candidate', confidence: t.confidence });
    }
  }
  return {
    command: 'tests-for',
    title: `Tests for ${target ? target.qualified_name || target.id : '?'}`,
    nodes,
    edges,
    warnings: result.warnings.map((w) => `[${w.code}] ${w.message}`),
    truncated: result.truncated,
  };
}
