// End to end: the built CLI over a fixture workspace written into a temp dir.
import { existsSync, readdirSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { RUST_TS_FIXTURE } from './fixtures.js';

let fx: Fixture;
const C = () => ['-C', fx.root];

beforeAll(() => {
  fx = makeFixture(RUST_TS_FIXTURE, { git: true });
  const init = cairnJson(['init', ...C()]);
  expect(init.code, init.stderr).toBe(0);
});
afterAll(() => fx.remove());

const ENVELOPE_KEYS = ['command', 'contract_version', 'data', 'next_action', 'ok', 'truncated', 'warnings'];

describe('init and status', () => {
  it('init reports what it indexed in the v0.3 envelope', () => {
    const { body } = cairnJson(['init', ...C()]);
    expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
    expect(body.contract_version).toBe('0.3');
    expect(body.command).toBe('init');
    expect(body.ok).toBe(true);
    expect(body.data.files.inventoried).toBe(5);
    expect(body.data.statuses).toEqual({ ok: 5 });
  });

  it('writes nothing outside .cairn/', () => {
    // .cairn/ ignores itself, so git sees no change at all.
    expect(fx.git('status', '--porcelain')).toBe('');
    expect(readdirSync(join(fx.root, '.cairn')).length).toBeGreaterThan(0);
  });

  it('status is fresh right after init', () => {
    const { body, code } = cairnJson(['status', ...C()]);
    expect(code).toBe(0);
    expect(body.data.freshness).toBe('fresh');
    expect(body.data.stats.files).toBe(5);
    expect(body.next_action).toBe('none');
  });

  it('status without an index says to run init', () => {
    const empty = makeFixture({ 'a.rs': 'fn a() {}' });
    try {
      const { body, code } = cairnJson(['status', '-C', empty.root]);
      expect(code).toBe(1);
      expect(body.ok).toBe(false);
      expect(body.data.freshness).toBe('missing');
      expect(body.next_action).toBe('cairn init');
      expect(existsSync(join(empty.root, '.cairn'))).toBe(false);
    } finally {
      empty.remove();
    }
  });
});

describe('graph queries', () => {
  it('search ranks exact, then prefix, then substring', () => {
    const { body } = cairnJson(['search', 'area', ...C()]);
    const names = body.data.symbols.map((s: any) => s.name);
    expect(names[0]).toBe('area');
    expect(names).toContain('area_sum');
    expect(names.indexOf('area')).toBeLessThan(names.indexOf('area_sum'));
  });

  it('search treats its query as text, not a pattern', () => {
    const { body, code } = cairnJson(['search', '.*(', ...C()]);
    expect(code).toBe(0);
    expect(body.data.symbols).toEqual([]);
  });

  it('callers binds a Rust associated call through its use path', () => {
    const { body } = cairnJson(['callers', 'Circle::new', ...C()]);
    expect(body.ok).toBe(true);
    expect(body.data.target.qualified_name).toBe('Circle::new');
    const make = body.data.neighbours.find((n: any) => n.symbol?.name === 'make');
    expect(make).toMatchObject({ relationship: 'calls', resolution_kind: 'exact', confidence: 100 });
  });

  it('self receivers bind to the impl type', () => {
    const { body } = cairnJson(['callees', 'Circle::area', ...C()]);
    const scale = body.data.neighbours.find((n: any) => n.symbol?.name === 'scale');
    expect(scale).toMatchObject({ resolution_kind: 'receiver_type', confidence: 90 });
  });

  it('callees lists unresolved calls with their reason, never as symbols', () => {
    const { body } = cairnJson(['callees', 'helper', ...C()]);
    expect(body.data.neighbours).toEqual([]);
    expect(body.data.unresolved).toEqual([expect.objectContaining({ specifier: 'missing_thing', reason: 'missing_target' })]);
  });

  it('TS imports bind exactly; this.method binds by receiver type', () => {
    const greet = cairnJson(['callers', 'web/greet.ts::greet', ...C()]).body;
    const main = greet.data.neighbours.find((n: any) => n.symbol?.name === 'main');
    expect(main).toMatchObject({ resolution_kind: 'exact', confidence: 100 });
    const run = cairnJson(['callees', 'Greeter.run', ...C()]).body;
    expect(run.data.neighbours.find((n: any) => n.symbol?.name === 'decorate')).toMatchObject({ resolution_kind: 'receiver_type' });
  });

  it('test blocks are test symbols named by their describe chain', () => {
    const { body } = cairnJson(['callers', 'web/greet.ts::greet', ...C()]);
    const test = body.data.neighbours.find((n: any) => n.symbol?.is_test);
    expect(test.symbol.file_path).toBe('web/app.test.ts');
    expect(test.symbol.qualified_name).toContain('shouts');
    const noTests = cairnJson(['callers', 'web/greet.ts::greet', '--no-tests', ...C()]).body;
    expect(noTests.data.neighbours.some((n: any) => n.symbol?.is_test)).toBe(false);
  });

  it('an ambiguous symbol is refused with its candidates', () => {
    fx.write('src/other.rs', 'pub fn make() -> u8 { 1 }\n');
    cairnJson(['sync', ...C()]);
    const { body, code } = cairnJson(['callers', 'make', ...C()]);
    expect(code).toBe(1);
    expect(body.ok).toBe(false);
    expect(body.warnings[0].code).toBe('ambiguous_symbol');
    expect(body.data.candidates.map((s: any) => s.file_path).sort()).toEqual(['src/lib.rs', 'src/other.rs']);
    expect(body.next_action).toBe('narrow the query');
  });

  it('node shows a symbol, a file’s symbols, and a slice of lines', () => {
    const symbol = cairnJson(['node', '--symbol', 'Circle::area', ...C()]).body;
    expect(symbol.data.symbol).toMatchObject({ file_path: 'src/shapes.rs', kind: 'method', start_line: 10, end_line: 12 });
    const file = cairnJson(['node', '--file', 'src/shapes.rs', '--symbols-only', ...C()]).body;
    expect(file.data.symbols.map((s: any) => s.qualified_name)).toEqual(expect.arrayContaining(['Circle', 'Circle::new', 'Circle::area', 'Circle::scale']));
    const slice = cairnJson(['node', '--file', 'src/shapes.rs', '--offset', '5', '--limit', '2', ...C()]).body;
    expect(slice.data.lines).toEqual([
      { line: 5, text: 'impl Circle {' },
      { line: 6, text: '    pub fn new(radius: f64) -> Self {' },
    ]);
    const outside = cairnJson(['node', '--file', '../etc/passwd', ...C()]);
    expect(outside.code).not.toBe(0);
    expect(outside.body.ok).toBe(false);
  });

  it('explore and howto answer in the envelope', () => {
    const explore = cairnJson(['explore', 'Circle::area', ...C()]).body;
    expect(explore.ok).toBe(true);
    expect(explore.data.callers.map((n: any) => n.symbol.name)).toContain('area_sum');
    const howto = cairnJson(['howto', ...C()]).body;
    expect(howto.data.confidence_cascade.map((c: any) => [c.resolution_kind, c.confidence])).toContainEqual(['name_only', 30]);
  });

  it('human output is a second renderer over the same result', () => {
    const run = cairn(['callers', 'Circle::new', '--show-resolution', ...C()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Callers of Circle::new/);
    expect(run.stdout).toContain('calls exact 100');
  });
});

describe('export', () => {
  it('streams every record; every call site is exactly one edge or one unresolved record', () => {
    const run = cairn(['export', '--format', 'jsonl', ...C()]);
    expect(run.code).toBe(0);
    const messages = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(messages[0].type).toBe('meta');
    const count = (t: string) => messages.filter((m) => m.type === t).length;
    const stats = cairnJson(['status', ...C()]).body.data.stats;
    const calls = messages.filter((m) => m.type === 'edge' && m.data.relationship !== 'contains');
    expect(calls.length + count('unresolved')).toBe(stats.call_sites);
    expect(count('file')).toBe(stats.files);
    for (const edge of calls) expect(edge.data).toMatchObject({ file_path: expect.any(String), line: expect.any(Number), column: expect.any(Number) });
  });
});

describe('freshness and sync', () => {
  it('an edit makes the index stale; sync makes it fresh again', () => {
    fx.write('web/app.ts', `${RUST_TS_FIXTURE['web/app.ts']}\nexport function extra(): void { main(); }\n`);
    const stale = cairnJson(['status', ...C()]);
    expect(stale.code).toBe(1);
    expect(stale.body.data.freshness).toBe('stale');
    expect(stale.body.next_action).toBe('cairn sync');
    const sync = cairnJson(['sync', ...C()]).body;
    expect(sync.data.files.changed).toBe(1);
    expect(cairnJson(['status', ...C()]).body.data.freshness).toBe('fresh');
    expect(cairnJson(['callers', 'main', ...C()]).body.data.neighbours.map((n: any) => n.symbol.name)).toEqual(['extra']);
  });

  it('a touched file with the same bytes stays fresh', () => {
    const later = new Date(Date.now() + 5000);
    utimesSync(join(fx.root, 'src/shapes.rs'), later, later);
    expect(cairnJson(['status', ...C()]).body.data.freshness).toBe('fresh');
  });

  it('binary, non-UTF-8 and huge files are recorded and never make the index stale', () => {
    fx.write('bin.rs', Buffer.from([0x66, 0x6e, 0x00, 0x01, 0x02]));
    fx.write('latin.rs', Buffer.from([0x2f, 0x2f, 0x20, 0xe9, 0xe8, 0x0a]));
    writeFileSync(join(fx.root, 'huge.ts'), `// ${'x'.repeat(3 * 1024 * 1024)}\n`);
    const sync = cairnJson(['sync', ...C()]);
    expect(sync.code).toBe(0);
    const files = cairnJson(['files', ...C()]).body.data.files;
    const status = (p: string) => files.find((f: any) => f.path === p)?.status;
    expect([status('bin.rs'), status('latin.rs'), status('huge.ts')]).toEqual(['binary', 'not_utf8', 'too_large']);
    expect(cairnJson(['status', ...C()]).body.data.freshness).toBe('fresh');
    expect(cairnJson(['sync', ...C()]).body.data.analysed).toBe(0);
  });
});
