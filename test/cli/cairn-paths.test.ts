// cairn's own paths: `.cairn` and what cairn opens under it must be real directories
// and files inside the workspace. A repository can carry a `.cairn` of its own (a
// symlink out or in, a regular file, a FIFO, a symlink loop) or plant one entry
// under it; every command then stops with exit 2 and one line naming what to remove,
// and nothing is written or opened through the link.
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cairnPath, makeCairnDirectory } from '../../gate/cairn-paths.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
let outside: string;

beforeAll(() => {
  fx = makeFixture({ 'src/a.ts': 'export function alpha() { return beta(); }\nfunction beta() { return 1; }\n' }, { git: true });
  outside = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
});
afterAll(() => {
  fx.remove();
  rmSync(outside, { recursive: true, force: true });
});

const cairnDir = () => join(fx.root, '.cairn');
const env = () => ({ XDG_CONFIG_HOME: join(fx.root, '.no-user'), CAIRN_REVIEW_SERVER: 'off', CAIRN_LOCK_WAIT_MS: '200' });
const run = (args: string[]) => cairn([...args, '-C', fx.root], { env: env() });

/** Every command that writes or reads the index, each refused the same way. */
const COMMANDS = [['init'], ['sync'], ['status'], ['doctor'], ['callers', 'beta'], ['search', 'alpha'], ['export']];

function expectRefused(args: string[], shown: string, what: RegExp): void {
  const r = run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(what);
  expect(lines[0]).toContain(`${shown} is`);
  expect(lines[0]).toContain(`remove ${join(fx.root, shown)}`);
  expect(r.stdout).toBe('');
}

describe('a .cairn that is not a directory of cairn own', () => {
  const cases: Array<[string, () => void, RegExp]> = [
    ['a symlink to a directory outside the workspace', () => symlinkSync(outside, cairnDir()), /is a symbolic link,/],
    ['a symlink to a directory inside the workspace', () => symlinkSync(join(fx.root, 'src'), cairnDir()), /is a symbolic link,/],
    ['a regular file', () => writeFileSync(cairnDir(), 'not a directory\n'), /is a file,/],
    ['a FIFO', () => void spawnSync('mkfifo', [cairnDir()]), /is a FIFO,/],
    ['a symlink loop', () => symlinkSync('.cairn', cairnDir()), /is a symbolic link loop,/],
  ];
  for (const [name, plant, what] of cases) {
    test(`${name}: every command exits 2 and names it; nothing is written through it`, () => {
      rmSync(cairnDir(), { recursive: true, force: true });
      plant();
      for (const args of COMMANDS) expectRefused(args, '.cairn', what);
      const json = cairnJson(['status', '-C', fx.root], { env: env() });
      expect(json.code).toBe(2);
      expect(json.body.warnings[0].code).toBe('cairn_path_refused');
      expect(readdirSync(outside)).toEqual([]);
      expect(readdirSync(join(fx.root, 'src'))).toEqual(['a.ts']);
    });
  }
});

describe('an entry under .cairn that is not what cairn made', () => {
  beforeAll(() => {
    rmSync(cairnDir(), { recursive: true, force: true });
  });

  const fresh = () => {
    rmSync(cairnDir(), { recursive: true, force: true });
    expect(run(['init']).code).toBe(0);
  };

  test('the graph directory as a symlink out: refused, the outside untouched', () => {
    fresh();
    rmSync(join(cairnDir(), 'graph'), { recursive: true });
    symlinkSync(outside, join(cairnDir(), 'graph'));
    for (const args of COMMANDS) expectRefused(args, '.cairn/graph', /is a symbolic link,/);
    expect(readdirSync(outside)).toEqual([]);
  });

  test("the graph's data file as a symlink, or as a hard link to a file elsewhere", () => {
    fresh();
    const data = join(cairnDir(), 'graph', 'data.mdb');
    const copy = join(outside, 'data.mdb');
    spawnSync('cp', [data, copy]);
    rmSync(data);
    symlinkSync(copy, data);
    for (const args of [['sync'], ['status'], ['callers', 'beta']]) expectRefused(args, '.cairn/graph/data.mdb', /is a symbolic link,/);
    rmSync(data);
    linkSync(copy, data);
    for (const args of [['sync'], ['status']]) expectRefused(args, '.cairn/graph/data.mdb', /is a file with other hard links,/);
    rmSync(copy);
  });

  test('graph-next as a symlink out: init refuses it rather than build the index there', () => {
    fresh();
    symlinkSync(outside, join(cairnDir(), 'graph-next'));
    expectRefused(['init'], '.cairn/graph-next', /is a symbolic link,/);
    expect(readdirSync(outside)).toEqual([]);
  });

  test('the lock as a symlink (to a device) or a FIFO: refused, never read or removed', () => {
    fresh();
    const lock = join(cairnDir(), 'lock');
    symlinkSync('/dev/zero', lock);
    expectRefused(['sync'], '.cairn/lock', /is a symbolic link,/);
    rmSync(lock);
    spawnSync('mkfifo', [lock]);
    expectRefused(['init'], '.cairn/lock', /is a FIFO,/);
    expect(existsSync(lock)).toBe(true);
    rmSync(lock);
  });

  test('the audit folder as a symlink out: a review is refused before it writes its log', () => {
    fresh();
    symlinkSync(outside, join(cairnDir(), 'audit'));
    expectRefused(['review', '--file', 'src/a.ts', '--line', '1'], '.cairn/audit', /is a symbolic link,/);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('the helper every opener uses', () => {
  let ws: string;
  beforeAll(() => {
    ws = mkdtempSync(join(tmpdir(), 'cairn-paths-'));
  });
  afterAll(() => rmSync(ws, { recursive: true, force: true }));

  test('makes real directories with .cairn/.gitignore, and refuses a planted link on the way', () => {
    expect(makeCairnDirectory(ws, 'review')).toBe(join(ws, '.cairn', 'review'));
    expect(readdirSync(join(ws, '.cairn')).sort()).toEqual(['.gitignore', 'review']);
    expect(cairnPath(ws, 'push/x.json', 'file')).toBe(join(ws, '.cairn', 'push', 'x.json'));
    symlinkSync(outside, join(ws, '.cairn', 'push'));
    expect(() => makeCairnDirectory(ws, 'push')).toThrow(/\.cairn\/push is a symbolic link/);
    expect(() => cairnPath(ws, 'push/x.json', 'file')).toThrow(/\.cairn\/push is a symbolic link/);
    mkdirSync(join(ws, '.cairn', 'review', 'server.sock'));
    expect(() => cairnPath(ws, 'review/server.sock', 'socket')).toThrow(/is a directory, not a socket/);
    expect(readdirSync(outside)).toEqual([]);
  });
});
