// Module configuration files to facts: tsconfig paths/baseUrl with extends chains, and
// package.json exports as aliases of the package's own name.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { goModulePath } from '../../parsers/go/module-config.js';
import { isModuleConfigPath } from '../../parsers/module-config.js';
import { foldTsconfig, packageConfig, tsconfigLayer } from '../../parsers/typescript/module-config.js';
import { aliasTargets, patternMatch } from '../../parsers/typescript/module-aliases.js';
import { takeInventory } from '../../workers/inventory.js';
import { indexGate } from '../../gate/config-files.js';
import { readModuleConfigs } from '../../workers/module-configs.js';
import { Gate } from '../../gate/gate.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));

describe('tsconfig facts', () => {
  it('reads paths and baseUrl relative to the file, comments and trailing commas allowed', () => {
    const layer = tsconfigLayer('app/tsconfig.json', `{
      // the app's aliases
      "extends": ["./base", "../shared/tsconfig.json", "@tsconfig/node20/tsconfig.json"],
      "compilerOptions": { "baseUrl": "./src", "paths": { "@lib/*": ["../lib/*", 3], }, },
    }`);
    expect(layer).toEqual({ extends: ['app/base.json', 'shared/tsconfig.json'], baseUrl: 'app/src', paths: { '@lib/*': ['../lib/*'] }, dir: 'app' });
    expect(foldTsconfig('app/tsconfig.json', 'h', [layer])).toEqual({ path: 'app/tsconfig.json', kind: 'tsconfig', hash: 'h', baseUrl: 'app/src', aliases: [{ pattern: '@lib/*', targets: ['app/lib/*'] }] });
  });

  it('folds an extends chain: the extending file wins, paths are relative to the effective baseUrl or their own file', () => {
    const base = tsconfigLayer('configs/base.json', '{ "compilerOptions": { "paths": { "@a": ["./a.ts"] } } }');
    const withBase = tsconfigLayer('tsconfig.json', '{ "extends": "./configs/base.json" }');
    expect(foldTsconfig('tsconfig.json', 'h', [base, withBase]).aliases).toEqual([{ pattern: '@a', targets: ['configs/a.ts'] }]);
    const baseUrl = tsconfigLayer('tsconfig.json', '{ "extends": "./configs/base.json", "compilerOptions": { "baseUrl": "." } }');
    expect(foldTsconfig('tsconfig.json', 'h', [base, baseUrl]).aliases).toEqual([{ pattern: '@a', targets: ['a.ts'] }]);
    const own = tsconfigLayer('tsconfig.json', '{ "compilerOptions": { "paths": { "@b/*": ["src/*"] } } }');
    expect(foldTsconfig('tsconfig.json', 'h', [base, own]).aliases).toEqual([{ pattern: '@b/*', targets: ['src/*'] }]);
  });

  it('keeps nothing that points outside the workspace and survives broken files', () => {
    expect(tsconfigLayer('tsconfig.json', '{ "compilerOptions": { "baseUrl": "../up" } }').baseUrl).toBeUndefined();
    expect(tsconfigLayer('tsconfig.json', 'not json at all')).toEqual({ extends: [], dir: '.' });
    expect(foldTsconfig('tsconfig.json', 'h', [tsconfigLayer('tsconfig.json', '{ "compilerOptions": { "paths": { "x": ["../../x"] } } }')]).aliases).toEqual([{ pattern: 'x', targets: [] }]);
  });
});

describe('package.json facts', () => {
  it('turns exports subpaths into aliases of the package name, condition targets in order', () => {
    const fact = packageConfig('packages/zod/package.json', 'h', JSON.stringify({
      name: 'zod',
      exports: {
        './package.json': './package.json',
        '.': { '@zod/source': './src/index.ts', types: './index.d.cts', import: './index.js' },
        './v4/*': ['./src/v4/*.ts', './v4/*.js'],
        './internal': null,
      },
    }));
    expect(fact).toEqual({
      path: 'packages/zod/package.json',
      kind: 'package',
      hash: 'h',
      name: 'zod',
      aliases: [
        { pattern: 'zod/package.json', targets: ['packages/zod/package.json'] },
        { pattern: 'zod', targets: ['packages/zod/src/index.ts', 'packages/zod/index.d.cts', 'packages/zod/index.js'] },
        { pattern: 'zod/v4/*', targets: ['packages/zod/src/v4/*.ts', 'packages/zod/v4/*.js'] },
        { pattern: 'zod/internal', targets: [] },
      ],
    });
    expect(packageConfig('package.json', 'h', '{ "name": "tiny", "exports": "./main.ts" }').aliases).toEqual([{ pattern: 'tiny', targets: ['main.ts'] }]);
    expect(packageConfig('package.json', 'h', '{ "private": true }')).toEqual({ path: 'package.json', kind: 'package', hash: 'h', aliases: [] });
  });
});

