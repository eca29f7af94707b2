import { describe, expect, it } from 'vitest';
import { impact, IMPACT_DEFAULTS } from '../../graph/impact.js';
import { listUnresolved } from '../../graph/unresolved.js';
import { NAME_HEURISTIC_CONFIDENCE, testsFor } from '../../graph/tests-for.js';
import { buildStore } from '../store/facts.js';
import { call, FakeGraph, storyGraph, unresolvedCall } from './fake-graph.js';

const lib = 'src/lib.rs';
const render = `${lib}::render`;

describe('unresolved', () => {
  it('lists call sites in path/line order with explicit reasons, filtered by prefix', () => {
    const graph = storyGraph();
    const all = listUnresolved(graph, { limit: 50, includeTests: true });
    expect(all.references.map((r) => [r.file_path, r.specifier, r.reason])).toEqual([
      ['src/lib.rs', 'missing_renderer', 'missing_target'],
      ['tests/render_tests.rs', 'assert_eq!', 'macro_or_function'],
    ]);
    expect(listUnresolved(graph, { prefix: 'src/', limit: 50, includeTests: true }).references).toHaveLength(1);
    expect(listUnresolved(graph, { limit: 50, includeTests: false }).references).toHaveLength(1);
    expect(listUnresolved(graph, { prefix: 'nowhere/', limit: 50, includeTests: true })).toEqual({ references: [], truncated: false, outside_workspace: { external: 0, builtin: 0 } });
  });

  it('lists external and builtin calls only when asked for by reason, and counts them apart', () => {
    const records = [
      unresolvedCall('a.ts::f', 'missing', 'missing_target', 1),
      unresolvedCall('a.ts::f', 'Array.isArray', 'builtin', 2),
      unresolvedCall('a.ts::f', 'react.render', 'external', 3),
      unresolvedCall('a.ts::f', 'xs.push', 'builtin', 4),
    ];
    const stats = { unresolved_by_reason: { missing_target: 1, builtin: 2, external: 1 } };
    const graph = new FakeGraph([{ id: 'a.ts::f' }], [], records, [], stats);
    const byDefault = listUnresolved(graph, { limit: 50, includeTests: true });
    expect(byDefault.references.map((r) => r.specifier)).toEqual(['missing']);
    expect(byDefault.outside_workspace).toEqual({ external: 1, builtin: 2 });
    const asked = listUnresolved(graph, { limit: 50, includeTests: true, reasons: ['builtin'] });
    expect(asked.references.map((r) => r.specifier)).toEqual(['Array.isArray', 'xs.push']);
    // Under a prefix the scan counts them.
    expect(listUnresolved(graph, { prefix: 'a.ts', limit: 1, includeTests: true }).outside_workspace).toEqual({ external: 1, builtin: 2 });
  });

  it('stops at the limit and says so', () => {
    const records = Array.from({ length: 5 }, (_, i) => unresolvedCall(`a.rs::f`, `g${i}`, 'missing_target', i + 1));
    const graph = new FakeGraph([{ id: 'a.rs::f' }], [], records);
    const result = listUnresolved(graph, { limit: 3, includeTests: true });
    expect(result.references).toHaveLength(3);
    expect(result.truncated).toBe(true);
    expect(listUnresolved(graph, { limit: 5, includeTests: true }).truncated).toBe(false);
  });
});

