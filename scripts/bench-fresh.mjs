#!/usr/bin/env node
// Freshness figures (`npm run bench:fresh`), against the built dist/:
//  1. save → answer: with `cairn lsp --watch` running on a copy of each corpus (rust-tokio,
//     ts-zod), a new function is appended to a source file and the clock runs until a
//     workspace/symbol request finds it (polled every 10 ms); p50/p95 over --edits edits.
//  2. the watcher on go-kubernetes: `cairn watch` from spawn to its "watching" line, to
//     the end of the sync of the whole tree it starts with, and its resident memory then.
//  3. language-server latency on go-kubernetes: each method timed by the client over
//     --requests positions sampled from the index (call sites for definition and hover,
//     functions for references, call hierarchy and code lens); p50/p99 per method.
// Wall time on a shared machine follows its load, so each figure also has one that does
// not: the CPU time the server process spent (per edit, per request; from /proc), and,
// with --baseline (another build's bin/cairn.js), the same measurements of that build in
// the same run, one after the other, with the ratio of the two. The load average is
// recorded at the start and the end.
// Corpora are copied to temp dirs and indexed there; nothing is written elsewhere.
//
//   node scripts/bench-fresh.mjs [--edits 50] [--requests 200] [--corpora rust-tokio,ts-zod] [--lsp-corpus go-kubernetes] [--lsp-workspace DIR] [--baseline OTHER/bin/cairn.js] [--out bench/results/fresh.json]
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node.js';
import { corpusPath } from './corpus-path.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CAIRN = join(repo, 'bin', 'cairn.js');
const args = process.argv.slice(2);
const edits = Number(takeOption(args, '--edits', '50'));
const requests = Number(takeOption(args, '--requests', '200'));
const corpora = takeOption(args, '--corpora', 'rust-tokio,ts-zod').split(',').filter(Boolean);
const lspCorpus = takeOption(args, '--lsp-corpus', 'go-kubernetes');
const lspWorkspace = takeOption(args, '--lsp-workspace', undefined);
const out = takeOption(args, '--out', join(repo, 'bench', 'results', 'fresh.json'));
const baseline = takeOption(args, '--baseline', undefined);
/** The builds measured: this one, and the baseline's when given (measured first). */
const builds = [...(baseline ? [{ name: 'baseline', cli: resolve(baseline) }] : []), { name: 'current', cli: CAIRN }];

/** CPU milliseconds a process has spent so far (user and system, its threads included). */
const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
const load = () => loadavg().map((n) => +n.toFixed(1));

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)].toFixed(1) : null;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const say = (line) => process.stderr.write(`${line}\n`);

function copyCorpus(name) {
  const dir = mkdtempSync(join(tmpdir(), `cairn-fresh-${name}-`));
  cpSync(corpusPath(name), dir, { recursive: true });
  return dir;
}

function init(dir) {
  const started = performance.now();
  execFileSync(process.execPath, [CAIRN, 'init', '-C', dir, '--json'], { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 28 });
  return Math.round(performance.now() - started);
}

async function startLsp(dir, extra = [], cli = CAIRN) {
  const child = spawn(process.execPath, [cli, 'lsp', ...extra], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, CAIRN_REVIEW_SERVER: 'off' } });
  child.stderr.resume();
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  const root = pathToFileURL(dir).href;
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: root, workspaceFolders: [{ uri: root, name: 'bench' }], capabilities: {} });
  await connection.sendNotification('initialized', {});
  return {
    connection,
    cpuMs: () => cpuMs(child.pid),
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
  };
}

/** Source files of a language in a corpus, from the index (the first few, in path order). */
async function sourceFiles(dir, language, count) {
  const { openStore } = await import(pathToFileURL(join(repo, 'dist', 'store', 'index.js')).href);
  const store = openStore(dir, { readOnly: true });
  const files = [];
  for (const f of store.files()) if (f.language === language && f.status === 'ok' && !/test/i.test(f.path)) files.push(f.path);
  await store.close();
  return files.slice(0, count);
}

