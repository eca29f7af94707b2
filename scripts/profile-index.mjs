#!/usr/bin/env node
// Where `cairn init` spends its time: runs it under `node --cpu-prof` on a copy of
// each corpus (the main thread and every pool worker write a profile), sorts each
// sample into a phase by the innermost phase function on its stack, and writes the
// shares per thread. Shares are proportions of a thread's samples, so they stay
// meaningful on a loaded machine where absolute times are not. It runs the unbundled
// dist/cli/main.js rather than bin/cairn.js: phases are found by module and function
// names, which the bundle (scripts/bundle.mjs) merges and renames. Only module loading
// at start-up differs from what bin/cairn.js does.
//
//   npm run profile                      rust-tokio and ts-zod
//   npm run profile -- go-cobra          any corpus names from the corpora installer
//
// Writes bench/results/profile-<corpus>.json and regenerates bench/results/profile.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath } from './corpus-path.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(repo, 'bench', 'results');

/**
 * Phase markers, tried from the innermost frame outwards: the first frame that
 * matches names the phase. `file` is matched against the end of the frame's url.
 */
const STORE_AND_START_PHASES = [
  { phase: 'idle (waiting for workers or I/O)', name: '(idle)' },
  { phase: 'garbage collection', name: '(garbage collector)' },
  { phase: 'store: flush to disk', name: 'flushEnv' },
  { phase: 'store: resolution', name: 'resolve', file: 'store/writer.js' },
  { phase: 'store: insert facts', name: 'insertFile', file: 'store/writer.js' },
  { phase: 'store: module configs', name: 'replaceConfigs', file: 'store/writer.js' },
  { phase: 'store: commit', name: 'finishTxn' },
  { phase: 'store: open/close/swap', file: 'store/rebuild.js' },
  { phase: 'inventory', name: 'takeInventory' },
  { phase: 'pool messaging', file: 'piscina/dist/index.js' },
  { phase: 'pool messaging', file: 'piscina/dist/worker_pool/index.js' },
  { phase: 'start-up: module loading', file: 'node:internal/modules/esm/loader' },
  { phase: 'start-up: module loading', file: 'node:internal/modules/cjs/loader' },
  { phase: 'start-up: module loading', name: 'compileSourceTextModule' },
  { phase: 'start-up: module loading', file: 'node:internal/bootstrap/realm' },
];

/** Analysis of a file, in a worker or (small repositories) in the main thread. */
const ANALYSIS_PHASES = [
  { phase: 'grammar and query set-up', name: 'compileQuery', file: 'parsers/tree-sitter.js' },
  { phase: 'grammar and query set-up', name: 'loadLanguage', file: 'parsers/tree-sitter.js' },
  { phase: 'parse (tree-sitter)', name: 'parse', file: 'web-tree-sitter/tree-sitter.js' },
  { phase: 'query captures (tree-sitter)', name: 'matches', file: 'web-tree-sitter/tree-sitter.js' },
  { phase: 'query captures (tree-sitter)', name: 'captures', file: 'web-tree-sitter/tree-sitter.js' },
  { phase: 'fact extraction (engine, adapters)', name: 'extractFacts' },
  { phase: 'read and hash', name: 'readWorkspaceFile' },
];

const WORKER_PHASES = [
  { phase: 'wait for a task (idle)', name: 'atomicsWaitLoop' },
  { phase: 'wait for a task (idle)', name: '(idle)' },
  { phase: 'garbage collection', name: '(garbage collector)' },
  ...ANALYSIS_PHASES,
  { phase: 'start-up: module loading', file: 'node:internal/modules/esm/loader' },
  { phase: 'start-up: module loading', file: 'node:internal/modules/cjs/loader' },
  { phase: 'start-up: module loading', name: 'compileSourceTextModule' },
  { phase: 'start-up: module loading', file: 'node:internal/bootstrap/realm' },
  { phase: 'task messaging', file: 'piscina/dist/worker.js' },
];

const MAIN_PHASES = [...STORE_AND_START_PHASES.slice(0, 2), ...ANALYSIS_PHASES, ...STORE_AND_START_PHASES.slice(2)];

/** Libraries a phase's time can be spent in, found between the sample and its phase frame. */
const LIBRARIES = [
  { library: 'lmdb+msgpack', files: ['/lmdb/', '/msgpackr/', '/ordered-binary/'] },
  { library: 'tree-sitter', files: ['web-tree-sitter/', 'tree-sitter.wasm'] },
];

const matches = (rule, frame) =>
  (rule.name === undefined || frame.functionName === rule.name) && (rule.file === undefined || frame.url.endsWith(rule.file) || frame.url.includes(rule.file));

/** Sorts one profile's samples into phases; returns milliseconds per phase and per library within it. */
export function summariseProfile(profile, rules) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const phases = {};
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    let phase = 'other';
    let library = null;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at).callFrame;
      const rule = rules.find((r) => matches(r, frame));
      if (rule) {
        phase = rule.phase;
        break;
      }
      library ??= LIBRARIES.find((l) => l.files.some((f) => frame.url.includes(f)))?.library ?? null;
    }
    const entry = (phases[phase] ??= { ms: 0, libraries: {} });
    entry.ms += dt;
    if (library) entry.libraries[library] = (entry.libraries[library] ?? 0) + dt;
  });
  return { total_ms: total, phases };
}

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function shares(summary) {
  const rows = Object.entries(summary.phases)
    .map(([phase, { ms, libraries }]) => ({
      phase,
      ms: round(ms, 0),
      share: round((100 * ms) / summary.total_ms),
      libraries: Object.fromEntries(Object.entries(libraries).map(([l, v]) => [l, round((100 * v) / summary.total_ms)])),
    }))
    .sort((a, b) => b.ms - a.ms);
  return { total_ms: round(summary.total_ms, 0), phases: rows };
}

