#!/usr/bin/env node
// How much a second core adds on this machine for the work extraction cannot skip: one
// process that parses every source file of a corpus and runs its tags query once, against
// two such processes at the same time, in alternating rounds. Prints the median wall
// milliseconds of each and the throughput of two against one (2 x one alone / the pair):
// 2.0 would be two independent cores, 1.0 one core shared.
//
//   node scripts/bench-cores.mjs [--rounds 5] [corpus]      (default rust-tokio)
//
// Run `npm run build` first. A corpus is a name from the corpora installer or a
// directory (a name with a slash).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { median } from './median.mjs';
import { sourceFiles } from './source-files.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const child = takeOption(args, '--pass', undefined);

if (child) {
  // One pass: parse every file and run its language's tags query, as extraction does.
  const dist = (file) => import(pathToFileURL(join(repo, 'dist', 'parsers', file)).href);
  const [parsers, engine, treeSitter] = await Promise.all([dist('index.js'), dist('engine.js'), dist('tree-sitter.js')]);
  for (const file of sourceFiles(child, parsers.languageForPath)) {
    const { adapter } = await parsers.engineFor(file.language);
    const tree = (await treeSitter.parserFor(adapter.grammar)).parse(file.source);
    if (!tree) continue;
    (await engine.loadQueryFiles(adapter.grammar, adapter.queryFiles)).matches(tree.rootNode);
    tree.delete();
  }
} else {
  const rounds = Number(takeOption(args, '--rounds', '5'));
  const corpus = args[0] ?? 'rust-tokio';
  const root = corpus.includes('/') ? resolve(corpus) : corpusPath(corpus);
  const pass = () =>
    new Promise((done, fail) => {
      const run = spawn(process.execPath, [fileURLToPath(import.meta.url), '--pass', root], { stdio: 'inherit' });
      run.on('exit', (code) => (code === 0 ? done() : fail(new Error(`a pass exited with ${code}`))));
    });
  const timed = async (processes) => {
    const started = performance.now();
    await Promise.all(Array.from({ length: processes }, pass));
    return performance.now() - started;
  };
  const alone = [];
  const pair = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      alone.push(await timed(1));
      pair.push(await timed(2));
    } else {
      pair.push(await timed(2));
      alone.push(await timed(1));
    }
  }
  const [one, two] = [median(alone), median(pair)];
  console.log(`${corpus}: one pass alone ${Math.round(one)} ms, two at once ${Math.round(two)} ms (medians of ${rounds} alternating rounds, wall)`);
  console.log(`  two processes' throughput against one: ${((2 * one) / two).toFixed(2)}`);
}
