// The join and the metrics on hand-written export messages and oracle sites.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { graphFromMessages, lastIdentifier, readCairnExport, symbolForDeclaration } from '../../scripts/accuracy/cairn-graph.mjs';
// @ts-expect-error plain ESM script without type declarations
import { joinFile, unclaimedSites } from '../../scripts/accuracy/join.mjs';
// @ts-expect-error plain ESM script without type declarations
import { isOutsideConversion, isTestPath, rightReasons, Tally } from '../../scripts/accuracy/metrics.mjs';
// @ts-expect-error plain ESM script without type declarations
import { joinOracleFile, mergeRuns } from '../../scripts/accuracy/run.mjs';
// @ts-expect-error plain ESM script without type declarations
import { renderMarkdown } from '../../scripts/accuracy/report-md.mjs';

const sym = (file: string, qn: string, kind: string, sl: number, sc: number, el: number, ec: number, name = qn.split('.').pop()) => ({
  type: 'symbol',
  data: { id: `${file}::${qn}`, name, qualified_name: qn, kind, file_path: file, start_line: sl, end_line: el, start_column: sc, end_column: ec, start_byte: 0, end_byte: 0, is_test: false, language: 'typescript', parent_id: null },
});
const edge = (file: string, line: number, column: number, target: string, tier: string, confidence: number, specifier?: string) => ({
  type: 'edge',
  data: { source: `${file}::main`, target, relationship: 'calls', resolution_kind: tier, confidence, file_path: file, line, column, specifier },
});
const unresolved = (file: string, line: number, column: number, specifier: string, reason: string) => ({
  type: 'unresolved',
  data: { source: `${file}::main`, specifier, kind: 'call', file_path: file, line, column, reason },
});
const target = (file: string | null, line: number, column: number, name: string, declKind = 'FunctionDeclaration', extra = {}) => ({ file, line, column, name, declKind, ...extra });
const site = (file: string, line: number, column: number, callColumn: number, calleeName: string | null, specifier: string, targets: any[], extra = {}) => ({
  file,
  line,
  column,
  callLine: line,
  callColumn,
  calleeName,
  specifier,
  kind: 'call',
  status: targets.length === 0 ? 'unknown' : targets.some((t) => t.file) ? 'in_repo' : 'external',
  targets,
  ...extra,
});

// lib.ts: helper (1-3), class Box (5-12) with constructor (6) and get (7-9); main.ts: main (1-20)
const SYMBOLS = [
  sym('lib.ts', 'helper', 'function', 1, 0, 3, 1),
  sym('lib.ts', 'Box', 'class', 5, 0, 12, 1),
  sym('lib.ts', 'Box.constructor', 'constructor', 6, 2, 6, 30),
  sym('lib.ts', 'Box.get', 'method', 7, 2, 9, 3),
  sym('main.ts', 'main', 'function', 1, 0, 20, 1),
];

describe('isTestPath', () => {
  it('knows test folders and test file names', () => {
    for (const p of ['v4/classic/tests/array.test.ts', 'src/foo.spec.tsx', 'test/a.cc', 'pkg/x_test.go', 'tests/test_api.py', 'src/test/java/A.java']) expect(isTestPath(p), p).toBe(true);
    for (const p of ['src/contest.ts', 'internal/Subject.ts', 'src/attest/x.rs']) expect(isTestPath(p), p).toBe(false);
  });
});

describe('lastIdentifier', () => {
  it('takes the last name of a callee as written', () => {
    expect(lastIdentifier('a.b?.c')).toBe('c');
    expect(lastIdentifier('new Foo<T>')).toBe('Foo');
    expect(lastIdentifier('x["y"]')).toBe('y');
    expect(lastIdentifier('this.#priv')).toBe('#priv');
    expect(lastIdentifier('crate::a::f')).toBe('f');
    expect(lastIdentifier(null)).toBeNull();
    expect(lastIdentifier('z.toZod<() => string>')).toBe('toZod');
    expect(lastIdentifier('this["~validate"]')).toBe('~validate');
    expect(lastIdentifier('map(fn)')).toBe('map');
    expect(lastIdentifier('new A({ x: 1, y: 2 }).pipe(b).pi...')).toBeNull();
  });
});

