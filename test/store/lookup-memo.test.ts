// StoreLookup.memo: a memoised computation is computed once per index run, and every
// later hit records again the dependencies the first computation recorded, so a call
// site that reuses it is re-resolved when what it consulted changes.
import { afterEach, describe, expect, test } from 'vitest';
import { openEnv, type GraphEnv } from '../../store/env.js';
import { StoreLookup } from '../../store/lookup.js';
import { tempWorkspace } from './facts.js';

const opened: Array<{ env: GraphEnv; cleanup: () => void }> = [];
afterEach(async () => {
  for (const { env, cleanup } of opened.splice(0)) {
    await env.root.close();
    cleanup();
  }
});

function lookupOverOneFile(): StoreLookup {
  const { dir, cleanup } = tempWorkspace();
  const env = openEnv(dir, false);
  opened.push({ env, cleanup });
  env.root.transactionSync(() => {
    env.dbs.files.putSync('src/a.ts', { path: 'src/a.ts', language: 'typescript', size: 1, mtime_ms: 0, hash: 'h', status: 'ok', symbols: 0, call_sites: 0 });
  });
  return new StoreLookup(env.dbs);
}

const deps = (lookup: StoreLookup) => ({ site: [...lookup.siteDeps].sort(), file: [...lookup.fileDeps].sort() });

describe('StoreLookup.memo', () => {
  test('computes once and records the first computation’s dependencies on every hit', () => {
    const lookup = lookupOverOneFile();
    let computed = 0;
    const compute = () => {
      computed += 1;
      lookup.byName('helper');
      return lookup.file('src/a.ts')?.path ?? null;
    };

    lookup.beginFile();
    lookup.beginSite();
    expect(lookup.memo('k', compute)).toBe('src/a.ts');
    expect(deps(lookup)).toEqual({ site: ['n:helper'], file: ['f:src/a.ts'] });

    // Another file, another call site: nothing recorded yet, then the hit records both.
    lookup.beginFile();
    lookup.beginSite();
    expect(deps(lookup)).toEqual({ site: [], file: [] });
    expect(lookup.memo('k', compute)).toBe('src/a.ts');
    expect(computed).toBe(1);
    expect(deps(lookup)).toEqual({ site: ['n:helper'], file: ['f:src/a.ts'] });
  });

  test('an outer computation records what an inner hit replays', () => {
    const lookup = lookupOverOneFile();
    lookup.beginFile();
    lookup.beginSite();
    lookup.memo('inner', () => lookup.file('src/a.ts'));
    lookup.memo('outer', () => lookup.memo('inner', () => lookup.file('src/never.ts')));

    lookup.beginFile();
    lookup.beginSite();
    lookup.memo('outer', () => lookup.file('src/never.ts'));
    expect(deps(lookup)).toEqual({ site: [], file: ['f:src/a.ts'] });
  });
});
