// `tests-for`: test symbols with a structural path to a production symbol.
//
// Direct evidence walks the incoming-edge index backwards from the target, level
// by level, up to MAX_HOPS edges (a test calling a helper that calls the target
// is still a direct path). It never scans the set of all tests: the work is the
// target's reverse neighbourhood, capped by a visit budget. A path's confidence
// is its weakest edge. Candidates (same module, name) are labelled as such and
// never outrank their nature: a name match scores at most 30.
//
// The walk reads index keys only (an incoming key holds the edge's confidence, the
// test index says which symbols are tests, and the last hop reads only the edges
// whose source is a test); symbol and edge records are read for the rows the answer
// prints, after ranking. Name candidates come from the
// test-name index, never from a scan of all names.
import { TEST_CASE_KINDS, type EdgeRef, type GraphReader, type SymbolRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import { normalisedName } from '../store/name-words.js';
import { PATH_RELATIONSHIPS, compareStrings, relationshipView, symbolView, type RelationshipView, type SymbolView } from './views.js';

export const TESTS_FOR_DEFAULT_LIMIT = 30;
export const TESTS_FOR_MAX_LIMIT = 100;
export const MAX_HOPS = 3;
/** Symbols whose callers are read, at most; beyond it the answer is marked partial. */
export const VISIT_BUDGET = 2000;
/** Incoming edges looked at, at most. */
export const EDGE_BUDGET = 20_000;
/** Same-directory files looked at for colocated test candidates. */
const MODULE_FILE_BUDGET = 40;
/** Test-name index entries read for name candidates (keys only). */
const NAME_SEARCH_BUDGET = 10_000;
/** Shorter names (normalised) name too many tests to be a useful hint. */
const MIN_NAME_LENGTH = 3;

export const SAME_MODULE_CONFIDENCE = 40;
export const NAME_HEURISTIC_CONFIDENCE = RESOLUTION_CONFIDENCE.name_only;



export type { TestEvidence, TestItem } from '../contracts/tests-for.js';
import type { TestEvidence, TestItem } from '../contracts/tests-for.js';

export interface TestsForOptions {
  prefix?: string;
  limit: number;
  includeTests: boolean;
  maxHops?: number;
  visitBudget?: number;
}

export interface TestsForResult {
  target: SymbolView;
  tests: TestItem[];
  truncated: boolean;
  /** The reverse walk hit its visit budget: deeper tests may exist. */
  search_budget_reached: boolean;
  /** Direct tests found before the limit was applied. */
  total: number;
}

interface Reach {
  id: string;
  /** Edges from this symbol to the target, nearest first. */
  refs: EdgeRef[];
  weakest: number;
}

/** A row of the answer before any record is read: enough to rank it. */
interface Row {
  id: string;
  confidence: number;
  evidence: TestEvidence;
  hops: number;
  /** The printed item, reading the records it shows; undefined when the row drops out (out of scope). */
  item: () => TestItem | undefined;
}

const EVIDENCE_RANK: Record<TestEvidence, number> = { direct_call: 0, same_module_candidate: 1, name_heuristic: 2 };

const byRank = (a: Row, b: Row) =>
  b.confidence - a.confidence || EVIDENCE_RANK[a.evidence] - EVIDENCE_RANK[b.evidence] || a.hops - b.hops || compareStrings(a.id, b.id);

/** Symbol records read once each, only when a printed row needs them. */
class Records {
  private readonly cache = new Map<string, SymbolRecord | undefined>();
  constructor(private readonly graph: GraphReader, target: SymbolRecord) {
    this.cache.set(target.id, target);
  }
  get(id: string): SymbolRecord | undefined {
    if (!this.cache.has(id)) this.cache.set(id, this.graph.symbol(id));
    return this.cache.get(id);
  }
}

export function testsFor(graph: GraphReader, target: SymbolRecord, options: TestsForOptions): TestsForResult {
  const result: TestsForResult = { target: symbolView(target), tests: [], truncated: false, search_budget_reached: false, total: 0 };
  if (!options.includeTests) return result;
  const maxHops = options.maxHops ?? MAX_HOPS;
  const budget = options.visitBudget ?? VISIT_BUDGET;
  const records = new Records(graph, target);
  const inScope = (id: string) => !options.prefix || (records.get(id)?.file_path.startsWith(options.prefix) ?? false);
  const testKinds = new Map<string, string | undefined>();
  const testKind = (id: string) => {
    if (!testKinds.has(id)) testKinds.set(id, graph.testKind(id));
    return testKinds.get(id);
  };

  const best = new Map<string, Reach>([[target.id, { id: target.id, refs: [], weakest: 100 }]]);
  const found = new Map<string, Reach>();
  let level: Reach[] = [best.get(target.id)!];
  let visits = 0;
  let edgesSeen = 0;
  for (let hop = 1; hop <= maxHops && level.length > 0; hop += 1) {
    const next = new Map<string, Reach>();
    for (const reach of level) {
      if (visits >= budget || edgesSeen >= EDGE_BUDGET) {
        result.search_budget_reached = true;
        break;
      }
      visits += 1;
      // On the last hop only a test can still be found, so only edges from tests are read.
      const refs = hop === maxHops ? graph.incomingFromTests(reach.id) : graph.incomingRefs(reach.id);
      for (const ref of refs) {
        edgesSeen += 1;
        if (!PATH_RELATIONSHIPS.has(ref.relationship) || ref.source === reach.id) continue;
        if (best.has(ref.source)) continue;
        const weakest = Math.min(reach.weakest, ref.confidence);
        const held = next.get(ref.source);
        if (!held || weakest > held.weakest) next.set(ref.source, { id: ref.source, refs: [ref, ...reach.refs], weakest });
      }
    }
    for (const [id, reach] of next) {
      best.set(id, reach);
      const kind = testKind(id);
      if (kind !== undefined && TEST_CASE_KINDS.has(kind) && inScope(id)) found.set(id, reach);
    }
    // Tests end a path: what calls a test is not evidence about the target.
    level = [...next.values()].filter((r) => testKind(r.id) === undefined).sort((a, b) => compareStrings(a.id, b.id));
    if (result.search_budget_reached) break;
    // Enough direct tests at this distance: deeper ones would only be cut by the limit.
    if (found.size > options.limit && level.length > 0) {
      result.truncated = true;
      break;
    }
  }

  const rows: Row[] = [];
  for (const reach of found.values()) {
    rows.push({ id: reach.id, confidence: reach.weakest, evidence: 'direct_call', hops: reach.refs.length, item: () => directItem(graph, records, reach) });
  }
  result.total = rows.length;
  // Candidates score at most SAME_MODULE_CONFIDENCE and rank after direct tests of equal
  // confidence: when more direct tests than the limit already reach that score, no
  // candidate could be shown, so neither candidate search runs.
  const strongDirect = rows.filter((r) => r.confidence >= SAME_MODULE_CONFIDENCE).length;
  if (strongDirect <= options.limit) {
    // The target is not a candidate test of itself.
    const listed = new Set([target.id, ...found.keys()]);
    rows.push(...sameModuleCandidates(graph, records, target, listed, options.prefix));
    const named = nameCandidates(graph, records, target, listed, inScope);
    rows.push(...named.rows);
    // The name index held more entries than it may read: the candidates are a part.
    if (!named.complete) result.truncated = true;
  }

  // Records are read from here on, in rank order, for the rows shown (and one more:
  // a row out of scope drops out, so only a readable one proves the answer was cut).
  rows.sort(byRank);
  for (const row of rows) {
    const item = row.item();
    if (!item) continue;
    if (result.tests.length === options.limit) {
      result.truncated = true;
      break;
    }
    result.tests.push(item);
  }
  return result;
}

function directItem(graph: GraphReader, records: Records, reach: Reach): TestItem | undefined {
  const test = records.get(reach.id);
  if (!test) return undefined;
  const path: RelationshipView[] = [];
  for (const ref of reach.refs) {
    const edge = graph.edge(ref);
    const source = records.get(ref.source);
    const target = records.get(ref.target);
    if (!edge || !source || !target) return undefined;
    path.push(relationshipView(edge, source, target));
  }
  return { test: symbolView(test), path, confidence: reach.weakest, evidence: 'direct_call' };
}

/**
 * Tests colocated with the target (same file, then same directory): colocation only,
 * not a call. The test index lists a file's tests; a record is read only if shown.
 */
function sameModuleCandidates(graph: GraphReader, records: Records, target: SymbolRecord, listed: Set<string>, prefix: string | undefined): Row[] {
  const dir = target.file_path.includes('/') ? target.file_path.slice(0, target.file_path.lastIndexOf('/') + 1) : '';
  const neighbours = graph.filesInDirectory(dir, MODULE_FILE_BUDGET + 1).filter((p) => p !== target.file_path);
  const paths = [target.file_path, ...neighbours.slice(0, MODULE_FILE_BUDGET)];
  const rows: Row[] = [];
  for (const path of paths) {
    if (prefix && !path.startsWith(prefix)) continue;
    for (const { id, kind } of graph.testsInFile(path)) {
      if (!TEST_CASE_KINDS.has(kind) || listed.has(id)) continue;
      listed.add(id);
      const item = (): TestItem | undefined => {
        const test = records.get(id);
        if (!test) return undefined;
        const container = (test.parent_id && records.get(test.parent_id)) || test;
        return {
          test: symbolView(test),
          path: [
            {
              source: symbolView(container),
              target: symbolView(test),
              relationship: 'contains',
              resolution_kind: 'same_file',
              confidence: SAME_MODULE_CONFIDENCE,
              file_path: test.file_path,
              line: test.start_line,
              column: test.start_column,
            },
          ],
          confidence: SAME_MODULE_CONFIDENCE,
          evidence: 'same_module_candidate',
        };
      };
      rows.push({ id, confidence: SAME_MODULE_CONFIDENCE, evidence: 'same_module_candidate', hops: 1, item });
    }
  }
  return rows;
}

/**
 * Tests named after the target (its words start at one of the test name's word
 * starts: `checkNotNull` names `testCheckNotNull_simple`): a naming candidate only.
 * Answered from the test-name index; a candidate's record is read only if it is shown.
 */
function nameCandidates(
  graph: GraphReader,
  records: Records,
  target: SymbolRecord,
  listed: Set<string>,
  inScope: (id: string) => boolean,
): { rows: Row[]; complete: boolean } {
  if (normalisedName(target.name).length < MIN_NAME_LENGTH) return { rows: [], complete: true };
  const rows: Row[] = [];
  const named = graph.testsNamedAfter(target.name, NAME_SEARCH_BUDGET);
  for (const id of named.ids) {
    if (listed.has(id)) continue;
    listed.add(id);
    const item = (): TestItem | undefined => {
      const test = records.get(id);
      if (!test || !inScope(id)) return undefined;
      return {
        test: symbolView(test),
        path: [
          {
            source: symbolView(test),
            target: symbolView(target),
            relationship: 'references',
            resolution_kind: 'name_only',
            confidence: NAME_HEURISTIC_CONFIDENCE,
            file_path: test.file_path,
            line: test.start_line,
            column: test.start_column,
          },
        ],
        confidence: NAME_HEURISTIC_CONFIDENCE,
        evidence: 'name_heuristic',
      };
    };
    rows.push({ id, confidence: NAME_HEURISTIC_CONFIDENCE, evidence: 'name_heuristic', hops: 1, item });
  }
  return { rows, complete: named.complete };
}