describe('symbolForDeclaration', () => {
  const graph = graphFromMessages(SYMBOLS);
  it('takes the smallest enclosing symbol when it bears the declared name', () => {
    expect(symbolForDeclaration(graph, target('lib.ts', 7, 2, 'get')).id).toBe('lib.ts::Box.get');
    expect(symbolForDeclaration(graph, target('lib.ts', 5, 13, 'Box')).id).toBe('lib.ts::Box');
    expect(symbolForDeclaration(graph, target('lib.ts', 6, 2, 'constructor')).id).toBe('lib.ts::Box.constructor');
  });
  it('answers null for declarations cairn has no symbol for (a parameter inside a function)', () => {
    const r = symbolForDeclaration(graph, target('main.ts', 1, 14, 'f', 'Parameter'));
    expect(r).toEqual({ id: null, enclosing: 'main.ts::main' });
    expect(symbolForDeclaration(graph, target(null, 0, 0, 'map')).id).toBeNull();
  });
});

describe('joinFile', () => {
  it('pairs on the name column, then the call column, then the callee name, each record once', () => {
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 2, 2, 'lib.ts::helper', 'exact', 100, 'helper'), // name column
      edge('main.ts', 3, 2, 'lib.ts::Box.get', 'receiver_type', 90, 'b.get'), // call-start convention
      // `a.get().get()` on line 4: both calls start at column 2; the written callee tells them apart
      edge('main.ts', 4, 2, 'lib.ts::Box.get', 'name_only', 30, 'a.get().get'),
      unresolved('main.ts', 4, 2, 'a.get', 'missing_target'),
      edge('main.ts', 5, 7, 'lib.ts::helper', 'exact', 100, 'x.helper'), // a column convention nobody expects
      unresolved('main.ts', 5, 9, 'other', 'missing_target'), // nobody's
    ]);
    const sites = [
      site('main.ts', 2, 2, 2, 'helper', 'helper', [target('lib.ts', 1, 16, 'helper')]),
      site('main.ts', 3, 4, 2, 'get', 'b.get', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')]),
      site('main.ts', 4, 4, 2, 'get', 'a.get', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')]),
      site('main.ts', 4, 10, 2, 'get', 'a.get().get', [target(null, 0, 0, 'get', 'MethodSignature', { where: 'lib.es5.d.ts' })]),
      site('main.ts', 5, 4, 2, 'helper', 'x.helper', [target('lib.ts', 1, 16, 'helper')]),
      site('main.ts', 6, 2, 2, 'gone', 'gone', []),
    ];
    const out = joinFile(graph, sites);
    expect(out.map((o: any) => o.match)).toEqual(['name_column', 'call_column', 'call_column', 'call_column', 'callee_name', null]);
    expect(out[0].edges).toEqual([{ target: 'lib.ts::helper', tier: 'exact', confidence: 100, correct: true }]);
    expect(out[1].targetClass).toBe('modelled');
    expect(out[2].cairn.unresolved).toEqual([{ reason: 'missing_target', candidates: 0 }]);
    expect(out[3].targetClass).toBe('external');
    expect(out[3].edges[0].correct).toBe(false);
    expect(out[4].edges[0].correct).toBe(true);
    expect(out[5].targetClass).toBe('unknown');
    expect(unclaimedSites(graph, ['main.ts']).map((s: any) => s.specifier)).toEqual(['other']);
  });

  it('pairs the calls of a chain or a curried call, each at its own name or argument list', () => {
    // `a.get().get()` and `helper(1)(2)` on line 7, as cairn places TypeScript calls.
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 7, 4, 'lib.ts::Box.get', 'receiver_type', 90, 'a.get'),
      edge('main.ts', 7, 10, 'lib.ts::Box.get', 'receiver_type', 90, 'a.get().get'),
      edge('main.ts', 7, 17, 'lib.ts::helper', 'exact', 100, 'helper'),
      unresolved('main.ts', 7, 26, 'helper(1)', 'indirect_call'),
    ]);
    const sites = [
      site('main.ts', 7, 10, 2, 'get', 'a.get().get', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')]),
      site('main.ts', 7, 4, 2, 'get', 'a.get', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')]),
      site('main.ts', 7, 26, 17, null, 'helper(1)', []),
      site('main.ts', 7, 17, 17, 'helper', 'helper', [target('lib.ts', 1, 16, 'helper')]),
    ];
    const out = joinFile(graph, sites);
    expect(out.map((o: any) => [o.match, o.cairn?.specifier])).toEqual([
      ['name_column', 'a.get().get'],
      ['name_column', 'a.get'],
      ['name_column', 'helper(1)'],
      ['name_column', 'helper'],
    ]);
    expect(out.every((o: any) => !o.blind && o.edges.every((e: any) => e.correct !== false))).toBe(true);
  });

  it('pairs a chain whose outer call the oracle cut short with the record that shares the most of it', () => {
    // Go places every call of `c.get().\n  run().\n  get()` at the chain's start (3:2); the oracle cut the outer one short.
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 3, 2, 'lib.ts::helper', 'receiver_type', 90, 'c.get'),
      edge('main.ts', 3, 2, 'lib.ts::Box.get', 'receiver_type', 90, 'c.get(). run(). get'),
    ]);
    const sites = [
      site('main.ts', 5, 4, 2, 'get', 'c.get(). run(...', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')], { callLine: 3 }),
      site('main.ts', 3, 4, 2, 'get', 'c.get', [target('lib.ts', 1, 16, 'helper')]),
    ];
    const out = joinFile(graph, sites);
    // Each keeps its own record: no edge of one is judged against the other's target.
    expect(out.map((o: any) => o.cairn?.specifier)).toEqual(['c.get(). run(). get', 'c.get']);
    expect(out.every((o: any) => o.edges.every((e: any) => e.correct !== false))).toBe(true);
  });

  it('keeps two calls at one position with one cut-short specifier apart', () => {
    const long = `new Stream({ ${'x'.repeat(200)}...`;
    const graph = graphFromMessages([...SYMBOLS, unresolved('main.ts', 3, 9, long, 'missing_target'), unresolved('main.ts', 3, 9, long, 'missing_target')]);
    const sites = [site('main.ts', 9, 5, 9, 'pipe', 'new Stream({...}).pipe(a).pipe', [], { callLine: 3 }), site('main.ts', 8, 5, 9, 'pipe', 'new Stream({...}).pipe', [], { callLine: 3 })];
    const out = joinFile(graph, sites);
    expect(out.map((o: any) => o.match)).toEqual(['call_column', 'call_column']);
    expect(out.map((o: any) => o.blind)).toEqual([true, true]);
    expect(unclaimedSites(graph, ['main.ts'])).toEqual([]);
  });

  it('judges none of the calls of one name in a chain that starts at one position when the oracle cut their text short', () => {
    // `new Builder(...).append(...).append(...)` as cairn places Java calls: every call at the chain's start.
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 3, 9, 'lib.ts::Box.get', 'receiver_type', 90, 'new Builder().get(1)'),
      edge('main.ts', 3, 9, 'lib.ts::helper', 'receiver_type', 90, 'new Builder().get(1).get(2)'),
    ]);
    const sites = [
      site('main.ts', 5, 5, 9, 'get', 'new Builder().get(1).ge...', [target('lib.ts', 1, 16, 'helper')], { callLine: 3 }),
      site('main.ts', 4, 5, 9, 'get', 'new Builder().ge...', [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')], { callLine: 3 }),
    ];
    const out = joinFile(graph, sites);
    expect(out.map((o: any) => o.match)).toEqual(['call_column', 'call_column']);
    expect(out.map((o: any) => o.blind)).toEqual([true, true]);
    expect(out.every((o: any) => o.edges.every((e: any) => e.correct === null))).toBe(true);
  });

  it('accepts the class or its constructor for `new`, and judges nothing where the oracle has no answer', () => {
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 2, 6, 'lib.ts::Box.constructor', 'exact', 100, 'Box'),
      edge('main.ts', 3, 2, 'lib.ts::helper', 'name_only', 30, 'whatever'),
    ]);
    const ctorSite = { ...site('main.ts', 2, 6, 2, 'Box', 'Box', [target('lib.ts', 5, 13, 'Box', 'ClassDeclaration'), target('lib.ts', 6, 2, 'constructor', 'Constructor', { alternative: true })]), kind: 'new' };
    const [n, w] = joinFile(graph, [ctorSite, site('main.ts', 3, 2, 2, 'whatever', 'whatever', [])]);
    expect(n.expected).toEqual(['lib.ts::Box', 'lib.ts::Box.constructor']);
    expect(n.edges[0].correct).toBe(true);
    expect(w.edges[0].correct).toBeNull();
  });
});

