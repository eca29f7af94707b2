// The local scopes of one tree (the `@local.scope` captures of a file's query), indexed
// by range, so that the scopes around a node are found by a binary search instead of a
// walk up `node.parent`: web-tree-sitter answers each `parent` by descending from the
// root again, which makes a walk to the root quadratic in the depth.
//
// In a syntax tree two nodes' ranges are nested or disjoint, so a scope whose range
// holds a node that is not empty is an ancestor of it, or a node of the very same range
// below it (told apart by walking the parents, which only such ties need). An empty node
// (a token the parser inserted to recover from an error) sits on a boundary; for it
// `around` gives no answer and the caller walks the parents.
import type { Node } from './tree-sitter.js';

export class Scopes {
  /** Built on the first question: many files never ask. */
  private index: Index | undefined;

  constructor(private readonly scopes: readonly Node[]) {}

  /**
   * The scopes around `node` (not `node` itself), innermost first, as a walk up its
   * parents would meet them; undefined when its range cannot say (an empty node, a node
   * of another tree, no scopes indexed).
   */
  around(node: Node): Node[] | undefined {
    if (this.scopes.length === 0 || node.tree !== this.scopes[0].tree) return undefined;
    const { nodes, starts, ends, parents } = (this.index ??= indexByRange(this.scopes));
    const start = node.startIndex;
    const end = node.endIndex;
    if (start === end) return undefined;
    // The last scope starting at or before `node`; the innermost one around it is that scope or an ancestor.
    let lo = 0;
    let hi = nodes.length - 1;
    if (starts[0] > start) return [];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= start) lo = mid;
      else hi = mid - 1;
    }
    const out: Node[] = [];
    for (let i = lo; i >= 0; i = parents[i]) {
      if (ends[i] < end || nodes[i].id === node.id) continue;
      // A scope of the very same range may be below `node` instead (rare: a file that is one declaration).
      if (starts[i] === start && ends[i] === end && !encloses(nodes[i], node)) continue;
      out.push(nodes[i]);
    }
    return out;
  }
}

interface Index {
  /** Scopes, outer before inner. */
  nodes: Node[];
  starts: number[];
  ends: number[];
  /** Index of the innermost scope around each scope; -1 at the top. */
  parents: number[];
}

function indexByRange(scopes: readonly Node[]): Index {
  const entries = scopes.map((node) => ({ node, start: node.startIndex, end: node.endIndex }));
  // Outer before inner: by start, then longer first; scopes of one range by ancestry.
  entries.sort((a, b) => a.start - b.start || b.end - a.end || (encloses(a.node, b.node) ? -1 : encloses(b.node, a.node) ? 1 : 0));
  const starts = entries.map((e) => e.start);
  const ends = entries.map((e) => e.end);
  const parents = new Array<number>(entries.length);
  const stack: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    while (stack.length > 0 && ends[stack[stack.length - 1]] < ends[i]) stack.pop();
    while (stack.length > 0 && ends[stack[stack.length - 1]] <= starts[i] && starts[i] < ends[i]) stack.pop();
    parents[i] = stack.length > 0 ? stack[stack.length - 1] : -1;
    stack.push(i);
  }
  return { nodes: entries.map((e) => e.node), starts, ends, parents };
}

/** `outer` is a proper ancestor of `inner`, both of one range. */
function encloses(outer: Node, inner: Node): boolean {
  for (let n = inner.parent; n && n.startIndex === inner.startIndex && n.endIndex === inner.endIndex; n = n.parent) {
    if (n.id === outer.id) return true;
  }
  return false;
}
