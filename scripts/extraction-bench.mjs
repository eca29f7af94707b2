#!/usr/bin/env node
// Native fact extraction alone, in process: for every source file of a corpus, runs
// `extractFacts` (dist/parsers/index.js) and checks that a reference build produces
// the very same facts, then times both builds in interleaved rounds (the machine is
// shared, so only a ratio measured side by side means anything), beside parsing alone
// and parsing plus one pass of the tags query: the tree-sitter work extraction cannot
// skip.
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
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { median } from './median.mjs';
import { sourceFiles } from './source-files.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => takeOption(args, name, fallback);
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
const dist = (file) => import(pathToFileURL(join(repo, 'dist', 'parsers', file)).href);
const builds = [{ name: 'this build', parsers: await load(repo), engine: await dist('engine.js'), treeSitter: await dist('tree-sitter.js'), c: await dist('languages/c.js') }];
if (reference) builds.unshift({ name: 'reference', parsers: await load(reference) });

/** Every file's facts as JSON text (or its error). */
async function factsOf(parsers, files) {
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

/** Extraction alone, for timing: no serialisation. */
async function extractAll(parsers, files) {
  for (const file of files) await parsers.extractFacts(file.path, file.source, file.language).catch(() => undefined);
}

const rows = [];

for (const corpus of corpora) {
  const files = sourceFiles(corpus.includes('/') ? corpus : corpusPath(corpus), builds[0].parsers.languageForPath);
  await Promise.all(builds.map((b) => b.parsers.warmUp(files.map((f) => f.language))));

  // Facts: identical, file by file.
  const facts = [];
  for (const build of builds) facts.push(await factsOf(build.parsers, files));
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

  // What extractFacts parses: C and C++ with annotation macros blanked, a C++ header with the C++ grammar.
  const parsed = files.map((file, i) => {
    const language = JSON.parse(facts.at(-1)[i].startsWith('error') ? '{}' : facts.at(-1)[i]).language ?? file.language;
    return { language, source: language === 'c' || language === 'cpp' ? builds.at(-1).c.blankAnnotationMacros(file.source) : file.source };
  });

  // The language's tags query, as extraction compiles it (cached per thread).
  const own = builds.at(-1);
  const queryOf = async (language) => {
    const { adapter } = await own.parsers.engineFor(language);
    return own.engine.loadQueryFiles(adapter.grammar, adapter.queryFiles);
  };

  // Time: interleaved rounds over every file (CPU time of this process), each build,
  // parsing alone, and parsing plus one pass of the tags query (this build's parser and
  // query: the tree-sitter work no extraction can skip; what extraction adds is the
  // rest) in turn, the order rotating. The minimum is the round least disturbed by the
  // machine's other work.
  const runs = [
    ...builds.map((build) => () => extractAll(build.parsers, files)),
    async () => {
      for (const { language, source } of parsed) {
        const tree = (await own.treeSitter.parserFor(language)).parse(source);
        if (!tree) continue;
        (await queryOf(language)).matches(tree.rootNode);
        tree.delete();
      }
    },
    async () => {
      for (const { language, source } of parsed) (await own.treeSitter.parserFor(language)).parse(source)?.delete();
    },
  ];
  const cpu = runs.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runs.length; k++) {
      const r = (round + k) % runs.length;
      const start = process.cpuUsage();
      await runs[r]();
      const used = process.cpuUsage(start);
      cpu[r].push((used.user + used.system) / 1000);
    }
  }
  const min = (xs) => Math.min(...xs);
  const parse = cpu.at(-1);
  const parseAndQuery = cpu.at(-2);

  if (process.env.BENCH_ALL) console.log(cpu.map((xs) => xs.map((x) => x.toFixed(0)).join(" ")).join("\n"));
  console.log(`${corpus}: ${files.length} files, ${rounds} rounds; parse alone: cpu min ${min(parse).toFixed(0)} ms, median ${median(parse).toFixed(0)} ms; parse and query pass: cpu min ${min(parseAndQuery).toFixed(0)} ms, median ${median(parseAndQuery).toFixed(0)} ms`);
  builds.forEach((build, k) => {
    console.log(`  ${build.name.padEnd(10)} facts ${digest(facts[k])}  cpu min ${min(cpu[k]).toFixed(0)} ms, median ${median(cpu[k]).toFixed(0)} ms`);
  });
  if (builds.length === 2) {
    console.log(`  facts: ${differing === 0 ? 'identical' : `${differing} of ${files.length} files differ`}`);
    const [before, after, p] = [min(cpu[0]), min(cpu[1]), min(parse)];
    console.log(`  cpu ratio this/reference: min ${(after / before).toFixed(2)}, median ${(median(cpu[1]) / median(cpu[0])).toFixed(2)}`);
    // Beyond parsing: what the engine and the adapters cost on top of tree-sitter's parse.
    const name = corpus.includes('/') ? corpus.split('/').filter(Boolean).slice(-2).join('/') : corpus;
    rows.push(`| ${name} | ${files.length} | ${differing === 0 ? 'identical' : `${differing} differ`} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${(after / before).toFixed(2)} | ${p.toFixed(0)} | ${(before - p).toFixed(0)} | ${(after - p).toFixed(0)} | ${((after - p) / (before - p)).toFixed(2)} |`);
  }
}
if (rows.length > 0) {
  console.log(`\nCPU per round, minimum of ${rounds} interleaved rounds, in ms:\n`);
  console.log(`| corpus | files | facts | before | after | ratio | parse alone | beyond parse, before | after | ratio |`);
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
}