describe('Tally', () => {
  it('computes recorded share, precision per tier, calibration and recall outcomes', () => {
    const graph = graphFromMessages([
      ...SYMBOLS,
      edge('main.ts', 2, 2, 'lib.ts::helper', 'exact', 100, 'helper'),
      edge('main.ts', 3, 2, 'lib.ts::helper', 'exact', 100, 'helper'), // wrong: oracle says Box.get
      edge('main.ts', 4, 2, 'lib.ts::Box.get', 'receiver_type', 90, 'get'),
      unresolved('main.ts', 5, 2, 'get', 'ambiguous_target'),
      edge('main.ts', 7, 2, 'lib.ts::helper', 'name_only', 30, 'cb'), // wrong: a parameter
    ]);
    const get = [target('lib.ts', 7, 2, 'get', 'MethodDeclaration')];
    const sites = [
      site('main.ts', 2, 2, 2, 'helper', 'helper', [target('lib.ts', 1, 16, 'helper')]),
      site('main.ts', 3, 2, 2, 'helper', 'helper', get),
      site('main.ts', 4, 2, 2, 'get', 'get', get),
      site('main.ts', 5, 2, 2, 'get', 'get', get),
      site('main.ts', 6, 2, 2, 'get', 'get', get), // not recorded
      site('main.ts', 7, 2, 2, 'cb', 'cb', [target('main.ts', 1, 14, 'cb', 'Parameter')]),
      site('main.ts', 8, 2, 2, null, '(() => 1)', []),
    ];
    const tally = new Tally({ seed: 1 });
    for (const o of joinFile(graph, sites)) tally.add(o);
    const r = tally.report();
    expect(r.sites_seen).toBe(6);
    expect(r.anonymous_callees).toBe(1);
    expect(r.recorded).toBe(5);
    expect(r.recorded_pct).toBe(83.3);
    expect(r.not_recorded_examples).toEqual(['main.ts:6 get (col 2, call)']);
    expect(r.edges).toBe(4);
    expect(r.precision).toBe(50);
    expect(r.precision_confidence_ge_90).toBe(66.7);
    expect(r.tiers.exact).toMatchObject({ edges: 2, correct: 1, precision: 50, stated_confidence: 100, gap: -50, overclaims: true });
    expect(r.tiers.receiver_type).toMatchObject({ precision: 100, overclaims: false });
    expect(r.tiers.name_only.wrong_by_oracle_kind).toEqual({ 'unmodelled:Parameter': 1 });
    expect(r.tiers.exact.wrong_examples[0]).toContain('main.ts:3 helper → lib.ts::helper [exact 100] vs oracle lib.ts::Box.get');
    expect(r.oracle_targets).toEqual({ modelled: 5, unmodelled: 1 });
    expect(r.unmodelled_targets_by_kind).toEqual({ Parameter: 1 });
    expect(r.blind_pairings).toBe(0);
    expect(r.recall).toMatchObject({ sites: 5, found: 2, recall: 40, outside_tests: { sites: 5, found: 2, recall: 40 } });
    expect(r.recall.outcomes).toEqual({ correct_edge: 2, 'unresolved:ambiguous_target': 1, not_recorded: 1, wrong_edge: 1 });
    expect(r.unresolved_by_reason).toEqual({ ambiguous_target: 1 });
  });
});

