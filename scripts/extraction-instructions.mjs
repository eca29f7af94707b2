#!/usr/bin/env node
// Native fact extraction counted in instructions, not timed: on the shared machine a
// process's CPU seconds move by 10-15% with the other work beside it, while the count of
// instructions it executes does not. Each run is a child process under valgrind's
// cachegrind (counting only, no cache simulation) that extracts every source file of a
// corpus once, with this build or a reference build, alternating.
//
//   node scripts/extraction-instructions.mjs [--reference <dir>] [--rounds 2] [--passes 1] ts-zod rust-tokio
//
// <dir> is another checkout of cairn, built (`npm run build`). V8 runs with
// --predictable and --predictable-gc-schedule (no background compiler or collector
// threads, a fixed hash seed, heap growth on a fixed schedule): without them two runs of
// one build differed by up to 7%, with them by about 0.1%. A run with 0 passes (start-up:
// loading the modules, the grammars and their queries) is counted once per build, so
// start-up and extraction can be told apart. Hundreds of times slower than a plain run.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { sourceFiles } from './source-files.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

if (args[0] === '--child') {
  // One run: extract every file of the corpus `passes` times with the build at `root`.
  const [, root, corpus, passes] = args;
  const parsers = await import(pathToFileURL(join(root, 'dist', 'parsers', 'index.js')).href);
  const files = sourceFiles(corpus, parsers.languageForPath);
  await parsers.warmUp([...new Set(files.map((f) => f.language))]);
  let symbols = 0;
  for (let p = 0; p < Number(passes); p++) {
    for (const file of files) symbols += (await parsers.extractFacts(file.path, file.source, file.language)).symbols?.length ?? 0;
  }
  console.log(JSON.stringify({ files: files.length, symbols }));
  process.exit(0);
}

const reference = takeOption(args, '--reference', undefined);
const rounds = Number(takeOption(args, '--rounds', '2'));
const passes = Number(takeOption(args, '--passes', '1'));
const corpora = args.length > 0 ? args : ['ts-zod', 'rust-tokio'];
const builds = [{ name: 'this build', root: repo }, ...(reference ? [{ name: 'reference', root: resolve(reference) }] : [])];

/** Instructions of one child run, with the files and symbols it saw. */
function count(root, corpus, n) {
  const r = spawnSync(
    'valgrind',
    ['--tool=cachegrind', '--cache-sim=no', '--branch-sim=no', '--cachegrind-out-file=/dev/null',
      process.execPath, '--predictable', '--predictable-gc-schedule', fileURLToPath(import.meta.url), '--child', root, corpus, String(n)],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  if (r.error) throw new Error(`valgrind: ${r.error.message} (is valgrind installed?)`);
  const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr);
  if (r.status !== 0 || !refs) throw new Error(`run failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return { instructions: Number(refs[1].replaceAll(',', '')), ...JSON.parse(r.stdout.trim().split('\n').at(-1)) };
}

const billions = (n) => (n / 1e9).toFixed(3);
for (const name of corpora) {
  const corpus = name.includes('/') ? resolve(name) : corpusPath(name);
  const counts = builds.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < builds.length; k++) {
      const b = (round + k) % builds.length;
      counts[b].push(count(builds[b].root, corpus, passes));
    }
  }
  const startUp = builds.map((build) => count(build.root, corpus, 0).instructions);
  console.log(`${name}: ${counts[0][0].files} files, ${passes} pass(es), ${rounds} round(s); billions of instructions`);
  builds.forEach((build, k) => {
    const runs = counts[k].map((c) => c.instructions);
    const symbols = [...new Set(counts[k].map((c) => c.symbols))].join('/');
    console.log(`  ${build.name.padEnd(10)} runs ${runs.map(billions).join(', ')}; start-up ${billions(startUp[k])}; symbols ${symbols}`);
  });
  if (builds.length === 2) {
    const mean = (xs) => xs.reduce((a, c) => a + c.instructions, 0) / xs.length;
    const ratio = (a, b) => (a / b).toFixed(4);
    console.log(`  this build / reference: ${ratio(mean(counts[0]), mean(counts[1]))} whole runs, ${ratio(mean(counts[0]) - startUp[0], mean(counts[1]) - startUp[1])} extraction alone`);
  }
}
