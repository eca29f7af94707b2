// Prints what the review profiles make of every file under some directories: each file's
// facts, each declaration's outbound references, and (where the language has callable
// shapes) each function root's parameter shape, its bare calls and the argument counts
// at every `name(` in the file. One JSON line per file, in a stable order, so two builds
// can be compared with `diff`:
//
//   node scripts/review-facts-dump.mjs [--dist DIR] DIR_OR_CORPUS... > facts.jsonl
//
// --dist names the built tree to load (default: this checkout's dist/). An argument that
// is not a directory is taken as a corpus name (scripts/corpus-path.mjs).
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { sourceFiles } from './source-files.mjs';
import { takeOption } from './take-option.mjs';

const args = process.argv.slice(2);
const dist = resolve(takeOption(args, '--dist') ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const load = (path) => import(pathToFileURL(resolve(dist, path)).href);
const { profileFor } = await load('parsers/review/profiles.js');
const { LANGUAGES } = await load('parsers/registry.js');

const out = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

for (const arg of args) {
  const root = existsSync(arg) && statSync(arg).isDirectory() ? arg : corpusPath(arg);
  const files = sourceFiles(root, (path) => {
    const profile = profileFor(path);
    return profile && profile.grammarFor(path) ? profile.language : null;
  });
  for (const { path, source } of files) {
    const profile = profileFor(path);
    const grammar = profile.grammarFor(path);
    let file;
    try {
      file = await profile.open(source, grammar);
    } catch (error) {
      out({ path, error: String(error?.message ?? error) });
      continue;
    }
    const references = file.facts.declarations.map((d) => file.references(d));
    const entry = LANGUAGES.find((e) => e.review === profile);
    const shapes = entry?.reviewCallables ? await entry.reviewCallables() : null;
    let callables;
    if (shapes) {
      callables = [];
      for (const d of file.facts.declarations) {
        if (d.rootKind !== 'function') continue;
        const shape = await shapes.parameterShape(source, grammar, d.start, d.end);
        const bare = await shapes.bareCalls(source, grammar, d.name);
        const sites = [];
        const lines = source.split('\n');
        lines.forEach((text, i) => {
          for (let at = text.indexOf(`${d.name}(`); at >= 0; at = text.indexOf(`${d.name}(`, at + 1)) sites.push({ line: i + 1, column: at, name: d.name });
        });
        const counts = await shapes.argumentCounts(source, grammar, sites);
        callables.push({ name: d.name, shape, bare, counts });
      }
    }
    file.dispose();
    out({ path, facts: file.facts, references, ...(callables ? { callables } : {}) });
  }
}