async function saveToAnswer(name, cli) {
  const dir = copyCorpus(name);
  try {
    const initMs = init(dir);
    const rust = name.startsWith('rust');
    const files = await sourceFiles(dir, rust ? 'rust' : 'typescript', 10);
    const lsp = await startLsp(dir, ['--watch'], cli);
    await sleep(3000); // the watcher's subscription, and its sync of the whole tree on start, are done well before this
    const cpuBefore = lsp.cpuMs();
    const times = [];
    let lost = 0;
    let lostInARow = 0;
    let attempted = 0;
    for (let i = 0; i < edits; i++) {
      attempted += 1;
      const fn = `cairnFresh${i}x${Date.now() % 100000}`;
      const file = join(dir, files[i % files.length]);
      const started = performance.now();
      appendFileSync(file, rust ? `\npub fn ${fn}() {}\n` : `\nexport function ${fn}(): number {\n  return ${i};\n}\n`);
      let reached = false;
      while (!reached && performance.now() - started < 30_000) {
        const found = await lsp.connection.sendRequest('workspace/symbol', { query: fn });
        reached = found.some((s) => s.name === fn);
        if (!reached) await sleep(10);
      }
      // An edit that never reached the index within 30 s is counted, not timed; three in a row end the run.
      if (!reached) {
        lost += 1;
        say(`${name}: edit ${i} did not reach the index within 30 s`);
        if (++lostInARow >= 3) break;
        continue;
      }
      lostInARow = 0;
      times.push(performance.now() - started);
      await sleep(100);
    }
    // The server's CPU per edit: the watcher's sync and the polls that waited for it.
    const cpuPerEdit = +((lsp.cpuMs() - cpuBefore) / attempted).toFixed(1);
    await lsp.close();
    const result = { corpus: name, init_ms: initMs, edits: attempted, lost, p50_ms: quantile(times, 0.5), p95_ms: quantile(times, 0.95), max_ms: quantile(times, 1), server_cpu_ms_per_edit: cpuPerEdit };
    say(JSON.stringify(result));
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function watcherOn(dir, cli) {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'watch'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (c) => (log += String(c)));
  const until = async (pattern, what) => {
    while (!pattern.test(log)) {
      if (performance.now() - started > 300_000) throw new Error(`cairn watch: no ${what}: ${log}`);
      await sleep(5);
    }
    return Math.round(performance.now() - started);
  };
  const rssMb = () => +(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024).toFixed(1);
  const startMs = await until(/watching/, 'start');
  await sleep(500);
  const rssWatching = rssMb();
  // The watcher then syncs the whole tree once (changes made while nothing watched).
  const startSyncMs = await until(/synced the whole tree|sync failed/, 'start sync');
  const rssSynced = rssMb();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const code = await exited;
  const result = { start_ms: startMs, rss_mb: rssWatching, start_sync_done_ms: startSyncMs, rss_after_start_sync_mb: rssSynced, clean_exit: code === 0 };
  say(JSON.stringify({ watcher: result }));
  return result;
}

async function lspLatency(dir, cli) {
  const { openStore } = await import(pathToFileURL(join(repo, 'dist', 'store', 'index.js')).href);
  const store = openStore(dir, { readOnly: true });
  const all = [...store.files()].filter((f) => f.status === 'ok').map((f) => f.path);
  const sites = [];
  const functions = [];
  for (let i = 0; i < all.length && (sites.length < requests || functions.length < requests); i += Math.max(1, Math.floor(all.length / requests))) {
    const path = all[i];
    const edge = store.edgesOfFile(path).find((e) => e.relationship === 'calls');
    if (edge) sites.push({ path, line: edge.line - 1, character: edge.column + 1 });
    const fn = store.symbolsInFile(path).find((s) => s.kind === 'function' || s.kind === 'method');
    if (fn) functions.push({ path, line: fn.start_line - 1, character: fn.start_column, name: fn.name });
  }
  await store.close();
  const lsp = await startLsp(dir, [], cli);
  const uri = (path) => pathToFileURL(join(dir, path)).href;
  const timings = {};
  const cpu = {};
  const time = async (method, params) => {
    const started = performance.now();
    const cpuStarted = lsp.cpuMs();
    const result = await lsp.connection.sendRequest(method, params);
    (timings[method] ??= []).push(performance.now() - started);
    // Clock ticks of 10 ms: one request's figure is coarse, their mean is not.
    cpu[method] = (cpu[method] ?? 0) + lsp.cpuMs() - cpuStarted;
    return result;
  };
  for (const s of sites.slice(0, requests)) {
    const at = { textDocument: { uri: uri(s.path) }, position: { line: s.line, character: s.character } };
    await time('textDocument/definition', at);
    await time('textDocument/hover', at);
  }
  for (const f of functions.slice(0, requests)) {
    const at = { textDocument: { uri: uri(f.path) }, position: { line: f.line, character: f.character } };
    await time('textDocument/references', { ...at, context: { includeDeclaration: false } });
    const items = await time('textDocument/prepareCallHierarchy', at);
    if (items?.[0]) {
      await time('callHierarchy/incomingCalls', { item: items[0] });
      await time('callHierarchy/outgoingCalls', { item: items[0] });
    }
    await time('workspace/symbol', { query: f.name });
    const lenses = await time('textDocument/codeLens', { textDocument: { uri: uri(f.path) } });
    if (lenses?.[0]) await time('codeLens/resolve', lenses[0]);
  }
  await lsp.close();
  const result = Object.fromEntries(
    Object.entries(timings).map(([m, xs]) => [m, { requests: xs.length, p50_ms: quantile(xs, 0.5), p99_ms: quantile(xs, 0.99), server_cpu_ms_mean: +(cpu[m] / xs.length).toFixed(2) }]),
  );
  say(JSON.stringify({ lsp: result }));
  return result;
}

const record = {
  benchmark: 'fresh',
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: process.platform },
  load_average: { start: load(), end: null },
  commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim(),
  cairn_version: JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version,
  size: { edits, requests },
  baseline: baseline ? { cli: baseline, commit: gitCommitOf(baseline) } : null,
  save_to_answer: [],
  watcher: null,
  lsp: null,
};

