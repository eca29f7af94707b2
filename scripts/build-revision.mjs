// Builds another revision of cairn in a temp dir (from git objects, sharing this
// checkout's node_modules), for benchmarks that compare it with the current build.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `{ dir, bin, cleanup }`: `bin` is the built revision's bin/cairn.js. */
export function buildRevision(repo, rev) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-bench-rev-')));
  const archive = spawnSync('git', ['archive', '--format=tar', rev], { cwd: repo, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${rev} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-f', '-', '-C', dir], { input: archive.stdout });
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  // The revision's own build script: what it compiles, copies and bundles changes over time.
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: dir, stdio: 'inherit' });
  return { dir, bin: join(dir, 'bin', 'cairn.js'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
