#!/usr/bin/env node
// What V8's optimising compiler costs one `cairn init`: runs it under `--trace-opt` on a
// fresh copy of a corpus and sums the time of every optimised compile V8 reports (its
// three phases, most of it on a background thread), beside the run's CPU seconds. With
// --compare REV, REV's build runs in the same rounds, alternating, so both see the same
// machine (workers/short-run.ts lowers the inlining limits of short runs: compare with a
// revision before it to see what that saves).
//
//   node scripts/bench-jit.mjs rust-tokio [--rounds 3] [--compare REV]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRevision } from './build-revision.mjs';
import { corpusPath } from './corpus-path.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const corpus = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
if (!corpus) throw new Error('usage: bench-jit.mjs CORPUS [--rounds N] [--compare REV]');
const rounds = Number(option('--rounds') ?? 3);
const compareRev = option('--compare');

/** `completed compiling|optimizing <JSFunction ...> (target TURBOFAN) - took a, b, c ms` */
const COMPILED = /completed (?:compiling|optimizing) .* \(target TURBOFAN\) - took ([\d.]+), ([\d.]+), ([\d.]+) ms/;

/** One traced init of `dir` by the build at `root`. */
function tracedInit(root, dir) {
  rmSync(join(dir, '.cairn'), { recursive: true, force: true });
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, '--trace-opt', join(root, 'bin', 'cairn.js'), 'init', '-C', dir, '--json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (run.status !== 0) throw new Error(`init failed: ${run.stderr.slice(-500)}`);
  let compiles = 0;
  let ms = 0;
  for (const line of run.stdout.split('\n')) {
    const m = COMPILED.exec(line);
    if (!m) continue;
    compiles++;
    ms += Number(m[1]) + Number(m[2]) + Number(m[3]);
  }
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { compiles, compile_ms: Math.round(ms), cpu_s: Math.round((user + system) * 100) / 100 };
}

const scratch = mkdtempSync(join(tmpdir(), 'cairn-bench-jit-'));
const other = compareRev ? buildRevision(repo, compareRev) : null;
try {
  const builds = [{ name: 'this build', root: repo }, ...(other ? [{ name: compareRev, root: other.dir }] : [])];
  for (const build of builds) {
    build.dir = join(scratch, build.name.replace(/\W/g, '_'));
    cpSync(corpusPath(corpus), build.dir, { recursive: true });
    build.rounds = [];
  }
  for (let r = 0; r < rounds; r++) for (const build of builds) build.rounds.push(tracedInit(build.root, build.dir));
  for (const build of builds) {
    const rows = build.rounds.map((x) => `${x.compile_ms} ms in ${x.compiles} compiles (${x.cpu_s} CPU s)`);
    console.log(`${corpus} ${build.name}: ${rows.join('; ')}`);
  }
} finally {
  other?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
}
