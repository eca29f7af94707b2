// The graph server suite on PostgreSQL: a real server this test starts (initdb into
// a temp dir, a unix socket), one fresh database per test.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALLER_RELATIONS, createGraphServer } from '../../server/http.js';
import { LIMITS, type Edge } from '../../contracts/graph-push.js';
import { PostgresStorage, slots } from '../../server/postgres-storage.js';
import { compareCodePoints, type EdgeTargets } from '../../server/storage.js';
import { checkPush } from '../../server/requests.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { edge, edgesInto, entity, graphServerSuite, searched } from './suite.js';

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
      await expect(PostgresStorage.open(url)).rejects.toThrow(/schema version 1, this server writes version 4/);
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
  it('run without JIT, with generic plans and no parallel workers (short queries of fixed shapes), and keep the options the URL sets', async () => {
    const url = await postgres.createDatabase('sessions');
    const storage = await PostgresStorage.open(`${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c statement_timeout=4321')}`);
    try {
      const pool = (storage as unknown as { pool: pg.Pool }).pool;
      const r = await pool.query(
        "SELECT current_setting('jit') AS jit, current_setting('plan_cache_mode') AS plans, current_setting('max_parallel_workers_per_gather') AS workers, current_setting('statement_timeout') AS timeout",
      );
      expect(r.rows[0]).toEqual({ jit: 'off', plans: 'force_generic_plan', workers: '0', timeout: '4321ms' });
    } finally {
      await storage.close();
    }
  });

  it('stay open while idle, keeping their planned statements; one cut while idle is replaced, and the server goes on', async () => {
    const url = await postgres.createDatabase('idle');
    const storage = await PostgresStorage.open(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await storage.applyPush(checkPush({ repo: 'r', files: ['a.go'], entities: [entity('r', 'a.go', 'parse')], edges: [] }), 'now');
      expect(await searched(storage, 'par', undefined, 10)).toHaveLength(1);
      const backends = async () =>
        (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => r.pid);
      const before = await backends();
      expect(before.length).toBeGreaterThan(0);
      // Past the pool's former 10 s idle timeout, the same sessions are still there.
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      expect(await backends()).toEqual(before);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await vi.waitFor(() => expect(stderr.mock.calls.some(([line]) => String(line).includes('PostgreSQL closed an idle connection'))).toBe(true));
      expect(await searched(storage, 'par', undefined, 10)).toHaveLength(1);
    } finally {
      stderr.mockRestore();
      await admin.end();
      await storage.close();
    }
  }, 30_000);
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
      expect((await searched(storage, name, undefined, 10)).map((e) => e.id)).toEqual([target.id, twin.id]);
      expect(await storage.twins(qn, repo, 100)).toEqual([{ repo: twinRepo, extractor: 'ast', file_path: path, id: twin.id, name }]);
      expect((await edgesInto(storage, { ids: [target.id], specifiers: [qn], specifiersNotFrom: repo }, 10)).map((e) => e.from)).toEqual([caller.id]);
    } finally {
      await storage.close();
    }
  });
});

type Placed = Edge & { repo: string; extractor: string };

/** The answer order, worked out apart from the code under test: strings by their UTF-8 bytes (COLLATE "C"), then call line and column as integers. */
function bytesThenPosition(a: Placed, b: Placed): number {
  const bytes = (x: string, y: string) => Buffer.compare(Buffer.from(x), Buffer.from(y));
  return (
    bytes(a.repo, b.repo) ||
    bytes(a.extractor, b.extractor) ||
    bytes(a.src_file, b.src_file) ||
    bytes(a.from, b.from) ||
    bytes(a.to, b.to) ||
    Number(a.properties?.line ?? 0) - Number(b.properties?.line ?? 0) ||
    Number(a.properties?.column ?? 0) - Number(b.properties?.column ?? 0)
  );
}

