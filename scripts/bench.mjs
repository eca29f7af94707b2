#!/usr/bin/env node
// Indexing benchmark: cairn beside universal-ctags (the floor: symbols only) and
// @optave/codegraph (a native tree-sitter + SQLite code graph) on the same copy of
// each corpus, in the same run, so the machine's noise hits all three alike.
//
//   npm run bench                      rust-tokio and ts-zod
//   npm run bench -- go-kubernetes     any corpus names from the corpora installer, or of
//                                      DEBIAN_CORPORA (ruby-rack, php-symfony-console)
//   npm run bench -- bash-bats lua-penlight zig-libxev   Bash, Lua and Zig (zig-libxev needs
//                                      CAIRN_CORPUS_LIBXEV, a checkout of GITHUB_CORPORA's commit)
//   CAIRN_CORPORA_DIR=<dir>            corpora the installer lacks, each in a folder named after it
//                                      (swift-argument-parser, scala-scopt, dart-args: the project at
//                                      the commit its golden set records)
//   CAIRN_BENCH_SKIP_PEERS=1           cairn only
//   npm run bench -- ts-trpc --compare REV   also REV's init, in the same rounds, and its
//                                      graph trust, on a copy of its own
//
// Graph trust per corpus: doctor's verdict and the unresolved rate it counts (call
// sites the code leaves unresolved, over all call sites), beside the calls outside
// the workspace (external, builtin) it no longer counts; with --compare, the same
// from REV's build, which indexes a copy of its own (before/after a resolver change).
//   CAIRN_BENCH_ROUNDS=5               init rounds (default 3): codegraph and cairn
//                                      alternate, each figure is the median
//   CAIRN_BENCH_CODEGRAPH_WASM=1       also codegraph's init with its WebAssembly
//                                      engine (`--engine wasm`, web-tree-sitter as cairn
//                                      uses) in the same rounds: how much of the gap
//                                      is the native parser and extractor
//
// Writes bench/results/index-<corpus>.json and regenerates bench/results/index.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRevision } from './build-revision.mjs';
import { corpusPath } from './corpus-path.mjs';
import { githubCorpus } from './github-corpus.mjs';
import { debianCorpus } from './accuracy/debian-corpus.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(repo, 'bench', 'results');
const toolsDir = join(process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? tmpdir(), '.cache'), 'cairn-bench-tools');
const cairnBin = join(repo, 'bin', 'cairn.js');

/** A symbol to ask `callers` about, and a search query, per corpus. */
const QUERIES = {
  'rust-regex': { callers: 'is_match', search: 'find' },
  'rust-tokio': { callers: 'spawn', search: 'spawn' },
  'ts-zod': { callers: 'safeParse', search: 'parse' },
  'ts-rxjs': { callers: 'subscribe', search: 'map' },
  'ts-trpc': { callers: 'getErrorShape', search: 'router' },
  'ts-effect': { callers: 'pipe', search: 'map' },
  'go-cobra': { callers: 'Execute', search: 'Command' },
  'go-kubernetes': { callers: 'HandleError', search: 'Handle' },
  'c-jq': { callers: 'jv_free', search: 'jv_' },
  'c-linux': { callers: 'kmalloc', search: 'kmalloc' },
  'cpp-fmt': { callers: 'format_to', search: 'format' },
  'py-requests': { callers: 'request', search: 'request' },
  'java-commons-lang3': { callers: 'isEmpty', search: 'isEmpty' },
  'java-guava': { callers: 'checkNotNull', search: 'checkNotNull' },
  'ruby-rack': { callers: 'get_header', search: 'Request' },
  'php-symfony-console': { callers: 'getName', search: 'Command' },
  'bash-bats': { callers: 'bats_binary_search', search: 'bats_' },
  'lua-penlight': { callers: 'assert_arg', search: 'split' },
  'zig-libxev': { callers: 'timer', search: 'Loop' },
  'cs-serilog': { callers: 'Dispatch', search: 'Sink' },
  'kt-kotlinpoet': { callers: 'emitAnnotations', search: 'Builder' },
  'scala-circe': { callers: 'decodeJson', search: 'Decoder' },
  // Corpora the installer has none of: folders of CAIRN_CORPORA_DIR, the project at the commit
  // its golden set records (test/accuracy/golden/<language>.json).
  'swift-argument-parser': { callers: 'parse', search: 'Parsable' },
  'scala-scopt': { callers: 'opt', search: 'parse' },
  'dart-args': { callers: 'addFlag', search: 'parse' },
};