describe('tests-for', () => {
  it('returns a direct-call path and keeps candidates labelled as candidates', () => {
    const result = testsFor(storyGraph(), storyGraph().symbol(render)!, { limit: 30, includeTests: true });
    const byTest = Object.fromEntries(result.tests.map((t) => [t.test.id, t]));
    const direct = byTest['tests/render_tests.rs::render_page_uses_render']!;
    expect(direct.evidence).toBe('direct_call');
    expect(direct.confidence).toBe(100);
    expect(direct.path.map((p) => [p.source.id, p.target.id, p.relationship])).toEqual([
      ['tests/render_tests.rs::render_page_uses_render', render, 'calls'],
    ]);
    expect(byTest['src/lib.rs::tests::renders_empty']!.evidence).toBe('same_module_candidate');
    const named = byTest['tests/naming.rs::test_render_output']!;
    expect(named.evidence).toBe('name_heuristic');
    expect(named.confidence).toBeLessThanOrEqual(60);
    expect(named.confidence).toBe(NAME_HEURISTIC_CONFIDENCE);
    expect(result.tests.map((t) => t.confidence)).toEqual([...result.tests.map((t) => t.confidence)].sort((a, b) => b - a));
  });

  it('reaches tests through helpers up to three hops with the weakest confidence on the path', () => {
    const graph = new FakeGraph(
      [{ id: 'a.rs::target' }, { id: 'a.rs::h1' }, { id: 'a.rs::h2' }, { id: 'a.rs::h3' }, { id: 't.rs::deep_test', is_test: true }, { id: 't.rs::too_deep', is_test: true }],
      [
        call('a.rs::h1', 'a.rs::target', 'exact'),
        call('a.rs::h2', 'a.rs::h1', 'same_file'),
        call('t.rs::deep_test', 'a.rs::h2', 'exact'),
        call('a.rs::h3', 'a.rs::h2', 'exact'),
        call('t.rs::too_deep', 'a.rs::h3', 'exact'),
      ],
    );
    const result = testsFor(graph, graph.symbol('a.rs::target')!, { limit: 30, includeTests: true });
    const direct = result.tests.filter((t) => t.evidence === 'direct_call');
    expect(direct.map((t) => t.test.id)).toEqual(['t.rs::deep_test']);
    expect(direct[0]!.confidence).toBe(60);
    expect(direct[0]!.path.map((p) => p.target.id)).toEqual(['a.rs::h2', 'a.rs::h1', 'a.rs::target']);
  });

  it('answers from the incoming index only: unrelated tests are never read', () => {
    const graph = storyGraph();
    const read: string[] = [];
    const incoming = graph.incoming.bind(graph);
    graph.incoming = (id: string) => {
      read.push(id);
      return incoming(id);
    };
    testsFor(graph, graph.symbol(render)!, { limit: 30, includeTests: true });
    expect(read).not.toContain('tests/naming.rs::test_render_output');
    expect(read.length).toBeLessThanOrEqual(2);
  });

  it('--no-tests returns the target with an empty list', () => {
    const result = testsFor(storyGraph(), storyGraph().symbol(render)!, { limit: 30, includeTests: false });
    expect(result.target.id).toBe(render);
    expect(result.tests).toEqual([]);
  });

  it('truncates at the limit and filters by path prefix', () => {
    const result = testsFor(storyGraph(), storyGraph().symbol(render)!, { limit: 1, includeTests: true });
    expect(result.tests).toHaveLength(1);
    expect(result.truncated).toBe(true);
    const scoped = testsFor(storyGraph(), storyGraph().symbol(render)!, { prefix: 'tests/render', limit: 30, includeTests: true });
    expect(scoped.tests.map((t) => t.test.id)).toEqual(['tests/render_tests.rs::render_page_uses_render']);
  });
});

