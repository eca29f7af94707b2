// A damaged index answers `unusable` with `cairn init` as the action (exit 1), never
// a crash: a data.mdb cut shorter than its own meta page says (LMDB maps the file and
// would die of SIGBUS reading past its end), and damaged pages in the middle (LMDB
// errors, records that cannot be decoded). `init` rebuilds it.
import { closeSync, copyFileSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
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
});
