#!/usr/bin/env node
// What V8's optimising compiler costs one `cairn init`: runs it under `--trace-opt` on a
// fresh copy of a corpus and sums the time of every optimised compile V8 reports (its
// three phases, most of it on a background thread), beside the run's CPU seconds. With
// --compare REV, REV's build runs in the same rounds, alternating, so both see the same
// machine (workers/short-run.ts lowers the inlining limits and raises the interrupt
// budget of short runs: compare with a revision before it to see what that saves).
//
//   node scripts/bench-jit.mjs rust-tokio [--rounds 3] [--compare REV]
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { alternatingBuilds, benchArguments } from './alternating-builds.mjs';

const args = benchArguments('bench-jit.mjs');

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

for (const build of await alternatingBuilds(args, (root, dir) => () => tracedInit(root, dir))) {
  const rows = build.rounds.map((x) => `${x.compile_ms} ms in ${x.compiles} compiles (${x.cpu_s} CPU s)`);
  console.log(`${args.corpus} ${build.name}: ${rows.join('; ')}`);
}
