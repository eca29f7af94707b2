// Parse CPU of one grammar over a folder, with the whole string handed to web-tree-sitter
// and with input in chunks of each given length (parsers/tree-sitter.ts INPUT_CHUNK).
// Prints one JSON line per chunk length: CPU ms per round (median of --rounds), MB/s of
// UTF-16 input, how often the parser asked for input, and how many files had errors.
//
//   node scripts/bench-parse-input.mjs <grammar> <folder> <extension> [--chunks 0,64,256] [--rounds 3] [--repaired]
//
// 0 means the whole string. <grammar> is a key of parsers/tree-sitter.ts (scala, java, ...);
// --repaired parses each source as its language's adapter rewrites it before the parse
// (repairAlways, as Swift's), else as written. Run `npm run build` first: the grammar is
// loaded as cairn loads it, from dist/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './median.mjs';
import { takeOption } from './take-option.mjs';

const args = process.argv.slice(2);
const chunks = takeOption(args, '--chunks', '0,64,256').split(',').map(Number);
const rounds = Number(takeOption(args, '--rounds', '3'));
const repairedAt = args.indexOf('--repaired');
if (repairedAt >= 0) args.splice(repairedAt, 1);
const [grammar, folder, extension] = args;
if (!grammar || !folder || !extension) {
  console.error('usage: bench-parse-input.mjs <grammar> <folder> <extension> [--chunks 0,64,256] [--rounds 3]');
  process.exit(2);
}
const { parserFor } = await import('../dist/parsers/tree-sitter.js');
const { INDEX_LANGUAGES } = await import('../dist/parsers/registry.js');
const adapter = INDEX_LANGUAGES.get(grammar)?.adapter;
const rewrite = repairedAt >= 0 && adapter?.repairAlways && adapter.repairSource ? (text) => adapter.repairSource(text) : (text) => text;

function filesUnder(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) filesUnder(path, out);
    else if (stat.isFile() && path.endsWith(extension)) out.push(path);
  }
  return out;
}

const texts = filesUnder(folder).map((path) => rewrite(readFileSync(path, 'utf8')));
const units = texts.reduce((sum, text) => sum + text.length, 0);
const parser = await parserFor(grammar);
for (const chunk of chunks) {
  let asked = 0;
  let withErrors = 0;
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.cpuUsage();
    for (const text of texts) {
      const input = chunk === 0 ? text : (index) => (asked++, text.slice(index, index + chunk));
      const tree = parser.parse(input);
      if (round === 0 && tree.rootNode.hasError) withErrors++;
      tree.delete();
    }
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  const ms = median(times);
  console.log(JSON.stringify({ grammar, files: texts.length, kb: Math.round(units / 1024), chunk, cpu_ms: Math.round(ms), mb_per_s: +(units / 1e6 / (ms / 1000)).toFixed(2), asked_per_round: Math.round(asked / rounds), files_with_errors: withErrors, repaired: repairedAt >= 0 }));
}
