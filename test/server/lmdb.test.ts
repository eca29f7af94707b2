// The graph server suite on the embedded LMDB storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterAll, describe, expect, it } from 'vitest';
import { LmdbStorage } from '../../server/lmdb-storage.js';
import { graphServerSuite } from './suite.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-graph-lmdb-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

graphServerSuite('LMDB', async () => new LmdbStorage(join(root, `store-${++n}`)));

describe('the schema version', () => {
  it('refuses a directory that holds a graph of the older layout, and opens its own again', async () => {
    const dir = join(root, 'older');
    const env = open({ path: dir, maxDbs: 32, compression: true });
    await env.openDB({ name: 'repos', encoding: 'msgpack' }).put('r', { commit: null, pushed_at: 'x', files: 1, entities: 0, edges: 0, hyperedges: 0 });
    await env.close();
    expect(() => new LmdbStorage(dir)).toThrow(/older cairn graph/);
    const mine = new LmdbStorage(join(root, 'mine'));
    await mine.close();
    await new LmdbStorage(join(root, 'mine')).close();
  });
});
