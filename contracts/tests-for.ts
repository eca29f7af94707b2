// `data` of `cairn tests-for --json` (and cairn_tests_for): tests with a structural
// path to a symbol, then labelled candidates.
import { keysOf } from './keys.js';
import type { RelationshipView, SymbolView } from './symbol-view.js';

export type TestEvidence = 'direct_call' | 'same_module_candidate' | 'name_heuristic';

export interface TestItem {
  test: SymbolView;
  /**
   * Edges the graph holds. A direct test's path runs from the test to the target; a
   * candidate's shows its strongest evidence (the test's and the target's calls to a
   * shared callee) or is empty when the evidence is a name.
   */
  path: RelationshipView[];
  confidence: number;
  evidence: TestEvidence;
  /** What makes a candidate one (null for a direct test): callees it shares with the target, words of the target's name in its own. */
  basis: { shared_callees: string[]; name_words: string[] } | null;
}

export interface TestsForData {
  target: SymbolView | null;
  tests: TestItem[];
  /** Opening the index, finding the symbol and answering (process start and printing excluded). */
  timings_ms?: { query: number };
}

export const TESTS_FOR_DATA_KEYS = {
  data: keysOf<TestsForData>()(['target', 'tests', 'timings_ms']),
  test: keysOf<TestItem>()(['test', 'path', 'confidence', 'evidence', 'basis']),
} as const;
