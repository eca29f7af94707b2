#!/usr/bin/env node
// Organisation-scale graph server benchmark, on loopback only: many repositories of
// real-shaped graphs (one real corpus indexed once, each repository a relabelled copy
// of its rows, so files, entities, edges and properties have real sizes and
// proportions) pushed into one throwaway PostgreSQL cluster through 4 `cairn serve`
// processes sharing it. Measured:
//   - push throughput (rows/s, all pushers together),
//   - search and cross-repository callers latency (p50/p99) under concurrent readers,
//   - storage per million edges (the cairn tables with their indexes),
//   - nothing lost when a server is killed mid-push (the pusher re-sends the batch
//     that was in flight to another server; every file must then be whole),
// and the same on the embedded LMDB storage (one server). Beside wall-clock figures,
// which depend on what else the machine runs, each phase records the CPU seconds of
// the whole process tree (servers, PostgreSQL, this process with its pushers and
// readers) per thousand rows or per request, in all and by part (`_by`): figures load
// changes much less.
//
//   npm run bench:graph-org                      go-x-tools, 40 repositories (PostgreSQL), 10 (LMDB)
//   npm run bench:graph-org -- CORPUS            any corpus name from the corpora installer
//   CAIRN_BENCH_REPOS=40 CAIRN_BENCH_LMDB_REPOS=10 CAIRN_BENCH_MAX_FILES=300
//   CAIRN_BENCH_PUSHERS=2 (per server) CAIRN_BENCH_READERS=8 CAIRN_BENCH_READ_S=20
//   CAIRN_BENCH_WARM_S=5: each read phase first reads this long unmeasured (recorded
//   apart as `warmup`), so the figures are of servers whose code is compiled and whose
//   PostgreSQL connections have planned their statements, not of their first seconds.
//   CAIRN_BENCH_EXTRA_READERS=2,4: after the reads at CAIRN_BENCH_READERS, a read phase at
//   each of these counts too, recorded beside them (`reads_at_readers`), never instead.
//   CAIRN_BENCH_DEADLINE_S=900
//   CAIRN_BENCH_REPOS=0 or CAIRN_BENCH_LMDB_REPOS=0 leaves that storage out.
//   CAIRN_BENCH_CPU_PROF=DIR writes each server's CPU profile into DIR.
//   The size: CAIRN_BENCH_REPOS=1000 CAIRN_BENCH_LMDB_REPOS=100 (10.1M edges
//   from go-x-tools' first 300 files) with CAIRN_BENCH_DEADLINE_S=7200.
//
// Writes bench/results/graph-org.json (CAIRN_BENCH_RECORD=NAME: bench/results/NAME.json).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { pushTemplate, relabel } from './push-template.mjs';
import { startBenchPostgres } from './bench-postgres.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cairnBin = join(repo, 'bin', 'cairn.js');
const corpus = process.argv[2] ?? 'go-x-tools';
const SERVERS = 4;
const env = (name, fallback) => Number(process.env[name] ?? fallback);
const REPOS = env('CAIRN_BENCH_REPOS', 40);
const LMDB_REPOS = env('CAIRN_BENCH_LMDB_REPOS', 10);
const MAX_FILES = env('CAIRN_BENCH_MAX_FILES', 300);
const PUSHERS = env('CAIRN_BENCH_PUSHERS', 2);
const READERS = env('CAIRN_BENCH_READERS', 8);
const EXTRA_READERS = (process.env.CAIRN_BENCH_EXTRA_READERS ?? '').split(',').filter(Boolean).map(Number);
const READ_SECONDS = env('CAIRN_BENCH_READ_S', 20);
const WARM_SECONDS = env('CAIRN_BENCH_WARM_S', 5);
const deadline = Date.now() + env('CAIRN_BENCH_DEADLINE_S', 900) * 1000;

// The producer's modules, wherever the build put them.
const producer = existsSync(join(repo, 'dist', 'wire', 'push-plan.js')) ? 'wire' : 'graph';
const { openStore } = await import(join(repo, 'dist', 'store', 'index.js'));
const { planPush, batchesOf } = await import(join(repo, 'dist', producer, 'push-plan.js'));
const { sendBatch, graphEndpoint } = await import(join(repo, 'dist', producer, 'push-send.js'));

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sh = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...options }).trim();
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
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

