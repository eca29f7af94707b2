// The README's set-up puts `cairn` on PATH: a global install of the clone into a
// prefix (here a temp one, as `--prefix ~/.local` for a user) links bin/cairn.js into
// <prefix>/bin, and it runs from outside the clone; uninstall takes it away again.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO } from '../helpers/cli.js';

let prefix: string;
let outside: string;

/** npm without the settings of an npm that may be running these tests (npm test sets npm_config_*). */
function npm(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return spawnSync('npm', [...args, '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8', env });
}

/** A shell whose PATH has the prefix's bin and node's folder, nothing of the clone. */
const shell = (command: string) =>
  spawnSync('/bin/sh', ['-c', command], { cwd: outside, encoding: 'utf8', env: { HOME: outside, PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin` } });

beforeAll(() => {
  prefix = mkdtempSync(join(tmpdir(), 'cairn-prefix-'));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-outside-')));
});
afterAll(() => {
  rmSync(prefix, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('cairn on PATH', () => {
  test('npm install --global --prefix <dir> . puts a working cairn in <dir>/bin; npm uninstall takes it away', () => {
    const install = npm(['install', '--global', '.']);
    expect(install.status, install.stderr).toBe(0);
    const bin = join(prefix, 'bin', 'cairn');
    expect(realpathSync(bin)).toBe(realpathSync(join(REPO, 'bin', 'cairn.js')));

    const version = shell('command -v cairn && cairn --version');
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout).toBe(`${bin}\n0.1.0\n`);
    // A real command, from outside the clone, on a directory with no index.
    const status = shell(`cairn status -C ${outside} --json`);
    expect(status.status).toBe(1);
    expect(JSON.parse(status.stdout)).toMatchObject({ command: 'status', ok: false, next_action: 'cairn init' });

    const uninstall = npm(['uninstall', '--global', 'cairn']);
    expect(uninstall.status, uninstall.stderr).toBe(0);
    expect(existsSync(bin)).toBe(false);
    expect(shell('command -v cairn').status).not.toBe(0);
    // The clone itself is untouched: the global install was a link to it.
    expect(existsSync(join(REPO, 'bin', 'cairn.js'))).toBe(true);
  });
});
