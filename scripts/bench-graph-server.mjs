#!/usr/bin/env node
// Graph server load test, on loopback only: 4 concurrent pushers send the same
// indexed corpus (about 1,000 files) under 4 repo labels to one `cairn serve`
// process, once on the embedded LMDB storage and once on a throwaway PostgreSQL
// cluster. Measured: rows/s over the push phase, p50/p99 latency of an accepted
// batch, the server's RSS (and the PostgreSQL cluster's), and a second run with a
// queue of one push that must answer 429 and still land every file.
//
//   npm run bench:graph                 go-x-tools (1.1k files)
//   npm run bench:graph -- CORPUS       any corpus name from the corpora installer
//   CAIRN_BENCH_MAX_FILES=1000          cap on indexed files pushed (default 1200)
//   CAIRN_BENCH_DEADLINE_S=600          the whole run stops after this
//
// Writes bench/results/graph-server.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { pushTemplate, relabel } from './push-template.mjs';
import { startBenchPostgres } from './bench-postgres.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cairnBin = join(repo, 'bin', 'cairn.js');
const corpus = process.argv[2] ?? 'go-x-tools';
const PUSHERS = 4;
const QUEUE_1_BATCHES = 6;
const maxFiles = Number(process.env.CAIRN_BENCH_MAX_FILES ?? 1200);
const deadline = Date.now() + Number(process.env.CAIRN_BENCH_DEADLINE_S ?? 600) * 1000;

const { openStore } = await import(join(repo, 'dist', 'store', 'index.js'));
const { planPush, batchesOf } = await import(join(repo, 'dist', 'wire', 'push-plan.js'));
const { sendBatch, graphEndpoint } = await import(join(repo, 'dist', 'wire', 'push-send.js'));

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;


function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The pids of a process and its descendants (a PostgreSQL cluster is a postmaster and its children). */
function tree(pid) {
  const out = [pid];
  for (const p of out) {
    try {
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

function sampler(pids) {
  const peaks = { server: 0, postgres: 0 };
  const timer = setInterval(() => {
    peaks.server = Math.max(peaks.server, rssMb(pids.server));
    if (pids.postmaster) peaks.postgres = Math.max(peaks.postgres, tree(pids.postmaster).reduce((sum, p) => sum + rssMb(p), 0));
  }, 100);
  return { stop: () => (clearInterval(timer), { server_peak_rss_mb: round(peaks.server), ...(pids.postmaster ? { postgres_peak_rss_mb: round(peaks.postgres) } : {}) }) };
}


function serve(args, cwd) {
  const child = spawn(process.execPath, [cairnBin, 'serve', '--listen', '127.0.0.1:0', ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1], pid: child.pid, stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}`)));
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** 4 pushers, each its own label, all batches; latency of each accepted request, 429s counted. */
async function load(url, batches) {
  const endpoint = graphEndpoint(url);
  const latencies = [];
  let throttled = 0;
  let rows = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: PUSHERS }, async (_, p) => {
      for (const batch of batches) {
        if (Date.now() > deadline) throw new Error('bench deadline passed');
        const push = relabel(batch, `bench/pusher-${p}`);
        let last = Date.now();
        await sendBatch(endpoint, push, {
          maxTries: 50,
          onRetry: () => {
            throttled += 1;
          },
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)).then(() => void (last = Date.now())),
        });
        latencies.push(Date.now() - last);
        rows += batch.rows;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return { seconds: round(seconds, 2), rows, rows_per_s: round(rows / seconds), batches: latencies.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99), throttled_429: throttled };
}

async function check(url, files) {
  const repos = await (await fetch(`${url}/v1/repos`)).json();
  const bad = repos.filter((r) => r.files !== files);
  if (repos.length !== PUSHERS || bad.length > 0) throw new Error(`the server holds ${JSON.stringify(repos)} (expected ${PUSHERS} repos of ${files} files)`);
}

async function scenario(name, args, work, pids, batches) {
  const files = batches.reduce((n, b) => n + b.push.files.length, 0);
  process.stderr.write(`${name}: pushing ${batches.length} batches x ${PUSHERS} pushers…\n`);
  const server = await serve(args, work);
  const sample = sampler({ server: server.pid, postmaster: pids.postmaster });
  try {
    const figures = await load(server.url, batches);
    await check(server.url, files);
    return { ...figures, ...sample.stop(), server_end_rss_mb: round(rssMb(server.pid)) };
  } finally {
    sample.stop();
    await server.stop();
  }
}

const source = corpusPath(corpus);
const work = mkdtempSync(join(tmpdir(), 'cairn-bench-graph-'));
let postgres;
try {
  process.stderr.write(`indexing ${corpus}…\n`);
  const { batches, files, rows: rowsPerPusher } = await pushTemplate({ source, work, cairnBin, maxFiles, openStore, planPush, batchesOf });
  process.stderr.write(`${files} files, ${rowsPerPusher} rows, ${batches.length} batches per pusher\n`);

  const results = {
    corpus,
    files_per_pusher: files,
    rows_per_pusher: rowsPerPusher,
    batches_per_pusher: batches.length,
    pushers: PUSHERS,
    machine: { cpus: cpus().length, node: process.version, loadavg_before: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number) },
    cairn_commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim(),
    measured_at: new Date().toISOString(),
    lmdb: await scenario('lmdb', ['--data', join(work, 'lmdb-1')], work, {}, batches),
    // The 429 path: a queue of one push, the first batches only (every 429 costs its pusher a 1 s wait).
    lmdb_queue_1: await scenario('lmdb, queue of 1', ['--data', join(work, 'lmdb-2'), '--queue', '1'], work, {}, batches.slice(0, QUEUE_1_BATCHES)),
  };
  postgres = startBenchPostgres();
  results.postgres = await scenario('postgres', ['--database', postgres.database()], work, { postmaster: postgres.postmaster }, batches);
  results.postgres_queue_1 = await scenario('postgres, queue of 1', ['--database', postgres.database(), '--queue', '1'], work, { postmaster: postgres.postmaster }, batches.slice(0, QUEUE_1_BATCHES));
  results.machine.loadavg_after = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'results', 'graph-server.json'), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}
