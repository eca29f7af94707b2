// The index survives killed writers, refuses a second writer, and never leaves the workspace.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CAIRN, cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));
const fixture = (files: Record<string, string> = {}, git = false) => {
  const f = makeFixture(files, { git });
  fixtures.push(f);
  return f;
};

function manyFiles(n: number, marker: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`src/m${i}.ts`] = Array.from({ length: 40 }, (_, j) => `export function ${marker}${i}_${j}(x: number) { return helper${j}(x) + ${j}; }\nfunction helper${j}(y: number) { return y; }`).join('\n');
  }
  return files;
}

describe('writers', () => {
  it('a killed init leaves the previous index intact and usable', async () => {
    const fx = fixture(manyFiles(150, 'first'));
    expect(cairnJson(['init', '-C', fx.root, '--jobs', '1']).code).toBe(0);
    for (const [path, content] of Object.entries(manyFiles(150, 'second'))) fx.write(path, content);
    const child = spawn(process.execPath, [CAIRN, 'init', '-C', fx.root, '--jobs', '1'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 400));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const search = cairnJson(['search', 'first0_1', '-C', fx.root]);
    expect(search.code).toBe(0);
    expect(search.body.data.symbols.map((s: any) => s.name)).toContain('first0_1');
    // The dead writer's lock is taken over by the next one.
    const sync = cairnJson(['sync', '-C', fx.root]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(cairnJson(['search', 'second0_1', '-C', fx.root]).body.data.symbols.length).toBeGreaterThan(0);
  });

  it('a second writer waits, then fails clearly while the first holds the lock', () => {
    const fx = fixture({ 'a.ts': 'export function a() {}\n' });
    cairnJson(['init', '-C', fx.root]);
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(fx.root, '.cairn', 'lock'), String(holder.pid));
      const run = cairnJson(['sync', '-C', fx.root], { env: { CAIRN_LOCK_WAIT_MS: '300' } });
      expect(run.code).toBe(3);
      expect(run.body.ok).toBe(false);
      expect(run.body.warnings[0].code).toBe('index_locked');
      // Readers are not blocked by a writer.
      expect(cairnJson(['search', 'a', '-C', fx.root]).code).toBe(0);
    } finally {
      holder.kill();
    }
  });
});

describe('workspace boundaries', () => {
  it('never follows a symlink out of the workspace', () => {
    const outside = fixture({ 'secret.ts': 'export function secretThing() {}\n' });
    const fx = fixture({ 'a.ts': 'export function a() {}\n' });
    symlinkSync(join(outside.root, 'secret.ts'), join(fx.root, 'leak.ts'));
    mkdirSync(join(fx.root, 'inner'));
    symlinkSync(outside.root, join(fx.root, 'inner', 'dir'));
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    expect(cairnJson(['search', 'secretThing', '-C', fx.root]).body.data.symbols).toEqual([]);
    expect(cairnJson(['node', '--file', 'leak.ts', '-C', fx.root]).body.ok).toBe(false);
  });

  it('-C works from another directory, and a missing workspace is a clear error', () => {
    const fx = fixture({ 'a.ts': 'export function alpha() {}\n' });
    expect(cairn(['init', '-C', fx.root], { cwd: '/' }).code).toBe(0);
    expect(cairnJson(['search', 'alpha', '-C', fx.root], { cwd: '/' }).body.data.symbols).toHaveLength(1);
    const missing = cairnJson(['status', '-C', join(fx.root, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.body.warnings[0].code).toBe('workspace_not_found');
  });

  it('bad option values are usage errors with one JSON document', () => {
    const fx = fixture({ 'a.ts': 'export function alpha() {}\n' });
    cairnJson(['init', '-C', fx.root]);
    const run = cairnJson(['search', 'a', '--limit', 'lots', '-C', fx.root]);
    expect(run.code).toBe(2);
    expect(run.body.warnings[0].code).toBe('invalid_argument');
  });

  it('the work tree and git state are untouched', () => {
    const fx = fixture({ 'a.ts': 'export function alpha() {}\n' }, true);
    const before = spawnSync('git', ['status', '--porcelain'], { cwd: fx.root, encoding: 'utf8' }).stdout;
    const head = fx.git('rev-parse', 'HEAD');
    cairnJson(['init', '-C', fx.root]);
    cairnJson(['sync', '-C', fx.root]);
    cairnJson(['status', '-C', fx.root]);
    expect(fx.git('rev-parse', 'HEAD')).toBe(head);
    expect(spawnSync('git', ['status', '--porcelain'], { cwd: fx.root, encoding: 'utf8' }).stdout).toBe(before);
  });
});

describe('output pipes', () => {
  it('a reader that closes early ends the export quietly', () => {
    const fx = fixture(manyFiles(20, 'pipe'));
    cairnJson(['init', '-C', fx.root]);
    const r = spawnSync('bash', ['-c', `node "${CAIRN}" export --format jsonl -C "${fx.root}" | head -c 10 > /dev/null; echo "\${PIPESTATUS[0]}"`], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('0');
    expect(r.stderr).not.toContain('EPIPE');
  });
});
