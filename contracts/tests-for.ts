// `data` of `cairn tests-for --json` (and cairn_tests_for): tests with a structural
// path to a symbol, then labelled candidates.
import { keysOf } from './keys.js';
import type { RelationshipView, SymbolView } from './symbol-view.js';

export type TestEvidence = 'direct_call' | 'same_module_candidate' | 'name_heuristic';

export interface TestItem {
  test: SymbolView;
  /** From the test to the target. */
  path: RelationshipView[];
  confidence: number;
  evidence: TestEvidence;
}

export interface TestsForData {
  target: SymbolView | null;
  tests: TestItem[];
  /** Opening the index, finding the symbol and answering (process start and printing excluded). */
  timings_ms?: { query: number };
}

export const TESTS_FOR_DATA_KEYS = {
  data: keysOf<TestsForData>()(['target', 'tests', 'timings_ms']),
  test: keysOf<TestItem>()(['test', 'path', 'confidence', 'evidence']),
} as const;