/** CPU seconds used so far by these process trees, reaped children included. */
function treeSeconds(roots) {
  let ticks = 0;
  for (const pid of roots.flatMap(tree)) {
    try {
      // After the command's closing parenthesis: state is field 3; utime, stime, cutime, cstime are 14-17.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}

/**
 * CPU seconds used so far, split by who used them: the servers, the storage's own
 * processes (PostgreSQL), and this process (the pushers and readers).
 */
function cpuSplit(serverPids, storagePids) {
  const own = process.cpuUsage();
  return { servers: treeSeconds(serverPids), storage: treeSeconds(storagePids), bench: (own.user + own.system) / 1e6 };
}

/** CPU spent between two splits: the total in seconds, and each part's seconds times `scale` (1e6 / rows: ms per 1k rows; 1e3 / requests: ms per request). */
function cpuSpent(before, after, scale) {
  const part = (k) => round((after[k] - before[k]) * scale, 2);
  const total = after.servers + after.storage + after.bench - (before.servers + before.storage + before.bench);
  return { total, by: { servers: part('servers'), storage: part('storage'), bench: part('bench') } };
}

const checkDeadline = () => {
  if (Date.now() > deadline) throw new Error('bench deadline passed');
};


function serve(args, cwd) {
  // CAIRN_BENCH_CPU_PROF=DIR: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.CAIRN_BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.CAIRN_BENCH_CPU_PROF)}`] : [];
  const child = spawn(process.execPath, [...profile, cairnBin, 'serve', '--listen', '127.0.0.1:0', '--queue', '64', ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl({ url: m[1], child, stop: () => new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))) });
    });
    child.once('exit', (code) => reject(new Error(`cairn serve exited ${code}`)));
  });
}

const label = (i) => `org/repo-${String(i).padStart(4, '0')}`;

/**
 * Each server gets its share of the repositories, pushed one batch at a time by each
 * of its pushers (a server stores one push at a time; a second pusher's request is
 * read and checked meanwhile).
 */
