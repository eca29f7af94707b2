// The Python oracle's node side: runs oracle-py/oracle.py (Jedi, from Debian's
// python3-jedi) with Debian's own interpreter, over a corpus copy laid out as
// `<work>/py/<package>` so the corpus's absolute imports (`from django.db import
// models`) reach the copy before any installed package of the same name.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROGRAM = join(dirname(fileURLToPath(import.meta.url)), 'oracle-py', 'oracle.py');
/** Debian's interpreter, where python3-jedi installs (the first python3 on PATH may be another). */
export const DEBIAN_PYTHON = '/usr/bin/python3';

/**
 * Python corpora the oracle measures: an install name, and optionally the folders of
 * the package measured (a part of a big corpus, so one run stays within minutes; the
 * oracle still follows imports into the rest of the copy).
 */
export const PY_CORPORA = {
  'py-requests': { install: 'py-requests' },
  'py-django-db': { install: 'py-django', only: ['db'] },
  'py-django': { install: 'py-django' },
};

/** Installs Debian's Jedi when it is missing (needs root, as the corpora do). */
export function ensureJedi() {
  const probe = () => spawnSync(DEBIAN_PYTHON, ['-c', 'import jedi'], { stdio: 'ignore' }).status === 0;
  if (existsSync(DEBIAN_PYTHON) && probe()) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const res = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'python3-jedi'], { stdio: 'inherit', env });
  if (res.status !== 0 || !probe()) throw new Error('python3-jedi is missing and could not be installed');
}

/**
 * Runs the oracle over `root` (the copy), writing sites to `outFile`; `sysPath` goes
 * first on Jedi's import path, `only` limits the walk to folders of the root.
 */
export function runPyOracle(root, outFile, { sysPath = [], only = [] } = {}) {
  ensureJedi();
  const args = [PROGRAM, root, outFile, ...sysPath.flatMap((p) => ['--sys-path', p]), ...only.flatMap((p) => ['--only', p])];
  const res = spawnSync(DEBIAN_PYTHON, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`Python oracle failed (${res.status ?? res.signal}): ${(res.stderr ?? '').slice(-2000)}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}
