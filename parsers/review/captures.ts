// Review captures: each review profile's `grammars/<lang>/review.scm`, compiled and
// checked by the shared query engine (parsers/engine.ts) against this vocabulary, and run
// once over the one parse of a file (parsers/parse.ts).
//
// | capture | on | meaning |
// | --- | --- | --- |
// | `@declaration.<kind>` | a top-level item | a declaration of the profile's kind (`struct`, `class`, ...) |
// | `@name` | an identifier | the declaration's name, or the bound name of an import |
// | `@reference.type` | a type name | an outbound named-type reference |
// | `@reference.qualified` | a qualified type | `@qualifier` then `@member` (TS `ns.T`), or a whole path (Rust `a::T`, Python `m.T`) |
// | `@reference.call` | a call | `@callee` (with `@qualifier` and `@member` when it is a member of a plain name), `@arguments` |
// | `@binder` | a name | a local type binder (generic parameter) that shadows outer names |
// | `@local` | a name or pattern | a value name a declaration binds inside itself (parameter, variable, inner function) |
// | `@skip` | a type name, a statement | a name in no reference position (a declaration's own name, a binder, a qualified name's member); a class-body statement that says nothing of the class's shape |
// | `@import` | a statement | an import (`use`, `import`, `from ... import`) for the profile to read; `@name` and `@source` where the query reads them |
// | `@source` | a string | the path or module an import names |
// | `@module` | an item | a module declaration (`mod child;`, Go's package clause with its `@name`) |
// | `@uncertain` | any node | a construct that makes the file's binding scope uncertain (macros, attributes, extern crates) |
// | `@unsupported` | a type node | syntax whose meaning the profile does not establish (trait bounds, computed lengths): an omission |
// | `@decorator` | a decorator | a decorator of a declaration; `@callee` what it names or calls, `@value` its call |
// | `@base` | a type or argument | a base of a class (Python: every superclass argument, keyword arguments included) |
// | `@statement` | a statement | a statement of a class body |
// | `@field` | a statement | a class-body assignment: target `@name`, annotation `@type`, `@value` |
// | `@inert` | a member | a member whose body is no part of the declaration's shape (a method) |
// | `@binding` | a name | a name an import binds: `@name` the imported name and `@alias` the bound one when renamed, `@source` the module (Python: of a `from` import) |
// | `@alias` | a name | (part) the name an import binds when it renames |
// | `@type` | a type | (part) a declaration's or field's annotation or right-hand side |
// | `@value` | an expression | (part) a declaration's or field's value, a decorator's call |
// | `@guard` | an expression | (part) the condition of an `if` without `else` around an import |
// | `@body` | a block | (part) the block that `@guard` guards |
// | `@export` | a specifier | a name an export clause exports: `@name` the local or re-exported name, `@alias` the exported one |
// | `@modifier` | a keyword | (part) a keyword that qualifies a match (TS `type` of `import type`, Rust visibility) |
// | `@arguments` | an argument list | (part) the arguments of a `@reference.call` |
// | `@receiver` | a parameter list | (part) a method's receiver (Go) |
// | `@declarator` | a declarator, a name | one name a variable declaration declares: `@name`, `@value`, `@modifier` its `const` (Go: the name itself, `@type` a constant specification's type) |
import { parserFor, type GrammarName, type Node, type Query } from '../tree-sitter.js';
import { loadQueryFiles } from '../engine.js';
import { withParse, type ParsePolicy } from '../parse.js';

export const REVIEW_CAPTURE_VOCABULARY: readonly string[] = [
  'declaration.interface',
  'declaration.type',
  'declaration.struct',
  'declaration.enum',
  'declaration.union',
  'declaration.trait',
  'declaration.function',
  'declaration.impl',
  'declaration.class',
  'declaration.constant',
  'declaration.variable',
  'declaration.namespace',
  'declaration.ambient',
  'name',
  'reference.type',
  'reference.qualified',
  'reference.call',
  'callee',
  'qualifier',
  'member',
  'source',
  'binder',
  'local',
  'skip',
  'import',
  'module',
  'uncertain',
  'unsupported',
  'decorator',
  'base',
  'statement',
  'field',
  'inert',
  'binding',
  'alias',
  'type',
  'value',
  'guard',
  'body',
  'export',
  'modifier',
  'arguments',
  'receiver',
  'declarator',
];

/** The compiled review query of a profile's grammar folder, once per thread. */
export function reviewQuery(grammar: GrammarName, folder: string): Promise<Query> {
  return loadQueryFiles(grammar, [`${folder}/review.scm`], REVIEW_CAPTURE_VOCABULARY);
}

/** One parse of a source and the one run of its profile's review query over the whole file. */
export interface ReviewParse {
  root: Node;
  /** Every match of the review query in the file, in document order of their tag node. */
  matches: readonly ReviewMatch[];
}

/**
 * Hands `read` the one parse of `source` (parsers/parse.ts: the index extraction reads the
 * same one, with the language adapter's repair) and the matches of the profile's review
 * query over it, run once per parse: the review facts of a file, its callable shapes and
 * its index facts come from one parse. `read` must not keep the tree's nodes.
 */
export async function withReviewParse<T>(policy: ParsePolicy, folder: string, source: string, read: (parse: ReviewParse) => T): Promise<T> {
  const [parser, query] = await Promise.all([parserFor(policy.grammar), reviewQuery(policy.grammar, folder)]);
  return withParse(parser, policy, source, (parse) => read({ root: parse.root, matches: parse.run(`review:${folder}`, () => reviewMatches(query, parse.root)) }));
}

/** Captures that qualify a match's tag rather than being one; names starting with `_` serve predicates only. */
const PART_NAMES = new Set(['name', 'callee', 'qualifier', 'member', 'source', 'alias', 'type', 'value', 'guard', 'body', 'modifier', 'arguments', 'receiver']);

export interface ReviewMatch {
  /** The match's one capture that is not a part (`reference.type`, `binder`, ...): what it is about. */
  tag: string;
  node: Node;
  /** Every capture of the match by name (the first node of each name). */
  parts: Record<string, Node>;
}

/** Matches of `query` inside `node`, in document order of their tag node. */
export function reviewMatches(query: Query, node: Node): ReviewMatch[] {
  const out: ReviewMatch[] = [];
  for (const match of query.matches(node)) {
    if (match.captures.length === 0) continue;
    const parts: Record<string, Node> = {};
    for (const c of match.captures) parts[c.name] ??= c.node;
    const tag = match.captures.find((c) => !PART_NAMES.has(c.name) && !c.name.startsWith('_'));
    if (tag) out.push({ tag: tag.name, node: tag.node, parts });
  }
  out.sort((a, b) => a.node.startIndex - b.node.startIndex || a.node.endIndex - b.node.endIndex);
  return out;
}

/** The matches inside each of `nodes` (in document order, none inside another), by node; a node without any is left out. */
export function matchesWithin(nodes: readonly Node[], matches: readonly ReviewMatch[]): Map<Node, ReviewMatch[]> {
  const out = new Map<Node, ReviewMatch[]>();
  let k = 0;
  for (const m of matches) {
    while (k < nodes.length && nodes[k].endIndex <= m.node.startIndex) k++;
    const node = nodes[k];
    if (!node || node.startIndex > m.node.startIndex || m.node.endIndex > node.endIndex) continue;
    const list = out.get(node);
    if (list) list.push(m);
    else out.set(node, [m]);
  }
  return out;
}
