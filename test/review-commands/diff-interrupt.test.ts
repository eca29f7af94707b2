// `diff --base` builds a historical snapshot in a temp dir (a copy of a revision's
// source and its index). An interrupt or termination removes it before the process
// exits; a dir left by a process that died outright is removed by the next diff.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CAIRN } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const cleanups: Array<() => void> = [];
afterAll(() => cleanups.splice(0).forEach((c) => c()));

/** A repository whose base revision has another module configuration, so the diff needs a whole archive snapshot; indexed once for every test. */
let indexed: Fixture | undefined;
function repository(): Fixture {
  if (indexed) return indexed;
  const files: Record<string, string> = {};
  for (let i = 0; i < 40; i++) files[`src/m${i}.ts`] = Array.from({ length: 30 }, (_, j) => `export function f${i}_${j}(x: number) { return g${j}(x); }\nfunction g${j}(y: number) { return y; }`).join('\n');
  const fx = makeFixture(files, { git: true });
  cleanups.push(() => fx.remove());
  fx.write('tsconfig.json', '{ "compilerOptions": {} }\n');
  fx.write('src/m1.ts', 'export function changed() {}\n');
  fx.commit('config and a change');
  expect(spawnSync(process.execPath, [CAIRN, 'init', '-C', fx.root], { env: { ...process.env, XDG_CONFIG_HOME: join(fx.root, '.no-user') } }).status).toBe(0);
  indexed = fx;
  return fx;
}

function privateTmp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-tmp-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const snapshots = (dir: string) => readdirSync(dir).filter((n) => n.startsWith('cairn-snapshot-'));

async function until(what: string, probe: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('diff snapshot temp dirs', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    test(`${signal} during diff --base removes the snapshot dir`, async () => {
      const fx = repository();
      const tmp = privateTmp();
      const env = { ...process.env, TMPDIR: tmp, XDG_CONFIG_HOME: join(fx.root, '.no-user') };
      const child = spawn(process.execPath, [CAIRN, 'diff', '--base', 'HEAD~1', '--head', 'HEAD', '-C', fx.root], { env, stdio: 'ignore' });
      const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
      await until('a snapshot dir', () => snapshots(tmp).length > 0);
      child.kill(signal);
      const code = await exited;
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(snapshots(tmp)).toEqual([]);
    });
  }

  test("a diff removes this user's snapshot dirs whose process is gone, and leaves a live process's alone", () => {
    const fx = repository();
    const tmp = privateTmp();
    const env = { ...process.env, TMPDIR: tmp, XDG_CONFIG_HOME: join(fx.root, '.no-user') };
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    mkdirSync(join(tmp, `cairn-snapshot-${gone}-left`));
    mkdirSync(join(tmp, `cairn-snapshot-${process.pid}-live`));
    const diff = spawnSync(process.execPath, [CAIRN, 'diff', '--base', 'HEAD', '-C', fx.root], { env, encoding: 'utf8' });
    expect(diff.status, diff.stderr).toBe(0);
    expect(snapshots(tmp)).toEqual([`cairn-snapshot-${process.pid}-live`]);
  });
});
