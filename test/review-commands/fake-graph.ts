// A small in-memory GraphReader for testing the review queries without a store.
import { nearestNames } from '../../store/similar-names.js';
import { TEST_CASE_KINDS, type EdgeRecord, type EdgeRef, type FileRecord, type GraphReader, type GraphStats, type IndexMeta, type SymbolRecord, type UnresolvedRecord } from '../../contracts/graph.js';
import type { ResolutionKind } from '../../contracts/tiers.js';
import { RESOLUTION_CONFIDENCE } from '../../contracts/tiers.js';
import { normalisedName, wordSuffixes } from '../../store/name-words.js';

export interface FakeSymbol {
  id: string;
  kind?: SymbolRecord['kind'];
  lines?: [number, number];
  is_test?: boolean;
  parent?: string;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function fakeSymbol(spec: FakeSymbol): SymbolRecord {
  const split = spec.id.indexOf('::');
  const file_path = split < 0 ? spec.id : spec.id.slice(0, split);
  const qualified = split < 0 ? '' : spec.id.slice(split + 2);
  const name = qualified.split(/::|\./).pop() ?? '';
  const [start, end] = spec.lines ?? [1, 1];
  return {
    id: spec.id,
    name,
    qualified_name: qualified,
    kind: spec.kind ?? 'function',
    file_path,
    start_line: start,
    end_line: end,
    start_column: 0,
    end_column: 1,
    start_byte: 0,
    end_byte: 1,
    is_test: spec.is_test ?? false,
    language: 'rust',
    parent_id: spec.parent ?? null,
  };
}

export function call(source: string, target: string, tier: ResolutionKind = 'exact', line = 1): EdgeRecord {
  return {
    source,
    target,
    relationship: 'calls',
    resolution_kind: tier,
    confidence: RESOLUTION_CONFIDENCE[tier],
    file_path: source.split('::')[0]!,
    line,
    column: 4,
  };
}

export function unresolvedCall(source: string, specifier: string, reason: UnresolvedRecord['reason'] = 'missing_target', line = 1): UnresolvedRecord {
  return { source, specifier, kind: 'call', file_path: source.split('::')[0]!, line, column: 4, reason };
}

export class FakeGraph implements GraphReader {
  readonly symbolsById = new Map<string, SymbolRecord>();
  constructor(
    symbols: (FakeSymbol | SymbolRecord)[],
    readonly edgeList: EdgeRecord[] = [],
    readonly unresolvedList: UnresolvedRecord[] = [],
    readonly fileList: FileRecord[] = [],
    readonly statsValue?: Partial<GraphStats>,
    readonly metaValue?: IndexMeta,
  ) {
    for (const s of symbols) {
      const record = 'file_path' in s ? (s as SymbolRecord) : fakeSymbol(s);
      this.symbolsById.set(record.id, record);
    }
    this.unresolvedList.sort(
      (a, b) => byString(a.file_path, b.file_path) || a.line - b.line || a.column - b.column || byString(a.specifier, b.specifier),
    );
    if (fileList.length === 0) {
      const paths = new Set([...this.symbolsById.values()].map((s) => s.file_path));
      for (const path of paths) {
        this.fileList.push({ path, language: 'rust', size: 1, mtime_ms: 0, hash: '', status: 'ok', symbols: 0, call_sites: 0 });
      }
    }
    this.fileList.sort((a, b) => byString(a.path, b.path));
  }
  meta() {
    return this.metaValue;
  }
  stats(): GraphStats {
    return {
      files: this.fileList.length,
      files_by_status: {},
      files_by_language: {},
      symbols: this.symbolsById.size,
      edges_by_relationship: {},
      edges_by_resolution: {},
      unresolved_by_reason: {},
      call_sites: 0,
      unsupported_extensions: {},
      ...this.statsValue,
    };
  }
  file(path: string) {
    return this.fileList.find((f) => f.path === path);
  }
  *files(prefix?: string) {
    for (const f of this.fileList) if (!prefix || f.path.startsWith(prefix)) yield f;
  }
  filesInDirectory(dir: string, limit: number) {
    return this.fileList
      .map((f) => f.path)
      .filter((p) => p.startsWith(dir) && !p.slice(dir.length).includes('/'))
      .slice(0, limit);
  }
  symbol(id: string) {
    return this.symbolsById.get(id);
  }
  symbolsInFile(path: string) {
    return [...this.symbolsById.values()].filter((s) => s.file_path === path).sort((a, b) => a.start_line - b.start_line);
  }
  symbolsByName(name: string) {
    return [...this.symbolsById.values()].filter((s) => s.name === name);
  }
  similarNames(query: string, limit: number) {
    const names = [...this.symbolsById.values()].map((s): [string, string] => [s.name.toLowerCase(), s.name]);
    return nearestNames(query, names, limit);
  }
  search(query: string, limit: number) {
    const q = query.toLowerCase();
    return [...this.symbolsById.values()].filter((s) => s.name.toLowerCase().includes(q)).slice(0, limit);
  }
  outgoing(id: string) {
    return this.edgeList.filter((e) => e.source === id);
  }
  incoming(id: string) {
    return this.edgeList.filter((e) => e.target === id);
  }
  /** Through `incoming`, so a test that watches it sees these reads too; `ord` is the edge's index in the list. */
  incomingRefs(id: string): EdgeRef[] {
    return this.incoming(id).map((e) => ({
      source: e.source,
      target: e.target!,
      relationship: e.relationship,
      confidence: e.confidence,
      line: e.line,
      column: e.column,
      ord: this.edgeList.indexOf(e),
    }));
  }
  incomingFromTests(id: string): EdgeRef[] {
    return this.incomingRefs(id).filter((ref) => this.symbolsById.get(ref.source)?.is_test === true);
  }
  edge(ref: EdgeRef) {
    return this.edgeList[ref.ord];
  }
  testKind(id: string) {
    const s = this.symbolsById.get(id);
    return s?.is_test ? s.kind : undefined;
  }
  testsInFile(path: string) {
    return [...this.symbolsById.values()]
      .filter((s) => s.is_test && s.file_path === path)
      .map((s) => ({ id: s.id, kind: s.kind as string }))
      .sort((a, b) => byString(a.id, b.id));
  }
  testsNamedAfter(name: string, budget: number) {
    const needle = normalisedName(name);
    const ids = [...this.symbolsById.values()]
      .filter((s) => s.is_test && TEST_CASE_KINDS.has(s.kind) && needle !== '' && wordSuffixes(s.name).some((w) => w.startsWith(needle)))
      .map((s) => s.id)
      .sort(byString);
    return { ids: ids.slice(0, budget), complete: ids.length <= budget };
  }
  unresolvedFrom(id: string) {
    return this.unresolvedList.filter((u) => u.source === id);
  }
  *unresolved(prefix?: string) {
    for (const u of this.unresolvedList) if (!prefix || u.file_path.startsWith(prefix)) yield u;
  }
  edges() {
    return this.edgeList;
  }
  symbols() {
    return this.symbolsById.values();
  }
}

/** The contract's story library, after the edit: render_page calls a missing function. */
export function storyGraph(): FakeGraph {
  const lib = 'src/lib.rs';
  const tests = 'tests/render_tests.rs';
  return new FakeGraph(
    [
      { id: `${lib}::render`, lines: [1, 3] },
      { id: `${lib}::render_page`, lines: [5, 8] },
      { id: `${lib}::tests`, kind: 'module', lines: [10, 16], is_test: true },
      { id: `${lib}::tests::renders_empty`, lines: [12, 15], is_test: true, parent: `${lib}::tests` },
      { id: `${tests}::render_page_uses_render`, lines: [3, 7], is_test: true },
      { id: `tests/naming.rs::test_render_output`, lines: [1, 3], is_test: true },
    ],
    [
      call(`${lib}::render_page`, `${lib}::render`, 'same_file', 6),
      call(`${tests}::render_page_uses_render`, `${lib}::render`, 'exact', 4),
      call(`${tests}::render_page_uses_render`, `${lib}::render_page`, 'exact', 5),
    ],
    [unresolvedCall(`${lib}::render_page`, 'missing_renderer', 'missing_target', 7), unresolvedCall(`${tests}::render_page_uses_render`, 'assert_eq!', 'macro_or_function', 6)],
  );
}
