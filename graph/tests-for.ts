// `tests-for`: test symbols with a structural path to a production symbol.
//
// Direct evidence walks the incoming-edge index backwards from the target, level
// by level, up to MAX_HOPS edges (a test calling a helper that calls the target
// is still a direct path). It never scans the set of all tests: the work is the
// target's reverse neighbourhood, capped by a visit budget. A path's confidence
// is its weakest edge. Candidates (same module, name) are labelled as such and
// never outrank their nature: a name match scores at most 30.
import type { EdgeRecord, GraphReader, SymbolRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import {
  CALLABLE_KINDS,
  PATH_RELATIONSHIPS,
  compareStrings,
  relationshipView,
  symbolView,
  type RelationshipView,
  type SymbolView,
} from './views.js';

export const TESTS_FOR_DEFAULT_LIMIT = 30;
export const TESTS_FOR_MAX_LIMIT = 100;
export const MAX_HOPS = 3;
/** Symbols whose callers are read, at most; beyond it the answer is marked partial. */
export const VISIT_BUDGET = 2000;
/** Incoming edges looked at, at most (each costs a symbol read). */
export const EDGE_BUDGET = 20_000;
/** Same-directory files looked at for colocated test candidates. */
const MODULE_FILE_BUDGET = 40;
const NAME_SEARCH_BUDGET = 200;

export const SAME_MODULE_CONFIDENCE = 40;
export const NAME_HEURISTIC_CONFIDENCE = RESOLUTION_CONFIDENCE.name_only;

export type TestEvidence = 'direct_call' | 'same_module_candidate' | 'name_heuristic';

export interface TestItem {
  test: SymbolView;
  /** From the test to the target. */
  path: RelationshipView[];
  confidence: number;
  evidence: TestEvidence;
}

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
  symbol: SymbolRecord;
  /** Edges from this symbol to the target, nearest first. */
  edges: EdgeRecord[];
  weakest: number;
}

const EVIDENCE_RANK: Record<TestEvidence, number> = { direct_call: 0, same_module_candidate: 1, name_heuristic: 2 };

export function testsFor(graph: GraphReader, target: SymbolRecord, options: TestsForOptions): TestsForResult {
  const result: TestsForResult = { target: symbolView(target), tests: [], truncated: false, search_budget_reached: false, total: 0 };
  if (!options.includeTests) return result;
  const maxHops = options.maxHops ?? MAX_HOPS;
  const budget = options.visitBudget ?? VISIT_BUDGET;
  const inScope = (s: SymbolRecord) => !options.prefix || s.file_path.startsWith(options.prefix);

  const symbols = new Map<string, SymbolRecord | undefined>([[target.id, target]]);
  const lookup = (id: string) => {
    if (!symbols.has(id)) symbols.set(id, graph.symbol(id));
    return symbols.get(id);
  };

  const best = new Map<string, Reach>([[target.id, { symbol: target, edges: [], weakest: 100 }]]);
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
      for (const edge of graph.incoming(reach.symbol.id)) {
        edgesSeen += 1;
        if (!PATH_RELATIONSHIPS.has(edge.relationship) || edge.source === reach.symbol.id) continue;
        if (best.has(edge.source)) continue;
        const source = lookup(edge.source);
        if (!source) continue;
        const candidate: Reach = { symbol: source, edges: [edge, ...reach.edges], weakest: Math.min(reach.weakest, edge.confidence) };
        const held = next.get(source.id);
        if (!held || candidate.weakest > held.weakest) next.set(source.id, candidate);
      }
    }
    for (const [id, reach] of next) {
      best.set(id, reach);
      if (reach.symbol.is_test && CALLABLE_KINDS.has(reach.symbol.kind)) {
        if (inScope(reach.symbol)) found.set(id, reach);
      }
    }
    // Tests end a path: what calls a test is not evidence about the target.
    level = [...next.values()].filter((r) => !r.symbol.is_test).sort((a, b) => compareStrings(a.symbol.id, b.symbol.id));
    if (result.search_budget_reached) break;
    // Enough direct tests at this distance: deeper ones would only be cut by the limit.
    if (found.size > options.limit && level.length > 0) {
      result.truncated = true;
      break;
    }
  }

  const items: TestItem[] = [];
  for (const reach of found.values()) {
    const path = reach.edges.map((edge) => relationshipView(edge, lookup(edge.source)!, lookup(edge.target!)!));
    items.push({ test: symbolView(reach.symbol), path, confidence: reach.weakest, evidence: 'direct_call' });
  }
  result.total = items.length;
  // Candidates score at most SAME_MODULE_CONFIDENCE and rank after direct tests of equal
  // confidence: when more direct tests than the limit already reach that score, no
  // candidate could be shown, so the name search (a scan of the name index) is skipped.
  const strongDirect = items.filter((i) => i.confidence >= SAME_MODULE_CONFIDENCE).length;
  if (strongDirect <= options.limit) {
    const listed = new Set(items.map((i) => i.test.id));
    for (const item of sameModuleCandidates(graph, target, listed, inScope)) items.push(item);
    for (const item of nameCandidates(graph, target, listed, inScope)) items.push(item);
  }

  items.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      EVIDENCE_RANK[a.evidence] - EVIDENCE_RANK[b.evidence] ||
      a.path.length - b.path.length ||
      compareStrings(a.test.id, b.test.id),
  );
  result.truncated = result.truncated || items.length > options.limit;
  result.tests = items.slice(0, options.limit);
  return result;
}

