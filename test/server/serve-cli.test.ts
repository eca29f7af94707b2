// `cairn serve` as a process: loopback by default, a token required beyond it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopback, parseListen } from '../../server/serve.js';
import { cairn, CAIRN } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'cairn-serve-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cairn serve', () => {
  it('reads listen addresses and knows loopback', () => {
    expect(parseListen('127.0.0.1:8750')).toEqual({ host: '127.0.0.1', port: 8750 });
    expect(parseListen('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(() => parseListen('8750')).toThrow(/host:port/);
    expect(() => parseListen('h:99999')).toThrow(/host:port/);
    expect(['127.0.0.1', '127.8.9.10', '::1', 'localhost'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', 'example.com'].some(isLoopback)).toBe(false);
  });

  it('refuses to listen beyond loopback without a token, and bad storage options', () => {
    const open = cairn(['serve', '--listen', '0.0.0.0:0', '--data', join(dir, 'a')], { env: { CAIRN_GRAPH_TOKEN: '' } });
    expect(open.code).toBe(2);
    expect(open.stderr).toContain('listening on 0.0.0.0 (beyond loopback) needs a bearer token: set CAIRN_GRAPH_TOKEN');
    const both = cairn(['serve', '--data', join(dir, 'b'), '--database', 'postgres://x/y']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --data or --database, not both');
    const notPg = cairn(['serve', '--database', 'mysql://x/y']);
    expect(notPg.code).toBe(2);
    expect(notPg.stderr).toContain('--database takes a postgres:// connection string');
  });

  it('logs each request as one JSON line on stderr, answers /healthz and /metrics, and stops on SIGTERM with exit 0', async () => {
    const child = spawn(process.execPath, [CAIRN, 'serve', '--listen', '127.0.0.1:0', '--data', join(dir, 'logs')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const push = { repo: 'acme/x', files: ['a.ts'], entities: [{ id: 'acme/x::a.ts::', name: 'a.ts', type: 'file', file_path: 'a.ts' }], edges: null };
      expect((await fetch(`${url}/v1/graph`, { method: 'POST', body: JSON.stringify(push) })).status).toBe(200);
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true, storage: 'lmdb', queue: 0 });
      expect(await (await fetch(`${url}/metrics`)).text()).toContain('cairn_rows_stored_total{storage="lmdb",kind="entities"} 1');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const lines = stderr.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map(({ time: _t, duration_ms: _d, ...rest }) => rest)).toEqual([
        { method: 'POST', path: '/v1/graph', status: 200, repo: 'acme/x', rows: 1 },
        { method: 'GET', path: '/healthz', status: 200 },
        { method: 'GET', path: '/metrics', status: 200 },
        { event: 'stopping', signal: 'SIGTERM' },
        { event: 'stopped' },
      ]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('listens beyond loopback with a token and asks every client for it', async () => {
    const child = spawn(process.execPath, [CAIRN, 'serve', '--listen', '0.0.0.0:0', '--data', join(dir, 'c'), '--token-env', 'TEAM_TOKEN'], {
      env: { ...process.env, TEAM_TOKEN: 's3cret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          const m = /listening on http:\/\/0\.0\.0\.0:(\d+)/.exec(out);
          if (m) resolve(`http://127.0.0.1:${m[1]}`);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect((await fetch(`${url}/v1/repos`)).status).toBe(401);
      const ok = await fetch(`${url}/v1/repos`, { headers: { authorization: 'Bearer s3cret' } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
