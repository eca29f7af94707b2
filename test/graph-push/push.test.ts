// The producer's push: file-atomic batches, Retry-After, and the CLI against a
// server that is busy, refuses, or is not there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GraphPush } from '../../contracts/graph-push.js';
import type { FileRows } from '../../wire/graph-push.js';
import { batchesOf, planPush, type PushPlan } from '../../wire/push-plan.js';
import { rowsDigest, fileRows } from '../../wire/graph-push.js';
import type { GraphStore } from '../../store/index.js';
import type { FileRecord } from '../../contracts/graph.js';
import { graphEndpoint, retryAfterMs, sendBatch } from '../../wire/push-send.js';
import { cairn } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { makeGraphFixture } from '../helpers/graph-fixture.js';

function rows(path: string, entities: number): FileRows {
  return {
    path,
    sha: `sha-${path}`,
    entities: Array.from({ length: entities }, (_, i) => ({ id: `r::${path}::e${i}`, name: `e${i}`, type: 'function', file_path: path })),
    edges: [],
    symbols: [],
    hyperedges: [],
  };
}

function plan(changed: FileRows[], deleted: string[] = []): PushPlan {
  return { repo: 'r', commit: 'c', changed: changed.map((r) => ({ rows: r, digest: `d-${r.path}` })), deleted, unchanged: 0, skipped: [] };
}

describe('batchesOf', () => {
  it('never splits a file, and holds at most 250 files or 2,000 rows a batch (a bigger file goes alone)', () => {
    const files = [rows('big.ts', 2500), ...Array.from({ length: 600 }, (_, i) => rows(`f${String(i).padStart(3, '0')}.ts`, i % 7))];
    const batches = batchesOf(plan(files, ['gone.ts']));
    const seen: string[] = [];
    for (const b of batches) {
      const n = b.push.entities.length;
      expect(b.push.files.length).toBeLessThanOrEqual(250);
      if (b.push.files.length > 1) expect(n).toBeLessThanOrEqual(2000);
      // `files` lists exactly the files whose rows the batch carries (and the deleted one).
      const owners = new Set(b.push.entities.map((e) => e.file_path));
      for (const owner of owners) expect(b.push.files).toContain(owner);
      for (const f of b.push.files) expect(owners.has(f) || f === 'gone.ts' || f === 'f000.ts' || /^f\d+\.ts$/.test(f)).toBe(true);
      expect(Object.keys(b.push.file_shas!).sort()).toEqual(b.push.files.filter((f) => f !== 'gone.ts').sort());
      seen.push(...b.push.files);
    }
    expect(seen.sort()).toEqual(['big.ts', 'gone.ts', ...files.slice(1).map((f) => f.path)].sort());
    const big = batches.find((b) => b.push.files.includes('big.ts'))!;
    expect(big.push.files).toEqual(['big.ts']);
    expect(big.push.entities).toHaveLength(2500);
    const gone = batches.find((b) => b.push.files.includes('gone.ts'))!;
    expect(gone.digests['gone.ts']).toBeNull();
    expect(batches.every((b) => b.push.repo === 'r' && b.push.commit === 'c' && b.push.extractor === 'ast')).toBe(true);
  });

  it('starts a new batch at the 250th file', () => {
    const batches = batchesOf(plan(Array.from({ length: 251 }, (_, i) => rows(`f${i}.ts`, 1))));
    expect(batches.map((b) => b.push.files.length)).toEqual([250, 1]);
  });
});

