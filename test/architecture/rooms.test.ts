// The rooms of the blueprint (docs: the architecture's room table) and what each may
// import. Every relative import of every source file is checked against the table, so
// an import that runs back up a floor, or across to a room it may not use, fails here.
// The few departures the code makes today are listed by file, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Room -> the rooms it may import (its own always); null: anything. An entry may also
 * name one file of another room, when the table allows that file alone.
 */
const MAY_IMPORT: Record<string, readonly string[] | null> = {
  cli: null,
  // Agents run reviews (the review server) and keep the index fresh (the watcher): they
  // hand review's machines to the one interpreter and its recorder in workers/.
  agents: ['graph', 'review', 'wire', 'workers', 'store', 'gate', 'contracts'],
  server: ['contracts', 'store'],
  wire: ['store', 'graph', 'gate', 'contracts'],
  graph: ['store', 'machines', 'workers', 'gate', 'contracts'],
  review: ['machines', 'store', 'parsers', 'gate', 'contracts'],
  workers: ['parsers', 'machines', 'store', 'gate', 'contracts'],
  store: ['parsers', 'contracts'],
  // The one JSONC reader (text to a value, and the depth scan that bounds a JSON input) is
  // pure and imports nothing. It sits in parsers/ because a language's module
  // configuration (tsconfig.json) is read with it and parsers/ may not import gate/; the
  // gate reads configuration files and bounds JSON inputs with the same reader.
  gate: ['contracts', 'parsers/jsonc.ts'],
  machines: ['contracts'],
  parsers: ['grammars', 'contracts'],
  grammars: [],
  contracts: [],
};

/** `file -> imported file` pairs the table does not allow, and why they stay. */
const DEPARTURES: Record<string, string> = {
  // diff asks which paths are source files of a language, and whether a path can change module configuration.
  'graph/answers/diff.ts -> parsers/index.ts': 'language of a path',
  'graph/answers/diff.ts -> parsers/module-config.ts': 'paths that may change module configuration',
  'graph/diff.ts -> parsers/classify.ts': 'the size bound of a source file',
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

function imports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.\.?\/[^'"]+)['"]/g)].map((m) => m[1]);
  return found.map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

describe('rooms', () => {
  it('every import stays within what its room may import', () => {
    const wrong: string[] = [];
    const used = new Set<string>();
    for (const [room, allowed] of Object.entries(MAY_IMPORT)) {
      if (allowed === null || room === 'grammars') continue;
      for (const file of sources(room)) {
        for (const target of imports(file)) {
          const to = target.split('/')[0];
          if (to === room || allowed.includes(to) || allowed.includes(target)) continue;
          const pair = `${file} -> ${target}`;
          if (pair in DEPARTURES) used.add(pair);
          else wrong.push(pair);
        }
      }
    }
    expect(wrong).toEqual([]);
    // A departure that no longer happens is taken off the list.
    expect(Object.keys(DEPARTURES).filter((p) => !used.has(p))).toEqual([]);
  });

  it('a file the table allows alone imports no other module of the project', () => {
    const single = Object.values(MAY_IMPORT).flatMap((allowed) => (allowed ?? []).filter((entry) => entry.includes('/')));
    expect(single.length).toBeGreaterThan(0);
    for (const file of single) expect(imports(file)).toEqual([]);
  });
});
