// The one place a whole source is parsed: a language adapter's repair logic, the count of
// syntax errors, and the parses kept for the next reader of the same text. The index
// extraction (parsers/engine.ts) and the review captures (parsers/review/captures.ts) both
// read through `withParse`, so a file whose index facts and review facts are both wanted
// (a review, then a sync of the same text) is parsed once, and each purpose runs its own
// query once over that tree (`Parse.run`). The review keeps its parses (graph facts and
// the index read them next); the index extraction reads a kept parse but keeps none.
import { parseText, type GrammarName, type Node, type Parser, type Tree } from './tree-sitter.js';

/** What a parse needs of a language adapter: its grammar and how it repairs a source. */
export interface ParsePolicy {
  grammar: GrammarName;
  /**
   * For a source that parsed with errors: the source rewritten around a known grammar gap,
   * keeping every offset and line break. Used when it parses with fewer errors.
   */
  repairSource?(source: string): string;
  /** Parse the repaired source alone, never the source as written. */
  repairAlways?: boolean;
}

/** One parse of a source: the tree read by every purpose, and each purpose's query run over it. */
export interface Parse {
  root: Node;
  /** ERROR nodes of the tree (at least 1 for a tree with errors); 0 for a clean tree. */
  syntaxErrors: number;
  /** `compute()` once per purpose for this parse (the review query's matches), however many readers ask. */
  run<T>(purpose: string, compute: () => T): T;
}

interface Kept extends Parse {
  policy: ParsePolicy;
  source: string;
  tree: Tree;
  users: number;
  runs: Map<string, unknown>;
}

/**
 * Parses kept after their last reader let go, newest first, so that the next reader of
 * the same text parses nothing: at most KEPT of them, of at most KEPT_BYTES of source
 * together. A parse is keyed by the adapter (its grammar and repair) and the text: the
 * review passes its language's index adapter, so both read one parse.
 */
const KEPT = 8;
const KEPT_BYTES = 1024 * 1024;
const kept: Kept[] = [];

/** Whole sources parsed by this thread, repaired texts included: a count tests can read. */
let parses = 0;
export function parseCount(): number {
  return parses;
}

/**
 * Hands `read` the parse of `source`, parsing only when no parse of the same text with the
 * same adapter is kept. The tree lives while `read` runs, and is kept for the next reader
 * when it was kept already or `keep` is set; `read` must not keep its nodes.
 */
export function withParse<T>(parser: Parser, policy: ParsePolicy, source: string, read: (parse: Parse) => T, keep = true): T {
  let entry = kept.find((p) => p.policy === policy && p.source === source);
  if (entry) kept.splice(kept.indexOf(entry), 1);
  else {
    const [tree, syntaxErrors] = parseRepaired(parser, policy, source);
    const runs = new Map<string, unknown>();
    entry = {
      policy,
      source,
      tree,
      root: tree.rootNode,
      syntaxErrors,
      users: 0,
      runs,
      run: <R>(purpose: string, compute: () => R): R => {
        if (!runs.has(purpose)) runs.set(purpose, compute());
        return runs.get(purpose) as R;
      },
    };
    if (!keep) {
      try {
        return read(entry);
      } finally {
        tree.delete();
      }
    }
  }
  kept.unshift(entry);
  entry.users++;
  try {
    return read(entry);
  } finally {
    entry.users--;
    let count = 0;
    let bytes = 0;
    for (const idle of kept.filter((p) => p.users === 0)) {
      if (++count <= KEPT && (bytes += idle.source.length) <= KEPT_BYTES) continue;
      kept.splice(kept.indexOf(idle), 1);
      idle.tree.delete();
    }
  }
}

/**
 * The tree of a source, with its count of syntax errors (at least 1 for a tree with
 * errors): the source's, or the repaired source's when that has fewer errors.
 */
function parseRepaired(parser: Parser, policy: ParsePolicy, source: string): [Tree, number] {
  // A rewrite that changed nothing, or moved an offset, is never parsed.
  const repaired = (): string | undefined => {
    const text = policy.repairSource?.(source);
    return text !== undefined && text !== source && text.length === source.length ? text : undefined;
  };
  const tree = parse(parser, (policy.repairAlways && repaired()) || source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  if (!tree.rootNode.hasError) return [tree, 0];
  let errors = errorNodes(tree);
  let best = tree;
  const text = policy.repairAlways ? undefined : repaired();
  const other = text === undefined ? null : parse(parser, text);
  if (other) [best, errors] = fewerErrors([tree, errors], other);
  return [best, best.rootNode.hasError ? Math.max(1, errors) : 0];
}

function parse(parser: Parser, text: string): Tree | null {
  parses++;
  return parseText(parser, text);
}

/** Of a tree with `errors` ERROR nodes and another, the one with fewer errors; the other is deleted. */
function fewerErrors([tree, errors]: [Tree, number], other: Tree): [Tree, number] {
  // A tree with errors (maybe only missing tokens, no ERROR node) ranks below one without.
  const otherErrors = other.rootNode.hasError ? errorNodes(other) : -1;
  if (otherErrors < errors) {
    tree.delete();
    return [other, otherErrors];
  }
  other.delete();
  return [tree, errors];
}

/** Number of ERROR nodes in a tree. */
function errorNodes(tree: Tree): number {
  return tree.rootNode.descendantsOfType('ERROR').length;
}