/** Corpora taken from Debian packages that ship sources (scripts/accuracy/debian-corpus.mjs). */
const DEBIAN_CORPORA = {
  'ruby-rack': { package: 'ruby-rack', version: '2.2.22-0+deb12u2', root: 'usr/share/rubygems-integration/all/gems/rack-2.2.22' },
  'php-symfony-console': { package: 'php-symfony-console', version: '5.4.53+dfsg-0+deb12u1', root: 'usr/share/php/Symfony/Component/Console' },
  'bash-bats': { package: 'bats', version: '1.8.2-1', root: 'usr' },
  'lua-penlight': { package: 'lua-penlight', version: '1.13.1-3', root: 'usr/share/lua/5.1' },
};

/** Corpora at a pinned commit of a public repository (scripts/github-corpus.mjs). */
const GITHUB_CORPORA = {
  'zig-libxev': 'github:mitchellh/libxev@a82a04eabb46b0611c72d6d0e32db2d9dcf2e745',
  'cs-serilog': 'github:serilog/serilog@60935b4d7abad71cf6157b45a10f5c3c65ead527',
  'kt-kotlinpoet': 'github:square/kotlinpoet@be2de914ce6eb3694092ed4e0f28626cbce1ffe0',
  'scala-circe': 'github:circe/circe@1da94272096eedd88a6ea04be127618ef8cf943a',
};

function sh(cmd, args, options = {}) {
  return execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...options }).trim();
}


/** Runs a command under GNU time: wall seconds, CPU seconds (user + system, children included) and peak RSS (MB). */
function timed(cmd, args, options = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, ...options });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const tail = r.stderr.trim().split('\n').at(-1) ?? '';
  const [, kb, user, system] = tail.split(' ').map(Number);
  if (r.status !== 0) process.stderr.write(`  ${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}\n`);
  return { seconds: round(wall), cpu_seconds: round((user ?? 0) + (system ?? 0), 2), peak_rss_mb: round((kb ?? 0) / 1024), status: r.status, stdout: r.stdout };
}

/** The run with the median wall time, with the median CPU time beside it (rounds are few: the middle one). */
function median(runs) {
  const byWall = [...runs].sort((a, b) => a.seconds - b.seconds);
  const byCpu = [...runs].sort((a, b) => a.cpu_seconds - b.cpu_seconds);
  const mid = Math.floor((runs.length - 1) / 2);
  return { ...byWall[mid], cpu_seconds: byCpu[mid].cpu_seconds, rounds: runs.map((r) => ({ seconds: r.seconds, cpu_seconds: r.cpu_seconds })) };
}

const ROUNDS = Math.max(1, Number(process.env.CAIRN_BENCH_ROUNDS ?? 3));

const round = (n, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
const round1 = (n) => round(n, 1);

function dirBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
}

function sourceBytes(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === '.cairn' || entry.name === '.codegraph' || entry.name === '.git') continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) {
        files++;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

function ensureCtags() {
  if (spawnSync('ctags', ['--version']).status === 0) return true;
  spawnSync('apt-get', ['install', '-y', '-qq', 'universal-ctags'], { stdio: 'ignore' });
  return spawnSync('ctags', ['--version']).status === 0;
}

function ensureCodegraph() {
  const bin = join(toolsDir, 'node_modules', '.bin', 'codegraph');
  if (existsSync(bin)) return bin;
  mkdirSync(toolsDir, { recursive: true });
  if (!existsSync(join(toolsDir, 'package.json'))) writeFileSync(join(toolsDir, 'package.json'), '{"name":"cairn-bench-tools","private":true}\n');
  const install = spawnSync('npm', ['install', '--ignore-scripts', '@optave/codegraph'], { cwd: toolsDir, stdio: 'ignore' });
  if (install.status !== 0) return null;
  spawnSync('npm', ['rebuild', 'better-sqlite3', '--build-from-source'], { cwd: toolsDir, stdio: 'ignore' });
  return existsSync(bin) ? bin : null;
}

const SKIPPED_DIRS = new Set(['node_modules', 'vendor', 'target', 'dist', 'build', 'venv', '__pycache__', 'clones', 'third_party', 'bower_components']);

/** Appends a comment to one source file: the one-file edit for incremental runs. */
function touchOneFile(dir, extensions) {
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      // Only a file cairn indexes: no dot-directories, no library or build folders.
      if (entry.name.startsWith('.') || (entry.isDirectory() && SKIPPED_DIRS.has(entry.name))) continue;
      const p = join(d, entry.name);
      if (entry.isDirectory()) stack.push(p);
      else if (extensions.some((e) => entry.name.endsWith(e))) {
        appendFileSync(p, `\n${LINE_COMMENT[extensions[0]] ?? '//'} bench edit\n`);
        return p.slice(dir.length + 1);
      }
    }
  }
  return null;
}

