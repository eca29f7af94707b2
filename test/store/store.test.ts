import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'lmdb';
import { describe, expect, test } from 'vitest';
import type { FileFacts } from '../../contracts/facts.js';
import { graphPath, openStore, SCHEMA_VERSION } from '../../store/index.js';
import { buildStore, change, dump, facts, tempWorkspace, type FileSpec } from './facts.js';

const sample: FileSpec[] = [
  {
    path: 'src/shapes.ts',
    symbols: [
      { name: 'Shape', kind: 'class', exported: true },
      { name: 'area', kind: 'method', qualifiedName: 'Shape.area', parent: 0, ownerType: 'Shape' },
      { name: 'area', kind: 'method', qualifiedName: 'Shape.area', parent: 0, ownerType: 'Shape' },
      { name: 'area', kind: 'method', qualifiedName: 'Shape.area', parent: 0, ownerType: 'Shape', disambiguator: 'number' },
      { name: 'makeShape', exported: true },
    ],
    calls: [
      { caller: 4, calleeName: 'Shape', kind: 'new', specifier: 'new Shape' },
      { caller: 4, calleeName: 'print', receiver: 'console', specifier: 'console.print' },
    ],
  },
  { path: 'src/geometry/area.ts', symbols: [{ name: 'totalArea', exported: true }, { name: 'SHAPE_COUNT', kind: 'constant' }] },
  { path: 'assets/logo.png', status: 'binary' },
];

