// The library rule's folders: reported with their file counts, kept out the same way by
// every sync until told otherwise, and calls into them are `excluded`, not missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture({
    'src/app.ts': "import { race } from '../vendor/unpromise';\nimport { nowhere } from './nowhere';\nexport function run() {\n  race();\n  nowhere();\n}\n",
    'vendor/unpromise.ts': 'export function race() {}\n',
    'vendor/more/other.ts': 'export const x = 1;\n',
  });
});
afterAll(() => fx.remove());
const C = () => ['-C', fx.root];

describe('library folders', () => {
  it('init, status and doctor name the folders left out with their source files', () => {
    const init = cairnJson(['init', ...C()]).body;
    expect(init.data.skipped_folders).toEqual([{ path: 'vendor', files: 2 }]);
    expect(init.data.options).toEqual({ include_library: false, source: 'given' });
    expect(cairn(['init', ...C()]).stdout).toContain('Library folders left out (--include-library takes them in): vendor 2 files');
    expect(cairnJson(['status', ...C()]).body.data.meta.skipped_folders).toEqual([{ path: 'vendor', files: 2 }]);
    expect(cairn(['status', ...C()]).stdout).toContain('Library folders left out: vendor 2 files');
    expect(cairnJson(['doctor', ...C()]).body.data.skipped_folders).toEqual([{ path: 'vendor', files: 2 }]);
  });

  it('a call through an import into a folder left out is excluded, one into nothing is missing_target', () => {
    cairnJson(['init', ...C()]);
    const rows = cairnJson(['unresolved', '--reason', 'excluded,missing_target', ...C()]).body.data.references;
    expect(rows.map((r: any) => [r.specifier, r.reason])).toEqual([
      ['race', 'excluded'],
      ['nowhere', 'missing_target'],
    ]);
    expect(cairnJson(['doctor', ...C()]).body.data.graph_quality.unresolved).toMatchObject({ excluded: 1, missing_target: 1 });
  });

  it('a plain sync keeps the options init recorded; --no-include-library overrides them', () => {
    expect(cairnJson(['init', '--include-library', ...C()]).body.data.files.inventoried).toBe(3);
    const sync = cairnJson(['sync', ...C()]).body.data;
    expect(sync.files).toMatchObject({ inventoried: 3, deleted: 0 });
    expect(sync.options).toEqual({ include_library: true, source: 'recorded' });
    expect(cairnJson(['callees', 'run', ...C()]).body.data.neighbours.map((n: any) => n.symbol.id)).toEqual(['vendor/unpromise.ts::race']);
    expect(cairn(['status', ...C()]).stdout).toContain('Options: --include-library (sync reuses them)');
    const narrowed = cairnJson(['sync', '--no-include-library', ...C()]).body.data;
    expect(narrowed.files).toMatchObject({ inventoried: 1, deleted: 2 });
    expect(narrowed.options).toEqual({ include_library: false, source: 'given' });
    // The folders are left out now: the call into them is excluded again (re-resolved by the sync).
    const rows = cairnJson(['unresolved', '--reason', 'excluded', ...C()]).body.data.references;
    expect(rows.map((r: any) => r.specifier)).toEqual(['race']);
    expect(cairnJson(['sync', ...C()]).body.data.options).toEqual({ include_library: false, source: 'recorded' });
  });
});