const EXTENSIONS = { rust: ['.rs'], typescript: ['.ts'], go: ['.go'], c: ['.c'], cpp: ['.cc', '.cpp'], python: ['.py'], java: ['.java'], ruby: ['.rb'], php: ['.php'], csharp: ['.cs'], kotlin: ['.kt'], bash: ['.bash', '.sh'], lua: ['.lua'], zig: ['.zig'], swift: ['.swift'], scala: ['.scala'], dart: ['.dart'] };
const LINE_COMMENT = { '.py': '#', '.rb': '#', '.bash': '#', '.sh': '#', '.lua': '--' };

function cairn(args, dir, bin = cairnBin) {
  return timed(process.execPath, [bin, ...args, '-C', dir], { env: { ...process.env } });
}

/** Doctor's verdict and the unresolved rate it counts, from one build on one indexed copy. */
function trust(dir, bin = cairnBin) {
  const doctor = JSON.parse(cairn(['doctor', '--json'], dir, bin).stdout || '{}').data?.graph_quality ?? null;
  const stats = JSON.parse(cairn(['status', '--json'], dir, bin).stdout || '{}').data?.stats ?? null;
  if (!doctor || !stats) return null;
  const outside = doctor.outside_workspace?.total ?? 0;
  return {
    verdict: doctor.trust_verdict,
    call_sites: stats.call_sites,
    unresolved: doctor.unresolved.total,
    unresolved_by_reason: stats.unresolved_by_reason,
    outside_workspace: doctor.outside_workspace ?? null,
    unresolved_rate: stats.call_sites ? round(doctor.unresolved.total / stats.call_sites, 4) : null,
    low_quality_locations: doctor.totals.low_quality_locations,
    // What the counted rate was before calls outside the workspace had reasons of their own.
    unresolved_rate_with_outside: stats.call_sites ? round((doctor.unresolved.total + outside) / stats.call_sites, 4) : null,
  };
}

