// The review server's heartbeat proves its review is moving, not that the process
// lives: a stuck review falls silent and its client gives up in seconds; a review that
// keeps stepping, or waits on something with its own deadline, is waited for. And a
// stuck review never keeps the server alive: `review stop`, removing its socket and
// the idle exit each end it.
import { mkdtempSync, realpathSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ask, askServer } from '../../agents/review-client.js';
import { PROTOCOL_VERSION, socketPath, type ServerRequest } from '../../agents/review-protocol.js';
import { serveReviews, type Reviewer } from '../../agents/review-server.js';

const BUILD = 'test-build';
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const request = (ws: string): ServerRequest => ({ version: PROTOCOL_VERSION, kind: 'review', build: BUILD, workspace: ws, json: true, tests: true, dryRun: false, event: '{}', env: {} });

type Review = Reviewer['review'];

/** A review that never steps and never ends. */
const stuck: Review = () => new Promise(() => undefined);

async function start(review: Review, idleMs = 60_000) {
  const ws = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-serve-')));
  made.push(ws);
  const outcome = await serveReviews(ws, idleMs, { review, prepare: async () => undefined }, { build: BUILD });
  if (!outcome.listening) throw new Error('not listening');
  return { ws, path: socketPath(ws)!, done: outcome.done };
}

/** Resolves true when `done` settles within `ms`. */
const endsWithin = (done: Promise<void>, ms: number) => Promise.race([done.then(() => true), sleep(ms).then(() => false)]);

describe('the review server heartbeat', () => {
  test('a stuck review falls silent: its client gives up within seconds, not at its deadline', async () => {
    const server = await start(stuck);
    const startedAt = Date.now();
    const answer = await askServer(server.path, request(server.ws), 20_000);
    expect(answer.kind).toBe('hung');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    await ask(server.path, { version: PROTOCOL_VERSION, kind: 'stop' }, 2000);
    await server.done;
  });

  test('a review that keeps stepping, or waits within a deadline of its own, is waited for', async () => {
    const stepping: Review = async (_globals, _options, { output, progress }) => {
      for (let i = 0; i < 30; i++) {
        progress.step();
        await sleep(100);
      }
      output.stdout('stepped');
    };
    const waiting: Review = async (_globals, _options, { output, progress }) => {
      await progress.waitAtMost(5000, sleep(3500));
      output.stdout('waited');
    };
    for (const [reviewer, said] of [
      [stepping, 'stepped'],
      [waiting, 'waited'],
    ] as const) {
      const server = await start(reviewer);
      const answer = await askServer(server.path, request(server.ws), 20_000);
      expect(answer).toMatchObject({ kind: 'reply', reply: { kind: 'review', stdout: said } });
      await ask(server.path, { version: PROTOCOL_VERSION, kind: 'stop' }, 2000);
      await server.done;
    }
  });
});

describe('a server whose review is stuck still ends', () => {
  test('on review stop', async () => {
    const server = await start(stuck);
    void askServer(server.path, request(server.ws), 30_000);
    await sleep(300);
    expect(await ask(server.path, { version: PROTOCOL_VERSION, kind: 'stop' }, 2000)).toEqual({ kind: 'stopping' });
    expect(await endsWithin(server.done, 8000)).toBe(true);
  });

  test('when its socket is removed', async () => {
    const server = await start(stuck);
    void askServer(server.path, request(server.ws), 30_000);
    await sleep(300);
    unlinkSync(server.path);
    expect(await endsWithin(server.done, 10_000)).toBe(true);
  });

  test('when idle', async () => {
    const server = await start(stuck, 500);
    void askServer(server.path, request(server.ws), 30_000);
    expect(await endsWithin(server.done, 12_000)).toBe(true);
  });
});
