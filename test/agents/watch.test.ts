// `cairn watch` as a user runs it: a save reaches the index without `cairn sync`, by a
// sync of the changed path alone; a branch switch that touches two thousand files is a
// handful of batched syncs of those paths, not thousands; paths cairn never indexes
// start no sync; SIGTERM stops it cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
let watch: ChildProcess;
let log = '';
const synced = () => log.split('\n').filter((l) => l.includes('synced'));
const syncs = () => synced().length;

beforeAll(async () => {
  fx = makeFixture({ ...RUST_TS_FIXTURE, '.gitignore': 'out/\n', '.cairn.jsonc': '{ "privacyExcludes": ["private/**"] }\n' }, { git: true });
  // A branch that adds two thousand files.
  fx.git('checkout', '-q', '-b', 'many');
  for (let i = 0; i < 2000; i++) fx.write(`gen/m${i}.ts`, `export function generated${i}(): number {\n  return ${i};\n}\n`);
  fx.commit('many');
  fx.git('checkout', '-q', 'main');
  expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
  watch = spawn(process.execPath, [CAIRN, 'watch', '--debounce', '200'], { cwd: fx.root, stdio: ['ignore', 'ignore', 'pipe'] });
  watch.stderr!.on('data', (chunk) => (log += String(chunk)));
  for (let waited = 0; !/watching/.test(log) && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
});
afterAll(() => {
  if (watch.exitCode === null) watch.kill('SIGKILL');
  fx.remove();
});

const found = (name: string) => {
  const r = cairnJson(['search', name, '-C', fx.root]);
  return r.body.data.symbols.some((s: { name: string }) => s.name === name);
};

describe('cairn watch', () => {
  it('syncs the whole tree once on start, then brings a saved file into the index by a sync of that path alone', async () => {
    await expect.poll(() => synced()[0], { timeout: 20_000 }).toMatch(/synced the whole tree \(start\)/);
    const before = syncs();
    fx.write('web/added.ts', 'export function freshlySaved(): number {\n  return 1;\n}\n');
    await expect.poll(() => found('freshlySaved'), { timeout: 20_000, interval: 200 }).toBe(true);
    await expect.poll(syncs, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(synced().slice(before).join('\n')).toMatch(/synced 1 changed path\(s\): 1 added/);
  });

  it('starts no sync for paths it never indexes (by name: build folders, privacy excludes, unknown kinds)', async () => {
    const before = syncs();
    fx.write('node_modules/pkg/index.ts', 'export function libraryCode() {}\n');
    fx.write('private/keys.ts', 'export function privateThing() {}\n');
    fx.write('notes.txt', 'not source\n');
    await new Promise((r) => setTimeout(r, 1000));
    expect(syncs()).toBe(before);
  });

  it('turns a branch switch of two thousand files into a few batched syncs', async () => {
    const before = syncs();
    fx.git('checkout', '-q', 'many');
    await expect.poll(() => found('generated1999'), { timeout: 60_000, interval: 500 }).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(syncs() - before).toBeGreaterThanOrEqual(1);
    // A few, not one per file: how many depends on how the checkout's writes spread against
    // the 50 ms debounce (2 to 4 on a quiet machine, 5 seen with load 8 on 2 vCPUs).
    expect(syncs() - before).toBeLessThanOrEqual(8);
    // Syncs of the paths the switch touched, not walks of the whole tree.
    expect(synced().slice(before).every((line) => /synced \d+ changed path/.test(line))).toBe(true);
    const status = cairnJson(['status', '-C', fx.root]);
    expect(status.body.data.freshness).toBe('fresh');
    // The fixture's five source files, the two thousand, and the one saved first; nothing private or in a build folder.
    expect(status.body.data.stats.files).toBe(2006);
    expect(found('privateThing') || found('libraryCode')).toBe(false);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => watch.once('exit', (code) => resolve(code)));
    watch.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toMatch(/stopped/);
  });
});