describe('impact', () => {
  const options = { ...IMPACT_DEFAULTS, includeTests: true };

  it('walks callers to depth 2, keeps both paths to the test and stops at the unresolved boundary', () => {
    const graph = storyGraph();
    const { data, truncated } = impact(graph, graph.symbol(render)!, { ...options, direction: 'callers' });
    expect(truncated).toBe(false);
    expect(data.nodes.map((n) => n.id).sort()).toEqual([`${lib}::render_page`, 'tests/render_tests.rs::render_page_uses_render']);
    const testPaths = data.paths.filter((p) => p.node === 'tests/render_tests.rs::render_page_uses_render');
    expect(testPaths.map((p) => p.edges.length).sort()).toEqual([1, 2]);
    expect(data.affected_tests).toHaveLength(1);
    expect(data.affected_tests[0]!.path_ids).toHaveLength(2);
    const boundary = data.unresolved_boundaries.find((b) => b.specifier === 'missing_renderer')!;
    expect(boundary).toMatchObject({ source: `${lib}::render_page`, reason: 'missing_target' });
    expect(data.paths[boundary.path_id!]!.node).toBe(`${lib}::render_page`);
    expect(data.nodes.some((n) => n.name === 'missing_renderer')).toBe(false);
  });

  it('respects the confidence threshold and labels weaker results when it is lowered', () => {
    const graph = new FakeGraph([{ id: 'a.rs::root' }, { id: 'b.rs::weak' }, { id: 'b.rs::strong' }], [call('b.rs::weak', 'a.rs::root', 'name_only'), call('b.rs::strong', 'a.rs::root', 'exact')]);
    const strict = impact(graph, graph.symbol('a.rs::root')!, { ...options, minConfidence: 60 });
    expect(strict.data.nodes.map((n) => n.id)).toEqual(['b.rs::strong']);
    const loose = impact(graph, graph.symbol('a.rs::root')!, { ...options, minConfidence: 0 });
    expect(loose.data.nodes.find((n) => n.id === 'b.rs::weak')).toMatchObject({ confidence: 30 });
    const lower = new FakeGraph([{ id: 'a.rs::root' }, { id: 'b.rs::guess' }], [{ ...call('b.rs::guess', 'a.rs::root'), confidence: 20, resolution_kind: 'name_only' }]);
    const labelled = impact(lower, lower.symbol('a.rs::root')!, { ...options, minConfidence: 10 });
    expect(labelled.data.nodes[0]).toMatchObject({ low_confidence: true, confidence: 20 });
    expect(labelled.data.paths[0]).toMatchObject({ low_confidence: true });
  });

  it('stops a common-name fan-out at the node limit and names the unwalked frontier', () => {
    const callers = Array.from({ length: 30 }, (_, i) => ({ id: `c${String(i).padStart(2, '0')}.rs::caller` }));
    const graph = new FakeGraph([{ id: 'a.rs::run' }, ...callers], callers.map((c) => call(c.id, 'a.rs::run')));
    const result = impact(graph, graph.symbol('a.rs::run')!, { ...options, limit: 10 });
    expect(result.truncated).toBe(true);
    expect(result.data.nodes).toHaveLength(10);
    expect(result.data.frontier[0]).toMatchObject({ node: 'a.rs::run', path_id: null, reason: 'nodes' });
  });

  it('spends no budget on calls into builtin and external code: counts them by reason, lists them on request', () => {
    const outside = Array.from({ length: 12 }, (_, i) => unresolvedCall('a.go::legacyArgs', i % 3 ? `fmt.Errorf${i}` : `len${i}`, i % 3 ? 'external' : 'builtin', i + 1));
    const graph = new FakeGraph(
      [{ id: 'a.go::legacyArgs' }, { id: 'a.go::find' }, { id: 'a.go::exec' }],
      [call('a.go::find', 'a.go::legacyArgs'), call('a.go::exec', 'a.go::find')],
      [...outside, unresolvedCall('a.go::find', 'hook', 'indirect_call', 20)],
    );
    const result = impact(graph, graph.symbol('a.go::legacyArgs')!, { ...options, limit: 3 });
    expect(result.truncated).toBe(false);
    expect(result.data.nodes.map((n) => n.id).sort()).toEqual(['a.go::exec', 'a.go::find']);
    expect(result.data.unresolved_boundaries.map((b) => b.specifier)).toEqual(['hook']);
    expect(result.data.outside_workspace).toEqual({ external: 8, builtin: 4, listed: [] });
    const listed = impact(graph, graph.symbol('a.go::legacyArgs')!, { ...options, limit: 3, includeOutside: true });
    expect(listed.data.outside_workspace.listed).toHaveLength(6);
    expect(listed.truncated).toBe(false);
  });

  it('--no-tests leaves tests out', () => {
    const graph = storyGraph();
    const { data } = impact(graph, graph.symbol(render)!, { ...options, includeTests: false });
    expect(data.nodes.map((n) => n.id)).toEqual([`${lib}::render_page`]);
    expect(data.affected_tests).toEqual([]);
  });
});

describe('budgets of the queries', () => {
  it('tests-for marks the answer partial when the reverse walk hits its visit budget', () => {
    const graph = storyGraph();
    const result = testsFor(graph, graph.symbol(render)!, { limit: 30, includeTests: true, visitBudget: 1 });
    expect(result.search_budget_reached).toBe(true);
  });

  it('impact stops at its deadline and names the frontier', () => {
    const graph = storyGraph();
    const result = impact(graph, graph.symbol(render)!, { ...IMPACT_DEFAULTS, includeTests: true, deadlineMs: -1 });
    expect(result.truncated).toBe(true);
    expect(result.stop_reason).toBe('aborted');
    expect(result.data.frontier).toEqual([{ node: render, path_id: null, reason: 'aborted', walked: 'not' }]);
  });
});

