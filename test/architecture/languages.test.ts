// A language is two folders named after it (parsers/<lang>/, grammars/<lang>/), listed
// once in parsers/registry.ts. Outside those folders no source file names a language,
// a manifest file or a grammar's node type; the few places that still do are listed
// below by file with the names they use, so the list can only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../parsers/registry.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** Rooms whose code must stay language-free (parsers/ less its language folders). */
const ENGINE_ROOMS = ['agents', 'cli', 'contracts', 'gate', 'graph', 'machines', 'parsers', 'review', 'server', 'store', 'wire', 'workers'];

const MANIFESTS = ['Cargo.toml', 'go.mod', '__init__.py', 'tsconfig.json', 'jsconfig.json', 'package.json', 'pom.xml', 'pyproject.toml'];

/** cairn's own symbol kinds share a few names with grammar node types. */
const SYMBOL_KINDS = new Set(['type_alias']);

/**
 * Files that still name languages, with exactly the names they use, and why. `cairn
 * completion bash` names the user's shell, which shares its name with the language.
 */
const DEPARTURES: Record<string, string[]> = { 'cli/completion.ts': ['bash'] };

/** Named node types of every grammar cairn loads from the official packages. */
function grammarNodeTypes(): Set<string> {
  const files = ['rust', 'go', 'python', 'java', 'c', 'cpp', 'bash', 'javascript', 'typescript/typescript', 'typescript/tsx'].map((g) => {
    const pkg = g.split('/')[0];
    const sub = g.includes('/') ? `${g.split('/')[1]}/` : '';
    return join(dirname(require.resolve(`tree-sitter-${pkg}/package.json`)), `${sub}src/node-types.json`);
  });
  // Grammars published under a scope.
  for (const pkg of ['@tree-sitter-grammars/tree-sitter-lua', '@tree-sitter-grammars/tree-sitter-zig']) files.push(join(dirname(require.resolve(`${pkg}/package.json`)), 'src/node-types.json'));
  const types = new Set<string>();
  for (const file of files) for (const t of JSON.parse(readFileSync(file, 'utf8')) as Array<{ type: string; named: boolean }>) if (t.named) types.add(t.type);
  return types;
}

function engineFiles(): string[] {
  const languageFolders = new Set(LANGUAGES.map((l) => `parsers/${l.folder}/`));
  return ENGINE_ROOMS.flatMap((room) =>
    readdirSync(join(ROOT, room), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)))
      .filter((file) => ![...languageFolders].some((folder) => file.startsWith(folder))),
  );
}

/** String literals of a source file, comments left out. */
function literals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`\n]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

describe('one home per language', () => {
  it('no language name, manifest file name or grammar node type outside the language folders', () => {
    const names = new Set(LANGUAGES.flatMap((l) => [l.folder, ...l.index.map((i) => i.language), ...(l.review ? [l.review.language] : [])]));
    // Node types with an underscore: single words (`identifier`, `block`) are common English, not one grammar's.
    const nodeTypes = [...grammarNodeTypes()].filter((t) => t.includes('_') && !SYMBOL_KINDS.has(t));
    const found: Record<string, string[]> = {};
    for (const file of engineFiles()) {
      const hits = new Set<string>();
      for (const value of literals(readFileSync(join(ROOT, file), 'utf8'))) {
        if (names.has(value)) hits.add(value);
        if (nodeTypes.includes(value)) hits.add(value);
        for (const manifest of MANIFESTS) if (value.includes(manifest)) hits.add(manifest);
      }
      if (hits.size > 0) found[file] = [...hits].sort();
    }
    expect(found).toEqual(DEPARTURES);
  });
});