async function pushAll(servers, repos, batches, cpu) {
  let rows = 0;
  const started = Date.now();
  const cpuBefore = cpu();
  const pushers = servers.flatMap((server) => Array.from({ length: PUSHERS }, () => server));
  let progress = Date.now();
  await Promise.all(
    pushers.map(async (server, p) => {
      const endpoint = graphEndpoint(server.url);
      for (let r = p; r < repos; r += pushers.length) {
        for (const batch of batches) {
          checkDeadline();
          await sendBatch(endpoint, relabel(batch, label(r)), { maxTries: 50 });
          rows += batch.rows;
        }
        if (Date.now() - progress > 60_000) {
          progress = Date.now();
          process.stderr.write(`  ${rows} rows in ${Math.round((progress - started) / 1000)} s, load ${loadavg().join(' ')}\n`);
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const spent = cpuSpent(cpuBefore, cpu(), 1e6 / rows);
  return {
    repos,
    pushers: pushers.length,
    rows,
    seconds: round(seconds, 2),
    rows_per_s: Math.round(rows / seconds),
    cpu_s: round(spent.total),
    cpu_ms_per_1k_rows: round((spent.total * 1e6) / rows, 2),
    cpu_ms_per_1k_rows_by: spent.by,
    loadavg_after: loadavg(),
  };
}

/**
 * The rows of an answer, counted without parsing it: every reader shares this one
 * thread, and parsing a 430 kB callers answer (about 3 ms) would hold up the clocks of
 * the other readers' requests. A found entity ends with its `extractor`, a caller has
 * one `match`; in this corpus no row's properties hold either key.
 */
function answerRows(kind, text) {
  const key = kind === 'search' ? '"extractor":"' : '"match":"';
  let rows = 0;
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + key.length)) rows += 1;
  return rows;
}

/**
 * One read as a client on another machine would make it: a kept-alive connection, the
 * answer's bytes as text. Plain node:http rather than fetch: the readers share the
 * servers' 2 vCPUs, and with fetch they spent 0.47 and 0.70 ms of CPU a read (two runs
 * at 1,000 repositories, bench/results/graph-org-fetch-readers-*.json), with node:http
 * 0.18 and 0.17 (graph-org.json, graph-org-repeat.json): CPU the servers then lacked.
 */
const readerAgent = new Agent({ keepAlive: true });
function getText(url) {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: readerAgent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Readers spread over the servers for `seconds`: half search by a name prefix, half ask
 * for a symbol's callers across repositories, the requests numbered on from `first`.
 */
async function readFor(seconds, first, servers, repos, names, targets, readers) {
  const lat = { search: [], callers: [] };
  /** Each answer's latency with its size in rows, to see whether the tail is the large answers. */
  const sized = { search: [], callers: [] };
  const stop = Date.now() + seconds * 1000;
  let n = first;
  await Promise.all(
    Array.from({ length: readers }, async (_, reader) => {
      const base = servers[reader % servers.length].url;
      while (Date.now() < stop) {
        const i = n++;
        const kind = i % 2 === 0 ? 'search' : 'callers';
        const path =
          kind === 'search'
            ? `/v1/search?q=${encodeURIComponent(names[i % names.length].slice(0, 4))}`
            : (() => {
                const r = label((i * 7919) % repos);
                const id = targets[i % targets.length].replace(/^[^:]*(::)/, `${r}$1`);
                return `/v1/callers?repo=${encodeURIComponent(r)}&id=${encodeURIComponent(id)}`;
              })();
        const t = process.hrtime.bigint();
        const { status, text } = await getText(`${base}${path}`);
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        if (status !== 200) throw new Error(`${path}: ${status}`);
        lat[kind].push(ms);
        sized[kind].push({ ms, rows: answerRows(kind, text) });
      }
    }),
  );
  return { lat, sized, next: n };
}

const summary = (xs) => {
  const sorted = xs.sort((a, b) => a - b);
  return { requests: sorted.length, p50_ms: round(percentile(sorted, 50), 2), p99_ms: round(percentile(sorted, 99), 2) };
};

/** A read phase: a warm-up, recorded apart, then the measured reads with their CPU. */
async function read(servers, repos, names, targets, cpu, readers = READERS) {
  const warm = await readFor(WARM_SECONDS, 0, servers, repos, names, targets, readers);
  const cpuBefore = cpu();
  const { lat, sized } = await readFor(READ_SECONDS, warm.next, servers, repos, names, targets, readers);
  /** Latency by answer size: rows up to each bucket's bound. */
  const bySize = (xs, bounds) =>
    bounds.map((bound, i) => {
      const low = i === 0 ? -1 : bounds[i - 1];
      const ms = xs.filter((x) => x.rows > low && x.rows <= bound).map((x) => x.ms);
      return { rows_up_to: bound, ...summary(ms) };
    }).filter((b) => b.requests > 0);
  const requests = lat.search.length + lat.callers.length;
  const spent = cpuSpent(cpuBefore, cpu(), 1000 / requests);
  return {
    readers,
    warmup: { seconds: WARM_SECONDS, search: summary(warm.lat.search), callers: summary(warm.lat.callers) },
    seconds: READ_SECONDS,
    search: summary(lat.search),
    callers: summary(lat.callers),
    by_answer_rows: { search: bySize(sized.search, [0, 10, 99, 100]), callers: bySize(sized.callers, [0, 10, 100, 999, 1000]) },
    cpu_ms_per_request: round((spent.total * 1000) / requests, 2),
    cpu_ms_per_request_by: spent.by,
    loadavg_after: loadavg(),
  };
}

/**
 * A server killed (SIGKILL) while a repository's batches go to it: the pusher sends
 * the batch that was in flight, and the rest, to the next server. The repository must
 * then hold every file with every row: nothing lost, nothing half-stored.
 */
async function killMidPush(servers, batches, expected) {
  const victim = servers[0];
  const next = servers[1];
  const repoLabel = 'org/killed-mid-push';
  let sentToVictim = 0;
  let resent = 0;
  let killed = false;
  for (const batch of batches) {
    const push = relabel(batch, repoLabel);
    if (!killed) {
      const inFlight = sendBatch(graphEndpoint(victim.url), push, { maxTries: 1 }).then(
        () => true,
        () => false,
      );
      if (sentToVictim === Math.floor(batches.length / 2)) {
        // Kill while this batch is on its way or being stored.
        await new Promise((r) => setTimeout(r, 5));
        victim.child.kill('SIGKILL');
        killed = true;
      }
      const accepted = await inFlight;
      sentToVictim += 1;
      if (accepted) continue;
      resent += 1;
    }
    await sendBatch(graphEndpoint(next.url), push, { maxTries: 50 });
  }
  const repos = await (await fetch(`${next.url}/v1/repos`)).json();
  const held = repos.find((r) => r.repo === repoLabel);
  const whole = held && held.files === expected.files && held.entities === expected.entities && held.edges === expected.edges;
  if (!whole) throw new Error(`after the kill the server holds ${JSON.stringify(held)}, expected ${JSON.stringify(expected)}`);
  return { batches: batches.length, sent_to_killed_server: sentToVictim, resent_elsewhere: resent, files: held.files, entities: held.entities, edges: held.edges, lost: 0 };
}

/**
 * One storage: push, let it settle (PostgreSQL: VACUUM (ANALYZE) and a checkpoint, what
 * autovacuum would otherwise do in the middle of the reads after a bulk load), read,
 * measure the storage, then kill a server mid-push when there are several.
 */
async function scenario(name, serverArgs, work, repos, template, storage) {
  process.stderr.write(`${name}: ${repos} repositories through ${serverArgs.length} server(s)…\n`);
  const servers = [];
  try {
    for (const args of serverArgs) servers.push(await serve(args, work));
    const cpu = () => cpuSplit(servers.map((s) => s.child.pid), storage.pids ?? []);
    const push = await pushAll(servers, repos, template.batches, cpu);
    process.stderr.write(`${name}: ${push.rows} rows at ${push.rows_per_s} rows/s; settling…\n`);
    const settled = Date.now();
    storage.settle?.();
    const settle_s = round((Date.now() - settled) / 1000);
    process.stderr.write(`${name}: settled in ${settle_s} s; reading…\n`);
    const reads = await read(servers, repos, template.names, template.targets, cpu);
    const result = { push, settle_s, reads, storage: await storage.bytes(), edges_total: template.edges * repos };
    for (const readers of EXTRA_READERS) {
      result.reads_at_readers ??= {};
      result.reads_at_readers[readers] = await read(servers, repos, template.names, template.targets, cpu, readers);
    }
    if (servers.length > 1) result.kill_mid_push = await killMidPush(servers, template.batches, template.expected);
    return result;
  } finally {
    for (const server of servers) await server.stop();
  }
}

const source = corpusPath(corpus);
const work = mkdtempSync(join(tmpdir(), 'cairn-bench-org-'));
let postgres;
try {
  process.stderr.write(`indexing ${corpus}…\n`);
  const template = await pushTemplate({ source, work, cairnBin, maxFiles: MAX_FILES, openStore, planPush, batchesOf });
  const perRepo = { files: template.files, rows: template.rows, entities: template.entities, edges: template.edges };
  process.stderr.write(`per repository: ${JSON.stringify(perRepo)}\n`);

  const results = {
    corpus,
    per_repository: perRepo,
    machine: { cpus: cpus().length, node: process.version, loadavg_before: loadavg() },
    cairn_commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim(),
    measured_at: new Date().toISOString(),
  };
  // CAIRN_BENCH_REPOS=0 leaves the PostgreSQL scenario out (no cluster is started).
  if (REPOS > 0) {
    postgres = startBenchPostgres({ prefix: 'cairn-bench-org-pg-', settings: ['max_connections=64', 'fsync=on', 'shared_buffers=1GB', 'max_wal_size=4GB'] });
    const started = postgres;
    const pg = { url: started.database('graph'), sql: (query) => started.sql('graph', query) };
    results.postgres = await scenario('postgres', Array.from({ length: SERVERS }, () => ['--database', pg.url]), work, REPOS, template, {
      pids: [started.postmaster],
      settle: () => {
        pg.sql('VACUUM (ANALYZE)');
        pg.sql('CHECKPOINT');
      },
      bytes: async () => {
        const bytes = Number(pg.sql("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'cairn_%'"));
        const edges = Number(pg.sql('SELECT count(*) FROM cairn_edges'));
        return { bytes, edges, mb_per_million_edges: round(bytes / 1e6 / (edges / 1e6)) };
      },
    });
  }
  const lmdbDir = join(work, 'lmdb');
  // CAIRN_BENCH_LMDB_REPOS=0 leaves the LMDB scenario out.
  if (LMDB_REPOS > 0) {
    results.lmdb = await scenario('lmdb', [['--data', lmdbDir]], work, LMDB_REPOS, template, {
      bytes: async () => {
        const bytes = Number(sh('du', ['-sb', lmdbDir]).split('\t')[0]);
        const edges = template.edges * LMDB_REPOS;
        return { bytes, edges, mb_per_million_edges: round(bytes / 1e6 / (edges / 1e6)) };
      },
    });
  }
  results.machine.loadavg_after = loadavg();
  mkdirSync(join(repo, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repo, 'bench', 'results', `${process.env.CAIRN_BENCH_RECORD ?? 'graph-org'}.json`), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  readerAgent.destroy();
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
}
