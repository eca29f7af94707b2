// An interrupted init stops: the previous index stays as it was, the half-built one
// and the lock are removed, and the exit code is 130. And a FIFO named to
// `diff --files` is skipped with a note, not taken for a sign of a stale index.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAIRN, cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;

beforeAll(() => {
  // Enough files that indexing them takes a while after the rebuild has begun.
  const files: Record<string, string> = {};
  for (let i = 0; i < 1500; i++) files[`src/m${i}.ts`] = `export function f${i}(x: number) { return f${(i + 1) % 1500}(x) + ${i}; }\n`;
  fx = makeFixture(files, { git: true });
  expect(cairn(['init', '-C', fx.root]).code).toBe(0);
});
afterAll(() => fx.remove());

const graphHash = () => createHash('sha256').update(readFileSync(join(fx.root, '.cairn', 'graph', 'data.mdb'))).digest('hex');

describe('init on SIGINT', () => {
  test('stops once the rebuild has begun, leaves the previous index and exits 130', async () => {
    const before = graphHash();
    fx.write('src/extra.ts', 'export function extra() { return 1; }\n');
    const child = spawn(process.execPath, [CAIRN, 'init', '-C', fx.root], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CAIRN_REVIEW_SERVER: 'off' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('close', (code, signal) => done({ code, signal })));
    // The half-built environment appears when the rebuild begins: interrupt then.
    const next = join(fx.root, '.cairn', 'graph-next');
    const deadline = Date.now() + 20_000;
    while (!existsSync(next) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(existsSync(next)).toBe(true);
    child.kill('SIGINT');
    const { code, signal } = await closed;
    expect({ code, signal }, stderr).toEqual({ code: 130, signal: null });
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual(['cairn init: init stopped by an interrupt; the previous index is unchanged']);
    expect(graphHash()).toBe(before);
    expect(existsSync(next)).toBe(false);
    expect(existsSync(join(fx.root, '.cairn', 'lock'))).toBe(false);
    // The previous index still answers, and knows nothing of the file added meanwhile.
    expect(cairnJson(['search', 'extra', '-C', fx.root]).body.data.symbols).toEqual([]);
    expect(cairnJson(['search', 'f7', '-C', fx.root]).body.data.symbols.map((s: { id: string }) => s.id)).toContain('src/m7.ts::f7');
  }, 60_000);
});

describe('diff --files on a FIFO', () => {
  test('is skipped with a note; the answer does not call the index stale', () => {
    spawnSync('mkfifo', [join(fx.root, 'src', 'pipe.ts')]);
    const r = cairnJson(['diff', '--files', 'src/pipe.ts', '-C', fx.root]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.body.warnings.map((w: { code: string }) => w.code)).toEqual(['not_a_regular_file']);
    expect(r.body.warnings[0].message).toMatch(/src\/pipe\.ts is not a regular file/);
    expect(r.body.next_action).not.toBe('cairn sync');
  });
});