/** Tests colocated with the target (same file, then same directory): colocation only, not a call. */
function sameModuleCandidates(
  graph: GraphReader,
  target: SymbolRecord,
  listed: Set<string>,
  inScope: (s: SymbolRecord) => boolean,
): TestItem[] {
  const dir = target.file_path.includes('/') ? target.file_path.slice(0, target.file_path.lastIndexOf('/') + 1) : '';
  const paths = [target.file_path];
  let looked = 0;
  for (const file of graph.files(dir || undefined)) {
    if (looked >= MODULE_FILE_BUDGET) break;
    const rest = file.path.slice(dir.length);
    if (file.path === target.file_path || rest.includes('/') || !file.path.startsWith(dir)) continue;
    looked += 1;
    paths.push(file.path);
  }
  const items: TestItem[] = [];
  for (const path of paths) {
    const inFile = graph.symbolsInFile(path);
    const byId = new Map(inFile.map((s) => [s.id, s]));
    for (const s of inFile) {
      if (!s.is_test || !CALLABLE_KINDS.has(s.kind) || listed.has(s.id) || !inScope(s)) continue;
      listed.add(s.id);
      const container = (s.parent_id && byId.get(s.parent_id)) || s;
      items.push({
        test: symbolView(s),
        path: [
          {
            source: symbolView(container),
            target: symbolView(s),
            relationship: 'contains',
            resolution_kind: 'same_file',
            confidence: SAME_MODULE_CONFIDENCE,
            file_path: s.file_path,
            line: s.start_line,
            column: s.start_column,
          },
        ],
        confidence: SAME_MODULE_CONFIDENCE,
        evidence: 'same_module_candidate',
      });
    }
  }
  return items;
}

/** Tests whose name contains the target's name: a naming candidate only. */
function nameCandidates(
  graph: GraphReader,
  target: SymbolRecord,
  listed: Set<string>,
  inScope: (s: SymbolRecord) => boolean,
): TestItem[] {
  const needle = target.name.toLowerCase();
  if (needle.length < 3) return [];
  const items: TestItem[] = [];
  for (const s of graph.search(target.name, NAME_SEARCH_BUDGET)) {
    if (!s.is_test || !CALLABLE_KINDS.has(s.kind) || listed.has(s.id) || !inScope(s)) continue;
    if (!s.name.toLowerCase().includes(needle)) continue;
    listed.add(s.id);
    items.push({
      test: symbolView(s),
      path: [
        {
          source: symbolView(s),
          target: symbolView(target),
          relationship: 'references',
          resolution_kind: 'name_only',
          confidence: NAME_HEURISTIC_CONFIDENCE,
          file_path: s.file_path,
          line: s.start_line,
          column: s.start_column,
        },
      ],
      confidence: NAME_HEURISTIC_CONFIDENCE,
      evidence: 'name_heuristic',
    });
  }
  return items;
}
