// The warm review server, end to end through the built binary: a hook run starts it,
// later hook runs are answered by it with the same result a cold run gives, and it
// leaves when it should (idle, socket removed, another build, asked to stop).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { serverEnabled, socketPath } from '../../agents/review-protocol.js';
import { before, CAIRN_BIN, cairnIn, cleanup, editEvent, PAYMENT, paymentWorkspace, workspace } from './helpers.js';

const started: string[] = [];

afterEach(() => {
  for (const ws of started.splice(0)) cairn(ws, ['review', 'stop']);
  cleanup();
});

function env(ws: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user'), CAIRN_REVIEW_SERVER: 'on', CAIRN_REVIEW_SERVER_IDLE_MS: '60000', ...extra };
}

const cairn = (ws: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}) => cairnIn(ws, args, { env: options.env ?? env(ws) });

/** Runs a hook event and returns the parsed --json envelope. */
function hook(ws: string, extraEnv: Record<string, string> = {}) {
  const r = cairn(ws, ['--json', 'review', '--event', join(ws, 'event.json')], { env: env(ws, extraEnv) });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function serverStatus(ws: string) {
  return JSON.parse(cairn(ws, ['--json', 'review', 'status']).stdout).data.server;
}

async function until<T>(what: string, probe: () => T | null | undefined | false, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function setup(extra: Record<string, string> = {}) {
  const ws = paymentWorkspace(extra);
  started.push(ws);
  return ws;
}

/** A hook run that starts the server, then waits until it answers. */
async function warm(ws: string, extraEnv: Record<string, string> = {}) {
  const first = hook(ws, extraEnv);
  expect(first.data.runner).toBe('process');
  return until('the review server', () => {
    const state = serverStatus(ws);
    return state.running ? state : null;
  });
}

const comparable = (envelope: { data: Record<string, unknown> }) => ({ ...envelope, data: { ...envelope.data, auditLog: null, runner: null } });

describe('the review server', () => {
  test('is on by default, off when asked or under CI unless asked for, and absent where a socket path would not fit', () => {
    expect(serverEnabled({})).toBe(true);
    expect(serverEnabled({ CAIRN_REVIEW_SERVER: 'off' })).toBe(false);
    expect(serverEnabled({ CAIRN_REVIEW_SERVER: 'OFF', CI: 'true' })).toBe(false);
    expect(serverEnabled({ CI: 'true' })).toBe(false);
    expect(serverEnabled({ CI: 'true', CAIRN_REVIEW_SERVER: 'on' })).toBe(true);
    expect(socketPath('/srv/repo')).toBe('/srv/repo/.cairn/review/server.sock');
    expect(socketPath(`/${'deep/'.repeat(30)}repo`)).toBeNull();
  });

  test('a hook run starts it; later hook runs get the same result from it, each with its own audit log that replays', async () => {
    const ws = setup();
    const cold = hook(ws, { CAIRN_REVIEW_SERVER: 'off' });
    await warm(ws);
    expect(statSync(join(ws, '.cairn', 'review', 'server.sock')).mode & 0o777).toBe(0o600);
    const served = hook(ws);
    expect(served.data.runner).toBe('server');
    expect(comparable(served)).toEqual(comparable(cold));
    const again = hook(ws);
    expect(again.data.auditLog).not.toBe(served.data.auditLog);
    for (const log of [served.data.auditLog, again.data.auditLog]) {
      const replayed = cairn(ws, ['replay', join(ws, log)]);
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toContain('identical to the recording');
    }
    expect(serverStatus(ws).served).toBe(2);
    expect(cairn(ws, ['review', 'status']).stdout).toMatch(/review server: running \(pid \d+, 2 reviews since/);
    expect(cairn(ws, ['review', 'status']).stdout).toContain('4 runs recorded');
  });

  test('it reads the files afresh for every review', async () => {
    const ws = setup();
    await warm(ws);
    const renamed = PAYMENT.replace('Payment', 'Invoice');
    writeFileSync(join(ws, 'src/pay.ts'), renamed);
    writeFileSync(join(ws, 'event.json'), editEvent(ws, 'src/pay.ts', before(renamed, '', '  customerId: string;\n'), '  orderId: string;\n', '  orderId: string;\n  customerId: string;\n'));
    const served = hook(ws);
    expect(served.data.runner).toBe('server');
    expect(served.data.units.map((u: { name: string }) => u.name)).toEqual(['Invoice']);
  });

  test("it reviews with the client's environment: user configuration and a command backend's variables", async () => {
    const backend = `const r = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ decisions: r.rules.map((x) => ({ ruleId: x.ruleId, probability: 0.9, rationale: 'said ' + process.env.BACKEND_WORD })) }));`;
    const ws = setup({ 'backend.cjs': backend });
    const config = JSON.stringify({ backend: { kind: 'command', command: [process.execPath, join(ws, 'backend.cjs')] } });
    await warm(ws, { BACKEND_WORD: 'first' });
    // No user config in the server's own environment; the client's names one with a backend.
    mkdirSync(join(ws, 'cfg-b', 'cairn'), { recursive: true });
    writeFileSync(join(ws, 'cfg-b', 'cairn', 'config.jsonc'), config);
    const served = cairn(ws, ['review', '--event', join(ws, 'event.json')], { env: env(ws, { XDG_CONFIG_HOME: join(ws, 'cfg-b'), BACKEND_WORD: 'second' }) });
    expect(served.code).toBe(0);
    const out = JSON.parse(served.stdout);
    expect(out.hookSpecificOutput.additionalContext).toContain('said second');
    expect(serverStatus(ws).served).toBe(1);
  });

  test("git's ignore rules come from the client's environment too", async () => {
    const PAY = "import { Money } from './money';\nexport interface Payment {\n  amount: Money;\n  orderId: string;\n}\n";
    const ws = workspace({ 'src/pay.ts': PAY, 'src/money.ts': 'export interface Money {\n  cents: number;\n}\n', 'excludes': 'src/money.ts\n' }, { git: true });
    writeFileSync(join(ws, 'gitconfig'), `[core]\n\texcludesFile = ${join(ws, 'excludes')}\n`);
    writeFileSync(join(ws, 'event.json'), editEvent(ws, 'src/pay.ts', before(PAY, '', '  orderId: string;\n'), '  amount: Money;\n', '  amount: Money;\n  orderId: string;\n'));
    started.push(ws);
    await warm(ws);
    const omitted = (envelope: { data: { units: Array<{ omitted: Array<{ name: string; reason: string }> }> } }) => envelope.data.units[0].omitted.map((o) => `${o.name}:${o.reason}`);
    const ignoring = hook(ws, { GIT_CONFIG_GLOBAL: join(ws, 'gitconfig') });
    expect(ignoring.data.runner).toBe('server');
    expect(omitted(ignoring)).toEqual(['Money:git-ignored']);
    const plain = hook(ws);
    expect(plain.data.runner).toBe('server');
    expect(omitted(plain)).toEqual([]);
  });

  test('bad input through the server is the same clear error and exit status as in-process, and the server stays up', async () => {
    const ws = setup({ '.cairn.jsonc': '{\n  "limits": { "files": 99 }\n}' });
    writeFileSync(join(ws, 'bad.json'), '{"tool_name": "Edit",');
    const inProcess = cairn(ws, ['review', '--event', join(ws, 'bad.json')], { env: env(ws, { CAIRN_REVIEW_SERVER: 'off' }) });
    expect(inProcess.code).toBe(2);
    expect(inProcess.stderr).toMatch(/^cairn review: the event is not valid JSON/);
    await until('the review server', () => {
      cairn(ws, ['review', '--event', join(ws, 'bad.json')]);
      return serverStatus(ws).running;
    });
    const before = serverStatus(ws).served;
    const served = cairn(ws, ['review', '--event', join(ws, 'bad.json')]);
    expect(served).toEqual(inProcess);
    const config = cairn(ws, ['review', '--event', join(ws, 'event.json')]);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('.cairn.jsonc:2:24: files may only be lowered (at most 8)');
    expect(serverStatus(ws).served).toBe(before + 2);
  });

  test('with CAIRN_REVIEW_SERVER=off no server starts', async () => {
    const ws = setup();
    expect(hook(ws, { CAIRN_REVIEW_SERVER: 'off' }).data.runner).toBe('process');
    await new Promise((r) => setTimeout(r, 1500));
    expect(serverStatus(ws)).toEqual({ running: false });
    expect(existsSync(join(ws, '.cairn', 'review', 'server.sock'))).toBe(false);
  });

  test('hooks start a server at most once in 30 s, so a server that cannot run is not started by every hook', async () => {
    const ws = setup();
    mkdirSync(join(ws, '.cairn', 'review'), { recursive: true });
    const stamp = join(ws, '.cairn', 'review', 'server.started');
    writeFileSync(stamp, '');
    expect(hook(ws).data.runner).toBe('process');
    await new Promise((r) => setTimeout(r, 1500));
    expect(serverStatus(ws)).toEqual({ running: false });
    const past = new Date(Date.now() - 60_000);
    utimesSync(stamp, past, past);
    await warm(ws);
  });

  test('it leaves when idle, when its socket is removed, and when asked to stop', async () => {
    const idle = setup();
    const idleState = await warm(idle, { CAIRN_REVIEW_SERVER_IDLE_MS: '300' });
    await until('the idle exit', () => !alive(idleState.pid));
    expect(existsSync(join(idle, '.cairn', 'review', 'server.sock'))).toBe(false);

    const removed = setup();
    const removedState = await warm(removed);
    rmSync(join(removed, '.cairn'), { recursive: true, force: true });
    await until('the exit after .cairn/ was removed', () => !alive(removedState.pid));

    const stopped = setup();
    const stoppedState = await warm(stopped);
    expect(cairn(stopped, ['review', 'stop']).stdout).toContain(`stopped the review server (pid ${stoppedState.pid})`);
    await until('the exit on stop', () => !alive(stoppedState.pid));
    expect(cairn(stopped, ['review', 'stop']).stdout).toContain('no review server runs');
  });

  test('an upgrade: a hook of another build makes the running server leave and starts its own at once', async () => {
    const ws = setup();
    const state = await warm(ws);
    // Another installation of cairn: the same code with another build stamp.
    const root = join(import.meta.dirname, '..', '..');
    const other = mkdtempSync(join(tmpdir(), 'cairn-other-build-'));
    try {
      for (const part of ['dist', 'bin', 'package.json']) cpSync(join(root, part), join(other, part), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(other, 'node_modules'));
      writeFileSync(join(other, 'dist', 'build-id'), 'another-build\n');
      const otherHook = () => {
        const r = spawnSync(process.execPath, [join(other, 'bin', 'cairn.js'), '-C', ws, '--json', 'review', '--event', join(ws, 'event.json')], { encoding: 'utf8', env: env(ws) });
        return JSON.parse(r.stdout);
      };
      expect(otherHook().data.runner).toBe('process');
      await until('the old server to leave', () => !alive(state.pid));
      // The start throttle does not hold back the replacement.
      await until('the new build to be served', () => otherHook().data.runner === 'server');
      const next = serverStatus(ws);
      expect(next.running).toBe(true);
      expect(next.pid).not.toBe(state.pid);
    } finally {
      cairn(ws, ['review', 'stop']);
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('a stale socket left by a killed server is replaced; garbage on the socket gets an error, not a crash', async () => {
    const ws = setup();
    const state = await warm(ws);
    process.kill(state.pid, 'SIGKILL');
    await until('the kill', () => !alive(state.pid));
    expect(existsSync(join(ws, '.cairn', 'review', 'server.sock'))).toBe(true);
    const past = new Date(Date.now() - 60_000); // past the start throttle
    utimesSync(join(ws, '.cairn', 'review', 'server.started'), past, past);
    const fresh = await warm(ws);
    expect(fresh.pid).not.toBe(state.pid);

    const path = join(ws, '.cairn', 'review', 'server.sock');
    const garbage = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['-e', `const s=require('net').createConnection(${JSON.stringify(path)},()=>s.end('{"kind":')); let b=''; s.on('data',d=>b+=d); s.on('end',()=>process.stdout.write(b));`]);
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('close', () => resolve(out));
    });
    expect(JSON.parse(garbage)).toMatchObject({ kind: 'error' });
    expect(hook(ws).data.runner).toBe('server');
  });

  test('two hook runs at once are both answered, with separate audit logs', async () => {
    const ws = setup();
    await warm(ws);
    const run = () =>
      new Promise<{ data: { runner: string; auditLog: string } }>((resolve, reject) => {
        const child = spawn(process.execPath, [CAIRN_BIN, '-C', ws, '--json', 'review', '--event', join(ws, 'event.json')], { env: env(ws) });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}`))));
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.data.runner, b.data.runner]).toEqual(['server', 'server']);
    expect(a.data.auditLog).not.toBe(b.data.auditLog);
    for (const log of [a.data.auditLog, b.data.auditLog]) expect(readFileSync(join(ws, log), 'utf8')).not.toContain('orderId');
  });
});

describe('a server that hangs', () => {
  /** A stand-in server in its own process on the workspace's socket: `silent` accepts and never answers; `flood` sends 50 MB of whitespace; `heartbeat` sends a newline every 100 ms and never answers. */
  async function fakeServer(ws: string, behaviour: 'silent' | 'flood' | 'heartbeat') {
    mkdirSync(join(ws, '.cairn', 'review'), { recursive: true });
    const script = `const net = require('net');
const server = net.createServer((s) => { s.on('error', () => {}); if (${behaviour === 'heartbeat'}) { const beat = setInterval(() => s.writable && s.write('\\n'), 100); s.on('close', () => clearInterval(beat)); } if (${behaviour === 'flood'}) { const chunk = Buffer.alloc(1 << 20, 32); let n = 0; const more = () => { while (n < 50) { n++; if (!s.write(chunk)) return s.once('drain', more); } }; more(); } });
server.listen(process.argv[1], () => process.stdout.write('listening\\n'));`;
    const child = spawn(process.execPath, ['-e', script, socketPath(ws)!], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise<void>((ready) => child.stdout.once('data', () => ready()));
    return child;
  }

  for (const behaviour of ['silent', 'flood'] as const) {
    test(`a ${behaviour} server costs a hook about a second: it reviews in-process and a new server takes the socket`, async () => {
      const ws = setup();
      const fake = await fakeServer(ws, behaviour);
      try {
        const startedAt = Date.now();
        const first = hook(ws);
        const waited = Date.now() - startedAt;
        expect(first.data.runner).toBe('process');
        // The client deadline is 25 s; a hung server is given up on after a second of silence.
        expect(waited).toBeLessThan(12_000);
        const replaced = await until('a new review server', () => {
          const state = serverStatus(ws);
          return state.running ? state : null;
        });
        expect(replaced.pid).not.toBe(fake.pid);
        expect(hook(ws).data.runner).toBe('server');
      } finally {
        fake.kill('SIGKILL');
      }
    });
  }

  test('a server that sends heartbeats and never answers costs a hook at most the 25 s client deadline, then it reviews in-process', async () => {
    const ws = setup();
    const fake = await fakeServer(ws, 'heartbeat');
    try {
      const startedAt = Date.now();
      const first = hook(ws);
      const waited = Date.now() - startedAt;
      expect(first.data.runner).toBe('process');
      expect(waited).toBeGreaterThanOrEqual(25_000);
      expect(waited).toBeLessThan(40_000);
    } finally {
      fake.kill('SIGKILL');
    }
  });

  test('a review stuck on a git that never answers: the hook still answers, and the stuck server leaves', async () => {
    const ws = workspace({ 'src/pay.ts': PAYMENT }, { git: true });
    started.push(ws);
    writeFileSync(join(ws, 'event.json'), editEvent(ws, 'src/pay.ts', before(PAYMENT, '', '  customerId: string;\n'), '  orderId: string;\n', '  orderId: string;\n  customerId: string;\n'));
    const state = await warm(ws);
    const fakeGit = join(ws, '.no-user', 'bin');
    mkdirSync(fakeGit, { recursive: true });
    writeFileSync(join(fakeGit, 'git'), '#!/bin/sh\nexec sleep 3600\n', { mode: 0o755 });
    const startedAt = Date.now();
    const stuck = hook(ws, { PATH: `${fakeGit}:${process.env.PATH}` });
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    // The path git did not answer for is left unread.
    expect(stuck.data).toMatchObject({ units: [], coverage: [{ code: 'ineligible-path' }] });
    // The hook gave up on the silent review and put a new server in its place: the old one leaves.
    expect(stuck.data.runner).toBe('process');
    await until('the stuck server to leave', () => !alive(state.pid));
  });

  test('a stopped server (SIGSTOP) is replaced the same way', async () => {
    const ws = setup();
    const state = await warm(ws);
    process.kill(state.pid, 'SIGSTOP');
    try {
      const startedAt = Date.now();
      expect(hook(ws).data.runner).toBe('process');
      expect(Date.now() - startedAt).toBeLessThan(12_000);
      const replaced = await until('a new review server', () => {
        const now = serverStatus(ws);
        return now.running && now.pid !== state.pid ? now : null;
      });
      expect(replaced.pid).not.toBe(state.pid);
    } finally {
      // Continued, the old server finds its socket replaced and leaves.
      process.kill(state.pid, 'SIGCONT');
    }
    await until('the stopped server to leave', () => !alive(state.pid));
  });
});