describe('planPush', () => {
  const file = (path: string, status: FileRecord['status'], hash = `h-${path}`): FileRecord => ({ path, language: 'typescript', size: 1, mtime_ms: 0, hash, status, symbols: 0, call_sites: 0 });
  const fake = (files: FileRecord[]) =>
    ({
      meta: () => ({ schema_version: 1, git_head: 'abc', indexed_at: '2026-06-09T12:00:00.000Z', workspace: '', options: { include_library: false }, cairn_version: '0' }),
      files: () => files,
      symbolsInFile: () => [],
      symbol: () => undefined,
      edgesOfFile: () => [],
      unresolvedOfFile: () => [],
    }) as unknown as GraphStore;

  it('sends changed files, lists deleted ones, and leaves out files it failed to read or parse', () => {
    const files = [file('a.ts', 'ok'), file('b.ts', 'ok'), file('c.ts', 'unreadable'), file('d.ts', 'parse_error'), file('e.bin', 'binary')];
    const graph = fake(files);
    const unchanged = rowsDigest(fileRows(graph, 'r', files[0]!, 'then'));
    const previous = { 'a.ts': unchanged, 'b.ts': 'old', 'c.ts': 'old', 'gone.ts': 'old' };
    const p = planPush(graph, 'r', previous);
    expect(p.changed.map((c) => c.rows.path)).toEqual(['b.ts', 'e.bin']);
    expect(p.deleted).toEqual(['gone.ts']);
    expect(p.unchanged).toBe(1);
    expect(p.skipped).toEqual([{ path: 'c.ts', status: 'unreadable' }, { path: 'd.ts', status: 'parse_error' }]);
    expect(p.commit).toBe('abc');
    const [batch] = batchesOf(p);
    expect(batch!.push.files).toEqual(['gone.ts', 'b.ts', 'e.bin']);
    expect(batch!.digests).toEqual({ 'gone.ts': null, 'b.ts': p.changed[0]!.digest, 'e.bin': p.changed[1]!.digest });
  });

  it('does not count a new capture time as a change', () => {
    const f = file('a.ts', 'ok');
    expect(rowsDigest(fileRows(fake([f]), 'r', f, 'then'))).toBe(rowsDigest(fileRows(fake([f]), 'r', f, 'now')));
    expect(rowsDigest(fileRows(fake([f]), 'r', f, 'then'))).not.toBe(rowsDigest(fileRows(fake([f]), 'r', { ...f, hash: 'other' }, 'then')));
  });
});

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates, and waits a second when it cannot', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Wed, 09 Jun 2026 12:00:05 GMT', Date.parse('Wed, 09 Jun 2026 12:00:00 GMT'))).toBe(5000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs('soon')).toBe(1000);
  });

  it('appends /v1/graph to a base URL and refuses what is not http', () => {
    expect(graphEndpoint('http://127.0.0.1:8750').toString()).toBe('http://127.0.0.1:8750/v1/graph');
    expect(graphEndpoint('https://graph.example/team/').toString()).toBe('https://graph.example/team/v1/graph');
    expect(graphEndpoint('http://h/v1/graph').toString()).toBe('http://h/v1/graph');
    expect(() => graphEndpoint('ftp://h')).toThrow(/http or https/);
    expect(() => graphEndpoint('not a url')).toThrow(/not a URL/);
  });
});

/** A server that answers from a script of statuses, recording what it was sent. */
function scripted(statuses: number[], retryAfter = '0'): Promise<{ url: string; bodies: GraphPush[]; auth: (string | undefined)[]; server: Server }> {
  const bodies: GraphPush[] = [];
  const auth: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"no such endpoint"}');
      return;
    }
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      auth.push(req.headers.authorization);
      if (status === 200) bodies.push(JSON.parse(text));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (status === 429 || status === 503) headers['retry-after'] = retryAfter;
      res.writeHead(status, headers);
      res.end(JSON.stringify(status === 200 ? { ok: true } : { error: `scripted ${status}` }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, auth, server })));
}

