// The graph server suite: the same tests against each storage (lmdb.test.ts,
// postgres.test.ts). Each test gets a fresh storage behind an in-process server on
// a loopback port, and speaks HTTP to it.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, MAX_LINE, UNRESOLVED_PREFIX, type Edge, type Entity, type GraphPush } from '../../contracts/graph-push.js';
import { createGraphServer, type GraphServer, type GraphServerOptions, type RequestLogEntry } from '../../server/http.js';
import { compareEdges, compareFound, prefixEnd, type EdgeTargets, type FoundEntity, type GraphStorage } from '../../server/storage.js';

export type StorageFactory = () => Promise<GraphStorage>;

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface TestServer {
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  push(push: Partial<GraphPush> & { repo: string; files: string[] }): Promise<Reply>;
  storage: GraphStorage;
  server: GraphServer;
  base: string;
}

export const NOW = '2026-06-09T12:00:00.000Z';

export function entity(repo: string, path: string, name: string, extra: Partial<Entity> = {}): Entity {
  return { id: `${repo}::${path}::${name}`, name, type: 'function', file_path: path, line_start: 1, line_end: 2, properties: { qualified_name: name }, ...extra };
}

export function edge(from: string, to: string, srcFile: string, extra: Partial<Edge> = {}): Edge {
  return { from, to, relation: 'calls', src_file: srcFile, confidence_score: 1, confidence_tier: 'EXTRACTED', ...extra };
}

/** A storage's search answer, its rows decoded. */
export async function searched(storage: GraphStorage, q: string, repo: string | undefined, limit: number): Promise<FoundEntity[]> {
  return (await storage.search(q, repo, limit)).map((json) => JSON.parse(json) as FoundEntity);
}

/** A storage's edges into targets, decoded; each row's `to` must be the target its JSON names. */
export async function edgesInto(storage: GraphStorage, targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<(Edge & { repo: string; extractor: string })[]> {
  return (await storage.edgesInto(targets, limit, relations)).map(({ to, json }) => {
    const row = JSON.parse(json) as Edge & { repo: string; extractor: string };
    expect(row.to).toBe(to);
    return row;
  });
}

/** A string of exactly `bytes` UTF-8 bytes: `head`, then `unit` as often as it fits, then ASCII. */
export function atBytes(head: string, bytes: number, unit: string): string {
  let out = head;
  const unitBytes = Buffer.byteLength(unit);
  for (let size = Buffer.byteLength(out); size + unitBytes <= bytes; size += unitBytes) out += unit;
  return out + 'x'.repeat(bytes - Buffer.byteLength(out));
}

/** Fields compared in code point order (UTF-8 bytes, PostgreSQL's COLLATE "C"), first difference wins. */
function compareByCodePoints(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = Buffer.compare(Buffer.from(a[i]!), Buffer.from(b[i]!));
    if (c !== 0) return c;
  }
  return 0;
}

