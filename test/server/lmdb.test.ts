// The graph server suite on the embedded LMDB storage.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { LmdbStorage } from '../../server/lmdb-storage.js';
import { graphServerSuite } from './suite.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-graph-lmdb-'));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

graphServerSuite('LMDB', async () => new LmdbStorage(join(root, `store-${++n}`)));