describe('store', () => {
  test('a reader on a workspace with no index sees missing and creates nothing; a writer creates .cairn only on apply', async () => {
    const ws = tempWorkspace();
    const reader = openStore(ws.dir, { readOnly: true });
    expect(reader.schemaState()).toBe('missing');
    expect(reader.stats().files).toBe(0);
    expect([...reader.files()]).toEqual([]);
    expect(reader.search('x', 5)).toEqual([]);
    await reader.close();
    const writer = openStore(ws.dir);
    expect(existsSync(join(ws.dir, '.cairn'))).toBe(false);
    await writer.apply(change(sample, [], true));
    expect(writer.schemaState()).toBe('compatible');
    expect(writer.storedSchemaVersion()).toBe(SCHEMA_VERSION);
    expect(existsSync(join(graphPath(ws.dir), 'data.mdb'))).toBe(true);
    expect(writer.meta()).toMatchObject({ schema_version: SCHEMA_VERSION, workspace: '.' });
    await writer.close();
    ws.cleanup();
  });

  test('ids: duplicates are numbered in source order, adapter disambiguators kept, nothing merged', async () => {
    const { store, cleanup } = await buildStore(sample);
    expect(store.symbolsInFile('src/shapes.ts').map((s) => s.id)).toEqual([
      'src/shapes.ts::Shape',
      'src/shapes.ts::Shape.area',
      'src/shapes.ts::Shape.area#2',
      'src/shapes.ts::Shape.area#number',
      'src/shapes.ts::makeShape',
    ]);
    expect(store.symbol('src/shapes.ts::Shape.area#2')).toMatchObject({ parent_id: 'src/shapes.ts::Shape', owner_type: 'Shape', language: 'typescript' });
    const contains = store.outgoing('src/shapes.ts::Shape').filter((e) => e.relationship === 'contains');
    expect(contains.map((e) => e.target)).toEqual(['src/shapes.ts::Shape.area', 'src/shapes.ts::Shape.area#2', 'src/shapes.ts::Shape.area#number']);
    expect(store.incoming('src/shapes.ts::Shape.area#2')).toMatchObject([{ source: 'src/shapes.ts::Shape', relationship: 'contains' }]);
    await cleanup();
  });

  test('reads: files, fileStates, names, callers, callees, unresolved', async () => {
    const { store, cleanup } = await buildStore(sample);
    expect([...store.files()].map((f) => f.path)).toEqual(['assets/logo.png', 'src/geometry/area.ts', 'src/shapes.ts']);
    expect([...store.files('src/')].map((f) => f.path)).toEqual(['src/geometry/area.ts', 'src/shapes.ts']);
    expect(store.file('assets/logo.png')).toMatchObject({ status: 'binary', symbols: 0 });
    expect([...store.fileStates()][2]).toEqual({ path: 'src/shapes.ts', size: 100, mtime_ms: 1, hash: 'hash-src/shapes.ts', status: 'ok' });
    expect(store.symbolsByName('area').length).toBe(3);
    expect(store.symbolsByName('AREA')).toEqual([]);
    expect(store.incoming('src/shapes.ts::Shape').filter((e) => e.relationship === 'calls')).toMatchObject([{ source: 'src/shapes.ts::makeShape', resolution_kind: 'same_file' }]);
    expect(store.outgoing('src/shapes.ts::makeShape')).toMatchObject([{ target: 'src/shapes.ts::Shape', relationship: 'calls' }]);
    expect(store.unresolvedFrom('src/shapes.ts::makeShape')).toMatchObject([{ specifier: 'console.print', reason: 'builtin' }]);
    expect([...store.unresolved('src/geometry')]).toEqual([]);
    expect([...store.unresolved('src/')].length).toBe(1);
    await cleanup();
  });

  test('search ranks exact, then prefix, then substring, case-insensitively, and treats input literally', async () => {
    const { store, cleanup } = await buildStore(sample);
    expect(store.search('shape', 10).map((s) => s.id)).toEqual(['src/shapes.ts::Shape', 'src/geometry/area.ts::SHAPE_COUNT', 'src/shapes.ts::makeShape']);
    expect(store.search('AREA', 10).map((s) => s.name)).toEqual(['area', 'area', 'area', 'totalArea']);
    expect(store.search('area', 2).length).toBe(2);
    expect(store.search('.*', 10)).toEqual([]);
    expect(store.search('   ', 10)).toEqual([]);
    await cleanup();
  });

  test('stats are kept by every write and match the records', async () => {
    const { store, cleanup } = await buildStore(sample);
    await store.apply({ ...change([{ path: 'src/extra.ts', symbols: [{ name: 'x' }], calls: [{ calleeName: 'totalArea', caller: 0 }, { calleeName: 'm', kind: 'macro', caller: 0 }] }]), unsupportedExtensions: { '.rb': 2 } });
    const all = dump(store);
    const count = <T>(items: T[], key: (t: T) => string) => items.reduce<Record<string, number>>((acc, t) => ({ ...acc, [key(t)]: (acc[key(t)] ?? 0) + 1 }), {});
    const stats = store.stats();
    expect(stats.files).toBe(all.files.length);
    expect(stats.files_by_status).toEqual(count(all.files, (f) => f.status));
    expect(stats.files_by_language).toEqual(count(all.files, (f) => f.language ?? 'unknown'));
    expect(stats.symbols).toBe(all.symbols.filter((s) => s.kind !== 'file').length);
    expect(stats.edges_by_relationship).toEqual(count(all.edges, (e) => e.relationship));
    expect(stats.edges_by_resolution).toEqual(count(all.edges, (e) => e.resolution_kind));
    expect(stats.unresolved_by_reason).toEqual(count(all.unresolved, (u) => u.reason));
    expect(stats.call_sites).toBe((all.edges.filter((e) => e.relationship === 'calls').length + all.unresolved.length));
    expect(stats.unsupported_extensions).toEqual({ '.rb': 2 });
    await cleanup();
  });

  test('an index with another schema version is incompatible and never read; rebuild replaces it', async () => {
    const ws = tempWorkspace();
    const store = openStore(ws.dir);
    await store.apply(change(sample, [], true));
    await store.close();
    const env = open({ path: graphPath(ws.dir), maxDbs: 32 });
    await env.openDB({ name: 'meta' }).put('schema_version', SCHEMA_VERSION + 1);
    await env.close();

    const old = openStore(ws.dir);
    expect(old.schemaState()).toBe('incompatible');
    expect(() => old.stats()).toThrow(expect.objectContaining({ code: 'index_incompatible' }));
    expect(() => [...old.files()]).toThrow(expect.objectContaining({ code: 'index_incompatible' }));
    await expect(old.apply(change(sample))).rejects.toMatchObject({ code: 'index_incompatible' });
    await old.apply(change(sample.slice(0, 1), [], true));
    expect(old.schemaState()).toBe('compatible');
    expect([...old.files()].map((f) => f.path)).toEqual(['src/shapes.ts']);
    await old.close();
    ws.cleanup();
  });

  test('an apply that fails midway leaves the previous graph intact', async () => {
    const { store, dir, cleanup } = await buildStore(sample);
    const before = dump(store);
    const poisoned: FileFacts = facts({ path: 'src/zzz.ts', symbols: [{ name: 'late' }] });
    Object.defineProperty(poisoned, 'callSites', {
      get() {
        throw new Error('worker fact stream broke');
      },
    });
    // A record of a shape the store has not seen: the failed apply mints its shape first.
    const early = { name: 'early', bases: ['Base'], attributes: { shape: 'new' } };
    const good = facts({ path: 'src/aaa.ts', symbols: [early] });
    await expect(store.apply({ ...change([]), upserts: [good, poisoned], deletions: ['src/shapes.ts'] })).rejects.toThrow('worker fact stream broke');
    expect(dump(store)).toEqual(before);
    await expect(store.apply({ ...change([]), upserts: [good, poisoned], rebuild: true })).rejects.toThrow('worker fact stream broke');
    expect(dump(store)).toEqual(before);
    // and the store still takes the next write, readable by a new reader (the failed
    // apply's record shapes never reached the disk, so nothing may refer to them)
    await store.apply(change([{ path: 'src/aaa.ts', symbols: [early] }]));
    expect(store.symbolsByName('early').length).toBe(1);
    const reader = openStore(dir, { readOnly: true });
    expect(reader.symbolsByName('early').map((s) => s.file_path)).toEqual(['src/aaa.ts']);
    expect(dump(reader).files.length).toBe(before.files.length + 1);
    await reader.close();
    await cleanup();
  });

  test('a reader iterating during a write keeps its snapshot', async () => {
    const { store, dir, cleanup } = await buildStore(sample);
    const reader = openStore(dir, { readOnly: true });
    const iterator = reader.files()[Symbol.iterator]();
    const first = iterator.next().value;
    await store.apply(change([], ['src/geometry/area.ts', 'src/shapes.ts']));
    const rest = [...{ [Symbol.iterator]: () => iterator }];
    expect([first, ...rest].map((f) => f!.path)).toEqual(['assets/logo.png', 'src/geometry/area.ts', 'src/shapes.ts']);
    // lmdb-js renews a reader's snapshot on a timer after its last read
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect([...reader.files()].map((f) => f.path)).toEqual(['assets/logo.png']);
    await reader.close();
    await cleanup();
  });

  test('a writer killed inside its transaction leaves the previous index readable', async () => {
    const { store, dir, cleanup } = await buildStore(sample);
    const before = dump(store);
    await store.close();
    // A second process opens the same environment, wipes and rewrites inside one write
    // transaction, and is killed before the commit.
    const child = [
      "import { open } from 'lmdb';",
      'const root = open({ path: process.argv[1], maxDbs: 32 });',
      "const files = root.openDB({ name: 'files' });",
      'root.transactionSync(() => {',
      '  files.clearSync();',
      "  for (let i = 0; i < 1000; i++) files.putSync('junk' + i, { path: 'junk' });",
      "  process.kill(process.pid, 'SIGKILL');",
      '});',
    ].join('\n');
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', child, graphPath(dir)], { cwd: process.cwd() });
    expect(result.signal).toBe('SIGKILL');
    const reopened = openStore(dir, { readOnly: true });
    expect(reopened.schemaState()).toBe('compatible');
    expect(dump(reopened)).toEqual(before);
    await reopened.close();
    await cleanup();
  });

  test('files in a directory: its own files in path order, subdirectories skipped', async () => {
    const paths = ['a/x.ts', 'a/b/y.ts', 'a/b/c/z.ts', 'a/b0.ts', 'a/c.ts', 'ab.ts', 'top.ts'];
    const { store, cleanup } = await buildStore(paths.map((path) => ({ path, symbols: [{ name: 'f' }] })));
    try {
      expect(store.filesInDirectory('a/', 10)).toEqual(['a/b0.ts', 'a/c.ts', 'a/x.ts']);
      expect(store.filesInDirectory('a/', 2)).toEqual(['a/b0.ts', 'a/c.ts']);
      expect(store.filesInDirectory('', 10)).toEqual(['ab.ts', 'top.ts']);
      expect(store.filesInDirectory('a/b/', 10)).toEqual(['a/b/y.ts']);
      expect(store.filesInDirectory('none/', 10)).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  test('test indexes: test kinds and names by word start, kept by a sync; incoming references carry the confidence', async () => {
    const lib = { path: 'src/lib.ts', symbols: [{ name: 'checkNotNull', exported: true }] };
    const tests = (names: string[]) => ({
      path: 'test/lib.test.ts',
      symbols: [
        { name: 'LibTest', kind: 'class' as const, isTest: true },
        ...names.map((name) => ({ name, kind: 'method' as const, qualifiedName: `LibTest.${name}`, parent: 0, isTest: true })),
      ],
      calls: names.map((_, i) => ({ caller: i + 1, calleeName: 'checkNotNull', receiver: undefined })),
      imports: [{ source: '../src/lib', imported: 'checkNotNull' }],
    });
    const { store, cleanup } = await buildStore([lib, tests(['testCheckNotNull_simple', 'uncheckNotNull', 'check_not_null_twice', 'other'])]);
    try {
      expect(store.testKind('test/lib.test.ts::LibTest')).toBe('class');
      expect(store.testKind('test/lib.test.ts::LibTest.other')).toBe('method');
      expect(store.testKind('src/lib.ts::checkNotNull')).toBeUndefined();
      // Word starts only (`uncheck` is one word); case and separators do not matter; containers are no test cases.
      expect(store.testsNamedAfter('checkNotNull', 100)).toEqual({
        ids: ['test/lib.test.ts::LibTest.check_not_null_twice', 'test/lib.test.ts::LibTest.testCheckNotNull_simple'],
        complete: true,
      });
      expect(store.testsNamedAfter('checkNotNull', 1).complete).toBe(false);
      expect(store.testsNamedAfter('libTest', 100).ids).toEqual([]);

      const refs = store.incomingRefs('src/lib.ts::checkNotNull');
      const edges = store.incoming('src/lib.ts::checkNotNull');
      expect(edges.filter((e) => e.relationship === 'calls')).toHaveLength(4);
      expect(refs.map((r) => [r.source, r.relationship, r.confidence, r.line])).toEqual(edges.map((e) => [e.source, e.relationship, e.confidence, e.line]));
      expect(refs.map((r) => store.edge(r))).toEqual(edges);
      // Every caller here is a test: the test-edge index holds the same calls.
      expect(store.incomingFromTests('src/lib.ts::checkNotNull')).toEqual(refs.filter((r) => r.relationship === 'calls'));

      // A sync that renames and drops tests leaves no stale entry.
      await store.apply(change([tests(['renamedCheckNotNullCase'])]));
      expect(store.testsNamedAfter('checkNotNull', 100).ids).toEqual(['test/lib.test.ts::LibTest.renamedCheckNotNullCase']);
      expect(store.testKind('test/lib.test.ts::LibTest.other')).toBeUndefined();
      expect(store.incomingFromTests('src/lib.ts::checkNotNull').map((r) => r.source)).toEqual(['test/lib.test.ts::LibTest.renamedCheckNotNullCase']);
      // The caller stops being a test: its edge leaves the test-edge index.
      const untested = tests(['renamedCheckNotNullCase']);
      untested.symbols = untested.symbols.map((s) => ({ ...s, isTest: false }));
      await store.apply(change([untested]));
      expect(store.incomingRefs('src/lib.ts::checkNotNull').filter((r) => r.relationship === 'calls')).toHaveLength(1);
      expect(store.incomingFromTests('src/lib.ts::checkNotNull')).toEqual([]);
      await store.apply(change([], ['test/lib.test.ts']));
      expect(store.testsNamedAfter('checkNotNull', 100).ids).toEqual([]);
      expect(store.testKind('test/lib.test.ts::LibTest')).toBeUndefined();
      expect(store.incomingRefs('src/lib.ts::checkNotNull')).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});