export function graphServerSuite(storageName: string, makeStorage: StorageFactory): void {
  const open: { server: GraphServer; storage: GraphStorage }[] = [];
  afterEach(async () => {
    for (const { server, storage } of open.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
      await storage.close();
    }
  });

  async function start(options: Partial<GraphServerOptions> = {}, wrap?: (s: GraphStorage) => GraphStorage): Promise<TestServer> {
    const storage = await makeStorage();
    const server = createGraphServer({ storage: wrap ? wrap(storage) : storage, now: () => NOW, ...options });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    open.push({ server, storage });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
      const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const response = await fetch(`${base}${path}`, init);
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    };
    return {
      call,
      storage,
      server,
      base,
      push: (p) => call('POST', '/v1/graph', { entities: [], edges: [], ...p }),
    };
  }

  const file = (s: TestServer, repo: string, path: string, extractor?: string) =>
    s.call('GET', `/v1/file?repo=${encodeURIComponent(repo)}&path=${encodeURIComponent(path)}${extractor ? `&extractor=${extractor}` : ''}`);

  describe(`graph server on ${storageName}`, () => {
    it('stores a push and returns a file\'s rows; confidence defaults apply only to omitted fields', async () => {
      const s = await start();
      const a = entity('r', 'a.ts', 'f');
      const b = entity('r', 'a.ts', 'g');
      const edges: Edge[] = [
        { from: a.id, to: b.id, relation: 'calls', src_file: 'a.ts' },
        edge(a.id, 'unresolved:h', 'a.ts', { confidence_score: 0, confidence_tier: 'AMBIGUOUS' }),
        { from: a.id, to: 'x', relation: 'calls', src_file: 'a.ts', confidence_tier: 'AMBIGUOUS' },
        { from: a.id, to: 'y', relation: 'calls', src_file: 'a.ts', confidence_score: 0.6 },
      ];
      const reply = await s.push({ repo: 'r', commit: 'c1', files: ['a.ts'], entities: [a, b], edges, file_shas: { 'a.ts': 'sha1' } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body).toMatchObject({ ok: true, repo: 'r', extractor: 'ast', files: 1, entities: 2, edges: 4 });
      const got = await file(s, 'r', 'a.ts');
      expect(got.status).toBe(200);
      expect(got.body.extractors).toEqual([{ extractor: 'ast', sha: 'sha1' }]);
      expect(got.body.entities).toEqual([{ ...a, extractor: 'ast' }, { ...b, extractor: 'ast' }]);
      expect(got.body.edges.map((e: Edge) => [e.to, e.confidence_score, e.confidence_tier])).toEqual([
        [b.id, 1, 'EXTRACTED'],
        ['unresolved:h', 0, 'AMBIGUOUS'],
        ['x', 0, 'AMBIGUOUS'],
        ['y', 0.6, 'INFERRED'],
      ]);
    });

    it('purges then inserts per file: a re-pushed file holds only its new rows, other files keep theirs', async () => {
      const s = await start();
      const [f, g, h] = ['f', 'g', 'h'].map((n) => entity('r', 'a.ts', n));
      const other = entity('r', 'b.ts', 'k');
      await s.push({ repo: 'r', files: ['a.ts', 'b.ts'], entities: [f!, g!, other], edges: [edge(f!.id, g!.id, 'a.ts'), edge(other.id, f!.id, 'b.ts')] });
      expect((await s.push({ repo: 'r', files: ['a.ts'], entities: [h!], edges: [] })).body).toMatchObject({ purged_files: 1, entities: 1 });
      expect((await file(s, 'r', 'a.ts')).body.entities.map((e: Entity) => e.name)).toEqual(['h']);
      expect((await file(s, 'r', 'a.ts')).body.edges).toEqual([]);
      expect((await file(s, 'r', 'b.ts')).body.edges.map((e: Edge) => e.from)).toEqual([other.id]);
      const repos = (await s.call('GET', '/v1/repos')).body;
      expect(repos).toEqual([{ repo: 'r', commit: null, pushed_at: NOW, files: 2, entities: 2, edges: 1, hyperedges: 0 }]);
    });

    it('a file listed with no rows is purged (deleted files)', async () => {
      const s = await start();
      await s.push({ repo: 'r', files: ['a.ts', 'b.ts'], entities: [entity('r', 'a.ts', 'f'), entity('r', 'b.ts', 'g')], file_shas: { 'a.ts': '1', 'b.ts': '2' } });
      expect((await s.push({ repo: 'r', files: ['b.ts'] })).body).toMatchObject({ purged_files: 1, entities: 0 });
      expect((await file(s, 'r', 'b.ts')).status).toBe(404);
      expect((await file(s, 'r', 'a.ts')).status).toBe(200);
      expect((await s.call('GET', '/v1/repos')).body[0]).toMatchObject({ files: 1, entities: 1 });
      const misses = await s.call('POST', '/v1/semantic-misses', { repo: 'r', extractor: 'ast', files: [{ path: 'a.ts', content_sha: '1' }, { path: 'b.ts', content_sha: '2' }] });
      expect(misses.body).toEqual(['b.ts']);
    });

    it('scopes the purge by extractor: an AST push and a semantic push of one file never clobber each other', async () => {
      const s = await start();
      const ast = entity('r', 'a.ts', 'f');
      const concept = entity('r', 'a.ts', 'pricing', { type: 'concept' });
      await s.push({ repo: 'r', files: ['a.ts'], entities: [ast] });
      await s.push({ repo: 'r', extractor: 'semantic', files: ['a.ts'], entities: [concept], edges: [edge(concept.id, ast.id, 'a.ts', { relation: 'conceptually_related_to', confidence_score: 0.7, confidence_tier: 'INFERRED' })], file_shas: { 'a.ts': 's1' } });
      await s.push({ repo: 'r', extractor: '', files: ['a.ts'], entities: [ast] });
      const both = (await file(s, 'r', 'a.ts')).body;
      expect(both.extractors.map((x: { extractor: string }) => x.extractor)).toEqual(['ast', 'semantic']);
      expect(both.entities.map((e: Entity & { extractor: string }) => `${e.extractor}:${e.name}`)).toEqual(['ast:f', 'semantic:pricing']);
      expect((await file(s, 'r', 'a.ts', 'semantic')).body.edges).toHaveLength(1);
      expect((await s.call('GET', '/v1/repos')).body[0]).toMatchObject({ files: 1, entities: 2, edges: 1 });
      await s.push({ repo: 'r', extractor: 'semantic', files: ['a.ts'], file_shas: { 'a.ts': 's2' } });
      expect((await file(s, 'r', 'a.ts', 'semantic')).body.entities).toEqual([]);
      expect((await file(s, 'r', 'a.ts', 'ast')).body.entities.map((e: Entity) => e.name)).toEqual(['f']);
      await s.push({ repo: 'r', files: ['a.ts'] });
      expect((await s.call('GET', '/v1/repos')).body[0]).toMatchObject({ files: 1, entities: 0 });
      await s.push({ repo: 'r', extractor: 'semantic', files: ['a.ts'] });
      expect((await s.call('GET', '/v1/repos')).body[0]).toMatchObject({ files: 0 });
    });

    it('purges and inserts hyperedges and their members with their file', async () => {
      const s = await start();
      const [t, m1, m2, m3] = ['T', 'T.a', 'T.b', 'T.c'].map((n) => entity('r', 'a.ts', n));
      const hyper = (members: string[]) => ({ id: 'r::a.ts::T#members', label: 'T and its members', relation: 'form', src_file: 'a.ts', members });
      await s.push({ repo: 'r', files: ['a.ts'], entities: [t!, m1!, m2!, m3!], hyperedges: [hyper([t!.id, m1!.id, m2!.id, m3!.id])] });
      const first = (await file(s, 'r', 'a.ts')).body.hyperedges;
      expect(first).toEqual([{ ...hyper([t!.id, m1!.id, m2!.id, m3!.id]), confidence_score: 1, extractor: 'ast' }]);
      await s.push({ repo: 'r', files: ['a.ts'], entities: [t!, m1!, m2!], hyperedges: [{ ...hyper([t!.id, m1!.id, m2!.id]), confidence_score: 0.9 }] });
      const second = (await file(s, 'r', 'a.ts')).body.hyperedges;
      expect(second).toHaveLength(1);
      expect(second[0].members).toEqual([t!.id, m1!.id, m2!.id]);
      expect(second[0].confidence_score).toBe(0.9);
      expect((await s.call('GET', '/v1/repos')).body[0].hyperedges).toBe(1);
    });

    it('refuses a push whose rows name unlisted files, or with empty files, and stores nothing of it', async () => {
      const s = await start();
      const good = entity('r', 'a.ts', 'f');
      const cases: [Record<string, unknown>, string][] = [
        [{ repo: 'r', files: [], entities: [], edges: [] }, 'files is empty'],
        [{ repo: 'r', files: ['a.ts'], entities: [good, entity('r', 'b.ts', 'g')], edges: [] }, 'entities[1] (id "r::b.ts::g") has file_path "b.ts", which is not listed in files'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [edge(good.id, 'x', 'c.ts')] }, 'edges[0] (r::a.ts::f -> x) has src_file "c.ts", which is not listed in files'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [], hyperedges: [{ id: 'h', label: '', relation: 'form', src_file: 'z.ts', members: ['a', 'b', 'c'] }] }, 'hyperedges[0] (id "h") has src_file "z.ts"'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [], hyperedges: [{ id: 'h', label: '', relation: 'form', src_file: 'a.ts', members: ['a', 'b'] }] }, 'has 2 members'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [edge(good.id, 'x', 'a.ts', { confidence_score: 2 })] }, 'edges[0].confidence_score must be a number from 0 to 1'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [], file_shas: { 'q.ts': '1' } }, 'file_shas has path "q.ts"'],
        [{ files: ['a.ts'], entities: [], edges: [] }, 'repo is required'],
        [{ repo: 7, files: ['a.ts'], entities: [], edges: [] }, 'repo must be a string'],
        [{ repo: 'r', files: ['a.ts', 'a.ts'], entities: [], edges: [] }, 'files lists a path twice'],
      ];
      for (const [body, message] of cases) {
        const reply = await s.call('POST', '/v1/graph', body);
        expect(reply.status, message).toBe(400);
        expect(reply.body.error).toContain(message);
      }
      const bad = await s.call('POST', '/v1/graph', '{"repo": "r", "files": [');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('the body is not JSON');
      expect((await file(s, 'r', 'a.ts')).status).toBe(404);
      expect((await s.call('GET', '/v1/repos')).body).toEqual([]);
    });

    it('accepts the nulls a Go producer marshals for nil slices: a deletion-only push and a reconcile-only bulk request', async () => {
      const s = await start();
      await s.push({ repo: 'r', files: ['a.ts', 'b.ts'], entities: [entity('r', 'a.ts', 'f'), entity('r', 'b.ts', 'g')] });
      const deletion = await s.call('POST', '/v1/graph', { repo: 'r', files: ['a.ts'], entities: null, edges: null });
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      expect(deletion.body).toMatchObject({ purged_files: 1, entities: 0, edges: 0 });
      expect((await file(s, 'r', 'a.ts')).status).toBe(404);
      expect((await file(s, 'r', 'b.ts')).status).toBe(200);
      await s.call('POST', '/v1/memories:bulk', { repo: 'r', items: [{ content: 'old', source: 'a.ts' }] });
      const reconcile = await s.call('POST', '/v1/memories:bulk', { repo: 'r', reconcile_files: ['a.ts'], items: null });
      expect(reconcile.body).toEqual({ ok: true, repo: 'r', deleted: 1, stored: 0 });
      // A nil files or members slice is still empty, which the contract's rules refuse.
      expect((await s.call('POST', '/v1/graph', { repo: 'r', files: null, entities: null, edges: null })).body.error).toContain('files is empty');
      const members = await s.push({ repo: 'r', files: ['a.ts'], hyperedges: [{ id: 'h', label: '', relation: 'form', src_file: 'a.ts', members: null as unknown as string[] }] });
      expect(members.body.error).toContain('hyperedges[0] (id "h") has 0 members');
    });

    it("enforces the contract's vocabularies and fields with a 400 that names the row and field", async () => {
      const s = await start();
      const good = entity('r', 'a.ts', 'f');
      const hyper = { id: 'h', label: '', src_file: 'a.ts', members: ['a', 'b', 'c'] };
      const cases: [Record<string, unknown>, string][] = [
        [{ repo: 'r', extractor: 'llm-v2', files: ['a.ts'], entities: [], edges: [] }, 'extractor must be one of "", "ast", "semantic" (not "llm-v2")'],
        [{ repo: 'r', files: ['a.ts'], entities: [], edges: [], hyperedges: [{ ...hyper, relation: 'bogus' }] }, 'hyperedges[0].relation must be one of "participate_in", "implement", "form" (not "bogus")'],
        [{ repo: 'r', files: ['a.ts'], entities: [good, { ...good, type: 'widget' }], edges: [] }, 'entities[1].type must be one of'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [edge(good.id, 'x', 'a.ts', { relation: 'bogus' })] }, 'edges[0].relation must be one of'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [edge(good.id, 'x', 'a.ts', { confidence_tier: 'SURE' as never })] }, 'edges[0].confidence_tier must be one of'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_start: 0 }], edges: [] }, 'entities[0].line_start must be 1 or more'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_start: -4 }], edges: [] }, 'entities[0].line_start must be 1 or more'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_end: 0 }], edges: [] }, 'entities[0].line_end must be 1 or more'],
        // Past a 32-bit column: refused by name on every storage, never a storage error (500).
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_start: 2 ** 31, line_end: 2 ** 31 }], edges: [] }, 'entities[0].line_start must be at most 2147483647'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_start: 1.5 }], edges: [] }, 'entities[0].line_start must be an integer'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, line_start: 9, line_end: 3 }], edges: [] }, 'entities[0].line_end ends before it starts'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, colour: 'red' }], edges: [] }, 'entities[0] has a field the contract does not define: "colour"'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [], symbols: [{ name: 'f', qualified_name: 'f', kind: 'function', entity_id: good.id, file_path: 'a.ts', line: 0 }] }, 'symbols[0].line must be 1 or more'],
        [{ repo: 'r', files: ['a.ts'], entities: [good], edges: [], symbols: [{ name: 'f', qualified_name: 'f', kind: 'function', entity_id: good.id, file_path: 'a.ts', line: 2 ** 40 }] }, 'symbols[0].line must be at most 2147483647'],
        [{ repo: 'r', files: ['a.ts'], entities: [{ ...good, properties: { qualified_name: 7 } }], edges: [] }, 'entities[0].properties.qualified_name must be a string'],
      ];
      for (const [body, message] of cases) {
        const reply = await s.call('POST', '/v1/graph', body);
        expect(reply.status, message).toBe(400);
        expect(reply.body.error).toContain(message);
      }
      expect((await s.call('GET', '/v1/repos')).body).toEqual([]);
      expect((await s.call('GET', '/v1/file?repo=r&path=a.ts&extractor=llm-v2')).body.error).toContain('extractor must be');
      const docs = ['doc_file', 'doc_section', 'concept', 'rationale'].map((type, i) => entity('r', 'README.md', `d${i}`, { type }));
      const cites = edge(docs[1]!.id, good.id, 'README.md', { relation: 'cites', confidence_score: 0.9, confidence_tier: 'INFERRED' });
      const ok = await s.push({ repo: 'r', files: ['README.md'], entities: docs, edges: [cites], hyperedges: [{ ...hyper, src_file: 'README.md', relation: 'implement' }] });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });

    it('answers a NUL in a repo name, path or query 400, and stores nothing', async () => {
      const s = await start();
      const nul = 'a\u0000b';
      const cases: [Record<string, unknown>, string][] = [
        [{ repo: nul, files: ['a.ts'], entities: [], edges: [] }, 'repo must not contain a NUL character'],
        [{ repo: 'r', files: [nul], entities: [], edges: [] }, 'files[0] must not contain a NUL character'],
        [{ repo: 'r', files: ['a.ts'], entities: [entity('r', 'a.ts', nul)], edges: [] }, 'entities[0].id must not contain a NUL character'],
        [{ repo: 'r', files: ['a.ts'], entities: [entity('r', 'a.ts', 'f', { properties: { note: nul } })], edges: [] }, 'entities[0].properties.note must not contain a NUL character'],
      ];
      for (const [body, message] of cases) {
        const reply = await s.call('POST', '/v1/graph', body);
        expect(reply.status, message).toBe(400);
        expect(reply.body.error).toBe(message);
      }
      for (const query of ['/v1/search?q=a%00b', '/v1/search?q=a&repo=r%00', '/v1/file?repo=r&path=a%00.ts', '/v1/file?repo=r%00&path=a.ts', '/v1/callers?repo=r&id=x%00', '/v1/memories?repo=r%00']) {
        const reply = await s.call('GET', query);
        expect(reply.status, query).toBe(400);
        expect(reply.body.error, query).toContain('must not contain a NUL character');
      }
      const misses = await s.call('POST', '/v1/semantic-misses', { repo: 'r', files: [{ path: nul, content_sha: 'x' }] });
      expect(misses.body.error).toBe('files[0].path must not contain a NUL character');
      const memories = await s.call('POST', '/v1/memories:bulk', { repo: 'r', items: [{ content: nul }] });
      expect(memories.body.error).toBe('items[0].content must not contain a NUL character');
      expect((await s.call('GET', '/v1/repos')).body).toEqual([]);
    });

    it('answers semantic-misses per extractor: missing rows or a different sha', async () => {
      const s = await start();
      const ask = (files: [string, string][], extractor?: string) =>
        s.call('POST', '/v1/semantic-misses', { repo: 'r', ...(extractor ? { extractor } : {}), files: files.map(([path, content_sha]) => ({ path, content_sha })) });
      expect((await ask([['a.ts', 'A'], ['b.ts', 'B']])).body).toEqual(['a.ts', 'b.ts']);
      await s.push({ repo: 'r', files: ['a.ts', 'b.ts'], entities: [entity('r', 'a.ts', 'f'), entity('r', 'b.ts', 'g')], file_shas: { 'a.ts': 'A', 'b.ts': 'B' } });
      // AST rows are not semantic rows.
      expect((await ask([['a.ts', 'A'], ['b.ts', 'B']])).body).toEqual(['a.ts', 'b.ts']);
      expect((await ask([['a.ts', 'A'], ['b.ts', 'B2']], 'ast')).body).toEqual(['b.ts']);
      await s.push({ repo: 'r', extractor: 'semantic', files: ['a.ts'], entities: [entity('r', 'a.ts', 'c', { type: 'concept' })], file_shas: { 'a.ts': 'A' } });
      expect((await ask([['a.ts', 'A'], ['b.ts', 'B']])).body).toEqual(['b.ts']);
      expect((await ask([['a.ts', 'A1']])).body).toEqual(['a.ts']);
      expect((await s.call('POST', '/v1/semantic-misses', { repo: 'r', files: [{ content_sha: 'x' }] })).status).toBe(400);
      // An entry without a sha is refused, not answered as a miss; a path listed twice is answered once.
      const noSha = await s.call('POST', '/v1/semantic-misses', { repo: 'r', files: [{ path: 'b.ts' }] });
      expect(noSha.status).toBe(400);
      expect(noSha.body.error).toBe('files[0].content_sha is required');
      expect((await s.call('POST', '/v1/semantic-misses', { repo: 'r', files: [{ path: 'b.ts', content_sha: '' }] })).body.error).toBe('files[0].content_sha must not be empty');
      expect((await ask([['b.ts', 'B'], ['a.ts', 'A'], ['b.ts', 'B'], ['b.ts', 'B3']])).body).toEqual(['b.ts']);
    });

    it('takes bulk memories as an object with reconcile_files or as a bare array', async () => {
      const s = await start();
      const first = await s.call('POST', '/v1/memories:bulk', [
        { content: 'cart totals are in cents', source: 'src/cart.ts', metadata: { repo: 'r' } },
        { content: 'prices parse with a $', source: 'src/money.ts', metadata: { repo: 'r' } },
      ]);
      expect(first.body).toEqual({ ok: true, repo: 'r', deleted: 0, stored: 2 });
      const second = await s.call('POST', '/v1/memories:bulk', { repo: 'r', reconcile_files: ['src/cart.ts'], items: [{ content: 'cart totals are integers', source: 'src/cart.ts' }] });
      expect(second.body).toEqual({ ok: true, repo: 'r', deleted: 1, stored: 1 });
      const all = (await s.call('GET', '/v1/memories?repo=r')).body;
      expect(all.map((m: { content: string }) => m.content)).toEqual(['cart totals are integers', 'prices parse with a $']);
      const anonymous = await s.call('POST', '/v1/memories:bulk', { items: [{ content: 'x' }] });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body.error).toContain('no repo');
    });

    it('searches entities by name across repositories, case-insensitive prefix, exact names first', async () => {
      const s = await start();
      await s.push({ repo: 'acme/api', files: ['a.go'], entities: [entity('acme/api', 'a.go', 'ParseConfig'), entity('acme/api', 'a.go', 'parse')] });
      await s.push({ repo: 'acme/web', files: ['b.ts'], entities: [entity('acme/web', 'b.ts', 'Parse'), entity('acme/web', 'b.ts', 'render')] });
      const all = (await s.call('GET', '/v1/search?q=parse')).body;
      expect(all.map((e: Entity & { repo: string }) => `${e.repo}:${e.name}`)).toEqual(['acme/web:Parse', 'acme/api:parse', 'acme/api:ParseConfig']);
      const one = (await s.call('GET', '/v1/search?q=PARSE&repo=acme/web')).body;
      expect(one.map((e: Entity) => e.name)).toEqual(['Parse']);
      expect((await s.call('GET', '/v1/search')).status).toBe(400);
    });

    it('finds callers by id, and across repositories by qualified name', async () => {
      const s = await start();
      const target = entity('acme/lib', 'util/money.ts', 'Money.format', { name: 'format', properties: { qualified_name: 'Money.format' } });
      const local = entity('acme/lib', 'util/report.ts', 'report');
      await s.push({ repo: 'acme/lib', files: ['util/money.ts', 'util/report.ts'], entities: [target, local], edges: [edge(local.id, target.id, 'util/report.ts'), edge(local.id, 'unresolved:Money.format', 'util/report.ts', { confidence_score: 0, confidence_tier: 'AMBIGUOUS' })] });
      // A vendored copy in another repo, with a caller of its own.
      const twin = entity('acme/app', 'vendor/money.ts', 'Money.format', { name: 'format', properties: { qualified_name: 'Money.format' } });
      const appCaller = entity('acme/app', 'src/cart.ts', 'total');
      await s.push({ repo: 'acme/app', files: ['vendor/money.ts', 'src/cart.ts'], entities: [twin, appCaller], edges: [edge(appCaller.id, twin.id, 'src/cart.ts')] });
      // A repo that calls it unresolved.
      const web = entity('acme/web', 'src/view.ts', 'view');
      await s.push({ repo: 'acme/web', files: ['src/view.ts'], entities: [web], edges: [edge(web.id, 'unresolved:Money.format', 'src/view.ts', { confidence_score: 0, confidence_tier: 'AMBIGUOUS' })] });

      const reply = await s.call('GET', `/v1/callers?repo=acme/lib&id=${encodeURIComponent(target.id)}`);
      expect(reply.status).toBe(200);
      expect(reply.body.qualified_name).toBe('Money.format');
      expect(reply.body.matched_entities).toEqual([{ repo: 'acme/app', id: twin.id, file_path: 'vendor/money.ts' }]);
      expect(reply.body.callers.map((c: { repo: string; from: string; match: string }) => `${c.match} ${c.repo} ${c.from}`)).toEqual([
        `qualified_name acme/app ${appCaller.id}`,
        `id acme/lib ${local.id}`,
        `unresolved_specifier acme/web ${web.id}`,
      ]);
      expect((await s.call('GET', '/v1/callers?repo=acme/lib&id=nope')).status).toBe(404);
    });

    it('matches at most 100 twins: the first other repositories in order, answered in found order (name first)', async () => {
      const s = await start();
      const target = entity('acme/lib', 'm.ts', 'Money.format', { name: 'format', properties: { qualified_name: 'Money.format' } });
      await s.push({ repo: 'acme/lib', files: ['m.ts'], entities: [target] });
      // 102 other repositories, pushed out of order; their twins' names differ, so name order is not repo order.
      const repos = Array.from({ length: 102 }, (_, i) => `r${String(101 - i).padStart(3, '0')}`);
      for (const repo of repos) {
        const n = Number(repo.slice(1));
        await s.push({ repo, files: ['m.ts'], entities: [entity(repo, 'm.ts', 'Money.format', { name: n % 2 === 0 ? 'format' : 'Format', properties: { qualified_name: 'Money.format' } })] });
      }
      const reply = await s.call('GET', `/v1/callers?repo=acme/lib&id=${encodeURIComponent(target.id)}`);
      const matched = reply.body.matched_entities.map((m: { repo: string }) => m.repo);
      const first100 = [...repos].sort().slice(0, 100);
      const odd = first100.filter((r) => Number(r.slice(1)) % 2 === 1);
      const even = first100.filter((r) => Number(r.slice(1)) % 2 === 0);
      expect(matched).toEqual([...odd, ...even]);
    });

    it('callers are call-like relations unless others are asked for: the class holding a method is not its caller', async () => {
      const s = await start();
      const method = entity('acme/lib', 'src/shop.ts', 'Cart.total', { type: 'method', properties: { qualified_name: 'Cart.total' } });
      const cls = entity('acme/lib', 'src/shop.ts', 'Cart', { type: 'class' });
      const user = entity('acme/lib', 'src/app.ts', 'checkout');
      await s.push({
        repo: 'acme/lib',
        files: ['src/shop.ts', 'src/app.ts'],
        entities: [method, cls, user],
        edges: [edge(cls.id, method.id, 'src/shop.ts', { relation: 'contains' }), edge(user.id, method.id, 'src/app.ts')],
      });
      const relations = async (query: string) =>
        (await s.call('GET', `/v1/callers?repo=acme/lib&id=${encodeURIComponent(method.id)}${query}`)).body.callers.map((c: { from: string; relation: string }) => `${c.relation} ${c.from}`);
      expect(await relations('')).toEqual([`calls ${user.id}`]);
      expect(await relations('&relations=contains')).toEqual([`contains ${cls.id}`]);
      expect((await relations('&relations=all')).sort()).toEqual([`calls ${user.id}`, `contains ${cls.id}`].sort());
    });

    it('search stops at its limit in answer order, whatever the number of matches in other repositories', async () => {
      const s = await start();
      for (const repo of ['r3', 'r1', 'r2']) {
        await s.push({ repo, files: ['a.go'], entities: ['parseB', 'Parse', 'parseA', 'parse', 'other'].map((n) => entity(repo, 'a.go', n)) });
      }
      const first = await searched(s.storage, 'PARSE', undefined, 4);
      expect(first.map((e) => `${e.repo}:${e.name}`)).toEqual(['r1:Parse', 'r2:Parse', 'r3:Parse', 'r1:parse']);
      const scoped = await searched(s.storage, 'parse', 'r2', 3);
      expect(scoped.map((e) => `${e.repo}:${e.name}`)).toEqual(['r2:Parse', 'r2:parse', 'r2:parseA']);
      expect(await searched(s.storage, 'parsez', undefined, 4)).toEqual([]);
    });

    it('search finds names past the Basic Multilingual Plane, and a prefix of the last code point', async () => {
      // 'y\uFFFF' sorts before 'y\u{1F600}' by code points (UTF-8 bytes, a Go client's order), after it by UTF-16 code units.
      const names = ['zebra', 'z\u{10FFFF}x', 'z\u{1F600}', '\u{10FFFF}a', '\u{10FFFF}', 'zz', '\uFFFFb', 'y\u{1F600}', 'y\uFFFF'];
      const s = await start();
      await s.push({ repo: 'r', files: ['a.go'], entities: names.map((n) => entity('r', 'a.go', n)) });
      const found = async (q: string) => (await searched(s.storage, q, undefined, 10)).map((e) => e.name);
      expect(await found('z')).toEqual(['zebra', 'zz', 'z\u{1F600}', 'z\u{10FFFF}x']);
      expect(await found('\u{10FFFF}')).toEqual(['\u{10FFFF}', '\u{10FFFF}a']);
      expect(await found('\uFFFF')).toEqual(['\uFFFFb']);
      expect(await found('y')).toEqual(['y\uFFFF', 'y\u{1F600}']);
      expect((await s.call('GET', '/v1/search?q=y')).body.map((e: Entity) => e.name)).toEqual(['y\uFFFF', 'y\u{1F600}']);
      expect(prefixEnd('ab')).toBe('ac');
      expect(prefixEnd('a\u{10FFFF}')).toBe('b');
      expect(prefixEnd('\u{D7FF}')).toBe('\u{E000}');
      expect(prefixEnd('\u{10FFFF}')).toBeNull();
    });

    it('edges into targets: relations and the own-repo rule apply before the limit, so a cut answer keeps the first callers', async () => {
      const s = await start();
      const target = entity('a-lib', 'm.ts', 'Money.format', { properties: { qualified_name: 'Money.format' } });
      const own = entity('a-lib', 'own.ts', 'own');
      await s.push({
        repo: 'a-lib',
        files: ['m.ts', 'own.ts'],
        entities: [target, own],
        // The repo's own unresolved calls and a containment sort first; neither is a caller.
        edges: [1, 2, 3].map((line) => edge(own.id, 'unresolved:Money.format', 'own.ts', { properties: { line: String(line) } })).concat(edge(own.id, target.id, 'own.ts', { relation: 'contains' })),
      });
      const calls = (repo: string, line: number) => edge(`${repo}::c.ts::c`, 'unresolved:Money.format', 'c.ts', { properties: { line: String(line), column: '4' } });
      await s.push({ repo: 'app', files: ['c.ts'], edges: [calls('app', 10), calls('app', 9)] });
      await s.push({ repo: 'web', files: ['c.ts'], edges: [calls('web', 2)] });
      const targets = { ids: [target.id], specifiers: ['Money.format'], specifiersNotFrom: 'a-lib' };
      const got = await edgesInto(s.storage, targets, 2, new Set(['calls']));
      expect(got.map((e) => `${e.repo}:${e.properties?.line}`)).toEqual(['app:9', 'app:10']);
      const all = await edgesInto(s.storage, targets, 10);
      expect(all.map((e) => `${e.repo}:${e.relation}:${e.properties?.line ?? '-'}`)).toEqual(['a-lib:contains:-', 'app:calls:9', 'app:calls:10', 'web:calls:2']);
    });

    it('returns every field of a row as pushed, optional ones only when given', async () => {
      const s = await start();
      const full = entity('r', 'doc.md', 'Intro', { type: 'doc_section', description: 'd', source_url: 'https://example.org/x', author: 'ann', captured_at: '2026-01-01', properties: { level: '2' } });
      const bare: Entity = { id: 'r::doc.md', name: 'doc.md', type: 'doc_file', file_path: 'doc.md' };
      const symbol = { name: 'Intro', qualified_name: 'Intro', kind: 'function', entity_id: full.id, file_path: 'doc.md', line: 3 };
      const plain = edge(full.id, bare.id, 'doc.md');
      await s.push({ repo: 'r', files: ['doc.md'], entities: [full, bare], edges: [plain], symbols: [symbol] });
      const [stored] = await s.storage.file('r', 'doc.md');
      expect(stored!.entities).toEqual([full, bare]);
      expect(Object.keys(stored!.entities[1]!).sort()).toEqual(['file_path', 'id', 'name', 'type']);
      expect(stored!.edges).toEqual([plain]);
      expect('properties' in stored!.edges[0]!).toBe(false);
      expect(stored!.symbols).toEqual([symbol]);
      expect(await s.storage.entity('r', full.id)).toEqual({ ...full, repo: 'r', extractor: 'ast' });
    });

    it('answers 429 with Retry-After when the push queue is full, and serves the queued push', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const s = await start({ queueCapacity: 1, retryAfterSeconds: 3 }, (storage) =>
        Object.assign(Object.create(storage), { applyPush: async (...args: Parameters<GraphStorage['applyPush']>) => (await gate, storage.applyPush(...args)) }),
      );
      const first = s.push({ repo: 'r', files: ['a.ts'], entities: [entity('r', 'a.ts', 'f')] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await s.push({ repo: 'r', files: ['b.ts'], entities: [entity('r', 'b.ts', 'g')] });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('3');
      release();
      expect((await first).status).toBe(200);
      expect((await file(s, 'r', 'b.ts')).status).toBe(404);
      expect((await s.push({ repo: 'r', files: ['b.ts'], entities: [entity('r', 'b.ts', 'g')] })).status).toBe(200);
    });

    it('requires the bearer token when one is set, on every endpoint', async () => {
      const s = await start({ token: 'sekret' });
      expect((await s.call('GET', '/v1/repos')).status).toBe(401);
      expect((await s.call('GET', '/v1/repos', undefined, { authorization: 'Bearer wrong' })).status).toBe(401);
      expect((await s.push({ repo: 'r', files: ['a.ts'] })).status).toBe(401);
      expect((await s.call('GET', '/v1/repos', undefined, { authorization: 'Bearer sekret' })).status).toBe(200);
    });

    it('logs one line per request (method, path, status, duration, repo, rows; never a body, query or token) and counts it in /metrics', async () => {
      const lines: RequestLogEntry[] = [];
      const s = await start({ token: 'sekret', log: (entry) => lines.push(entry) });
      const auth = { authorization: 'Bearer sekret' };
      const f = entity('r', 'a.ts', 'secretName');
      expect((await s.call('POST', '/v1/graph', { repo: 'r', files: ['a.ts'], entities: [f], edges: [edge(f.id, 'unresolved:x', 'a.ts')] }, auth)).status).toBe(200);
      expect((await s.call('GET', '/v1/search?q=secretname&repo=r', undefined, auth)).body).toHaveLength(1);
      expect((await s.call('POST', '/v1/graph', { repo: 'r', files: [] }, auth)).status).toBe(400);
      expect((await s.call('GET', '/v1/repos')).status).toBe(401);
      expect(lines.map(({ method, path, status, repo, rows }) => ({ method, path, status, repo, rows }))).toEqual([
        { method: 'POST', path: '/v1/graph', status: 200, repo: 'r', rows: 2 },
        { method: 'GET', path: '/v1/search', status: 200, repo: 'r', rows: 1 },
        { method: 'POST', path: '/v1/graph', status: 400, repo: undefined, rows: undefined },
        { method: 'GET', path: '/v1/repos', status: 401, repo: undefined, rows: undefined },
      ]);
      for (const line of lines) {
        expect(line.duration_ms).toBeGreaterThanOrEqual(0);
        expect(new Date(line.time).toISOString()).toBe(line.time);
        expect(JSON.stringify(line)).not.toMatch(/secret|sekret|q=/i);
      }

      expect((await s.call('GET', '/metrics')).status).toBe(401);
      const response = await fetch(`${s.base}/metrics`, { headers: auth });
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toContain(`cairn_http_requests_total{method="POST",route="/v1/graph",status="200"} 1`);
      expect(text).toContain(`cairn_http_requests_total{method="POST",route="/v1/graph",status="400"} 1`);
      expect(text).toMatch(/cairn_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/v1\/search"\} 1/);
      expect(text).toContain('cairn_push_queue_depth 0');
      expect(text).toContain(`cairn_rows_stored_total{storage="${s.storage.kind}",kind="entities"} 1`);
      expect(text).toContain(`cairn_rows_stored_total{storage="${s.storage.kind}",kind="edges"} 1`);
      expect(text).toContain('cairn_process_resident_memory_bytes');
    });

    it('answers /healthz without a token, and 503 once it drains', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const s = await start({ token: 'sekret' }, (storage) =>
        Object.assign(Object.create(storage), { applyPush: async (...args: Parameters<GraphStorage['applyPush']>) => (await gate, storage.applyPush(...args)) }),
      );
      const health = await s.call('GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ ok: true, storage: s.storage.kind, queue: 0 });
      const auth = { authorization: 'Bearer sekret' };
      const running = s.call('POST', '/v1/graph', { repo: 'r', files: ['a.ts'], entities: [entity('r', 'a.ts', 'f')], edges: [] }, auth);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const drained = s.server.drain(60_000);
      // The connection a request arrives on after the drain began: answered 503, never queued.
      const late = await s.call('GET', '/healthz').catch(() => ({ status: 0, body: undefined, headers: new Headers() }));
      expect([0, 503]).toContain(late.status);
      release();
      expect((await running).status).toBe(200);
      await drained;
      expect((await s.storage.file('r', 'a.ts'))[0]!.entities.map((e) => e.name)).toEqual(['f']);
    });

    it('on shutdown finishes the running push, and refuses (503) queued pushes still waiting at the deadline: none half-stored', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const s = await start({ retryAfterSeconds: 2 }, (storage) =>
        Object.assign(Object.create(storage), { applyPush: async (...args: Parameters<GraphStorage['applyPush']>) => (await gate, storage.applyPush(...args)) }),
      );
      const first = s.push({ repo: 'r', files: ['a.ts'], entities: [entity('r', 'a.ts', 'f')] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = s.push({ repo: 'r', files: ['b.ts'], entities: [entity('r', 'b.ts', 'g')] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const drained = s.server.drain(200);
      const refused = await second;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(refused.body.error).toContain('shutting down');
      release();
      expect((await first).status).toBe(200);
      await drained;
      expect(await s.storage.file('r', 'b.ts')).toEqual([]);
      expect((await s.storage.file('r', 'a.ts'))[0]!.entities).toHaveLength(1);
    });

    it('stores a push whose every field is at its byte limit, answers every read of it exactly, then reconciles it away', async () => {
      const s = await start();
      const repo = atBytes('org/limits-', LIMITS.repo, 'ř');
      const other = atBytes('org/other-', LIMITS.repo, 'ř');
      // Paths, names and ids in pairs that differ only in their last byte, past any prefix a key could hold.
      const [pathA, pathB] = ['a', 'b'].map((tag) => atBytes('src/', LIMITS.path - 1, 'é') + tag) as [string, string];
      // İ lower-cases to two code points (2 bytes -> 3): the lower-cased name is longer than the name.
      const [nameA, nameB] = ['A', 'B'].map((tag) => atBytes('', LIMITS.name - 1, 'İ') + tag) as [string, string];
      const qn = atBytes('Pkg.', LIMITS.qualifiedName, '\u{1F600}');
      const id = (r: string, tag: string) => atBytes(`${r}::`, LIMITS.id - tag.length, 'ß') + tag;
      const sha = (tag: string) => atBytes(tag, LIMITS.sha, 'f');
      const long = atBytes('', LIMITS.text, 'é');
      const target = entity(repo, pathA, nameA, { id: id(repo, 'T'), description: long, properties: { qualified_name: qn, note: long } });
      const sibling = entity(repo, pathB, nameB, { id: id(repo, 'S'), properties: { qualified_name: qn.replace('Pkg.', 'Pkh.') } });
      const caller = entity(repo, pathB, 'caller', { id: id(repo, 'C') });
      const twin = entity(other, pathA, nameA, { id: id(other, 'T'), properties: { qualified_name: qn } });
      const twinCaller = entity(other, pathB, nameB, { id: id(other, 'C') });
      const line = { line: String(MAX_LINE), column: '1' };
      const calls = edge(caller.id, target.id, pathB, { properties: line });
      const twinCalls = edge(twinCaller.id, twin.id, pathB, { properties: line });
      const unresolved = edge(twinCaller.id, `${UNRESOLVED_PREFIX}${qn}`, pathB, { confidence_score: 0, confidence_tier: 'AMBIGUOUS', properties: line });
      const hyperedge = { id: id(repo, 'H'), label: atBytes('', LIMITS.label, 'ř'), relation: 'form' as const, confidence_score: 1, src_file: pathA, members: [target.id, sibling.id, caller.id] };
      const symbol = { name: nameA, qualified_name: qn, kind: 'function', entity_id: target.id, file_path: pathA, line: MAX_LINE };
      const concept = entity(repo, pathA, nameB, { id: id(repo, 'K'), type: 'concept' });

      const pushed = await s.push({ repo, commit: atBytes('', 256, 'c'), files: [pathA, pathB], entities: [target, sibling, caller], edges: [calls], hyperedges: [hyperedge], symbols: [symbol], file_shas: { [pathA]: sha('a'), [pathB]: sha('b') } });
      expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
      expect(pushed.body).toMatchObject({ files: 2, entities: 3, edges: 1, symbols: 1, hyperedges: 1 });
      expect((await s.push({ repo, extractor: 'semantic', files: [pathA], entities: [concept], file_shas: { [pathA]: sha('s') } })).status).toBe(200);
      expect((await s.push({ repo: other, files: [pathA, pathB], entities: [twin, twinCaller], edges: [twinCalls, unresolved] })).status).toBe(200);

      // file: every row back as pushed, per extractor.
      const a = (await file(s, repo, pathA)).body;
      expect(a.extractors).toEqual([{ extractor: 'ast', sha: sha('a') }, { extractor: 'semantic', sha: sha('s') }]);
      expect(a.entities).toEqual([{ ...target, extractor: 'ast' }, { ...concept, extractor: 'semantic' }]);
      expect(a.hyperedges).toEqual([{ ...hyperedge, extractor: 'ast' }]);
      expect(a.symbols).toEqual([{ ...symbol, extractor: 'ast' }]);
      expect((await file(s, repo, pathB)).body.edges).toEqual([{ ...calls, extractor: 'ast' }]);
      const repos = (await s.call('GET', '/v1/repos')).body;
      expect(repos.map((r: { repo: string; files: number; entities: number; edges: number }) => [r.repo, r.files, r.entities, r.edges])).toEqual([[repo, 2, 4, 1], [other, 2, 2, 2]]);

      // search: by the whole name, and by a prefix of it longer than any key could hold.
      const search = async (q: string, r?: string) =>
        (await s.call('GET', `/v1/search?q=${encodeURIComponent(q)}${r ? `&repo=${encodeURIComponent(r)}` : ''}`)).body.map((e: { repo: string; id: string; extractor: string }) => [e.repo, e.extractor, e.id]);
      expect(await search(nameA)).toEqual([[repo, 'ast', target.id], [other, 'ast', twin.id]]);
      expect(await search(nameA.toLowerCase(), repo)).toEqual([[repo, 'ast', target.id]]);
      const stem = nameA.slice(0, -1).toLowerCase();
      expect(await search(stem)).toEqual([[repo, 'ast', target.id], [other, 'ast', twin.id], [repo, 'ast', sibling.id], [repo, 'semantic', concept.id], [other, 'ast', twinCaller.id]]);
      expect(await search(stem, other)).toEqual([[other, 'ast', twin.id], [other, 'ast', twinCaller.id]]);
      expect(await search(`${nameA}x`)).toEqual([]);

      // callers (and the entity it answers): by id, by qualified name in the other repository, and its unresolved call.
      const callers = async (r: string, entityId: string) => s.call('GET', `/v1/callers?repo=${encodeURIComponent(r)}&id=${encodeURIComponent(entityId)}`);
      const reply = (await callers(repo, target.id)).body;
      expect(reply.entity).toEqual({ ...target, repo, extractor: 'ast' });
      expect(reply.matched_entities).toEqual([{ repo: other, id: twin.id, file_path: pathA }]);
      expect(reply.callers).toEqual([
        { ...calls, repo, extractor: 'ast', match: 'id' },
        { ...twinCalls, repo: other, extractor: 'ast', match: 'qualified_name' },
        { ...unresolved, repo: other, extractor: 'ast', match: 'unresolved_specifier' },
      ]);
      expect((await callers(repo, sibling.id)).body.callers).toEqual([]);
      // An id that shares all but its last byte with a stored one is not that entity.
      expect((await callers(repo, id(repo, 'X'))).status).toBe(404);

      // semantic-misses: the stored shas of both extractors.
      const misses = (extractor: string, files: [string, string][]) => s.call('POST', '/v1/semantic-misses', { repo, extractor, files: files.map(([path, content_sha]) => ({ path, content_sha })) });
      expect((await misses('ast', [[pathA, sha('a')], [pathB, sha('x')]])).body).toEqual([pathB]);
      expect((await misses('semantic', [[pathA, sha('s')], [pathB, sha('b')]])).body).toEqual([pathB]);

      // Memories from a source at the path limit.
      expect((await s.call('POST', '/v1/memories:bulk', { repo, items: [{ content: long, source: pathA }, { content: 'b', source: pathB }] })).body).toMatchObject({ stored: 2 });
      expect((await s.call('POST', '/v1/memories:bulk', { repo, reconcile_files: [pathA], items: [] })).body).toMatchObject({ deleted: 1 });
      expect((await s.call('GET', `/v1/memories?repo=${encodeURIComponent(repo)}`)).body.map((m: { source: string }) => m.source)).toEqual([pathB]);

      // Reconcile: the AST rows of A go, the semantic ones stay; then B goes, and with it the caller.
      expect((await s.push({ repo, files: [pathA] })).body).toMatchObject({ purged_files: 1, entities: 0 });
      expect((await file(s, repo, pathA)).body.entities).toEqual([{ ...concept, extractor: 'semantic' }]);
      expect(await search(nameA)).toEqual([[other, 'ast', twin.id]]);
      expect((await callers(repo, target.id)).status).toBe(404);
      expect((await callers(other, twin.id)).body.callers.map((c: { from: string; match: string }) => [c.match, c.from])).toEqual([['id', twinCaller.id]]);
      await s.push({ repo, files: [pathB] });
      expect((await file(s, repo, pathB)).status).toBe(404);
      expect(await search(stem, repo)).toEqual([[repo, 'semantic', concept.id]]);
      expect((await misses('ast', [[pathA, sha('a')], [pathB, sha('b')]])).body).toEqual([pathA, pathB]);
      expect((await s.call('GET', '/v1/repos')).body[0]).toMatchObject({ repo, files: 1, entities: 1, edges: 0, hyperedges: 0 });
    });

    it('answers the first rows in order however long the fields that order them: search and callers cut at their limits exactly', async () => {
      const s = await start();
      // Long paths and ids that differ only near their ends, some past U+FFFF (code point order is not code unit order).
      const tails = ['a', 'b', '\uFF01', '\u{1F600}', 'A'];
      const path = (i: number) => atBytes('src/', 450, 'é') + tails[i % tails.length] + String(i % 7);
      const callerId = (repo: string, i: number) => atBytes(`${repo}::`, 700, 'ß') + tails[(i * 3) % tails.length] + String(i);
      const target = entity('lib', 'm.go', 'Target', { properties: { qualified_name: 'pkg.Target' } });
      await s.push({ repo: 'lib', files: ['m.go'], entities: [target] });
      const all: (Edge & { repo: string })[] = [];
      for (const repo of ['web', 'lib', 'app']) {
        const edges = Array.from({ length: 400 }, (_, i) =>
          edge(callerId(repo, i % 90), repo === 'lib' ? target.id : `${UNRESOLVED_PREFIX}pkg.Target`, path(i), { properties: { line: String((i * 37) % 50), column: String(i % 3) } }),
        );
        // The entity's own repo calls it by id; the others name it unresolved.
        await s.push({ repo, files: [...new Set(edges.map((e) => e.src_file))], edges: [...edges].reverse() });
        all.push(...edges.map((e) => ({ ...e, repo })));
      }
      const reply = (await s.call('GET', `/v1/callers?repo=lib&id=${encodeURIComponent(target.id)}`)).body;
      expect(reply.truncated).toBe(true);
      const key = (e: Edge & { repo: string }) => [e.repo, 'ast', e.src_file, e.from, e.to];
      const position = (e: Edge, field: 'line' | 'column') => Number(e.properties?.[field] ?? 0);
      const expected = [...all]
        .sort((a, b) => compareByCodePoints(key(a), key(b)) || position(a, 'line') - position(b, 'line') || position(a, 'column') - position(b, 'column'))
        .slice(0, 1000)
        .sort((a, b) => compareEdges({ ...a, extractor: 'ast' }, { ...b, extractor: 'ast' }));
      const summary = (e: Edge & { repo: string }) => `${e.repo} ${e.src_file} ${e.from} ${e.properties?.line}:${e.properties?.column}`;
      expect(reply.callers.map(summary)).toEqual(expected.map(summary));

      // Search: 150 entities of one name in files and with ids that tie in their first hundreds of bytes.
      const entities = Array.from({ length: 150 }, (_, i) => entity('lib', path(i), 'Parse', { id: callerId('lib', i) }));
      await s.push({ repo: 'lib', files: [...new Set(entities.map((e) => e.file_path))], entities: [...entities].reverse() });
      const found = (await s.call('GET', '/v1/search?q=pars&repo=lib')).body.map((e: Entity) => `${e.file_path} ${e.id}`);
      const order = [...entities]
        .sort((a, b) => compareByCodePoints([a.file_path, a.id], [b.file_path, b.id]))
        .slice(0, 100)
        .sort((a, b) => compareFound({ ...a, repo: 'lib', extractor: 'ast' }, { ...b, repo: 'lib', extractor: 'ast' }));
      expect(found).toEqual(order.map((e) => `${e.file_path} ${e.id}`));
    });

    it('answers unknown endpoints 404 and wrong methods 405', async () => {
      const s = await start();
      expect((await s.call('GET', '/v1/nothing')).status).toBe(404);
      expect((await s.call('GET', '/v1/graph')).status).toBe(405);
      expect((await s.call('GET', '/v1/file?repo=r')).body.error).toContain('path is required');
    });
  });
}
