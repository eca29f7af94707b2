#!/usr/bin/env node
// Would tree-sitter's native Node binding make extraction's tree-sitter work cheaper than
// the WebAssembly build cairn uses? For every source file of a corpus, in one process,
// times each binding's parse, one pass of the language's tags query (as extraction
// compiles it), and reading what dispatch reads of every capture (type, start, end,
// text), in interleaved rounds (CPU time of this process; minimum and median).
//
//   npm install --prefix <dir> tree-sitter@0.25.1        (outside the repository)
//   node scripts/binding-bench.mjs --native <dir> [--rounds 5] rust-tokio ts-zod
//
// The native grammars are the grammar packages' own prebuilt bindings, from this
// checkout's node_modules (the same packages whose .wasm files cairn loads). A corpus is a
// name from the corpora installer or a directory (a name with a slash). Both bindings
// must find the same number of captures in every file; the first file where they do not
// is printed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { median } from './median.mjs';
import { sourceFiles } from './source-files.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => takeOption(args, name, fallback);
const nativeDir = option('--native', undefined);
const rounds = Number(option('--rounds', '5'));
const corpora = args.length > 0 ? args : ['rust-tokio', 'ts-zod'];
if (!nativeDir) {
  console.error('usage: node scripts/binding-bench.mjs --native <dir with node_modules/tree-sitter> [--rounds N] [corpus ...]');
  process.exit(2);
}

const dist = (file) => import(pathToFileURL(join(repo, 'dist', 'parsers', file)).href);
const parsers = await dist('index.js');
const engine = await dist('engine.js');
const treeSitter = await dist('tree-sitter.js');
const { blankAnnotationMacros } = await dist('languages/c.js');
const fromRepo = createRequire(join(repo, 'package.json'));
const NativeParser = createRequire(join(resolve(nativeDir), 'package.json'))('tree-sitter');
const nativeVersion = JSON.parse(readFileSync(join(resolve(nativeDir), 'node_modules', 'tree-sitter', 'package.json'), 'utf8')).version;

/** A grammar's native language object, from the grammar package's own binding. */
function nativeLanguage(grammar) {
  if (grammar === 'typescript' || grammar === 'tsx') return fromRepo('tree-sitter-typescript')[grammar];
  return fromRepo(`tree-sitter-${grammar}`);
}

/** The corpus's source files, C and C++ with annotation macros blanked as extraction does. */
function corpusFiles(root) {
  return sourceFiles(root, parsers.languageForPath).map((file) =>
    file.language === 'c' || file.language === 'cpp' ? { ...file, source: blankAnnotationMacros(file.source) } : file,
  );
}

/** Per grammar: the WebAssembly parser and query, and the native ones, over one query text. */
async function bindingsFor(grammars) {
  const out = new Map();
  for (const language of grammars) {
    const { adapter } = await parsers.engineFor(language);
    const source = adapter.queryFiles.map((file) => readFileSync(join(repo, 'grammars', file), 'utf8')).join('\n');
    const native = new NativeParser();
    const nativeLang = nativeLanguage(adapter.grammar);
    native.setLanguage(nativeLang);
    out.set(language, {
      wasm: { parser: await treeSitter.parserFor(adapter.grammar), query: await engine.loadQueryFiles(adapter.grammar, adapter.queryFiles) },
      native: { parser: native, query: new NativeParser.Query(nativeLang, source) },
    });
  }
  return out;
}

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** One pass over every file with one binding: CPU ms of parse, query, and capture reads; captures per file. */
function pass(files, bindings, which) {
  const ms = { parse: 0, query: 0, read: 0 };
  const captures = [];
  let sink = 0;
  for (const file of files) {
    const { parser, query } = bindings.get(file.language)[which];
    const t0 = cpuMs();
    const tree = parser.parse(file.source);
    const t1 = cpuMs();
    const matches = query.matches(tree.rootNode);
    const t2 = cpuMs();
    let count = 0;
    for (const match of matches) {
      for (const capture of match.captures) {
        const node = capture.node;
        sink += node.type.length + node.startIndex + node.endIndex + node.text.length;
        count++;
      }
    }
    const t3 = cpuMs();
    if (which === 'wasm') tree.delete();
    ms.parse += t1 - t0;
    ms.query += t2 - t1;
    ms.read += t3 - t2;
    captures.push(count);
  }
  return { ms, captures, sink };
}

const PHASES = ['parse', 'query', 'read'];
const fmt = (xs) => `min ${Math.min(...xs).toFixed(0)}, median ${median(xs).toFixed(0)}`;
console.log(`native binding tree-sitter ${nativeVersion} against web-tree-sitter (${rounds} interleaved rounds, CPU ms)`);

for (const corpus of corpora) {
  const files = corpusFiles(corpus.includes('/') ? corpus : corpusPath(corpus));
  const bindings = await bindingsFor([...new Set(files.map((f) => f.language))]);
  const times = { wasm: [], native: [] };
  let checked = false;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['wasm', 'native'] : ['native', 'wasm'];
    const results = {};
    for (const which of order) {
      results[which] = pass(files, bindings, which);
      times[which].push(results[which].ms);
    }
    if (!checked) {
      checked = true;
      const differs = files.findIndex((_, i) => results.wasm.captures[i] !== results.native.captures[i]);
      if (differs >= 0) console.log(`  captures differ first in ${files[differs].path}: ${results.wasm.captures[differs]} (wasm) against ${results.native.captures[differs]} (native)`);
    }
  }
  const total = (ms) => ms.parse + ms.query + ms.read;
  console.log(`${corpus}: ${files.length} files`);
  for (const which of ['wasm', 'native']) {
    const phases = PHASES.map((phase) => `${phase} ${fmt(times[which].map((ms) => ms[phase]))}`).join('; ');
    console.log(`  ${which.padEnd(6)} ${phases}; all ${fmt(times[which].map(total))}`);
  }
  const ratio = (phase) => (median(times.native.map((ms) => (phase ? ms[phase] : total(ms)))) / median(times.wasm.map((ms) => (phase ? ms[phase] : total(ms))))).toFixed(2);
  console.log(`  native / wasm (medians): ${PHASES.map((phase) => `${phase} ${ratio(phase)}`).join(', ')}, all ${ratio()}`);
}
