// A damaged index answers `unusable` with `cairn init` as the action (exit 1), never
// a crash: a data.mdb cut shorter than its own meta page says (LMDB maps the file and
// would die of SIGBUS reading past its end), and damaged pages in the middle (LMDB
// asserted, SIGABRT, or followed a node offset off the map, SIGSEGV). `init` rebuilds it.
import { closeSync, copyFileSync, openSync, readFileSync, readSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
let data: string;
let good: string;

/** Enough files that the index spans a few hundred pages. */
function sources(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 160; i++) {
    files[`src/m${i}.ts`] = Array.from({ length: 12 }, (_, j) => `export function f${i}_${j}(x: number) { return f${i}_${(j + 1) % 12}(x) + ${j}; }\n`).join('');
  }
  return files;
}

const READERS = [['status'], ['doctor'], ['search', 'f1_1'], ['callers', 'f3_4'], ['unresolved']];

beforeAll(() => {
  fx = makeFixture(sources(), { git: true });
  expect(cairn(['init', '-C', fx.root]).code).toBe(0);
  data = join(fx.root, '.cairn', 'graph', 'data.mdb');
  good = join(fx.root, 'good.mdb');
  copyFileSync(data, good);
});
afterAll(() => fx.remove());

const restore = () => copyFileSync(good, data);

function expectUnusable(args: string[], reason: RegExp): void {
  const r = cairnJson([...args, '-C', fx.root]);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
  expect(r.body.ok).toBe(false);
  expect(r.body.next_action).toBe('cairn init');
  const unusable = [...r.body.warnings].find((w: { code: string }) => w.code === 'index_unusable') ?? { message: JSON.stringify(r.body.data.index) };
  expect(unusable.message, JSON.stringify(r.body)).toMatch(reason);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('a damaged index', () => {
  test('cut to half its size: every reader and sync say unusable, with init as the action; init rebuilds it', () => {
    restore();
    const size = statSync(data).size;
    expect(size).toBeGreaterThan(64 * 4096);
    truncateSync(data, Math.floor(size / 2 / 4096) * 4096);
    for (const args of [...READERS, ['sync']]) expectUnusable(args, /shorter than the \d+ its meta page records/);
    const status = cairnJson(['status', '-C', fx.root]);
    expect(status.body.data.freshness).toBe('unusable');
    const exported = cairn(['export', '-C', fx.root]);
    expect(exported.code).toBe(1);
    expect(exported.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cairn export: the index is unusable \(.*\): run `cairn init` to rebuild it$/)]);
    expect(exported.stdout).toBe('');
    expect(cairn(['init', '-C', fx.root]).code).toBe(0);
    expect(cairnJson(['callers', 'f3_4', '-C', fx.root]).code).toBe(0);
  });

  test('damaged pages in the middle (zeros, 0xff, other bytes): every reader, sync and export say unusable, where LMDB aborted or crashed', () => {
    for (const fill of [0x00, 0xff, 0xa5]) {
      restore();
      const pages = statSync(data).size / 4096;
      const fd = openSync(data, 'r+');
      for (let page = Math.floor(pages / 2); page < Math.floor(pages / 2) + 16; page++) writeSync(fd, Buffer.alloc(4096, fill), 0, 4096, page * 4096);
      closeSync(fd);
      for (const args of [...READERS, ['sync']]) expectUnusable(args, /data\.mdb has a damaged page: page \d+ is damaged/);
      expect(cairnJson(['status', '-C', fx.root]).body.data.freshness).toBe('unusable');
      const exported = cairn(['export', '-C', fx.root]);
      expect(exported.code, exported.stderr).toBe(1);
      expect(exported.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^cairn export: the index is unusable \(data\.mdb has a damaged page: .*\): run `cairn init` to rebuild it$/)]);
    }
    expect(cairn(['init', '-C', fx.root]).code).toBe(0);
    expect(cairn(['export', '-C', fx.root]).code).toBe(0);
  });

  test('a damaged page is found again after a read that found none: the check is skipped only for the file it checked', () => {
    restore();
    expect(cairnJson(['callers', 'f3_4', '-C', fx.root]).code).toBe(0);
    expect(readFileSync(join(fx.root, '.cairn', 'graph', 'checked'), 'utf8')).toMatch(/^\d+ \d+ \d+ \d+\n$/);
    const fd = openSync(data, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0), 0, 4096, Math.floor(statSync(data).size / 4096 / 2) * 4096);
    closeSync(fd);
    expectUnusable(['callers', 'f3_4'], /damaged page/);
    restore();
  });

  test('a file that ends before the last page its meta page records, with every page a read reaches inside it, is usable (LMDB never writes a page one commit took and freed again)', () => {
    restore();
    // The current meta page (the one with the higher transaction id) says three pages more than the file holds.
    const fd = openSync(data, 'r+');
    const head = Buffer.alloc(2 * 4096);
    readSync(fd, head, 0, head.length, 0);
    const current = head.readBigUInt64LE(4096 + 152) > head.readBigUInt64LE(152) ? 4096 : 0;
    const lastPage = head.readBigUInt64LE(current + 144);
    expect((lastPage + 1n) * 4096n).toBe(BigInt(statSync(data).size));
    const patched = Buffer.alloc(8);
    patched.writeBigUInt64LE(lastPage + 3n);
    writeSync(fd, patched, 0, 8, current + 144);
    closeSync(fd);
    rmSync(join(fx.root, '.cairn', 'graph', 'checked'), { force: true });
    for (const args of READERS) expect(cairnJson([...args, '-C', fx.root]).code, args.join(' ')).toBe(0);
    fx.write('src/m0.ts', 'export function changed() { return 1; }\n');
    expect(cairnJson(['sync', '-C', fx.root]).code).toBe(0);
    expect(cairnJson(['search', 'changed', '-C', fx.root]).body.data.symbols.length).toBe(1);
    restore();
  });
});