describe('tests-for on a store', () => {
  it('finds a test three calls away through the test-edge index, and name candidates by word start', async () => {
    const { store, cleanup } = await buildStore([
      {
        path: 'src/a.ts',
        symbols: [
          { name: 'target', exported: true },
          { name: 'h1', exported: true },
          { name: 'h2', exported: true },
        ],
        calls: [
          { caller: 1, calleeName: 'target' },
          { caller: 2, calleeName: 'h1' },
        ],
      },
      {
        path: 'test/a.test.ts',
        symbols: [
          { name: 'deepTest', isTest: true },
          { name: 'testTargetWorks', isTest: true },
          { name: 'retargetTest', isTest: true },
        ],
        calls: [{ caller: 0, calleeName: 'h2' }],
        imports: [{ source: '../src/a', imported: 'h2' }],
      },
    ]);
    try {
      const result = testsFor(store, store.symbol('src/a.ts::target')!, { limit: 30, includeTests: true });
      expect(result.tests.map((t) => [t.test.id, t.evidence, t.path.length])).toEqual([
        ['test/a.test.ts::deepTest', 'direct_call', 3],
        ['test/a.test.ts::testTargetWorks', 'name_heuristic', 0],
      ]);
      const deep = result.tests[0]!;
      expect(deep.path.map((p) => [p.source.id, p.target.id])).toEqual([
        ['test/a.test.ts::deepTest', 'src/a.ts::h2'],
        ['src/a.ts::h2', 'src/a.ts::h1'],
        ['src/a.ts::h1', 'src/a.ts::target'],
      ]);
      expect(deep.confidence).toBe(Math.min(...deep.path.map((p) => p.confidence)));
      expect(deep.path[0]).toMatchObject({ file_path: 'test/a.test.ts', relationship: 'calls' });
      const scoped = testsFor(store, store.symbol('src/a.ts::target')!, { prefix: 'src/', limit: 30, includeTests: true });
      expect(scoped.tests).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});

describe('tests-for candidates', () => {
  // A flat package: the target, a helper it calls, and tests beside it.
  const graph = new FakeGraph(
    [
      { id: 'args.go::legacyArgs' },
      { id: 'args.go::hasSubCommands' },
      { id: 'args_test.go::TestAlpha', is_test: true },
      { id: 'args_test.go::TestBeta', is_test: true },
      { id: 'args_test.go::TestLegacyArgsRoot', is_test: true },
      { id: 'args_test.go::TestSubcommands', is_test: true },
      { id: 'args_test.go::TestArgsBoth', is_test: true },
    ],
    [
      call('args.go::legacyArgs', 'args.go::hasSubCommands', 'same_file', 3),
      call('args_test.go::TestSubcommands', 'args.go::hasSubCommands', 'exact', 5),
      call('args_test.go::TestArgsBoth', 'args.go::hasSubCommands', 'exact', 9),
    ],
  );
  const result = testsFor(graph, graph.symbol('args.go::legacyArgs')!, { limit: 30, includeTests: true });

  it('lists only tests with evidence, ranked by it, never alphabetically filling the limit', () => {
    expect(result.tests.map((t) => [t.test.id, t.evidence])).toEqual([
      ['args_test.go::TestArgsBoth', 'same_module_candidate'],
      ['args_test.go::TestLegacyArgsRoot', 'same_module_candidate'],
      ['args_test.go::TestSubcommands', 'same_module_candidate'],
    ]);
    expect(result.tests[0]!.basis).toEqual({ shared_callees: ['args.go::hasSubCommands'], name_words: ['args'] });
    expect(result.tests[1]!.basis).toEqual({ shared_callees: [], name_words: ['legacy', 'args'] });
  });

  it("a candidate's path is made of edges the graph holds, never a self-edge", () => {
    for (const t of result.tests) {
      for (const hop of t.path) {
        expect(hop.source.id).not.toBe(hop.target.id);
        expect(graph.outgoing(hop.source.id).some((e) => e.target === hop.target.id && e.relationship === hop.relationship)).toBe(true);
      }
    }
    expect(result.tests[2]!.path.map((p) => [p.source.id, p.target.id])).toEqual([
      ['args_test.go::TestSubcommands', 'args.go::hasSubCommands'],
      ['args.go::legacyArgs', 'args.go::hasSubCommands'],
    ]);
    expect(result.tests[1]!.path).toEqual([]);
  });
});

describe('tests-for stops early', () => {
  it('does not walk deeper once more direct tests than the limit are found', () => {
    const graph = new FakeGraph(
      [{ id: 'a.rs::t' }, { id: 'a.rs::h' }, { id: 'x.rs::t1', is_test: true }, { id: 'x.rs::t2', is_test: true }, { id: 'x.rs::t3', is_test: true }, { id: 'x.rs::deep', is_test: true }],
      [call('x.rs::t1', 'a.rs::t'), call('x.rs::t2', 'a.rs::t'), call('x.rs::t3', 'a.rs::t'), call('a.rs::h', 'a.rs::t'), call('x.rs::deep', 'a.rs::h')],
    );
    const read: string[] = [];
    const incoming = graph.incoming.bind(graph);
    graph.incoming = (id: string) => (read.push(id), incoming(id));
    const result = testsFor(graph, graph.symbol('a.rs::t')!, { limit: 2, includeTests: true });
    expect(result.truncated).toBe(true);
    expect(result.tests).toHaveLength(2);
    expect(read).toEqual(['a.rs::t']);
  });
});
