// How much of extraction is query data: the lines of the tree-sitter query files under
// grammars/ against the hand-written lines under parsers/ that read syntax nodes (every
// file that imports tree-sitter's `Node` type). The language-free engine at the top of
// parsers/ is counted apart: it runs the queries and is no language's extraction.
// Lines are those with code: blank lines and comment lines are left out of both sides.
//
//   node scripts/query-share.mjs [--files]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const listFiles = process.argv.includes('--files');

function walk(dir, ending) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, ending));
    else if (entry.name.endsWith(ending)) out.push(path);
  }
  return out;
}

/** Lines with code: not blank, not only a comment. */
function codeLines(text, comment) {
  let inBlock = false;
  let n = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (inBlock) {
      if (line.includes('*/')) inBlock = false;
      continue;
    }
    if (line === '' || comment.test(line)) continue;
    if (line.startsWith('/*')) {
      inBlock = !line.includes('*/');
      continue;
    }
    n++;
  }
  return n;
}

const readsNodes = (text) => /import[^;]*\bNode\b[^;]*from '[./]+tree-sitter\.js'/.test(text);

const allLines = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const query = walk(join(repo, 'grammars'), '.scm').map((path) => {
  const text = readFileSync(path, 'utf8');
  return { path, lines: codeLines(text, /^;/), all: allLines(text) };
});
const code = walk(join(repo, 'parsers'), '.ts')
  .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
  .filter((f) => readsNodes(f.text))
  .map((f) => ({ path: f.path, lines: codeLines(f.text, /^\/\//), all: allLines(f.text), engine: dirname(f.path) === join(repo, 'parsers') }));
const hand = code.filter((f) => !f.engine);
const engine = code.filter((f) => f.engine);

const sum = (files, key = 'lines') => files.reduce((n, f) => n + f[key], 0);
const show = (files) => files.map((f) => `  ${String(f.lines).padStart(5)}  ${relative(repo, f.path)}`).join('\n');
if (listFiles) {
  console.log(`query files:\n${show(query)}\nhand-written extraction:\n${show(hand)}\nlanguage-free engine:\n${show(engine)}`);
}
const q = sum(query);
const h = sum(hand);
const share = (a, b) => `${((100 * a) / (a + b)).toFixed(1)}%`;
console.log(`query data ${q} lines, hand-written extraction ${h} lines: ${share(q, h)} query data (engine apart: ${sum(engine)} lines)`);
console.log(`counting comments and blank lines too: ${sum(query, 'all')} against ${sum(hand, 'all')}, ${share(sum(query, 'all'), sum(hand, 'all'))}`);
