// The whole story, on both storages: index a repository of real code, `cairn push`
// it to a `cairn serve` process, edit two files and delete one, `sync`, push again:
// exactly those files' rows change on the server. A semantic push of an edited file
// survives the AST pushes, and semantic-misses answers right after each step.
import { spawn, execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAIRN } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { makeRealCodeFixture, tsFilesIn, REAL_CODE_DIRS } from '../helpers/graph-fixture.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

const run = promisify(execFile);

async function cairn(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CAIRN, ...args], { cwd, maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Starts `cairn serve` on a free loopback port; resolves with its URL once it listens. */
function serve(args: string[], cwd: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [CAIRN, 'serve', '--listen', '127.0.0.1:0', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        resolve({
          url: match[1]!,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}: ${err}`)));
  });
}

const sha = (root: string, path: string) => createHash('sha256').update(readFileSync(join(root, path))).digest('hex');

const EDITED = ['contracts/namespace-path.ts', 'server/push-queue.ts'];
const DELETED = 'contracts/export.ts';
const SEMANTIC = EDITED[0]!;

function story(storageName: string, serveArgs: () => string[]): void {
  describe(`push, sync and push again, on ${storageName}`, () => {
    let fixture: Fixture;
    let server: { url: string; stop(): Promise<void> };
    let files: string[];
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, body: (await response.json()) as any };
    };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as any };
    };
    const rowsOf = async (path: string) => {
      const reply = await get(`/v1/file?repo=acme/real&path=${encodeURIComponent(path)}&extractor=ast`);
      return reply.status === 404 ? null : { entities: reply.body.entities, edges: reply.body.edges, hyperedges: reply.body.hyperedges };
    };
    const misses = async () =>
      (await post('/v1/semantic-misses', { repo: 'acme/real', extractor: 'semantic', files: files.filter((f) => f !== DELETED).map((path) => ({ path, content_sha: sha(fixture.root, path) })) })).body as string[];

    beforeAll(async () => {
      fixture = makeRealCodeFixture();
      files = REAL_CODE_DIRS.flatMap((dir) => tsFilesIn(fixture.root, dir));
      const init = await cairn(['init'], fixture.root);
      expect(init.code, init.stderr).toBe(0);
      server = await serve(serveArgs(), fixture.root);
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      fixture?.remove();
    });

    it('pushes every file, then only the edited and deleted ones after a sync', async () => {
      const first = await cairn(['push', '--url', server.url, '--json'], fixture.root);
      expect(first.code, first.stderr).toBe(0);
      const pushed = JSON.parse(first.stdout).data;
      expect(pushed).toMatchObject({ repo: 'acme/real', files_sent: files.length, files_deleted: 0, files_unchanged: 0 });
      const repos = (await get('/v1/repos')).body;
      expect(repos).toEqual([expect.objectContaining({ repo: 'acme/real', files: files.length, entities: pushed.rows.entities, edges: pushed.rows.edges })]);

      // The semantic extractor has seen nothing; then it pushes one file.
      expect(await misses()).toEqual(files.filter((f) => f !== DELETED));
      const concept = { id: 'acme/real::concept:clone-paths', name: 'clone paths', type: 'concept', file_path: SEMANTIC, properties: { qualified_name: 'clone paths' } };
      const semantic = await post('/v1/graph', { repo: 'acme/real', extractor: 'semantic', files: [SEMANTIC], entities: [concept], edges: [], file_shas: { [SEMANTIC]: sha(fixture.root, SEMANTIC) } });
      expect(semantic.status).toBe(200);
      expect(await misses()).toEqual(files.filter((f) => f !== DELETED && f !== SEMANTIC));

      const before = new Map<string, unknown>();
      for (const f of files) before.set(f, await rowsOf(f));
      expect(before.get(DELETED)).not.toBeNull();

      const again = await cairn(['push', '--url', server.url, '--json'], fixture.root);
      expect(JSON.parse(again.stdout).data).toMatchObject({ files_sent: 0, files_deleted: 0, files_unchanged: files.length, batches: 0 });

      EDITED.forEach((f, i) => appendFileSync(join(fixture.root, f), `\nexport function appendedByTheStory${i}(): number {\n  return ${i};\n}\n`));
      unlinkSync(join(fixture.root, DELETED));
      const sync = await cairn(['sync'], fixture.root);
      expect(sync.code, sync.stderr).toBe(0);
      const second = await cairn(['push', '--url', server.url, '--json'], fixture.root);
      expect(second.code, second.stderr).toBe(0);
      expect(JSON.parse(second.stdout).data).toMatchObject({ files_sent: 2, files_deleted: 1, files_unchanged: files.length - 3, batches: 1 });

      for (const f of files) {
        const now = await rowsOf(f);
        if (f === DELETED) expect(now, f).toBeNull();
        else if (EDITED.includes(f)) {
          expect(now, f).not.toEqual(before.get(f));
          expect(now!.entities.map((e: { name: string }) => e.name), f).toContain(`appendedByTheStory${EDITED.indexOf(f)}`);
        } else expect(now, f).toEqual(before.get(f));
      }
      expect((await get('/v1/repos')).body[0].files).toBe(files.length - 1);
      expect(await rowsOf(SEMANTIC)).not.toBeNull();

      // The AST pushes left the semantic rows alone; the edited file's sha moved, so it is a miss again.
      const semanticRows = await get(`/v1/file?repo=acme/real&path=${encodeURIComponent(SEMANTIC)}&extractor=semantic`);
      expect(semanticRows.body.entities.map((e: { id: string }) => e.id)).toEqual([concept.id]);
      expect(await misses()).toEqual(files.filter((f) => f !== DELETED));
    }, 180_000);

    it('answers search and callers over what was pushed', async () => {
      const found = (await get('/v1/search?q=checkpush&repo=acme/real')).body;
      const fn = found.find((e: { type: string; file_path: string }) => e.type === 'function' && e.file_path === 'server/requests.ts');
      expect(fn).toBeDefined();
      const callers = (await get(`/v1/callers?repo=acme/real&id=${encodeURIComponent(fn.id)}`)).body;
      expect(callers.callers.map((c: { src_file: string; match: string }) => `${c.match} ${c.src_file}`)).toContain('id server/http.ts');
    });
  });
}

let postgres: TestPostgres | undefined;
let pgUrl = '';
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-serve-data-'));
beforeAll(async () => {
  postgres = await startPostgres();
  pgUrl = await postgres.createDatabase('story');
}, 120_000);
afterAll(() => {
  postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

story('LMDB', () => ['--data', dataDir]);
story('PostgreSQL', () => ['--database', pgUrl]);
