// The graph server suite on PostgreSQL: a real server this test starts (initdb into
// a temp dir, a unix socket), one fresh database per test.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphServer } from '../../server/http.js';
import { LIMITS } from '../../contracts/graph-push.js';
import { PostgresStorage } from '../../server/postgres-storage.js';
import { checkPush } from '../../server/requests.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { entity, graphServerSuite } from './suite.js';

let postgres: TestPostgres;
let n = 0;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

graphServerSuite('PostgreSQL', async () => PostgresStorage.open(await postgres.createDatabase(`suite_${++n}`)));

describe('several servers on one PostgreSQL database', () => {
  it('never interleave the purge-then-insert of the same file', async () => {
    const url = await postgres.createDatabase('shared');
    const storages = await Promise.all([PostgresStorage.open(url), PostgresStorage.open(url)]);
    const servers = storages.map((storage) => createGraphServer({ storage, queueCapacity: 64 }));
    try {
      const bases = await Promise.all(
        servers.map((server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))),
      );
      const push = (base: string, round: number) => {
        const entities = Array.from({ length: 20 }, (_, i) => entity('r', 'a.ts', `f${round}_${i}`));
        return fetch(`${base}/v1/graph`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ repo: 'r', files: ['a.ts'], entities, edges: [] }) });
      };
      const replies = await Promise.all(Array.from({ length: 16 }, (_, round) => push(bases[round % 2]!, round)));
      expect(replies.map((r) => r.status)).toEqual(Array(16).fill(200));
      const [stored] = await storages[0]!.file('r', 'a.ts');
      // Exactly one push's rows: twenty entities of a single round.
      expect(stored!.entities).toHaveLength(20);
      expect(new Set(stored!.entities.map((e) => e.name.split('_')[0])).size).toBe(1);
    } finally {
      for (const server of servers) server.close();
      for (const storage of storages) await storage.close();
    }
  }, 60_000);
});

describe('the schema version', () => {
  it('refuses a database whose cairn tables are of an older shape, and leaves them as they are', async () => {
    const url = await postgres.createDatabase('older');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE cairn_edges (repo text, body text)');
      await expect(PostgresStorage.open(url)).rejects.toThrow(/schema version 1, this server writes version 3/);
      const tables = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'cairn_%'");
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
    // Its own version opens again.
    const fresh = await postgres.createDatabase('fresh');
    await (await PostgresStorage.open(fresh)).close();
    await (await PostgresStorage.open(fresh)).close();
  });
});

describe('the sessions', () => {
  it('run without JIT (short queries only), and keep the options the URL sets', async () => {
    const url = await postgres.createDatabase('sessions');
    const storage = await PostgresStorage.open(`${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c statement_timeout=4321')}`);
    try {
      const pool = (storage as unknown as { pool: pg.Pool }).pool;
      const r = await pool.query("SELECT current_setting('jit') AS jit, current_setting('statement_timeout') AS timeout");
      expect(r.rows[0]).toEqual({ jit: 'off', timeout: '4321ms' });
    } finally {
      await storage.close();
    }
  });
});

describe('the indexes', () => {
  // Index keys hold several fields; PostgreSQL refuses a B-tree entry over 2,704 bytes,
  // so a row with every field at its byte limit must still go in.
  it('take rows whose fields are at their byte limits, and answer them', async () => {
    const storage = await PostgresStorage.open(await postgres.createDatabase('limits'));
    try {
      const long = (n: number, c: string) => c.repeat(n);
      const [repo, twinRepo, path, name] = [long(LIMITS.repo, 'r'), long(LIMITS.repo, 't'), long(LIMITS.path, 'p'), long(LIMITS.name, 'n')];
      const qn = `${long(LIMITS.qualifiedName - 2, 'q')}.f`;
      const target = { ...entity(repo, path, name), id: long(LIMITS.id, 'i'), properties: { qualified_name: qn } };
      const caller = { ...entity(repo, path, 'caller'), id: long(LIMITS.id, 'c') };
      const twin = { ...entity(twinRepo, path, name), id: long(LIMITS.id, 'j'), properties: { qualified_name: qn } };
      const edge = { from: caller.id, to: target.id, relation: 'calls', src_file: path };
      await storage.applyPush(checkPush({ repo, files: [path], entities: [target, caller], edges: [edge] }), 'now');
      await storage.applyPush(checkPush({ repo: twinRepo, files: [path], entities: [twin], edges: [] }), 'now');
      expect((await storage.search(name, undefined, 10)).map((e) => e.id)).toEqual([target.id, twin.id]);
      expect(await storage.twins(qn, repo, 100)).toEqual([{ repo: twinRepo, extractor: 'ast', file_path: path, id: twin.id, name }]);
      expect((await storage.edgesInto({ ids: [target.id], specifiers: [qn], specifiersNotFrom: repo }, 10)).map((e) => e.from)).toEqual([caller.id]);
    } finally {
      await storage.close();
    }
  });
});
