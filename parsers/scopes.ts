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
  private readonly nodes: Node[];
  private readonly starts: number[];
  private readonly ends: number[];
  /** Index of the innermost scope around each scope; -1 at the top. */
  private readonly parents: number[];

  constructor(scopes: readonly Node[]) {
    const entries = scopes.map((node) => ({ node, start: node.startIndex, end: node.endIndex }));
    // Outer before inner: by start, then longer first; scopes of one range by ancestry.
    entries.sort((a, b) => a.start - b.start || b.end - a.end || (encloses(a.node, b.node) ? -1 : encloses(b.node, a.node) ? 1 : 0));
    this.nodes = entries.map((e) => e.node);
    this.starts = entries.map((e) => e.start);
    this.ends = entries.map((e) => e.end);
    this.parents = new Array<number>(entries.length);
    const stack: number[] = [];
    for (let i = 0; i < entries.length; i++) {
      while (stack.length > 0 && this.ends[stack[stack.length - 1]] < this.ends[i]) stack.pop();
      while (stack.length > 0 && this.ends[stack[stack.length - 1]] <= this.starts[i] && this.starts[i] < this.ends[i]) stack.pop();
      this.parents[i] = stack.length > 0 ? stack[stack.length - 1] : -1;
      stack.push(i);
    }
  }

  /**
   * The scopes around `node` (not `node` itself), innermost first, as a walk up its
   * parents would meet them; undefined when its range cannot say (an empty node, a node
   * of another tree, no scopes indexed).
   */
  around(node: Node): Node[] | undefined {
    const nodes = this.nodes;
    if (nodes.length === 0 || node.tree !== nodes[0].tree) return undefined;
    const start = node.startIndex;
    const end = node.endIndex;
    if (start === end) return undefined;
    // The last scope starting at or before `node`; the innermost one around it is that scope or an ancestor.
    let lo = 0;
    let hi = nodes.length - 1;
    if (this.starts[0] > start) return [];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= start) lo = mid;
      else hi = mid - 1;
    }
    const out: Node[] = [];
    for (let i = lo; i >= 0; i = this.parents[i]) {
      if (this.ends[i] < end || nodes[i].id === node.id) continue;
      // A scope of the very same range may be below `node` instead (rare: a file that is one declaration).
      if (this.starts[i] === start && this.ends[i] === end && !encloses(nodes[i], node)) continue;
      out.push(nodes[i]);
    }
    return out;
  }
}

/** `outer` is a proper ancestor of `inner`, both of one range. */
function encloses(outer: Node, inner: Node): boolean {
  for (let n = inner.parent; n && n.startIndex === inner.startIndex && n.endIndex === inner.endIndex; n = n.parent) {
    if (n.id === outer.id) return true;
  }
  return false;
}
