// Every language in parsers/registry.ts provides each piece it claims, in its own two
// folders: its code in parsers/<folder>/ (language.ts first), its query files and
// grammars in grammars/<folder>/; its adapter extracts facts from a small file, its
// resolver and review binder answer the engines' interfaces, and its review profile
// opens its own sample files, and what review's configuration and rules learn of it
// (its setting, its rule inputs) comes from its entry alone. Each piece claimed sits in
// the file parsers/README.md names for it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractFacts, languageForPath } from '../../parsers/index.js';
import { moduleConfigReader } from '../../parsers/module-config.js';
import { EXTENSION_LANGUAGE, INDEX_LANGUAGES, LANGUAGES, REVIEW_LANGUAGES } from '../../parsers/registry.js';
import type { SettingsDocument } from '../../contracts/review-language.js';
import { profileFor } from '../../parsers/review/profiles.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the language registry', () => {
  it('names each language once, with its two folders', () => {
    expect(new Set(LANGUAGES.map((l) => l.folder)).size).toBe(LANGUAGES.length);
    for (const entry of LANGUAGES) {
      expect(existsSync(join(ROOT, 'parsers', entry.folder, 'language.ts')), entry.folder).toBe(true);
      expect(readdirSync(join(ROOT, 'grammars', entry.folder)).length, entry.folder).toBeGreaterThan(0);
    }
    // Every grammars/ folder belongs to a registered language.
    const folders = readdirSync(join(ROOT, 'grammars'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.sort()).toEqual(LANGUAGES.map((l) => l.folder).sort());
  });

  it('gives every extension one index language, and each adapter reads only its folder’s queries', async () => {
    const extensions = LANGUAGES.flatMap((l) => l.index.flatMap((i) => i.extensions));
    expect(new Set(extensions).size).toBe(extensions.length);
    expect(Object.keys(EXTENSION_LANGUAGE).sort()).toEqual([...extensions].sort());
    for (const entry of LANGUAGES) {
      for (const index of entry.index) {
        expect(INDEX_LANGUAGES.get(index.language)).toBe(index);
        for (const file of index.adapter.queryFiles) {
          expect(file.startsWith(`${entry.folder}/`), `${index.language}: ${file}`).toBe(true);
          expect(existsSync(join(ROOT, 'grammars', file)), file).toBe(true);
        }
        const path = `sample${index.extensions[0]}`;
        expect(languageForPath(path)).toBe(index.language);
        const facts = await extractFacts(path, '\n', index.language);
        expect(facts.symbols).toEqual([]);
        if (index.resolver) {
          expect(typeof index.resolver.bind).toBe('function');
          expect(index.resolver.builtinMethods).toBeInstanceOf(Set);
          expect(index.resolver.selfReceivers).toBeInstanceOf(Set);
        }
      }
    }
  });

  it('gives every review profile its query or grammar, samples it opens, and a binder', async () => {
    for (const entry of LANGUAGES.filter((l) => l.review)) {
      const profile = entry.review!;
      expect(profile.language).toBe(entry.folder);
      expect(entry.reviewBinder, entry.folder).toBeDefined();
      const binder = await entry.reviewBinder!();
      for (const method of ['resolveReference', 'resolveExport', 'scopeUncertainty', 'display'] as const) expect(typeof binder[method]).toBe('function');
      expect(Object.keys(profile.samples).length).toBeGreaterThan(0);
      for (const [path, source] of Object.entries(profile.samples)) {
        expect(profileFor(path)).toBe(profile);
        const grammar = profile.grammarFor(path)!;
        const data = readdirSync(join(ROOT, 'grammars', entry.folder));
        expect(data.some((f) => f === 'review.scm' || f.endsWith('.ohm')), entry.folder).toBe(true);
        const file = await profile.open(source, grammar);
        expect(file.facts.declarations.length, path).toBeGreaterThan(0);
        file.dispose();
      }
    }
  });

  it('keeps each claimed piece in the file parsers/README.md names for it', () => {
    const has = (folder: string, file: string) => existsSync(join(ROOT, 'parsers', folder, file));
    for (const entry of LANGUAGES) {
      // A folder that serves index languages has its own adapter; resolvers and module authority likewise.
      if (entry.index.length > 0) expect(has(entry.folder, 'extract.ts'), entry.folder).toBe(true);
      if (entry.moduleConfig) expect(has(entry.folder, 'module-config.ts'), entry.folder).toBe(true);
      if (entry.review) expect(has(entry.folder, 'review.ts'), entry.folder).toBe(true);
      if (entry.reviewBinder) expect(has(entry.folder, 'binding.ts'), entry.folder).toBe(true);
      if (entry.reviewCallables) expect(has(entry.folder, 'callables.ts'), entry.folder).toBe(true);
      // A resolver comes from a resolve.ts: the folder's own or, for a language built on another's rules, that folder's.
      if (entry.index.some((i) => i.resolver)) {
        const from = [...readFileSync(join(ROOT, 'parsers', entry.folder, 'language.ts'), 'utf8').matchAll(/from '(\.\/|\.\.\/[a-z]+\/)resolve\.js'/g)];
        expect(from.length, entry.folder).toBeGreaterThan(0);
        for (const [, dir] of from) expect(existsSync(join(ROOT, 'parsers', entry.folder, dir, 'resolve.ts')), entry.folder).toBe(true);
      }
    }
  });

  it('gives every claimed callable shape reader its three answers', async () => {
    for (const entry of LANGUAGES.filter((l) => l.reviewCallables)) {
      expect(entry.review, `${entry.folder}: callable shapes without a review profile`).toBeDefined();
      const shapes = await entry.reviewCallables!();
      for (const method of ['parameterShape', 'argumentCounts', 'bareCalls'] as const) expect(typeof shapes[method], `${entry.folder}.${method}`).toBe('function');
    }
  });

  it('tells review each analysed language, its rule inputs and its own setting, from the entry alone', () => {
    expect(REVIEW_LANGUAGES.map((l) => l.name)).toEqual(LANGUAGES.filter((l) => l.review).map((l) => l.review!.language));
    for (const entry of LANGUAGES.filter((l) => !l.review)) {
      // Rule inputs and review settings mean nothing for a language review does not analyse.
      expect(entry.functionRules ?? entry.reviewSetting, entry.folder).toBeUndefined();
    }
    expect(REVIEW_LANGUAGES.some((l) => l.functionRules)).toBe(true);
    const keys = REVIEW_LANGUAGES.flatMap((l) => (l.setting ? [l.setting.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    const common = ['includes', 'excludes', 'contextIncludes', 'contextExcludes', 'privacyExcludes', 'languages', 'rules', 'limits', 'backend', 'audit', 'mcp'];
    for (const key of keys) expect(common, key).not.toContain(key);
    const failing: SettingsDocument = {
      fail: (path, detail) => {
        throw new Error(`${path.join('.')}: ${detail}`);
      },
      onlyKeys: () => undefined,
      stringList: (_path, value) => value as string[],
    };
    for (const { name, setting } of REVIEW_LANGUAGES) {
      if (!setting) continue;
      // The initial value is one a file may set, and both show in one line.
      expect(setting.parse(failing, setting.initial), name).toEqual(setting.initial);
      expect(setting.show(setting.initial), name).not.toContain('\n');
      expect(() => setting.parse(failing, 'not a setting'), name).toThrow();
    }
  });

  it('gives every module configuration reader its files', () => {
    for (const entry of LANGUAGES.filter((l) => l.moduleConfig)) {
      const claimed = ['tsconfig.json', 'package.json', 'go.mod', 'Cargo.toml'].filter((name) => entry.moduleConfig!.isConfig(name));
      expect(claimed.length, entry.folder).toBeGreaterThan(0);
      for (const name of claimed) expect(moduleConfigReader(`a/${name}`)).toBe(entry.moduleConfig);
    }
  });
});
