// A real Go program (test/interop/go/, standard library only) against cairn: the
// contract's structs marshal pushes cairn's server accepts (nil slices as null
// included), and decode what the server's GET /v1/file and `cairn export --format
// graph-push` produce with no unknown field and no required field missing. Needs the
// Go toolchain (Debian's golang-go); without it this suite fails.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphServer } from '../../server/http.js';
import { LmdbStorage } from '../../server/lmdb-storage.js';
import { cairn, REPO } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { makeGraphFixture, makeRealCodeFixture } from '../helpers/graph-fixture.js';

const temp = mkdtempSync(join(tmpdir(), 'cairn-interop-go-'));
const binary = join(temp, 'interop');
let server: Server;
let storage: LmdbStorage;
let base = '';

/** Go finds nothing to download (no requirements) and writes only under the temp dir. */
const goEnv = { ...process.env, GOPATH: join(temp, 'gopath'), GOCACHE: join(temp, 'gocache'), GOPROXY: 'off', GOFLAGS: '', GO111MODULE: 'on', CGO_ENABLED: '0' };

/** Runs the Go program without blocking: the server it talks to runs in this process. */
function go(args: string[], input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

beforeAll(async () => {
  const found = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error('the Go toolchain is missing: install golang-go (Debian) to run the interop suite');
  execFileSync('go', ['build', '-o', binary, '.'], { cwd: join(REPO, 'test', 'interop', 'go'), env: goEnv, stdio: 'pipe' });
  storage = new LmdbStorage(join(temp, 'server'));
  server = createGraphServer({ storage });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await storage?.close();
  spawnSync('chmod', ['-R', 'u+w', temp]);
  rmSync(temp, { recursive: true, force: true });
});

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, text: await response.text() };
};

describe('a Go producer built from the contract structs', () => {
  it('pushes a graph, a deletion-only push (null entities and edges), a semantic push and a reconcile-only bulk request (null items)', async () => {
    const run = await go(['push', base]);
    expect(run.code, run.stderr).toBe(0);
    const lines = Object.fromEntries(run.stdout.trim().split('\n').map((l) => [l.split(' ')[0], l.slice(l.indexOf(' ') + 1)]));
    for (const step of ['full', 'deletion', 'semantic', 'memories', 'reconcile']) expect(lines[step], step).toMatch(/^200 /);
    expect(JSON.parse(lines.full!.slice(4))).toMatchObject({ files: 2, entities: 4, edges: 3, symbols: 1, hyperedges: 1 });
    expect(JSON.parse(lines.deletion!.slice(4))).toMatchObject({ files: 1, purged_files: 1, entities: 0, edges: 0 });
    expect(JSON.parse(lines.reconcile!.slice(4))).toEqual({ ok: true, repo: 'go/producer', deleted: 1, stored: 0 });

    expect((await get('/v1/file?repo=go/producer&path=pkg/b.go')).status).toBe(404);
    const a = JSON.parse((await get('/v1/file?repo=go/producer&path=pkg/a.go')).text);
    expect(a.extractors).toEqual([{ extractor: 'ast', sha: 'sha-a' }, { extractor: 'semantic', sha: 'sha-a' }]);
    // omitempty dropped the contains edge's confidence: the contract's default applies.
    expect(a.edges.map((e: { relation: string; confidence_score: number; confidence_tier: string }) => `${e.relation} ${e.confidence_score} ${e.confidence_tier}`)).toEqual([
      'contains 1 EXTRACTED',
      'conceptually_related_to 0.7 INFERRED',
    ]);
    expect(JSON.parse((await get('/v1/memories?repo=go/producer')).text)).toEqual([]);
  });
});

describe('a Go consumer built from the contract structs', () => {
  const fixtures: Fixture[] = [];
  afterAll(() => fixtures.forEach((f) => f.remove()));

  it.each([
    ['the shop fixture', makeGraphFixture],
    ["cairn's own contracts and server code", makeRealCodeFixture],
  ])('decodes `cairn export --format graph-push` of %s strictly, and relays it to the server', async (_name, make) => {
    const fixture = make();
    fixtures.push(fixture);
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
    const exported = cairn(['export', '--format', 'graph-push', '--repo', `go/relay-${fixtures.length}`], { cwd: fixture.root });
    expect(exported.code, exported.stderr).toBe(0);
    const push = JSON.parse(exported.stdout);
    const decoded = await go(['decode', 'GraphPush'], exported.stdout);
    expect(decoded.code, decoded.stderr).toBe(0);
    expect(decoded.stdout).toContain(`${push.entities.length} entities, ${push.edges.length} edges`);

    // Decoded into the structs and marshalled again by Go, the push is still accepted,
    // and the server stores what cairn exported (a score omitempty dropped reads back as 0.0).
    const relayed = await go(['relay', base], exported.stdout);
    expect(relayed.code, relayed.stderr).toBe(0);
    expect(relayed.stdout).toMatch(/^200 /);
    for (const path of push.files as string[]) {
      const answer = await get(`/v1/file?repo=${encodeURIComponent(push.repo)}&path=${encodeURIComponent(path)}`);
      expect(answer.status, path).toBe(200);
      const file = await go(['decode', 'FileAnswer'], answer.text);
      expect(file.code, `${path}: ${file.stderr}`).toBe(0);
      const strip = (rows: Record<string, unknown>[]) => rows.map(({ extractor: _, ...row }) => row);
      const stored = JSON.parse(answer.text);
      expect(strip(stored.edges)).toEqual(push.edges.filter((e: { src_file: string }) => e.src_file === path));
      expect(strip(stored.entities)).toEqual(push.entities.filter((e: { file_path: string }) => e.file_path === path));
    }
  });

  it('refuses a document with a field the structs do not have, or without a required one', async () => {
    const bad = await go(['decode', 'GraphPush'], JSON.stringify({ repo: 'r', files: [], entities: [], edges: [], colour: 'red' }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('unknown field "colour"');
    const missing = await go(['decode', 'GraphPush'], JSON.stringify({ repo: 'r', files: [], entities: [{ id: 'x', name: 'x', type: 'file' }], edges: [] }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing field: $.entities[0].file_path');
  });
});
