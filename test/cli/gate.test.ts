// The path gate, proved through its trace seam: with CAIRN_GATE_TRACE set, every
// path a run opens through the gate is appended to a file. Privacy-excluded paths,
// symlinks that leave the workspace, devices and FIFOs never appear there, whatever
// the command; and ordinary files do (so the trace is live, not silent).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Gate } from '../../gate/gate.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { PRIVACY_FIXTURE, PRIVATE_SOURCE } from '../helpers/privacy-fixture.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function fixture(files: Record<string, string>): Fixture {
  const fx = makeFixture(files, { git: true });
  cleanups.push(() => fx.remove());
  return fx;
}

function outsideDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
  for (const [p, t] of Object.entries(files)) writeFileSync(join(dir, p), t);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs cairn with the trace seam on; returns the run and every path it opened. */
function traced(fx: Fixture, args: string[], json = true) {
  const trace = join(mkdtempSync(join(tmpdir(), 'cairn-trace-')), 'opened');
  cleanups.push(() => rmSync(join(trace, '..'), { recursive: true, force: true }));
  const env = { CAIRN_GATE_TRACE: trace, XDG_CONFIG_HOME: join(fx.root, '.no-user'), CAIRN_REVIEW_SERVER: 'off' };
  const r = json ? cairnJson([...args, '-C', fx.root], { env }) : { ...cairn([...args, '-C', fx.root], { env }), body: null };
  const opened = existsSync(trace) ? readFileSync(trace, 'utf8').split('\n').filter(Boolean) : [];
  return { ...r, opened };
}

const PRIVATE = PRIVATE_SOURCE;

describe('privacyExcludes applies to every command', () => {
  test('a privacy-excluded file is never opened by init, sync, status, node, diff or review; it is listed by path only', () => {
    const fx = fixture(PRIVACY_FIXTURE);
    const isPrivate = (p: string) => p.includes(`${join('private', 'keys.ts')}`);
    const runs = [
      traced(fx, ['init']),
      traced(fx, ['sync']),
      traced(fx, ['status']),
      traced(fx, ['node', '--file', 'private/keys.ts']),
      traced(fx, ['node', '--file', 'src/a.ts']),
      traced(fx, ['diff', '--files', 'private/keys.ts', 'src/a.ts']),
      traced(fx, ['review', '--file', 'private/keys.ts', '--line', '1']),
      traced(fx, ['search', 'privateThing']),
    ];
    for (const r of runs) {
      expect([0, 1, 2]).toContain(r.code);
      expect(r.opened.filter(isPrivate)).toEqual([]);
      expect(JSON.stringify(r.body)).not.toContain('PRIVATE-CONTENT');
    }
    // The trace is live: the ordinary file was opened by init.
    expect(runs[0].opened.some((p) => p.endsWith(join('src', 'a.ts')))).toBe(true);
    expect(runs[0].body.data.skipped.privacy).toBe(1);
    // Human output lists what was passed over by count only.
    expect(traced(fx, ['init'], false).stdout).toContain('Skipped (never opened): privacy 1');
    // Nothing of the private file is in the index, and node refuses it by path.
    expect(runs[7].body.data.symbols).toEqual([]);
    expect(runs[3].code).toBe(1);
    // Status stays fresh: an excluded file is neither added nor missing.
    expect(runs[2].body.data.freshness).toBe('fresh');
  });

  test('an index made before a path became private stops showing its lines at once', () => {
    const fx = fixture({ 'src/a.ts': 'export function alpha() { return 1; }\n', 'private/keys.ts': PRIVATE });
    expect(traced(fx, ['init']).code).toBe(0);
    expect(traced(fx, ['node', '--file', 'private/keys.ts']).body.data.lines.length).toBeGreaterThan(0);
    writeFileSync(join(fx.root, '.cairn.jsonc'), '{ "privacyExcludes": ["private/**"] }\n');
    const after = traced(fx, ['node', '--file', 'private/keys.ts']);
    expect(after.code).toBe(1);
    expect(after.body.warnings[0].message).toMatch(/privacy-excluded/);
    expect(after.opened.filter((p) => p.includes('private'))).toEqual([]);
  });

  test('diff --base neither lists a privacy-excluded file nor has git read it into a snapshot', () => {
    const fx = fixture(PRIVACY_FIXTURE);
    expect(traced(fx, ['init']).code).toBe(0);
    fx.write('private/keys.ts', `${PRIVATE}export function more() { return privateThing(); }\n`);
    fx.write('src/a.ts', 'export function alpha() { return 2; }\nexport function gamma() { return alpha(); }\n');
    // A changed tsconfig.json makes the base an archive snapshot, the other kind.
    fx.write('tsconfig.json', '{ "compilerOptions": {} }\n');
    fx.commit('change both');
    expect(traced(fx, ['sync']).code).toBe(0);
    for (const args of [['diff', '--base', 'HEAD~1', '--head', 'HEAD'], ['diff', '--base', 'HEAD~1']]) {
      const r = traced(fx, args);
      expect(r.code, JSON.stringify(r.body.warnings)).toBe(0);
      const paths = JSON.stringify([r.body.data.files, r.body.data.unmapped_hunks, r.body.data.symbols]);
      expect(paths).toContain('src/a.ts');
      expect(paths).not.toContain('private/');
      expect(r.body.data.historical_snapshot.base.method).toBe('archive');
      expect(r.opened.filter((p) => p.includes('private'))).toEqual([]);
    }
  });
});

