#!/usr/bin/env node
// What bundling the command line saves each command (scripts/bundle.mjs): a no-op
// `cairn sync` of a one-file repository, run from dist/bundle/main.js (what bin/cairn.js
// loads) and from the unbundled dist/cli/main.js in alternating runs, so both see the
// same moments of the machine. Prints the median wall and CPU milliseconds of each.
// Run `npm run build` first.
//
//   node scripts/bench-startup.mjs [--runs 10]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './median.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(takeOption(process.argv.slice(2), '--runs', '10'));
const entries = [
  { name: 'bundled (dist/bundle/main.js)', file: join(repo, 'dist', 'bundle', 'main.js') },
  { name: 'unbundled (dist/cli/main.js)', file: join(repo, 'dist', 'cli', 'main.js') },
];

/** One no-op sync of `dir` from `file`: wall and CPU milliseconds. */
function sync(file, dir) {
  const started = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, file, 'sync', '-C', dir], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`sync failed: ${run.stderr.slice(-500)}`);
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000 };
}

const dir = mkdtempSync(join(tmpdir(), 'cairn-bench-startup-'));
try {
  writeFileSync(join(dir, 'a.ts'), 'export function a() {\n  return 1;\n}\n');
  const git = (...args) => execFileSync('git', ['-c', 'user.email=bench@cairn.invalid', '-c', 'user.name=bench', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'one file');
  execFileSync(process.execPath, [entries[0].file, 'init', '-C', dir], { stdio: 'ignore' });
  for (const entry of entries) entry.runs = [];
  for (let r = 0; r < runs; r++) for (const entry of r % 2 ? [...entries].reverse() : entries) entry.runs.push(sync(entry.file, dir));
  for (const { name, runs: results } of entries) {
    console.log(`no-op sync, ${name}: ${Math.round(median(results.map((x) => x.wall)))} ms wall, ${Math.round(median(results.map((x) => x.cpu)))} ms CPU (median of ${results.length})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
