// `diff --base` when the revisions differ in a module configuration file: the index copy
// keeps the current tsconfig.json, so the base side is indexed from a whole archive.
import { afterEach, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));

describe('diff across a tsconfig.json change', () => {
  it('indexes the base from an archive, not from an overlay on the current index', () => {
    const repo = makeFixture(
      {
        'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["src/core/*"] } } }\n',
        'src/core/util.ts': 'export function helper() { return 1; }\n',
        'src/other/util.ts': 'export function helper() { return 2; }\n',
        'src/app.ts': "import { helper } from '@core/util';\nexport function main() { return helper(); }\n",
      },
      { git: true },
    );
    fixtures.push(repo);
    repo.write('tsconfig.json', '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["src/other/*"] } } }\n');
    expect(cairnJson(['init', '-C', repo.root]).code).toBe(0);
    const { code, body } = cairnJson(['diff', '--base', 'HEAD', '-C', repo.root]);
    expect(code).toBe(0);
    expect(body.data.historical_snapshot.base).toMatchObject({ method: 'archive' });
    expect(body.data.files).toEqual([{ path: 'tsconfig.json', status: 'modified' }]);
  });
});