function benchCorpus(name) {
  const source = DEBIAN_CORPORA[name] ? debianCorpus(DEBIAN_CORPORA[name]) : GITHUB_CORPORA[name] ? githubCorpus(GITHUB_CORPORA[name]) : corpusPath(name);
  const language = name.split('-')[0] === 'ts' ? 'typescript' : { rust: 'rust', go: 'go', c: 'c', cpp: 'cpp', py: 'python', java: 'java', ruby: 'ruby', php: 'php', cs: 'csharp', kt: 'kotlin', bash: 'bash', lua: 'lua', zig: 'zig', swift: 'swift', scala: 'scala', dart: 'dart' }[name.split('-')[0]];
  const scratch = mkdtempSync(join(tmpdir(), `cairn-bench-${name}-`));
  try {
    const copy = join(scratch, 'cairn');
    cpSync(source, copy, { recursive: true, dereference: false });
    // The Debian Linux tree's .gitignore ends with `/*` and `!/debian/` (it ignores the
    // whole source); a copy for indexing drops those two lines and keeps the rest.
    const ignoreFile = join(copy, '.gitignore');
    if (existsSync(ignoreFile)) {
      const lines = readFileSync(ignoreFile, 'utf8').split('\n');
      if (lines.includes('/*')) writeFileSync(ignoreFile, lines.filter((l) => l !== '/*' && l !== '!/debian/').join('\n'));
    }
    const size = sourceBytes(copy);
    const record = {
      corpus: name,
      corpus_version: DEBIAN_CORPORA[name] ? `${DEBIAN_CORPORA[name].package} ${DEBIAN_CORPORA[name].version} (Debian)` : source.split('/').filter(Boolean).slice(-2).join('/'),
      files_on_disk: size.files,
      bytes_on_disk: size.bytes,
      tools: {},
    };
    process.stderr.write(`${name}: ${size.files} files, ${(size.bytes / 1e6).toFixed(1)} MB\n`);

    if (!process.env.CAIRN_BENCH_SKIP_PEERS && ensureCtags()) {
      const tags = join(scratch, 'tags');
      record.tools.ctags = { init: timed('ctags', ['-R', '-f', tags, copy]) };
      delete record.tools.ctags.init.stdout;
    }
    // Init rounds alternate codegraph and cairn, each from scratch, so a burst of load
    // on the machine hits both; then each tool's no-op and one-file sync, back to back.
    const codegraph = process.env.CAIRN_BENCH_SKIP_PEERS ? null : ensureCodegraph();
    const peerCopy = join(scratch, 'peer');
    if (codegraph) cpSync(copy, peerCopy, { recursive: true });
    const peerEnv = { ...process.env, HOME: scratch };
    const peerRun = (...extra) => timed(codegraph, ['build', '.', ...extra], { cwd: peerCopy, env: peerEnv });
    const peerInits = [];
    const peerWasmInits = [];
    const peerWasm = codegraph && process.env.CAIRN_BENCH_CODEGRAPH_WASM === '1';
    const inits = [];
    // With --compare, REV's build indexes a copy of its own in the same rounds: the
    // before/after of a change, measured at the same moments of the machine.
    const before = join(scratch, 'before');
    const beforeInits = [];
    if (compareBuild) cpSync(copy, before, { recursive: true, dereference: false });
    record.load_average_1m = [];
    for (let round = 0; round < ROUNDS; round++) {
      record.load_average_1m.push(round1(loadavg()[0]));
      if (codegraph) {
        rmSync(join(peerCopy, '.codegraph'), { recursive: true, force: true });
        peerInits.push(peerRun());
        if (peerWasm) {
          rmSync(join(peerCopy, '.codegraph'), { recursive: true, force: true });
          peerWasmInits.push(peerRun('--engine', 'wasm'));
        }
      }
      if (compareBuild) {
        rmSync(join(before, '.cairn'), { recursive: true, force: true });
        beforeInits.push(cairn(['init', '--json'], before, compareBuild.bin));
      }
      rmSync(join(copy, '.cairn'), { recursive: true, force: true });
      inits.push(cairn(['init', '--json'], copy));
    }
    if (codegraph) {
      const init = median(peerInits);
      const wasmInit = peerWasm ? median(peerWasmInits) : null;
      // The last build leaves the native engine's graph for the syncs.
      if (peerWasm) {
        rmSync(join(peerCopy, '.codegraph'), { recursive: true, force: true });
        peerRun();
      }
      const noop = peerRun();
      touchOneFile(peerCopy, EXTENSIONS[language] ?? ['.rs']);
      const edit = peerRun();
      record.tools['@optave/codegraph'] = Object.fromEntries(
        Object.entries({ init, ...(wasmInit ? { init_wasm_engine: wasmInit } : {}), noop_sync: noop, one_file_sync: edit }).map(([k, v]) => [
          k,
          { seconds: v.seconds, cpu_seconds: v.cpu_seconds, peak_rss_mb: v.peak_rss_mb, status: v.status, ...(v.rounds ? { rounds: v.rounds } : {}) },
        ]),
      );
      rmSync(peerCopy, { recursive: true, force: true });
    }

    const init = median(inits);
    const report = JSON.parse(init.stdout || '{}').data ?? {};
    const noop = cairn(['sync', '--json'], copy);
    const edited = touchOneFile(copy, EXTENSIONS[language] ?? ['.rs']);
    const edit = cairn(['sync', '--json'], copy);
    const status = cairn(['status', '--json'], copy);
    const stats = JSON.parse(status.stdout || '{}').data?.stats ?? null;
    const q = QUERIES[name] ?? { callers: 'main', search: 'main' };
    const search = cairn(['search', q.search, '--json'], copy);
    const found = JSON.parse(search.stdout || '{}').data?.symbols ?? [];
    // The callers target: the first exact-name match (search ranks them first).
    const picked = JSON.parse(cairn(['search', q.callers, '--json'], copy).stdout || '{}').data?.symbols ?? [];
    const target = picked.find((s) => s.name === q.callers)?.id ?? q.callers;
    const callersRuns = [0, 1, 2].map(() => cairn(['callers', target, '--json'], copy));
    // Bare process start at the same moment: on a loaded machine it is most of a query's time.
    const nodeStart = [0, 1, 2].map(() => timed(process.execPath, ['-e', '0'])).sort((a, b) => a.seconds - b.seconds)[1];
    const callers = callersRuns.sort((a, b) => a.seconds - b.seconds)[1];
    const callerCount = JSON.parse(callers.stdout || '{}').data?.total ?? null;
    const unresolved = stats ? Object.values(stats.unresolved_by_reason).reduce((a, b) => a + b, 0) : null;
    record.tools.cairn = {
      init: { seconds: init.seconds, cpu_seconds: init.cpu_seconds, peak_rss_mb: init.peak_rss_mb, status: init.status, rounds: init.rounds, phases_ms: report.timings_ms ?? null },
      noop_sync: { seconds: noop.seconds, cpu_seconds: noop.cpu_seconds, peak_rss_mb: noop.peak_rss_mb, status: noop.status },
      one_file_sync: { seconds: edit.seconds, cpu_seconds: edit.cpu_seconds, peak_rss_mb: edit.peak_rss_mb, status: edit.status, file: edited },
      callers: { seconds: callers.seconds, peak_rss_mb: callers.peak_rss_mb, symbol: target, callers: callerCount, node_start_seconds: nodeStart.seconds },
      search: { seconds: search.seconds, query: q.search, results: found.length },
      index_bytes: existsSync(join(copy, '.cairn')) ? dirBytes(join(copy, '.cairn')) : 0,
      files_indexed: report.files?.inventoried ?? null,
      files_per_second: report.files ? round(report.files.inventoried / init.seconds, 1) : null,
      mb_per_second: round(size.bytes / 1e6 / init.seconds, 2),
      statuses: report.statuses ?? null,
      stats,
      unresolved_share: stats && stats.call_sites ? round(unresolved / stats.call_sites, 4) : null,
    };
    record.tools.cairn.trust = trust(copy);
    if (compareBuild) {
      const beforeInit = median(beforeInits);
      record.tools.cairn.init_before = {
        revision: compareRev,
        seconds: beforeInit.seconds,
        cpu_seconds: beforeInit.cpu_seconds,
        peak_rss_mb: beforeInit.peak_rss_mb,
        rounds: beforeInit.rounds,
        phases_ms: JSON.parse(beforeInit.stdout || '{}').data?.timings_ms ?? null,
      };
      record.tools.cairn.trust_before = { revision: compareRev, ...trust(before, compareBuild.bin) };
    }
    const peerTool = record.tools['@optave/codegraph'];
    const peer = peerTool?.init?.seconds;
    const floor = record.tools.ctags?.init?.seconds;
    const ratio = (a, b) => (a != null && b ? round(a / b, 2) : null);
    record.ratios = {
      init_vs_codegraph: peer ? round(init.seconds / peer, 2) : null,
      init_cpu_vs_codegraph: ratio(init.cpu_seconds, peerTool?.init?.cpu_seconds),
      ...(peerTool?.init_wasm_engine
        ? {
            init_vs_codegraph_wasm: ratio(init.seconds, peerTool.init_wasm_engine.seconds),
            init_cpu_vs_codegraph_wasm: ratio(init.cpu_seconds, peerTool.init_wasm_engine.cpu_seconds),
          }
        : {}),
      noop_sync_vs_codegraph: ratio(noop.seconds, peerTool?.noop_sync?.seconds),
      one_file_sync_vs_codegraph: ratio(edit.seconds, peerTool?.one_file_sync?.seconds),
      init_vs_ctags: floor ? round(init.seconds / floor, 2) : null,
      noop_sync_vs_init: round(noop.seconds / init.seconds, 3),
      init_vs_before: ratio(init.seconds, record.tools.cairn.init_before?.seconds),
      init_cpu_vs_before: ratio(init.cpu_seconds, record.tools.cairn.init_before?.cpu_seconds),
    };
    return record;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function machine() {
  let commit = null;
  let dirty = false;
  try {
    commit = sh('git', ['rev-parse', 'HEAD'], { cwd: repo });
    // The results this script writes do not make the measured code dirty (a second corpus
    // of one run would otherwise see the first one's record).
    dirty = sh('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results'], { cwd: repo, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }) !== '';
  } catch {}
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: cpus().length,
    memory_gb: round(totalmem() / 2 ** 30, 1),
    free_gb: round(freemem() / 2 ** 30, 1),
    node: process.version,
    cairn_version: JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).version,
    commit,
    dirty,
    date: new Date().toISOString(),
  };
}