describe('rightReasons and the reason and phantom counts', () => {
  const outcome = (targets: any[], targetClass: string, extra = {}) => ({ site: { status: 'in_repo', targets, ...extra }, targetClass });

  it('expects indirect_call through a function value of any oracle (Go, TypeScript, Python)', () => {
    for (const kind of ['FuncVar', 'Parameter', 'PyParam', 'PyVariable', 'PyAttribute']) {
      expect([...rightReasons(outcome([target('a.py', 3, 4, 'cb', kind)], 'unmodelled'))]).toEqual(['indirect_call']);
    }
  });

  it('expects external or builtin outside the workspace, a miss reason for a modelled target, none for a conversion', () => {
    expect(rightReasons(outcome([target(null, 1, 0, 'len', 'PyFunction', { where: 'builtin' })], 'external'))).toEqual(new Set(['builtin', 'external']));
    expect(rightReasons(outcome([target(null, 1, 0, 'getcwd', 'PyFunction', { where: 'os' })], 'external'))).toEqual(new Set(['external', 'builtin']));
    expect(rightReasons(outcome([target('a.py', 1, 4, 'f', 'PyFunction')], 'modelled'))).toEqual(new Set(['missing_target', 'ambiguous_target']));
    expect(rightReasons({ site: { status: 'indirect', targets: [] }, targetClass: 'unmodelled' })).toEqual(new Set());
    expect(rightReasons(outcome([], 'unknown', { status: 'unknown' }))).toBeNull();
  });

  it('scores reasons of unresolved sites and counts wrong edges of confidence 60 or more as phantom', () => {
    const graph = graphFromMessages([
      ...SYMBOLS,
      unresolved('main.ts', 2, 2, 'cb', 'missing_target'), // oracle: a parameter, so indirect_call
      unresolved('main.ts', 3, 2, 'len', 'builtin'),
      edge('main.ts', 4, 2, 'lib.ts::helper', 'same_file', 60, 'run'), // oracle: outside, a phantom edge
      edge('main.ts', 5, 2, 'lib.ts::helper', 'name_only', 30, 'go'), // wrong but below 60
    ]);
    const outside = [target(null, 1, 0, 'run', 'FunctionDeclaration', { where: 'os' })];
    const sites = [
      site('main.ts', 2, 2, 2, 'cb', 'cb', [target('main.ts', 1, 14, 'cb', 'PyParam')]),
      site('main.ts', 3, 2, 2, 'len', 'len', [target(null, 1, 0, 'len', 'PyFunction', { where: 'builtin' })]),
      site('main.ts', 4, 2, 2, 'run', 'run', outside),
      site('main.ts', 5, 2, 2, 'go', 'go', [target(null, 1, 0, 'go', 'FunctionDeclaration', { where: 'os' })]),
    ];
    const tally = new Tally({ seed: 1 });
    for (const o of joinFile(graph, sites)) tally.add(o);
    const r = tally.report();
    expect(r.reason_accuracy).toMatchObject({ judged: 2, right: 1, accuracy: 50, wrong_by_reason: { 'missing_target (oracle: indirect_call)': 1 } });
    expect(r.phantom_edges.edges).toBe(1);
    expect(r.phantom_edges.examples[0]).toContain('main.ts:4 run → lib.ts::helper [same_file 60]');
  });
});

