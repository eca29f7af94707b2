// Callable shapes for the graph facts a review reports without a model: how many
// arguments a function declaration accepts, and how many a call passes. Pure
// functions of source text; the caller decides which files may be read. They read the
// review parse of the file (parsers/review/captures.ts): a file the review has just
// opened is not parsed again.
import type { Node } from '../tree-sitter.js';
import type { ParameterShape } from '../review/callables.js';
import { withReviewParse, type ReviewParse } from '../review/captures.js';
import { reviewAdapter, type ReviewGrammar } from './review.js';

/** Hands `read` the review parse of a file. */
function withTree<T>(source: string, grammar: ReviewGrammar, read: (root: Node, parse: ReviewParse) => T): Promise<T> {
  return withReviewParse(reviewAdapter(grammar), 'typescript', source, (parse) => read(parse.root, parse));
}

/** The function or arrow a top-level declaration spanning [start, end) binds, if it is one. */
function callableOf(root: Node, start: number, end: number): Node | null {
  const top = root.namedChildren.find((n) => n !== null && n.startIndex === start && n.endIndex === end) ?? null;
  let node = top?.type === 'export_statement' ? top.childForFieldName('declaration') : top;
  if (node?.type === 'lexical_declaration') {
    const declarators = node.namedChildren.filter((c) => c?.type === 'variable_declarator');
    node = declarators.length === 1 ? (declarators[0]!.childForFieldName('value') ?? null) : null;
  }
  return node && ['function_declaration', 'generator_function_declaration', 'arrow_function', 'function_expression', 'generator_function'].includes(node.type) ? node : null;
}

/** The parameter shape of the callable a top-level declaration at [start, end) binds; null when it binds none. */
export async function parameterShape(source: string, grammar: ReviewGrammar, start: number, end: number): Promise<ParameterShape | null> {
  return withTree(source, grammar, (root) => {
    const callable = callableOf(root, start, end);
    if (!callable) return null;
    const single = callable.childForFieldName('parameter');
    if (single) return { required: 1, max: 1, start: single.startIndex, end: single.endIndex };
    const list = callable.childForFieldName('parameters');
    if (!list) return null;
    let count = 0;
    let required = 0;
    let rest = false;
    for (const p of list.namedChildren) {
      if (!p || (p.type !== 'required_parameter' && p.type !== 'optional_parameter')) continue;
      const pattern = p.childForFieldName('pattern');
      if (pattern?.type === 'this') continue; // a `this` annotation is no argument
      if (pattern?.type === 'rest_pattern') {
        rest = true;
        continue;
      }
      count++;
      // Required up to the last parameter with neither `?` nor a default.
      if (p.type === 'required_parameter' && !p.childForFieldName('value')) required = count;
    }
    return { required, max: rest ? null : count, start: list.startIndex, end: list.endIndex };
  });
}

/**
 * The number of arguments of the call of `name` at each 1-based line and 0-based column
 * (where the index records a call site); null where no such call is there (the file
 * changed since it was indexed), or where a spread argument makes the count unknown.
 */
export async function argumentCounts(source: string, grammar: ReviewGrammar, sites: Array<{ line: number; column: number; name: string }>): Promise<Array<number | null>> {
  return withTree(source, grammar, (root) =>
    sites.map(({ line, column, name }) => {
      let node: Node | null = root.descendantForPosition({ row: line - 1, column });
      while (node && node.type !== 'call_expression' && node.type !== 'new_expression') node = node.parent;
      if (!node) return null;
      const callee = node.childForFieldName(node.type === 'call_expression' ? 'function' : 'constructor');
      if (!callee || callee.startPosition.row !== line - 1 || callee.startPosition.column > column) return null;
      const called = callee.text;
      if (!called.endsWith(name) || /[\w$]/.test(called[called.length - name.length - 1] ?? '')) return null;
      const args = node.childForFieldName('arguments');
      if (!args) return node.type === 'new_expression' ? 0 : null; // `new X` without parentheses; a tagged template is no call
      const list = args.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
      return list.some((a) => a.type === 'spread_element') ? null : list.length;
    }),
  );
}

/**
 * Calls of `name` by its bare name in a file, with their 1-based lines and argument
 * counts (null when a spread makes the count unknown): the edited file's own call
 * sites, whose indexed lines the edit may have moved.
 */
export async function bareCalls(source: string, grammar: ReviewGrammar, name: string): Promise<Array<{ line: number; count: number | null }>> {
  return withTree(source, grammar, (_root, { matches }) => {
    const calls = matches.filter((m) => m.tag === 'reference.call' && !m.parts.qualifier && m.parts.callee.text === name && m.parts.arguments?.type === 'arguments');
    // On one line: outer calls before inner ones, later ones before earlier ones.
    calls.sort((a, b) => a.parts.callee.startPosition.row - b.parts.callee.startPosition.row || b.node.endIndex - a.node.endIndex || a.node.startIndex - b.node.startIndex);
    return calls.map(({ parts }) => {
      const list = parts.arguments.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
      return { line: parts.callee.startPosition.row + 1, count: list.some((a) => a.type === 'spread_element') ? null : list.length };
    });
  });
}
