#!/usr/bin/env node
// The embedded LMDB graph storage's reads without HTTP: relabelled copies of one
// indexed corpus pushed straight into a storage, then search and callers asked as
// `npm run bench:graph-org` asks them, one at a time in this process. It reports CPU
// milliseconds a request (which depend little on what else the machine runs) and
// latency, so a change to the storage can be compared in a minute.
//
//   node scripts/bench-lmdb-reads.mjs [CORPUS]       go-x-tools by default (after npm run build)
//   CAIRN_BENCH_LMDB_REPOS=30 CAIRN_BENCH_MAX_FILES=300 CAIRN_BENCH_REQUESTS=3000
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { pushTemplate, relabel } from './push-template.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(repo, 'dist');
const corpus = process.argv[2] ?? 'go-x-tools';
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const REPOS = env('CAIRN_BENCH_LMDB_REPOS', 30);
const MAX_FILES = env('CAIRN_BENCH_MAX_FILES', 300);
const REQUESTS = env('CAIRN_BENCH_REQUESTS', 3000);

const { openStore } = await import(join(dist, 'store', 'index.js'));
const { planPush, batchesOf } = await import(join(dist, 'wire', 'push-plan.js'));
const { LmdbStorage } = await import(join(dist, 'server', 'lmdb-storage.js'));
const { checkPush } = await import(join(dist, 'server', 'requests.js'));
const { CALLER_RELATIONS, callersAnswer, searchAnswer } = await import(join(dist, 'server', 'http.js'));

const round = (n, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const label = (i) => `org/repo-${String(i).padStart(4, '0')}`;

const work = mkdtempSync(join(tmpdir(), 'cairn-bench-lmdb-reads-'));
try {
  process.stderr.write(`indexing ${corpus}…\n`);
  const template = await pushTemplate({ source: corpusPath(corpus), work, cairnBin: join(repo, 'bin', 'cairn.js'), maxFiles: MAX_FILES, openStore, planPush, batchesOf });
  const { batches, names, targets } = template;

  const storage = new LmdbStorage(join(work, 'lmdb'));
  process.stderr.write(`pushing ${REPOS} repositories…\n`);
  let pushed = 0;
  const pushStarted = process.cpuUsage();
  for (let r = 0; r < REPOS; r++) {
    for (const batch of batches) {
      await storage.applyPush(checkPush(relabel(batch, label(r))), new Date().toISOString());
      pushed += batch.rows;
    }
  }
  const push = { rows: pushed, cpu_ms_per_1k_rows: round(cpuMs(pushStarted) / (pushed / 1000), 2) };

  // What GET /v1/search and GET /v1/callers answer (server/http.ts), without HTTP.
  const ask = {
    search: (i) => searchAnswer(storage, names[(i * 7) % names.length].slice(0, 4), undefined),
    callers: (i) => {
      const r = label((i * 7919) % REPOS);
      const id = targets[i % targets.length].replace(/^[^:]*(::)/, `${r}$1`);
      return callersAnswer(storage, r, id, CALLER_RELATIONS).then((answer) => answer ?? Promise.reject(new Error(`no entity ${id} in ${r}`)));
    },
  };
  const reads = {};
  for (const [kind, request] of Object.entries(ask)) {
    const ms = [];
    const started = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const t = process.hrtime.bigint();
      await request(i);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const cpu = cpuMs(started);
    ms.sort((a, b) => a - b);
    reads[kind] = { requests: REQUESTS, cpu_ms_per_request: round(cpu / REQUESTS), p50_ms: round(ms[REQUESTS >> 1], 2), p99_ms: round(ms[Math.floor(REQUESTS * 0.99)], 2) };
  }
  await storage.close();
  process.stdout.write(`${JSON.stringify({ corpus, repos: REPOS, push, reads, loadavg: (await import('node:os')).loadavg().map((n) => round(n, 2)) }, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