function table() {
  const rows = readdirSync(results)
    .filter((f) => f.startsWith('index-') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')));
  const s = (v) => (v == null ? '-' : String(v));
  const lines = [
    '# Indexing benchmark',
    '',
    'Generated by `npm run bench`. Seconds are wall time on the machine recorded in each JSON file; ratios compare tools run in the same process tree on the same copy.',
    '',
    '| corpus | files | cairn init s | cairn CPU s | peak MB | codegraph init s | codegraph CPU s | codegraph peak MB | ctags s | init / codegraph (wall) | (CPU) | no-op sync s | one-file sync s | callers s (node start s) | unresolved share | graph trust (unresolved rate counted) | before (revision) | load avg | commit |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const c = r.tools.cairn;
    lines.push(
      `| ${r.corpus} | ${s(c.files_indexed)} | ${s(c.init.seconds)} | ${s(c.init.cpu_seconds)} | ${s(c.init.peak_rss_mb)} | ${s(r.tools['@optave/codegraph']?.init.seconds)} | ${s(r.tools['@optave/codegraph']?.init.cpu_seconds)} | ${s(r.tools['@optave/codegraph']?.init.peak_rss_mb)} | ${s(r.tools.ctags?.init.seconds)} | ${s(r.ratios.init_vs_codegraph)} | ${s(r.ratios.init_cpu_vs_codegraph)} | ${s(c.noop_sync.seconds)} | ${s(c.one_file_sync.seconds)} | ${s(c.callers.seconds)} (${s(c.callers.node_start_seconds)}) | ${s(c.unresolved_share)} | ${c.trust ? `${c.trust.verdict} (${c.trust.unresolved_rate}; outside the workspace ${c.trust.outside_workspace?.total ?? 0})` : '-'} | ${c.trust_before ? `${c.trust_before.verdict} (${c.trust_before.unresolved_rate}; ${c.trust_before.revision.slice(0, 8)})` : '-'} | ${s(r.load_average_1m?.join(', '))} | ${s(r.machine.commit?.slice(0, 8))} |`,
    );
  }
  writeFileSync(join(results, 'index.md'), `${lines.join('\n')}\n`);
}

const argv = process.argv.slice(2);
const compareAt = argv.indexOf('--compare');
const compareRev = compareAt >= 0 ? argv[compareAt + 1] : undefined;
if (compareAt >= 0 && !compareRev) throw new Error('--compare needs a revision');
const names = argv.filter((a, i) => !a.startsWith('-') && (compareAt < 0 || i !== compareAt + 1));
const compareBuild = compareRev ? buildRevision(repo, compareRev) : null;
process.on('exit', () => compareBuild?.cleanup());
mkdirSync(results, { recursive: true });
for (const name of names.length ? names : ['rust-tokio', 'ts-zod']) {
  const record = { machine: machine(), ...benchCorpus(name) };
  writeFileSync(join(results, `index-${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  const c = record.tools.cairn;
  const p = record.tools['@optave/codegraph'];
  const r = record.ratios;
  process.stderr.write(
    `${name}: cairn init ${c.init.seconds}s (${c.init.cpu_seconds}s CPU), codegraph ${p?.init.seconds ?? '-'}s (${p?.init.cpu_seconds ?? '-'}s CPU), ctags ${record.tools.ctags?.init.seconds ?? '-'}s\n` +
      `${name}: cairn / codegraph: init ${r.init_vs_codegraph ?? '-'} wall, ${r.init_cpu_vs_codegraph ?? '-'} CPU; no-op sync ${r.noop_sync_vs_codegraph ?? '-'}; one-file sync ${r.one_file_sync_vs_codegraph ?? '-'}` +
      ` (cairn no-op ${c.noop_sync.seconds}s, one-file ${c.one_file_sync.seconds}s)\n` +
      (p?.init_wasm_engine
        ? `${name}: codegraph with its WebAssembly engine: init ${p.init_wasm_engine.seconds}s (${p.init_wasm_engine.cpu_seconds}s CPU); cairn / that: ${r.init_vs_codegraph_wasm} wall, ${r.init_cpu_vs_codegraph_wasm} CPU\n`
        : '') +
      (c.init_before
        ? `${name}: against ${c.init_before.revision}: init ${c.init_before.seconds}s (${c.init_before.cpu_seconds}s CPU, ${c.init_before.peak_rss_mb} MB) before, ratio ${r.init_vs_before} wall, ${r.init_cpu_vs_before} CPU\n`
        : ''),
  );
}
table();