describe('conversions to types outside the workspace (the reason-accuracy rule for go/types)', () => {
  const conversion = (line: number, specifier: string, to: object) => {
    const name = specifier.split('.').pop() as string;
    return site('main.go', line, 2, 2, name, specifier, [], { status: 'indirect', conversionTo: { line: 1, column: 5, name, declKind: 'TypeName', ...to } });
  };

  it('knows an outside conversion by where its type is declared', () => {
    expect(isOutsideConversion(conversion(1, 'Set', { file: null, where: 'k8s.io/apimachinery/pkg/labels' }))).toBe(true);
    expect(isOutsideConversion(conversion(1, 'byName', { file: 'main.go' }))).toBe(false);
    expect(isOutsideConversion(conversion(1, 'Duration', { file: null, where: 'time' }))).toBe(false); // in the stdlib catalog
    expect(isOutsideConversion(conversion(1, 'string', { file: null, where: 'builtin' }))).toBe(false);
    expect(isOutsideConversion({ ...conversion(1, 'Set', { file: null, where: 'k8s.io/apimachinery/pkg/labels' }), status: 'external' })).toBe(false);
  });

  it('leaves outside conversions out of reason accuracy, counts them apart, and keeps the strict figure', () => {
    const graph = graphFromMessages([
      ...SYMBOLS,
      unresolved('main.go', 2, 2, 'labels.Set', 'external'), // outside type: counted apart
      unresolved('main.go', 3, 2, 'byName', 'missing_target'), // workspace type: a wrong reason
      unresolved('main.go', 4, 2, 'time.Duration', 'external'), // catalogued stdlib type: a wrong reason
      unresolved('main.go', 5, 2, 'os.Exit', 'external'), // a real external call: right
    ]);
    const sites = [
      conversion(2, 'labels.Set', { file: null, where: 'k8s.io/apimachinery/pkg/labels' }),
      conversion(3, 'byName', { file: 'main.go' }),
      conversion(4, 'time.Duration', { file: null, where: 'time' }),
      site('main.go', 5, 2, 2, 'Exit', 'os.Exit', [target(null, 1, 0, 'Exit', 'FuncDecl', { where: 'os' })]),
    ];
    const tally = new Tally({ seed: 1 });
    for (const o of joinFile(graph, sites)) tally.add(o);
    const r = tally.report();
    expect(r.reason_accuracy).toMatchObject({ judged: 3, right: 1, accuracy: 33.3, outside_conversions_kept_as_calls: 1 });
    expect(r.reason_accuracy.wrong_by_reason).toEqual({ 'external (oracle: no call)': 1, 'missing_target (oracle: no call)': 1 });
    expect(r.reason_accuracy.outside_conversion_examples[0]).toContain('k8s.io/apimachinery/pkg/labels.Set');
    expect(r.reason_accuracy_strict).toEqual({ judged: 4, right: 1, accuracy: 25 });
    const md = renderMarkdown({ generated_at: 'now', runs: [{ corpus: 'go-tiny', oracle: 'go/types', metrics: r }] });
    expect(md).toContain('| 33.3% of 3 | 1 | 0 |');
    expect(md).toContain('strict, outside conversions counted wrong: 25% of 4');
  });
});