describe('sendBatch', () => {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));
  const push: GraphPush = { repo: 'r', files: ['a.ts'], entities: [], edges: [] };

  it('waits out 429 and 503 as Retry-After says, then sends', async () => {
    const s = await scripted([429, 503, 200], '2');
    servers.push(s.server);
    const waits: number[] = [];
    const result = await sendBatch(graphEndpoint(s.url), push, { token: 't0k', sleep: async (ms) => void waits.push(ms) });
    expect(result).toMatchObject({ status: 200, tries: 3, throttled: 2 });
    expect(waits).toEqual([2000, 2000]);
    expect(s.auth).toEqual(['Bearer t0k', 'Bearer t0k', 'Bearer t0k']);
    expect(s.bodies).toEqual([push]);
  });

  it('gives up after a bounded number of tries, and reports a refusal with the server\'s message', async () => {
    const busy = await scripted([429]);
    const refusing = await scripted([400]);
    servers.push(busy.server, refusing.server);
    await expect(sendBatch(graphEndpoint(busy.url), push, { maxTries: 3, sleep: async () => {} })).rejects.toThrow('the server stayed busy (429) after 3 tries');
    await expect(sendBatch(graphEndpoint(refusing.url), push, { sleep: async () => {} })).rejects.toThrow('the server refused a batch (400): scripted 400');
  });
});

describe('cairn push', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = makeGraphFixture();
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
  });
  afterAll(() => fixture.remove());

  it('sends the index through a busy server, then nothing new', async () => {
    const s = await scripted([429, 429, 200], '0');
    try {
      const { execFile } = await import('node:child_process');
      const { CAIRN } = await import('../helpers/cli.js');
      const runPush = () =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          execFile(process.execPath, [CAIRN, 'push', '--url', s.url, '--json'], { cwd: fixture.root, env: { ...process.env, CAIRN_GRAPH_TOKEN: 'abc' } }, (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
          );
        });
      const first = await runPush();
      expect(first.code, first.stderr).toBe(0);
      const body = JSON.parse(first.stdout);
      expect(body.data).toMatchObject({ repo: 'acme/shop', files_sent: 3, retries: 2, batches: 1, skipped: [] });
      expect(s.bodies[0]!.files.sort()).toEqual(['src/cart.ts', 'src/checkout.ts', 'src/money.ts']);
      expect(s.auth.every((a) => a === 'Bearer abc')).toBe(true);
      const second = await runPush();
      expect(JSON.parse(second.stdout).data).toMatchObject({ files_sent: 0, files_unchanged: 3, batches: 0 });
    } finally {
      s.server.close();
    }
  });

  it('sends everything again to a server at the same address that does not hold the repo', async () => {
    const { execFile } = await import('node:child_process');
    const { CAIRN } = await import('../helpers/cli.js');
    const pushTo = (url: string) =>
      new Promise<string>((resolve) => execFile(process.execPath, [CAIRN, 'push', '--url', url, '--json'], { cwd: fixture.root }, (_e, stdout) => resolve(stdout)));
    /** A server on `port` that accepts every push and lists `repos`. */
    const serveAt = (port: number, repos: unknown) =>
      new Promise<Server>((resolve) => {
        const s = createServer((req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          if (req.method === 'GET') res.end(JSON.stringify(repos));
          else req.resume().on('end', () => res.end('{"ok":true}'));
        });
        s.listen(port, '127.0.0.1', () => resolve(s));
      });
    const close = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));
    const first = await serveAt(0, []);
    const port = (first.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}`;
    expect(JSON.parse(await pushTo(url)).data).toMatchObject({ files_sent: 3 });
    await close(first);
    const holder = await serveAt(port, [{ repo: 'acme/shop', files: 3 }]);
    expect(JSON.parse(await pushTo(url)).data).toMatchObject({ files_sent: 0, files_unchanged: 3 });
    await close(holder);
    const emptied = await serveAt(port, []);
    expect(JSON.parse(await pushTo(url)).data).toMatchObject({ files_sent: 3, files_unchanged: 0 });
    await close(emptied);
  });

  it('exits 1 when the server cannot be reached, and 2 on a bad URL', () => {
    const down = cairn(['push', '--url', 'http://127.0.0.1:9', '--max-tries', '1'], { cwd: fixture.root });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('cannot reach http://127.0.0.1:9');
    const bad = cairn(['push', '--url', 'nope'], { cwd: fixture.root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--url "nope" is not a URL');
  });
});
