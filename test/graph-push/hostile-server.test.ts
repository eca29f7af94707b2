// The push client against real servers on 127.0.0.1 that misbehave: one that never
// answers, one that drips its reply, one that asks for an endless wait, one that
// redirects to another origin, one that sends a huge reply, one whose 200 is not
// JSON, and none at all. Each ends with one clear line and exit 1, never a hang, a
// stack or "Pushed".
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GraphPush } from '../../contracts/graph-push.js';
import { graphEndpoint, sendBatch, type RetryInfo } from '../../wire/push-send.js';
import { retryLine } from '../../cli/push.js';
import { cairn, CAIRN } from '../helpers/cli.js';
import type { Fixture } from '../helpers/fixture.js';
import { makeGraphFixture } from '../helpers/graph-fixture.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A server on 127.0.0.1 that handles every request with `handle`; its base URL. */
function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handle);
  servers.push(server);
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const push: GraphPush = { repo: 'r', files: ['a.ts'], entities: [], edges: [] };
const quick = { connectMs: 2000, replyMs: 800, maxReplyBytes: 1024 * 1024 };
const noSleep = async () => {};

describe('sendBatch against a misbehaving server', () => {
  it('a server that accepts and never answers is given up on at the reply deadline', async () => {
    const url = await serve(() => undefined);
    const started = Date.now();
    await expect(sendBatch(graphEndpoint(url), push, { limits: quick, maxTries: 2, sleep: noSleep })).rejects.toThrow(/did not answer in full within 0.8 s/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a connection that never opens is given up on at the connect deadline', async () => {
    // A TCP server that never speaks TLS: an https connection to it never completes.
    const mute = createNetServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((ready) => mute.listen(0, '127.0.0.1', () => ready()));
    try {
      const url = `https://127.0.0.1:${(mute.address() as AddressInfo).port}`;
      const started = Date.now();
      await expect(sendBatch(graphEndpoint(url), push, { limits: { ...quick, connectMs: 300, replyMs: 20_000 }, maxTries: 1, sleep: noSleep })).rejects.toThrow(`cannot connect to ${url} within 0.3 s`);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      mute.close();
    }
  });

  it('a reply that drips a byte at a time is cut at the reply deadline', async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => (res.writable ? res.write(' ') : clearInterval(drip)), 50);
      res.on('close', () => clearInterval(drip));
    });
    await expect(sendBatch(graphEndpoint(url), push, { limits: quick, maxTries: 1, sleep: noSleep })).rejects.toThrow(/did not answer in full within 0.8 s/);
  });

  it('a Retry-After of 999999999 s is capped at 30 s, and the cap is said', async () => {
    let calls = 0;
    const url = await serve((req, res) => {
      req.resume().on('end', () => {
        calls += 1;
        if (calls === 1) res.writeHead(429, { 'retry-after': '999999999' }).end('{"error":"busy"}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    const waits: number[] = [];
    const retries: RetryInfo[] = [];
    const result = await sendBatch(graphEndpoint(url), push, { sleep: async (ms) => void waits.push(ms), onRetry: (r) => retries.push(r) });
    expect(result).toMatchObject({ status: 200, tries: 2 });
    expect(waits).toEqual([30_000]);
    expect(retryLine(retries[0]!)).toBe('cairn push: the server is busy (429); it asked for 999999999 s, cairn waits at most 30 s; try 2 of 8 in 30 s');
  });

  it('a redirect to another origin is never followed, and the graph is not sent there', async () => {
    let elsewhereGot = 0;
    const elsewhere = await serve((req, res) => {
      elsewhereGot += 1;
      req.resume().on('end', () => res.writeHead(200).end('{"ok":true}'));
    });
    const url = await serve((req, res) => req.resume().on('end', () => res.writeHead(307, { location: `${elsewhere}/v1/graph` }).end()));
    await expect(sendBatch(graphEndpoint(url), push, { sleep: noSleep })).rejects.toThrow(`redirected to another origin (${elsewhere}); cairn does not follow it`);
    expect(elsewhereGot).toBe(0);
  });

  it('a redirect within the same origin is followed with the same request', async () => {
    const bodies: string[] = [];
    const url = await serve((req, res) => {
      let text = '';
      req.on('data', (d) => (text += d));
      req.on('end', () => {
        if (req.url === '/v1/graph') return void res.writeHead(308, { location: '/v2/graph' }).end();
        bodies.push(text);
        res.writeHead(200).end('{"ok":true}');
      });
    });
    await sendBatch(graphEndpoint(url), push, { sleep: noSleep });
    expect(bodies.map((b) => JSON.parse(b))).toEqual([push]);
  });

  it('a reply over 1 MiB is refused, declared or not, without reading it all', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 32);
    const declared = await serve((req, res) => req.resume().on('end', () => res.writeHead(200, { 'content-length': String(300 * 1024 * 1024) }).end()));
    const chunked = await serve((req, res) =>
      req.resume().on('end', () => {
        res.writeHead(200);
        res.write(big);
        res.end(big);
      }),
    );
    await expect(sendBatch(graphEndpoint(declared), push, { sleep: noSleep })).rejects.toThrow(/sent a reply of 314572800 bytes; the bound is 1048576/);
    await expect(sendBatch(graphEndpoint(chunked), push, { sleep: noSleep })).rejects.toThrow(/sent a reply over 1048576 bytes/);
  });

  it('a 200 whose body is not the JSON answer is a failure, not a push', async () => {
    const html = await serve((req, res) => req.resume().on('end', () => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>')));
    const empty = await serve((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
    await expect(sendBatch(graphEndpoint(html), push, { sleep: noSleep })).rejects.toThrow('the server answered 200 without a GraphPush answer ("<html>proxy login</html>"); the batch may not be stored');
    await expect(sendBatch(graphEndpoint(empty), push, { sleep: noSleep })).rejects.toThrow(/without a GraphPush answer \(an empty body\)/);
  });
});

describe('cairn push against a misbehaving server', () => {
  let fixture: Fixture;
  beforeAll(() => {
    fixture = makeGraphFixture();
    expect(cairn(['init'], { cwd: fixture.root }).code).toBe(0);
  });
  afterAll(() => fixture.remove());

  /** Runs `cairn push` without blocking the servers in this process. */
  const runPush = (url: string, extra: string[] = []) =>
    new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((done) => {
      const started = Date.now();
      const child = spawn(process.execPath, [CAIRN, 'push', '--url', url, ...extra], { cwd: fixture.root });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr, ms: Date.now() - started });
      });
    });

  const pushState = () => (existsSync(join(fixture.root, '.cairn', 'push')) ? readdirSync(join(fixture.root, '.cairn', 'push')) : []);

  /** Exit 1, nothing on stdout, every stderr line is cairn's own (no stack), the last one the failure. */
  function expectOneClearFailure(run: { code: number | null; stdout: string; stderr: string }, failure: RegExp): void {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^cairn push: /);
    expect(lines.at(-1)).toMatch(failure);
    expect(run.stderr).not.toMatch(/\n\s+at |undici|TypeError/);
  }

  it('a non-JSON 200 is exit 1 with one line, and the push is not recorded', async () => {
    const before = pushState();
    const url = await serve((req, res) => req.resume().on('end', () => res.writeHead(200).end('Pushed!')));
    const run = await runPush(url);
    expectOneClearFailure(run, /without a GraphPush answer \("Pushed!"\)/);
    expect(run.stdout).not.toMatch(/Pushed/);
    expect(pushState()).toEqual(before);
  });

  it('a redirect to another origin is exit 1 with one line', async () => {
    const url = await serve((req, res) => req.resume().on('end', () => res.writeHead(307, { location: 'http://127.0.0.2:9/v1/graph' }).end()));
    expectOneClearFailure(await runPush(url), /redirected to another origin \(http:\/\/127\.0\.0\.2:9\)/);
  });

  it('a huge reply is exit 1 with one line', async () => {
    const url = await serve((req, res) => req.resume().on('end', () => res.writeHead(200, { 'content-length': String(300 * 1024 * 1024) }).end()));
    expectOneClearFailure(await runPush(url), /reply of 314572800 bytes; the bound is 1048576/);
  });

  it('a reply that breaks off mid-way is exit 1 with one line per try, not a stack', async () => {
    const url = await serve((req, res) =>
      req.resume().on('end', () => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 50);
      }),
    );
    expectOneClearFailure(await runPush(url, ['--max-tries', '2']), /broke off|cannot reach/);
  });

  it('no server at all: each retry is said at once, and the push ends within seconds, not 32', async () => {
    const gone = await serve(() => undefined);
    await new Promise<void>((closed) => servers.pop()!.close(() => closed()));
    const run = await runPush(gone);
    expectOneClearFailure(run, /^cairn push: cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused \(is the server running\?\)$/);
    expect(run.stderr).toMatch(/try 2 of 3 in 0\.25 s/);
    expect(run.ms).toBeLessThan(15_000);
  });
});