describe('symlinks and special files', () => {
  test('no command opens a symlink out of the workspace, a device or a FIFO, as a file or through a folder', () => {
    const outside = outsideDir({ 'secret.ts': 'export function leaked() { return "OUTSIDE-CONTENT"; }\n' });
    const fx = fixture({ 'src/a.ts': 'export function alpha() { return 1; }\n' });
    symlinkSync(join(outside, 'secret.ts'), join(fx.root, 'src', 'leak.ts'));
    symlinkSync(outside, join(fx.root, 'src', 'outdir'));
    symlinkSync('/dev/zero', join(fx.root, 'src', 'zero.ts'));
    symlinkSync(join(fx.root, 'src', 'a.ts'), join(fx.root, 'src', 'inner-link.ts'));
    spawnSync('mkfifo', [join(fx.root, 'src', 'fifo.ts')]);
    const hostile = ['src/leak.ts', 'src/outdir/secret.ts', 'src/zero.ts', 'src/fifo.ts', 'src/inner-link.ts'];
    const runs = [
      traced(fx, ['init']),
      traced(fx, ['diff', '--files', ...hostile]),
      ...hostile.flatMap((p) => [traced(fx, ['node', '--file', p]), traced(fx, ['review', '--file', p, '--line', '1'])]),
    ];
    for (const r of runs) {
      expect([0, 1, 2]).toContain(r.code);
      expect(r.opened.filter((p) => hostile.some((h) => p.endsWith(h)) || p.startsWith(outside) || p.startsWith('/dev'))).toEqual([]);
      expect(JSON.stringify(r.body)).not.toContain('OUTSIDE-CONTENT');
    }
    expect(runs[0].body.data.skipped.symlink).toBeGreaterThanOrEqual(3);
  });

  test("cairn's own files under .cairn/ are never read through a symlink: a planted lock is refused", () => {
    const fx = fixture({ 'src/a.ts': 'export function alpha() { return 1; }\n' });
    expect(traced(fx, ['init']).code).toBe(0);
    symlinkSync('/dev/zero', join(fx.root, '.cairn', 'lock'));
    const sync = traced(fx, ['sync']);
    expect(sync.code, sync.stderr).toBe(2);
    expect(sync.body.warnings[0].code).toBe('cairn_path_refused');
    expect(sync.opened.filter((p) => p.endsWith('lock') || p.startsWith('/dev'))).toEqual([]);
  });

  test('the gate refuses by reason, in order, and reads within its bound', () => {
    const outside = outsideDir({ 'x.ts': 'x' });
    const fx = fixture({ 'src/a.ts': 'export const a = 1;\n', 'src/big.ts': 'y'.repeat(5000), 'private/p.ts': 'p', '.env': 'K=V' });
    symlinkSync(join(outside, 'x.ts'), join(fx.root, 'src', 'out.ts'));
    symlinkSync(join(fx.root, 'src', 'a.ts'), join(fx.root, 'src', 'in.ts'));
    spawnSync('mkfifo', [join(fx.root, 'src', 'fifo.ts')]);
    const gate = new Gate(fx.root, { privacy: ['private/**'], protect: true, ignored: (p) => p === 'src/ignored.ts' });
    fx.write('src/ignored.ts', 'i');
    expect(gate.check('../x.ts').reason).toBe('outside-workspace');
    expect(gate.check('src/out.ts').reason).toBe('outside-workspace');
    expect(gate.check('src/in.ts').reason).toBe('not-a-file');
    expect(gate.check('src/fifo.ts').reason).toBe('not-a-file');
    expect(gate.check('src').reason).toBe('not-a-file');
    expect(gate.check('.env').reason).toBe('protected');
    expect(gate.check('private/p.ts').reason).toBe('privacy-excluded');
    expect(gate.check('src/ignored.ts').reason).toBe('git-ignored');
    expect(gate.check('src/a.ts', () => false).reason).toBe('not-selected');
    expect(gate.check('src/none.ts').reason).toBe('missing');
    expect(gate.check('src/a.ts').allowed).toBe(true);
    const big = gate.read('src/big.ts', 1000);
    expect(big.ok ? 'read' : big.reason).toBe('too_large');
    const cut = gate.read('src/big.ts', 1000, { allowTruncated: true });
    expect(cut.ok && cut.bytes.length).toBe(1001);
  });
});