function profileCorpus(name) {
  const scratch = mkdtempSync(join(tmpdir(), `cairn-profile-${name}-`));
  try {
    const copy = join(scratch, 'workspace');
    cpSync(corpusPath(name), copy, { recursive: true, dereference: true });
    const profiles = join(scratch, 'profiles');
    const load = loadavg()[0];
    const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, '--cpu-prof', '--cpu-prof-dir', profiles, '--cpu-prof-interval', '500', join(repo, 'dist', 'cli', 'main.js'), 'init', '--json', '-C', copy], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    if (run.status !== 0) throw new Error(`cairn init failed on ${name}: ${run.stderr.slice(-500)}`);
    const [wall, user, sys] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    const report = JSON.parse(run.stdout).data;
    // Profile files are named CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main thread.
    const files = readdirSync(profiles).sort();
    const threads = files.map((f) => {
      const thread = Number(f.split('.').at(-3));
      const profile = JSON.parse(readFileSync(join(profiles, f), 'utf8'));
      return { thread: thread === 0 ? 'main' : `worker ${thread}`, ...shares(summariseProfile(profile, thread === 0 ? MAIN_PHASES : WORKER_PHASES)) };
    });
    return {
      corpus: name,
      files: report.files.inventoried,
      wall_seconds: wall,
      cpu_seconds: round(user + sys, 2),
      load_average_1m: round(load, 1),
      timings_ms: report.timings_ms,
      threads,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** One table per corpus: main-thread phases, then the workers' phases summed. */
function markdown(records) {
  const lines = [
    '# Where `cairn init` spends its time',
    '',
    'Generated by `npm run profile` (scripts/profile-index.mjs): `cairn init` under `node --cpu-prof` (0.5 ms sampling), each sample sorted into a phase by the innermost phase function on its stack. Shares are of one thread\'s samples (wall time of that thread, including waiting), so they hold on a loaded machine where seconds do not. "of which lmdb+msgpack" / "tree-sitter" is the part of the phase spent inside those libraries.',
    '',
  ];
  for (const r of records) {
    lines.push(`## ${r.corpus} (${r.files} files; ${r.wall_seconds} s wall, ${r.cpu_seconds} s CPU, load average ${r.load_average_1m} on ${r.cpus ?? 2} vCPUs; commit ${r.commit?.slice(0, 8) ?? '-'})`, '');
    const main = r.threads.find((t) => t.thread === 'main');
    const workers = r.threads.filter((t) => t.thread !== 'main');
    const table = (title, phases, total) => {
      lines.push(`| ${title} | ms | share | of which lmdb+msgpack | of which tree-sitter |`, '| --- | --- | --- | --- | --- |');
      for (const p of phases) lines.push(`| ${p.phase} | ${p.ms} | ${p.share}% | ${p.libraries['lmdb+msgpack'] ?? '-'}${p.libraries['lmdb+msgpack'] ? '%' : ''} | ${p.libraries['tree-sitter'] ?? '-'}${p.libraries['tree-sitter'] ? '%' : ''} |`);
      lines.push(`| total | ${total} | 100% | | |`, '');
    };
    if (main) table('main thread phase', main.phases, main.total_ms);
    if (workers.length) {
      const sum = {};
      let total = 0;
      for (const w of workers) {
        total += w.total_ms;
        for (const p of w.phases) {
          const s = (sum[p.phase] ??= { phase: p.phase, ms: 0, libraries: {} });
          s.ms += p.ms;
          for (const [l, v] of Object.entries(p.libraries)) s.libraries[l] = (s.libraries[l] ?? 0) + (v * w.total_ms) / 100;
        }
      }
      const rows = Object.values(sum)
        .map((p) => ({ ...p, share: round((100 * p.ms) / total), libraries: Object.fromEntries(Object.entries(p.libraries).map(([l, v]) => [l, round((100 * v) / total)])) }))
        .sort((a, b) => b.ms - a.ms);
      table(`${workers.length} worker(s), summed`, rows, round(total, 0));
    }
  }
  return `${lines.join('\n')}\n`;
}

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
mkdirSync(results, { recursive: true });
let commit = null;
try {
  commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
} catch {}
for (const name of names.length ? names : ['rust-tokio', 'ts-zod']) {
  const record = { ...profileCorpus(name), commit, cpus: (await import('node:os')).cpus().length, date: new Date().toISOString() };
  writeFileSync(join(results, `profile-${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  process.stderr.write(`${name}: ${record.wall_seconds} s wall, ${record.cpu_seconds} s CPU\n`);
}
const records = readdirSync(results)
  .filter((f) => f.startsWith('profile-') && f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')));
writeFileSync(join(results, 'profile.md'), markdown(records));