describe('mergeRuns', () => {
  it('replaces the runs measured again, keeps the others with their own time, appends new corpora', () => {
    const earlier = { generated_at: 't0', runs: [{ corpus: 'ts-zod', n: 1 }, { corpus: 'py-requests', n: 1, measured_at: 't1' }] };
    const merged = mergeRuns(earlier, [{ corpus: 'py-requests', n: 2, measured_at: 't2' }, { corpus: 'c-redis', n: 2, measured_at: 't2' }]);
    expect(merged).toEqual([
      { corpus: 'ts-zod', n: 1, measured_at: 't0' },
      { corpus: 'py-requests', n: 2, measured_at: 't2' },
      { corpus: 'c-redis', n: 2, measured_at: 't2' },
    ]);
  });
});

describe('streamed join and report', () => {
  it('reads an export file and an oracle file and renders both tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-join-'));
    try {
      const exportFile = join(dir, 'export.jsonl');
      const oracleFile = join(dir, 'oracle.jsonl');
      const messages = [
        { type: 'meta', data: { schema_version: 1, cairn_version: '0.1.0' } },
        { type: 'file', data: { path: 'lib.ts', status: 'ok' } },
        { type: 'file', data: { path: 'main.ts', status: 'ok' } },
        ...SYMBOLS,
        { type: 'something_new', data: {} },
        edge('main.ts', 2, 2, 'lib.ts::helper', 'exact', 100, 'helper'),
        unresolved('lib.ts', 2, 4, 'extra', 'missing_target'),
      ];
      writeFileSync(exportFile, messages.map((m) => JSON.stringify(m)).join('\n') + '\n');
      const oracle = [
        site('lib.ts', 2, 9, 9, 'inner', 'inner', []),
        site('main.ts', 2, 2, 2, 'helper', 'helper', [target('lib.ts', 1, 16, 'helper')]),
        site('vendor/x.ts', 1, 0, 0, 'skipped', 'skipped', []),
      ];
      writeFileSync(oracleFile, oracle.map((s) => JSON.stringify(s)).join('\n') + '\n');
      const graph = await readCairnExport(exportFile);
      expect(graph.meta.cairn_version).toBe('0.1.0');
      const tally = new Tally();
      expect(await joinOracleFile(oracleFile, graph, tally)).toBe(2);
      const metrics = tally.report();
      expect(metrics).toMatchObject({ sites_seen: 2, recorded: 1, precision: 100, cairn_only_sites: 1, files_not_indexed: 1, sites_in_files_not_indexed: 1 });
      const md = renderMarkdown({ generated_at: 'now', runs: [{ corpus: 'tiny', oracle: 'typescript checker', metrics }, { corpus: 'broken', oracle: 'x', error: 'no export' }] });
      expect(md).toContain('| tiny | typescript checker | 2 | 50% | 1 | 100% |');
      expect(md).toContain('| exact | 1 | 1 | 1 | 100% | 100 | 0 | no |');
      expect(md).toContain('Not measured: no export');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
