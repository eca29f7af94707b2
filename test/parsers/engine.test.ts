import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTURE_VOCABULARY, validateCaptureNames } from '../../parsers/engine.js';
import { engineFor, languageForPath, warmUp } from '../../parsers/index.js';
import { utf8Offsets } from '../../parsers/offsets.js';
import { compileQuery } from '../../parsers/tree-sitter.js';
import { readFileSync, readdirSync } from 'node:fs';

const grammars = new URL('../../grammars/', import.meta.url);

describe('query engine', () => {
  it('rejects unknown capture names and lists the allowed ones', () => {
    expect(() => validateCaptureNames(['name', 'definition.function', '_private'], 'ok.scm')).not.toThrow();
    expect(() => validateCaptureNames(['name', 'definition.fn', 'calle'], 'bad.scm')).toThrow(
      /bad\.scm: unknown capture name\(s\) @definition\.fn, @calle; allowed: .*@definition\.function.*@callee/,
    );
  });

  it('every shipped query file compiles and uses only vocabulary captures', async () => {
    const sets: [Parameters<typeof compileQuery>[0], string[]][] = [
      ['rust', ['rust/tags.scm']],
      ['typescript', ['typescript/javascript-tags.scm', 'typescript/tags.scm']],
      ['tsx', ['typescript/javascript-tags.scm', 'typescript/tags.scm']],
      ['javascript', ['typescript/javascript-tags.scm', 'typescript/javascript-plain.scm']],
    ];
    for (const [grammar, files] of sets) {
      const query = await compileQuery(grammar, files.map((f) => readFileSync(new URL(f, grammars), 'utf8')).join('\n'));
      expect(() => validateCaptureNames(query.captureNames, files.join('+'))).not.toThrow();
      query.delete();
    }
  });

  it('documents every capture name of the vocabulary in grammars/README.md', () => {
    const readme = readFileSync(new URL('README.md', grammars), 'utf8');
    for (const name of CAPTURE_VOCABULARY) expect(readme, name).toContain(`@${name}`);
    const scm = readdirSync(new URL('./', grammars), { recursive: true }).filter((f) => String(f).endsWith('.scm'));
    expect(scm.length).toBeGreaterThanOrEqual(4);
  });

  it('maps UTF-16 offsets to UTF-8 byte offsets', () => {
    const ascii = utf8Offsets('plain ascii');
    expect(ascii(5)).toBe(5);
    const text = 'aé€😀b';
    const offsets = utf8Offsets(text);
    for (let i = 0; i <= text.length; i++) {
      if (i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) continue; // inside a pair
      expect(offsets(i), `offset ${i}`).toBe(Buffer.byteLength(text.slice(0, i)));
    }
  });

  it('warms up engines once per thread and reuses them', async () => {
    await warmUp(['rust', 'typescript', 'rust']);
    expect(await engineFor('rust')).toBe(await engineFor('rust'));
  });

  it('maps file extensions to languages', () => {
    const cases: [string, string | null][] = [
      ['src/lib.rs', 'rust'], ['a/b.ts', 'typescript'], ['a/b.d.ts', 'typescript'], ['x.mts', 'typescript'], ['x.cts', 'typescript'],
      ['App.tsx', 'tsx'], ['a.js', 'javascript'], ['a.jsx', 'javascript'], ['a.mjs', 'javascript'], ['a.cjs', 'javascript'],
      ['README.md', null], ['Makefile', null], ['.eslintrc', null], ['dir.rs/file', null], ['UPPER.RS', 'rust'],
    ];
    for (const [path, language] of cases) expect(languageForPath(path), path).toBe(language);
  });

  it('fails loudly when a query file uses a capture outside the vocabulary', async () => {
    // The engine validates at load; simulate a query with a typo through the same check.
    const dir = mkdtempSync(join(tmpdir(), 'cairn-scm-'));
    try {
      const file = join(dir, 'typo.scm');
      writeFileSync(file, '(function_item name: (identifier) @nmae) @definition.function\n');
      const query = await compileQuery('rust', readFileSync(file, 'utf8'));
      expect(() => validateCaptureNames(query.captureNames, file)).toThrow(/@nmae/);
      query.delete();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