/** What a storage must answer: of every matching edge, the first `limit` in the answer order. */
function expectedInto(all: Placed[], targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Placed[] {
  return all
    .filter((e) => targets.ids.includes(e.to) || (targets.specifiers.some((s) => e.to === `unresolved:${s}`) && e.repo !== targets.specifiersNotFrom))
    .filter((e) => !relations || relations.has(e.relation))
    .sort(bytesThenPosition)
    .slice(0, limit);
}

describe('callers over many targets', () => {
  // The storage merges one ordered index range per target and cuts once; these answers
  // must be exactly those of sorting every matching edge and taking the first ones.
  it('answer the first edges of all targets together, at every limit: order, ties within a file, relations, own-repo unresolved calls', async () => {
    const storage = await PostgresStorage.open(await postgres.createDatabase('into_many'));
    try {
      const all: Placed[] = [];
      const push = async (repo: string, files: string[], edges: Edge[]) => {
        await storage.applyPush(checkPush({ repo, files, entities: [], edges }), 'now');
        all.push(...edges.map((e) => ({ ...e, repo, extractor: 'ast', confidence_score: e.confidence_score ?? 1, confidence_tier: e.confidence_tier ?? 'EXTRACTED' }) as Placed));
      };
      const targets: string[] = [];
      const byRepo = new Map<string, Edge[]>();
      // Seventeen targets (32 slots) in four repositories, whose files, callers and call lines interleave.
      for (let t = 0; t < 17; t++) {
        const repo = ['r', 'q', 'r-\u00e9', 'p'][t % 4]!;
        const target = `${repo}::m${t}.go::T${t}`;
        targets.push(target);
        const edges = byRepo.get(repo) ?? [];
        byRepo.set(repo, edges);
        for (let f = 0; f < 3; f++) {
          // Callers whose ids order differently as UTF-16 and as bytes (U+FFFF against an emoji).
          for (const from of [`${repo}::c${f}.go::x\uFFFF`, `${repo}::c${f}.go::x\u{1F600}`, `${repo}::c${f}.go::a${t % 3}`]) {
            for (const line of [10, 9, 100]) edges.push(edge(from, target, `c${f}.go`, { properties: { line: String(line), column: String((t * 7 + line) % 5) } }));
          }
        }
        edges.push(edge(`${repo}::m${t}.go::Holder`, target, `m${t}.go`, { relation: 'contains' }));
      }
      for (const [repo, edges] of byRepo) await push(repo, [...new Set(edges.map((e) => e.src_file))], edges);
      // Unresolved calls naming the qualified name: from other repositories they count, from the asking one they do not.
      await push('o', ['u.go'], [3, 1, 2].map((line) => edge('o::u.go::u', 'unresolved:Money.format', 'u.go', { properties: { line: String(line) } })));
      await push('zz', ['u.go'], [edge('zz::u.go::u', 'unresolved:Money.format', 'u.go')]);
      await push('own', ['u.go'], [edge('own::u.go::u', 'unresolved:Money.format', 'u.go')]);

      const asked = { ids: targets, specifiers: ['Money.format'], specifiersNotFrom: 'own' };
      expect(expectedInto(all, asked, Infinity)).toHaveLength(17 * 3 * 3 * 3 + 17 + 4);
      for (const relations of [CALLER_RELATIONS, undefined]) {
        const matching = expectedInto(all, asked, Infinity, relations).length;
        for (let limit = 1; limit <= matching + 1; limit += limit < 40 ? 1 : 13) {
          const got = await edgesInto(storage, asked, limit, relations);
          expect(got, `limit ${limit}, relations ${relations ? 'callers' : 'all'}`).toEqual(expectedInto(all, asked, limit, relations));
        }
      }
      // Ids alone, one id, specifiers alone: each a statement of its own shape.
      for (const only of [{ ...asked, specifiers: [] }, { ...asked, ids: [targets[3]!], specifiers: [] }, { ...asked, ids: [] }]) {
        for (const limit of [1, 5, 30, 1000]) expect(await edgesInto(storage, only, limit, CALLER_RELATIONS)).toEqual(expectedInto(all, only, limit, CALLER_RELATIONS));
      }
      expect(await edgesInto(storage, { ids: [], specifiers: [], specifiersNotFrom: 'own' }, 10)).toEqual([]);
    } finally {
      await storage.close();
    }
  }, 120_000);

  it('through /v1/callers: a hundred twins and unresolved calls, cut at 1,000 and marked truncated', async () => {
    const storage = await PostgresStorage.open(await postgres.createDatabase('callers_many'));
    const server = createGraphServer({ storage });
    try {
      const base = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
      const send = async (body: unknown) => expect((await fetch(`${base}/v1/graph`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status).toBe(200);
      const all: Placed[] = [];
      const qn = 'Money.format';
      const target = entity('lib', 'm.go', 'format', { id: 'lib::m.go::Money.format', properties: { qualified_name: qn } });
      // The asking repository's own callers, and its own unresolved call (not a caller).
      // A bare name (no qualifier) is looked up by its id alone.
      const helper = entity('lib', 'a.go', 'helper');
      const libEdges = [edge('lib::a.go::use', target.id, 'a.go'), edge('lib::a.go::use', `unresolved:${qn}`, 'a.go'), edge('lib::a.go::use', helper.id, 'a.go')];
      await send({ repo: 'lib', files: ['m.go', 'a.go'], entities: [target, helper], edges: libEdges });
      all.push(...libEdges.map((e) => ({ ...e, repo: 'lib', extractor: 'ast' })));
      // 104 other repositories hold a twin: only the first 100 (in repository order) are matched.
      const repos = Array.from({ length: 104 }, (_, i) => `t${String((i * 37) % 104).padStart(3, '0')}`);
      for (const repo of repos) {
        const twin = entity(repo, 'm.go', 'format', { id: `${repo}::m.go::Money.format`, properties: { qualified_name: qn } });
        const edges: Edge[] = [];
        for (const file of ['b.go', 'a.go']) for (const from of ['g', 'f', 'h']) for (const line of [12, 3]) edges.push(edge(`${repo}::${file}::${from}`, twin.id, file, { properties: { line: String(line) } }));
        edges.push(edge(`${repo}::m.go::Money`, twin.id, 'm.go', { relation: 'contains' }));
        if (repo.endsWith('7')) edges.push(edge(`${repo}::a.go::g`, `unresolved:${qn}`, 'a.go', { properties: { line: '1' } }));
        await send({ repo, files: ['m.go', 'a.go', 'b.go'], entities: [twin], edges });
        all.push(...edges.map((e) => ({ ...e, repo, extractor: 'ast' })));
      }
      const reply = await (await fetch(`${base}/v1/callers?repo=lib&id=${encodeURIComponent(target.id)}`)).json();
      const bare = await (await fetch(`${base}/v1/callers?repo=lib&id=${encodeURIComponent(helper.id)}`)).json();
      expect([bare.matched_entities, bare.truncated, bare.callers.map((c: Placed & { match: string }) => `${c.match} ${c.from}`)]).toEqual([[], false, ['id lib::a.go::use']]);
      const twins = [...repos].sort().slice(0, 100);
      expect(reply.matched_entities.map((m: { repo: string }) => m.repo)).toEqual(twins);
      const ids = [target.id, ...twins.map((r) => `${r}::m.go::Money.format`)];
      const placed = all.map((e) => ({ ...e, confidence_score: 1, confidence_tier: 'EXTRACTED' }) as Placed);
      const expected = expectedInto(placed, { ids, specifiers: [qn], specifiersNotFrom: 'lib' }, 1001, CALLER_RELATIONS);
      expect(expected.length).toBe(1001);
      expect(reply.truncated).toBe(true);
      expect(reply.callers.map((c: Placed & { match: string }) => `${c.match} ${c.repo} ${c.src_file} ${c.from} ${c.to} ${c.properties?.line}`)).toEqual(
        expected.slice(0, 1000).map((e) => `${e.to === target.id ? 'id' : e.to.startsWith('unresolved:') ? 'unresolved_specifier' : 'qualified_name'} ${e.repo} ${e.src_file} ${e.from} ${e.to} ${e.properties?.line}`),
      );
    } finally {
      server.close();
      await storage.close();
    }
  }, 120_000);
});

describe('the order helpers of the callers query', () => {
  it('order strings as COLLATE "C" does, and size statements in powers of two', () => {
    const strings = ['a', 'ab', '\uFFFF', '\u{1F600}', '\uE000', '\u00e9', 'b', ''];
    const bytes = [...strings].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...strings].sort(compareCodePoints)).toEqual(bytes);
    expect([0, 1, 2, 3, 4, 5, 101, 128, 129].map(slots)).toEqual([0, 1, 2, 4, 4, 8, 128, 128, 256]);
  });
});
