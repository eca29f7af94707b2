// Which file watcher `cairn watch` uses: @parcel/watcher against chokidar on a copy of a
// corpus (go-kubernetes by default). Each library runs in its own child process, one at
// a time, in rounds that alternate which goes first: the time until it is ready to
// report changes, the process's resident memory then (and what watching added to it),
// and the events lost in a burst (new files in many directories and appends to existing
// ones, written as fast as the disk takes them; a path counts as seen when any event
// names it before the stream is quiet for 3 s). Records machine, commit, corpus, versions.
//
//   node scripts/bench-watchers.mjs [--corpus go-kubernetes] [--rounds 2] [--burst 3000] [--out bench/results/watchers-go-kubernetes.json]
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusPath } from './corpus-path.mjs';
import { takeOption } from './take-option.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

if (args[0] === '--child') {
  await child(args[1], args[2], Number(args[3]));
} else {
  const corpus = takeOption(args, '--corpus', 'go-kubernetes');
  const rounds = Number(takeOption(args, '--rounds', '2'));
  const burst = Number(takeOption(args, '--burst', '3000'));
  const out = takeOption(args, '--out', join(repo, 'bench', 'results', `watchers-${corpus}.json`));
  const source = corpusPath(corpus);
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['parcel', 'chokidar'] : ['chokidar', 'parcel'];
    for (const backend of order) {
      // A fresh copy each run: a burst leaves files behind, and no run sees another's.
      const dir = mkdtempSync(join(tmpdir(), 'cairn-watch-bench-'));
      cpSync(source, dir, { recursive: true });
      try {
        const r = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', backend, dir, String(burst)], { encoding: 'utf8', maxBuffer: 1 << 26 });
        if (r.status !== 0) throw new Error(`${backend}: ${r.stderr}`);
        const result = JSON.parse(r.stdout.trim().split('\n').at(-1));
        runs.push({ round, ...result });
        process.stderr.write(`${JSON.stringify({ round, ...result })}\n`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const summary = Object.fromEntries(
    ['parcel', 'chokidar'].map((b) => {
      const mine = runs.filter((r) => r.backend === b);
      return [b, { start_ms: median(mine.map((r) => r.start_ms)), rss_mb: median(mine.map((r) => r.rss_mb)), watch_rss_mb: median(mine.map((r) => r.watch_rss_mb)), lost: mine.map((r) => r.lost) }];
    }),
  );
  const version = (name) => JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
  const record = {
    benchmark: 'watchers',
    corpus,
    files: runs[0]?.files,
    directories: runs[0]?.directories,
    burst_paths: runs[0]?.expected,
    rounds,
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version, platform: process.platform },
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim(),
    versions: { '@parcel/watcher': version('@parcel/watcher'), chokidar: version('chokidar') },
    summary,
    runs,
  };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

/** One library in this process: start, measure, burst, count. */
async function child(backend, dir, burst) {
  const dirs = [];
  let files = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      if (e.isDirectory()) {
        dirs.push(join(d, e.name));
        walk(join(d, e.name));
      } else files++;
    }
  };
  walk(dir);
  const seen = new Set();
  const note = (path) => seen.add(relative(dir, path));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let stop;
  if (backend === 'parcel') {
    const { default: watcher } = await import('@parcel/watcher');
    const sub = await watcher.subscribe(dir, (error, events) => {
      if (!error) for (const e of events) note(e.path);
    }, { ignore: ['.git'] });
    stop = () => sub.unsubscribe();
  } else {
    const { watch } = await import('chokidar');
    const w = watch(dir, { ignoreInitial: true, ignored: (path) => path.split('/').includes('.git') });
    w.on('all', (_event, path) => note(path));
    await new Promise((r) => w.once('ready', r));
    stop = () => w.close();
  }
  const startMs = performance.now() - started;
  global.gc?.();
  const rss = process.memoryUsage().rss;

  // The burst: half new files spread over the directories, half appends to existing files.
  const expected = new Set();
  const targets = [];
  const existing = [];
  for (const d of dirs) {
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isFile() && e.name.endsWith('.go')) existing.push(join(d, e.name));
  }
  for (let i = 0; i < burst / 2; i++) targets.push(join(dirs[(i * 7919) % dirs.length], `cairn_watch_bench_${i}.go`));
  for (let i = 0; i < burst / 2 && i < existing.length; i++) targets.push(existing[(i * 104729) % existing.length]);
  for (const path of targets) {
    if (path.includes('cairn_watch_bench_')) writeFileSync(path, 'package bench\n');
    else appendFileSync(path, '\n// touched\n');
    expected.add(relative(dir, path));
  }
  // Quiet for 3 s (or 60 s in all): the stream has delivered what it will.
  let last = seen.size;
  let quietSince = performance.now();
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && performance.now() - quietSince < 3000) {
    await new Promise((r) => setTimeout(r, 100));
    if (seen.size !== last) {
      last = seen.size;
      quietSince = performance.now();
    }
  }
  const lost = [...expected].filter((p) => !seen.has(p)).length;
  await stop();
  process.stdout.write(
    `${JSON.stringify({ backend, files, directories: dirs.length, start_ms: Math.round(startMs), rss_mb: +(rss / 2 ** 20).toFixed(1), watch_rss_mb: +((rss - rssBefore) / 2 ** 20).toFixed(1), expected: expected.size, lost })}\n`,
  );
}