function gitCommitOf(cli) {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dirname(dirname(resolve(cli))), encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Current over baseline for each numeric field both have. */
function ratios(current, base) {
  const out = {};
  for (const [key, value] of Object.entries(current)) {
    if (typeof value === 'number' && typeof base?.[key] === 'number' && base[key] > 0) out[key] = +(value / base[key]).toFixed(2);
  }
  return out;
}

for (const name of corpora) {
  const byBuild = {};
  for (const build of builds) byBuild[build.name] = await saveToAnswer(name, build.cli);
  record.save_to_answer.push(baseline ? { ...byBuild.current, baseline: byBuild.baseline, ratio_to_baseline: ratios(byBuild.current, byBuild.baseline) } : byBuild.current);
}
if (lspCorpus) {
  const dir = lspWorkspace ?? copyCorpus(lspCorpus);
  try {
    if (!lspWorkspace) record.lsp_init_ms = init(dir);
    const methods = {};
    for (const build of builds) methods[build.name] = await lspLatency(dir, build.cli);
    record.lsp = { corpus: lspCorpus, methods: methods.current };
    if (baseline) {
      record.lsp.baseline = methods.baseline;
      record.lsp.ratio_to_baseline = Object.fromEntries(Object.entries(methods.current).map(([m, v]) => [m, ratios(v, methods.baseline[m])]));
    }
    // Last: its sync of the whole tree on start writes the index (the same files, so the same graph).
    record.watcher = { corpus: lspCorpus, ...(await watcherOn(dir, CAIRN)) };
  } finally {
    if (!lspWorkspace) rmSync(dir, { recursive: true, force: true });
  }
}
record.load_average.end = load();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
say(`wrote ${out}`);
