import { describe, expect, it } from 'vitest';
import { fc, test as fcTest } from '@fast-check/vitest';
import { createActor } from 'xstate';
import { impactTraversalMachine, type TraversalInput } from '../../machines/impact-traversal.js';
import { replayTraversal, runTraversal, type Neighbours } from '../../graph/run-traversal.js';

type Graph = Record<string, string[]>;

function neighboursOf(graph: Graph, unresolved: Record<string, string[]> = {}) {
  return (request: { node: string }): Neighbours => ({
    steps: (graph[request.node] ?? []).map((to) => ({ edge: `${request.node}>${to}`, to })),
    boundaries: unresolved[request.node] ?? [],
  });
}

const budgets = (over: Partial<TraversalInput> = {}): TraversalInput => ({
  root: 'r',
  maxDepth: 2,
  maxNodes: 50,
  maxEdges: 100,
  maxPaths: 100,
  ...over,
});

describe('impact traversal machine', () => {
  it('keeps every distinct root-to-node path and stops at the depth', () => {
    // r <- a <- t, and t -> r directly: t is reached by two paths.
    const graph: Graph = { r: ['a', 't'], a: ['t'], t: ['x'] };
    const { result } = runTraversal(budgets(), neighboursOf(graph));
    expect(result.nodes).toEqual(['a', 't', 'x']);
    expect(result.paths.map((p) => p.edges)).toEqual([['r>a'], ['r>t'], ['r>a', 'a>t'], ['r>t', 't>x']]);
    expect(result.truncated).toBe(false);
    expect(result.frontier).toEqual([]);
  });

  it('records unresolved boundaries with the path that reached them and never walks them', () => {
    const graph: Graph = { r: ['a'] };
    const { result } = runTraversal(budgets(), neighboursOf(graph, { a: ['a@3:4 missing'] }));
    expect(result.boundaries).toEqual([{ boundary: 'a@3:4 missing', node: 'a', path: 0 }]);
    expect(result.nodes).toEqual(['a']);
  });

  it('asks nodes at the depth limit for boundaries only', () => {
    const requests: { node: string; expand: boolean }[] = [];
    const graph: Graph = { r: ['a'], a: ['b'] };
    runTraversal(budgets({ maxDepth: 1 }), (req) => {
      requests.push({ node: req.node, expand: req.expand });
      return neighboursOf(graph)(req);
    });
    expect(requests).toEqual([
      { node: 'r', expand: true },
      { node: 'a', expand: false },
    ]);
  });

  it('never loops on cycles', () => {
    const graph: Graph = { r: ['a'], a: ['b'], b: ['r', 'a'] };
    const { result } = runTraversal(budgets({ maxDepth: 5 }), neighboursOf(graph));
    expect(result.nodes).toEqual(['a', 'b']);
    expect(result.paths).toHaveLength(2);
  });

  it('stops at the node budget, sets truncated and names the frontier it did not walk', () => {
    const graph: Graph = { r: ['a', 'b', 'c', 'd'], a: ['a1'], b: ['b1'] };
    const { result } = runTraversal(budgets({ maxNodes: 2 }), neighboursOf(graph));
    expect(result.nodes).toEqual(['a', 'b']);
    expect(result.truncated).toBe(true);
    expect(result.stopReason).toBe('nodes');
    expect(result.frontier).toEqual([
      { node: 'r', path: null, reason: 'nodes', partly: true },
      { node: 'a', path: 0, reason: 'nodes' },
      { node: 'b', path: 1, reason: 'nodes' },
    ]);
    expect(result.frontierTotal).toBe(3);
  });

  it('stops at the edge and path budgets', () => {
    const graph: Graph = { r: ['a', 'b'], a: ['b'] };
    expect(runTraversal(budgets({ maxEdges: 2 }), neighboursOf(graph)).result.stopReason).toBe('edges');
    expect(runTraversal(budgets({ maxPaths: 2 }), neighboursOf(graph)).result.stopReason).toBe('paths');
  });

  it('keeps a path in the lane it started in', () => {
    const lanes = (req: { node: string }): Neighbours => ({
      steps:
        req.node === 'r'
          ? [
              { edge: 'up', to: 'caller', lane: 'callers' },
              { edge: 'down', to: 'callee', lane: 'callees' },
            ]
          : req.node === 'caller'
            ? [
                { edge: 'up2', to: 'caller2', lane: 'callers' },
                { edge: 'sideways', to: 'x', lane: 'callees' },
              ]
            : [],
      boundaries: [],
    });
    const { result } = runTraversal(budgets(), lanes);
    expect(result.nodes).toEqual(['caller', 'callee', 'caller2']);
    expect(result.paths[2]).toMatchObject({ lane: 'callers', edges: ['up', 'up2'] });
  });

  it('aborts at a deadline with the unwalked requests as frontier', () => {
    const graph: Graph = { r: ['a'] };
    const { result } = runTraversal(budgets(), neighboursOf(graph), Date.now() - 1);
    expect(result.truncated).toBe(true);
    expect(result.stopReason).toBe('aborted');
    expect(result.frontier).toEqual([{ node: 'r', path: null, reason: 'aborted' }]);
  });

  it('ignores an answer for a node it did not ask about', () => {
    const actor = createActor(impactTraversalMachine, { input: budgets() }).start();
    actor.send({ type: 'NEIGHBOURS', node: 'other', steps: [{ edge: 'e', to: 'x' }], boundaries: [] });
    expect(actor.getSnapshot().context.nodes).toEqual([]);
    actor.send({ type: 'NEIGHBOURS', node: 'r', steps: [], boundaries: [] });
    expect(actor.getSnapshot().status).toBe('done');
  });

  const graphArb = fc.dictionary(
    fc.constantFrom('r', 'a', 'b', 'c', 'd', 'e', 'f'),
    fc.uniqueArray(fc.constantFrom('r', 'a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 4 }),
  );
  const budgetArb = fc.record({
    maxDepth: fc.integer({ min: 0, max: 5 }),
    maxNodes: fc.integer({ min: 1, max: 6 }),
    maxEdges: fc.integer({ min: 1, max: 12 }),
    maxPaths: fc.integer({ min: 1, max: 20 }),
  });

  fcTest.prop([graphArb, budgetArb], { numRuns: 150 })('respects every budget and replays identically', (graph, b) => {
    const input = { root: 'r', ...b };
    const run = runTraversal(input, neighboursOf(graph));
    const { result } = run;
    expect(result.nodes.length).toBeLessThanOrEqual(b.maxNodes);
    expect(result.edges.length).toBeLessThanOrEqual(b.maxEdges);
    expect(result.paths.length).toBeLessThanOrEqual(b.maxPaths);
    for (const path of result.paths) {
      expect(path.edges.length).toBeLessThanOrEqual(b.maxDepth);
      expect(new Set(path.nodes).size).toBe(path.nodes.length);
    }
    if (result.truncated) expect(result.frontierTotal).toBeGreaterThan(0);
    expect(replayTraversal(input, run.events)).toEqual(result);
  });
});
