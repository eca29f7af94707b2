#!/usr/bin/env node
// Native fact extraction alone, in process: for every source file of a corpus, runs
// `extractFacts` (dist/parsers/index.js) and checks that a reference build produces
// the very same facts, then times both builds in interleaved rounds (the machine is
// shared, so only a ratio measured side by side means anything).
//
//   node scripts/extraction-bench.mjs --reference <dir> [--rounds 5] ts-zod rust-tokio
//
// A corpus is a name from the corpora installer or a directory (a name with a slash).
//
// <dir> is another checkout of cairn, built (`npm run build`), for example main's tree
// exported with `git archive`, with its own node_modules: two builds sharing one copy of
// web-tree-sitter would initialise its wasm module twice and break each other's grammars.
// Without --reference only this build is timed.
// Facts are compared as JSON text, file by file; the first difference is printed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const reference = option('--reference', undefined);
const rounds = Number(option('--rounds', '5'));
const corpora = args.length > 0 ? args : ['ts-zod', 'rust-tokio'];

const load = async (root) => import(pathToFileURL(join(resolve(root), 'dist', 'parsers', 'index.js')).href);
if (reference) {
  const binding = (root) => realpathSync(join(resolve(root), 'node_modules', 'web-tree-sitter'));
  if (binding(reference) === binding(repo)) {
    console.error(`${reference} shares this build's web-tree-sitter: give it a node_modules of its own`);
    process.exit(2);
  }
}
const builds = [{ name: 'this build', parsers: await load(repo), treeSitter: await import(pathToFileURL(join(repo, 'dist', 'parsers', 'tree-sitter.js')).href) }];
if (reference) builds.unshift({ name: 'reference', parsers: await load(reference) });

/** Source files of a directory tree that have an extractor, in a stable order. */
function sourceFiles(root, parsers) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const rel = relative(root, path);
        const language = parsers.languageForPath(rel);
        if (language) out.push({ path: rel, language, source: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(root);
  return out;
}

async function extractAll(parsers, files) {
  const out = [];
  for (const file of files) {
    try {
      out.push(JSON.stringify(await parsers.extractFacts(file.path, file.source, file.language)));
    } catch (error) {
      out.push(`error: ${error.message}`);
    }
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const corpus of corpora) {
  const files = sourceFiles(corpus.includes('/') ? corpus : corpusPath(corpus), builds[0].parsers);
  await Promise.all(builds.map((b) => b.parsers.warmUp(files.map((f) => f.language))));

  // Facts: identical, file by file.
  const facts = [];
  for (const build of builds) facts.push(await extractAll(build.parsers, files));
  const digest = (lines) => createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  let differing = 0;
  if (facts.length === 2) {
    for (let i = 0; i < files.length; i++) {
      if (facts[0][i] === facts[1][i]) continue;
      if (differing++ === 0) {
        const [a, b] = [facts[0][i], facts[1][i]];
        let at = 0;
        while (at < a.length && a[at] === b[at]) at++;
        console.log(`  first difference: ${files[i].path} at character ${at}`);
        console.log(`    reference:  ${a.slice(Math.max(0, at - 120), at + 200)}`);
        console.log(`    this build: ${b.slice(Math.max(0, at - 120), at + 200)}`);
      }
    }
  }

  // Time: interleaved rounds over every file, CPU time of this process and wall time.
  const times = builds.map(() => ({ cpu: [], wall: [] }));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < builds.length; k++) {
      const b = (round + k) % builds.length; // alternate which build goes first
      const cpu = process.cpuUsage();
      const wall = process.hrtime.bigint();
      await extractAll(builds[b].parsers, files);
      const used = process.cpuUsage(cpu);
      times[b].wall.push(Number(process.hrtime.bigint() - wall) / 1e6);
      times[b].cpu.push((used.user + used.system) / 1000);
    }
  }

  // Parsing alone (this build's parser, the same for both): what extraction adds is the rest.
  const parse = [];
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    for (const file of files) (await builds.at(-1).treeSitter.parserFor(file.language)).parse(file.source)?.delete();
    const used = process.cpuUsage(cpu);
    parse.push((used.user + used.system) / 1000);
  }

  console.log(`${corpus}: ${files.length} files, ${rounds} rounds; parse alone: cpu median ${median(parse).toFixed(0)} ms`);
  builds.forEach((build, k) => {
    console.log(`  ${build.name.padEnd(10)} facts ${digest(facts[k])}  cpu median ${median(times[k].cpu).toFixed(0)} ms  wall median ${median(times[k].wall).toFixed(0)} ms`);
  });
  if (builds.length === 2) {
    console.log(`  facts: ${differing === 0 ? 'identical' : `${differing} of ${files.length} files differ`}`);
    console.log(`  cpu ratio this/reference: ${(median(times[1].cpu) / median(times[0].cpu)).toFixed(2)}`);
  }
}
