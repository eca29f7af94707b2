// Go's block scopes for the receiver types of locals: a name declared in a function is
// visible from the end of its declaration to the end of the innermost block, `if`, `for`,
// `switch`, `select`, case clause or function literal around it, and an inner declaration
// shadows an outer one there. One map for a whole function would give `err` in
// `if err, ok := err.(*wireError); ok {...}` the inner type everywhere, and a call on
// the outer `err` an edge to the wrong method.
import type { Node } from '../tree-sitter.js';

/** What a receiver-type lookup needs: the type a name has at one place, and whether a local holds it there. */
export interface NamesInScope {
  get(name: string): string | undefined;
  has(name: string): boolean;
}

/** Nodes that end the scope of a declaration inside them (Go spec, "Declarations and scope"). */
const SCOPES: ReadonlySet<string> = new Set([
  'block', 'if_statement', 'for_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement',
  'expression_case', 'type_case', 'default_case', 'communication_case', 'func_literal',
]);

interface Declared {
  /** Offset from which the name is visible. */
  from: number;
  /** Offset where its scope ends. */
  to: number;
  /** Its receiver-type expression, undefined when not known (it still shadows). */
  type: string | undefined;
}

/** Where the scope of a declaration at `node` ends: its innermost scope node, else the function. */
export function scopeEnd(node: Node, fn: Node): number {
  for (let n = node.parent; n && n.startIndex >= fn.startIndex; n = n.parent) {
    if (n === fn || SCOPES.has(n.type)) return n.endIndex;
  }
  return fn.endIndex;
}

/** The locals of one function, each declaration with the stretch of source it is visible in. */
export class FunctionLocals {
  private readonly byName = new Map<string, Declared[]>();

  /** `outer` answers names no local declares (the file's package-level variables). */
  constructor(private readonly outer: ReadonlyMap<string, string>) {}

  /** Declarations are added in source order. */
  declare(name: string, type: string | undefined, from: number, to: number): void {
    let list = this.byName.get(name);
    if (!list) this.byName.set(name, (list = []));
    list.push({ from, to, type });
  }

  /** The names as seen at `offset`: the last declaration before it whose scope holds it. */
  at(offset: number): NamesInScope {
    const visible = (name: string): Declared | undefined => {
      const list = this.byName.get(name);
      if (!list) return undefined;
      for (let i = list.length - 1; i >= 0; i--) {
        const d = list[i];
        if (d.from <= offset && offset < d.to) return d;
      }
      return undefined;
    };
    return {
      get: (name) => {
        const local = visible(name);
        return local ? local.type : this.outer.get(name);
      },
      has: (name) => (visible(name) ?? this.outer.get(name)) !== undefined,
    };
  }
}