describe('alias matching', () => {
  it('takes an exact pattern first, then the wildcard pattern with the longest prefix', () => {
    const aliases = [
      { pattern: '@*', targets: ['any/*'] },
      { pattern: '@core/*', targets: ['core/*', 'fallback/*'] },
      { pattern: '@core/util', targets: ['special.ts'] },
    ];
    expect(aliasTargets(aliases, '@core/util')).toEqual(['special.ts']);
    expect(aliasTargets(aliases, '@core/x/y')).toEqual(['core/x/y', 'fallback/x/y']);
    expect(aliasTargets(aliases, '@other')).toEqual(['any/other']);
    expect(aliasTargets(aliases, 'react')).toBeUndefined();
    expect(patternMatch('a/*.js', 'a/b.js')).toBe('b');
    expect(patternMatch('a/*.js', 'a/.j')).toBeNull();
  });
});

describe('reading module configuration from a workspace', () => {
  it('lists config files apart from sources and folds extends chains within the workspace', () => {
    const fx = makeFixture({
      'tsconfig.json': '{ "extends": "./tsconfig.base.json", "compilerOptions": { "baseUrl": "." } }',
      'tsconfig.base.json': '{ "compilerOptions": { "paths": { "@app/*": ["src/*"] } } }',
      'packages/p/package.json': '{ "name": "p", "exports": { ".": "./index.ts" } }',
      'packages/p/index.ts': 'export const x = 1;\n',
      'node_modules/dep/package.json': '{ "name": "dep" }',
      'src/a.ts': 'export function a() {}\n',
    });
    fixtures.push(fx);
    const inventory = takeInventory(fx.root);
    expect(inventory.configs).toEqual(['packages/p/package.json', 'tsconfig.json']);
    expect(inventory.entries.map((e) => e.path)).toEqual(['packages/p/index.ts', 'src/a.ts']);
    const configs = readModuleConfigs(new Gate(fx.root), inventory.configs);
    expect(configs.map((c) => [c.path, c.aliases, c.baseUrl])).toEqual([
      ['packages/p/package.json', [{ pattern: 'p', targets: ['packages/p/index.ts'] }], undefined],
      ['tsconfig.json', [{ pattern: '@app/*', targets: ['src/*'] }], '.'],
    ]);
    // The hash covers the extended file: editing it changes the fact.
    const before = configs[1].hash;
    fx.write('tsconfig.base.json', '{ "compilerOptions": { "paths": { "@app/*": ["lib/*"] } } }');
    expect(readModuleConfigs(new Gate(fx.root), inventory.configs)[1]).not.toMatchObject({ hash: before });
  });

  it('never reads a configuration through a symlink out of the workspace', () => {
    const outside = makeFixture({ 'base.json': '{ "compilerOptions": { "paths": { "@x": ["x.ts"] } } }' });
    const fx = makeFixture({ 'tsconfig.json': '{ "extends": "./linked/base.json" }' });
    fixtures.push(outside, fx);
    symlinkSync(outside.root, join(fx.root, 'linked'));
    expect(readModuleConfigs(new Gate(fx.root), ['tsconfig.json'])).toEqual([expect.objectContaining({ path: 'tsconfig.json', aliases: [] })]);
    expect(isModuleConfigPath('a/b/package.json')).toBe(true);
    expect(isModuleConfigPath('a/b/tsconfig.base.json')).toBe(false);
  });
});

describe('go.mod', () => {
  it('names the module its module directive declares', () => {
    expect(goModulePath('// comment\nmodule github.com/spf13/cobra\n\ngo 1.15\n')).toBe('github.com/spf13/cobra');
    expect(goModulePath('module "k8s.io/client-go" // staged\n')).toBe('k8s.io/client-go');
    expect(goModulePath('go 1.20\n')).toBeUndefined();
    expect(isModuleConfigPath('staging/src/k8s.io/api/go.mod')).toBe(true);
  });

  it('is read as a gomod fact by the workspace reader', () => {
    const fx = makeFixture({ 'go.mod': 'module example.com/m\n', 'sub/go.mod': 'go 1.20\n' });
    fixtures.push(fx);
    expect(readModuleConfigs(indexGate(fx.root), ['go.mod', 'sub/go.mod'])).toEqual([
      expect.objectContaining({ path: 'go.mod', kind: 'gomod', name: 'example.com/m', aliases: [] }),
      expect.not.objectContaining({ name: expect.anything() }),
    ]);
  });
});
