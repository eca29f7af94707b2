// The source files of a directory tree that cairn has an extractor for, in a stable
// order, read whole: what the in-process benchmarks run over.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `root` whose language `languageForPath` names, as { path, language, source }. */
export function sourceFiles(root, languageForPath) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const rel = relative(root, path);
        const language = languageForPath(rel);
        if (language) out.push({ path: rel, language, source: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(root);
  return out;
}
