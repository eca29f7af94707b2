#!/usr/bin/env node
// Review-command benchmark: doctor, tests-for, impact and diff on real corpora.
// Each corpus is copied into a temp dir, made a git repository (one commit),
// indexed with `cairn init`; then a ten-file change is committed on top, synced,
// and the four commands are timed end to end (process start included). tests-for
// runs five times: the medians of its end-to-end time and of the query time it
// reports itself (`data.timings_ms.query`: open the index, find the symbol, answer)
// are recorded beside the median bare node start.
//
//   node scripts/bench-review-commands.mjs                  go-kubernetes and c-linux
//   node scripts/bench-review-commands.mjs java-guava       any corpus names
//   node scripts/bench-review-commands.mjs --table          only rewrite the table from the records
//
// `callers` of the target runs seven times on the fresh index, and seven more after
// its file is touched (same bytes, new mtime: the stale-source check then hashes it).
// With `--compare REV`, REV is built and indexes a second copy, and its `callers` runs
// interleave with this build's, so the two medians come from the same moments.
//
// Writes bench/results/review-commands-<corpus>.json and regenerates bench/results/review-commands.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRevision } from './build-revision.mjs';
import { corpusPath } from './corpus-path.mjs';
import { median } from './median.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(repo, 'bench', 'results');
const cairnBin = join(repo, 'bin', 'cairn.js');

/** Per corpus: a common name (expected to be refused as ambiguous), a qualified one, and the language's extension. */
const QUERIES = {
  'go-kubernetes': { common: 'Get', qualified: 'HandleError', ext: '.go' },
  'c-linux': { common: 'init', qualified: 'kmalloc', ext: '.c' },
  'java-guava': { common: 'get', qualified: 'checkNotNull', ext: '.java' },
  'rust-tokio': { common: 'new', qualified: 'spawn', ext: '.rs' },
  'ts-zod': { common: 'parse', qualified: 'safeParse', ext: '.ts' },
};

const sh = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...options }).trim();

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.invalid' };
const git = (cwd, ...args) => sh('git', args, { cwd, env: gitEnv });

/** Runs cairn with --json: wall ms, parsed envelope, stdout bytes. */
function cairn(cwd, args, bin = cairnBin) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, ...args, '--json'], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  let body = null;
  try {
    body = JSON.parse(r.stdout);
  } catch {
    body = null;
  }
  return { ms: Math.round(ms), code: r.status, bytes: Buffer.byteLength(r.stdout), body, stderr: r.stderr.slice(0, 400) };
}

function summary(run) {
  const b = run.body;
  return { ms: run.ms, exit: run.code, ok: b?.ok ?? null, truncated: b?.truncated ?? null, next_action: b?.next_action ?? null, json_bytes: run.bytes, warnings: b?.warnings?.map((w) => w.code) ?? [] };
}

/** One new top-level definition per language, legal at the end of a source file. */
function addedDefinition(ext, n) {
  if (ext === '.go') return `\nfunc cairnBenchAdded${n}() int { return len("x") }\n`;
  if (ext === '.c') return `\nint cairn_bench_added_${n}(void) { return 0; }\n`;
  // Java has no free functions: a package-private class beside the file's public one.
  if (ext === '.java') return `\nfinal class CairnBenchAdded${n} {\n  static int added() {\n    return ${n};\n  }\n}\n`;
  if (ext === '.rs') return `\nfn cairn_bench_added_${n}() -> usize { 1 }\n`;
  return `\nfunction cairnBenchAdded${n}() { return 1; }\n`;
}

/** Ten indexed source files, spread over the tree, each given one new definition. */
function tenFileChange(root, ext) {
  // Java's package-info.java and module-info.java hold no classes.
  const files = sh('git', ['ls-files', `*${ext}`], { cwd: root })
    .split('\n')
    .filter((p) => p && !p.includes('test') && !/(^|\/)(package|module)-info\.java$/.test(p));
  const step = Math.max(1, Math.floor(files.length / 10));
  const chosen = [];
  for (let i = 0; i < files.length && chosen.length < 10; i += step) chosen.push(files[i]);
  for (const [n, path] of chosen.entries()) {
    const full = join(root, path);
    const text = readFileSync(full, 'utf8');
    writeFileSync(full, text.replace(/\s*$/, '\n') + addedDefinition(ext, n));
  }
  // An edit that changes nothing would only surface later as a failed commit.
  const changed = sh('git', ['status', '--porcelain'], { cwd: root }).split('\n').filter(Boolean).length;
  if (changed !== chosen.length) throw new Error(`the ten-file change touched ${changed} of ${chosen.length} files`);
  return chosen;
}

/** Bare process start (`node -e 0`), median of five: on a loaded machine it is much of a query's time. */
function nodeStartMs() {
  return median(
    [0, 1, 2, 3, 4].map(() => {
      const started = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0']);
      return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    }),
  );
}

/** `callers` of `target`, seven runs (interleaved with `other`'s when given): median ms each. */
function callersRuns(root, target, other) {
  const mine = [];
  const theirs = [];
  for (let i = 0; i < 7; i++) {
    mine.push(cairn(root, ['callers', target]));
    if (other) theirs.push(cairn(other.root, ['callers', target], other.bin));
  }
  const pick = (runs) => (runs.length ? { ms: median(runs.map((r) => r.ms)), exit: runs[0].code, warnings: runs[0].body?.warnings?.map((w) => w.code) ?? [], callers: runs[0].body?.data?.total ?? null } : null);
  return { mine: pick(mine), theirs: pick(theirs) };
}

function benchCorpus(name) {
  const q = QUERIES[name] ?? { common: 'get', qualified: 'main', ext: '.rs' };
  const source = corpusPath(name);
  const work = mkdtempSync(join(tmpdir(), `cairn-review-bench-${name}-`));
  const root = join(work, 'repo');
  const record = { corpus: name, source_dir: source.split('/').pop(), machine: { cpus: cpus().length, model: cpus()[0]?.model, mem_gb: Math.round(totalmem() / 2 ** 30) }, cairn_commit: sh('git', ['rev-parse', 'HEAD'], { cwd: repo }), at: new Date().toISOString() };
  try {
    cpSync(source, root, { recursive: true });
    // The Linux tree ignores everything at its top level (`/*`); a git copy must drop that rule.
    const ignore = join(root, '.gitignore');
    if (existsSync(ignore)) writeFileSync(ignore, readFileSync(ignore, 'utf8').split('\n').filter((l) => l.trim() !== '/*').join('\n'));
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '--no-gpg-sign', '-m', 'corpus');
    // A working clone has a refreshed git index; a fresh commit leaves it racy (every status re-hashes).
    git(root, 'status', '--porcelain');
    const init = cairn(root, ['init']);
    record.init = { ms: init.ms, ok: init.body?.ok ?? null, files: init.body?.data?.files?.inventoried ?? null, stderr: init.code === 0 ? undefined : init.stderr };

    record.doctor = summary(cairn(root, ['doctor']));
    const common = cairn(root, ['impact', q.common]);
    record.impact_common = { ...summary(common), refused_as: common.body?.warnings?.[0]?.code ?? null };
    const lookup = cairn(root, ['impact', q.qualified]);
    let target = lookup.body?.data?.root?.id ?? null;
    if (!target && lookup.body?.data?.candidates?.length) target = lookup.body.data.candidates[0].id;
    record.target = target;
    if (target) {
      let other = null;
      if (compareBuild) {
        const otherRoot = join(work, 'compare');
        cpSync(root, otherRoot, { recursive: true, filter: (src) => !src.includes(`${root}/.cairn`) });
        const otherInit = cairn(otherRoot, ['init'], compareBuild.bin);
        record.compare_init_ms = otherInit.ms;
        other = { root: otherRoot, bin: compareBuild.bin };
      }
      const fresh = callersRuns(root, target, other);
      // Same bytes, new mtime: every answer now hashes the target's file.
      const targetFile = join(root, target.split('::')[0]);
      writeFileSync(targetFile, readFileSync(targetFile));
      const touched = callersRuns(root, target, null);
      record.callers = {
        ms: fresh.mine.ms,
        callers: fresh.mine.callers,
        warnings: fresh.mine.warnings,
        touched_ms: touched.mine.ms,
        touched_warnings: touched.mine.warnings,
        compare: other ? { revision: compareRev, ms: fresh.theirs.ms, ratio: Math.round((fresh.mine.ms / fresh.theirs.ms) * 100) / 100 } : null,
        node_start_ms: nodeStartMs(),
        load_average: Math.round(loadavg()[0] * 10) / 10,
      };
      if (other) rmSync(other.root, { recursive: true, force: true });
      const imp = cairn(root, ['impact', target]);
      record.impact = { ...summary(imp), nodes: imp.body?.data?.nodes?.length ?? null, paths: imp.body?.data?.paths?.length ?? null, affected_tests: imp.body?.data?.affected_tests?.length ?? null };
      const runs = [0, 1, 2, 3, 4].map(() => cairn(root, ['tests-for', target]));
      const tf = runs.find((r) => r.ms === median(runs.map((x) => x.ms)));
      const tests = tf.body?.data?.tests ?? [];
      const queries = runs.map((r) => r.body?.data?.timings_ms?.query).filter((ms) => typeof ms === 'number');
      record.tests_for = {
        ...summary(tf),
        runs: runs.length,
        query_ms: queries.length === runs.length ? median(queries) : null,
        query_ms_runs: queries,
        node_start_ms: nodeStartMs(),
        // The machine is shared: the one-minute load average says how contended these runs were.
        load_average: Math.round(loadavg()[0] * 10) / 10,
        tests: tests.length,
        direct: tests.filter((t) => t.evidence === 'direct_call').length,
        multi_hop: tests.filter((t) => t.evidence === 'direct_call' && t.path.length > 1).length,
      };
    }

    const changed = tenFileChange(root, q.ext);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '--no-gpg-sign', '-m', 'ten-file change');
    git(root, 'status', '--porcelain');
    const sync = cairn(root, ['sync']);
    record.sync_after_change = { ms: sync.ms, ok: sync.body?.ok ?? null };
    const worktree = cairn(root, ['diff', '--base', 'HEAD~1']);
    record.diff_base_worktree = { ...summary(worktree), changed_files: changed.length, symbols: worktree.body?.data?.symbols?.length ?? null, snapshot: worktree.body?.data?.historical_snapshot ?? null };
    const named = cairn(root, ['diff', '--base', 'HEAD~1', '--head', 'HEAD']);
    record.diff_named = { ...summary(named), symbols: named.body?.data?.symbols?.length ?? null, snapshot: named.body?.data?.historical_snapshot ?? null };
    record.leftover_snapshots = readdirSync(tmpdir()).filter((f) => f.startsWith('cairn-snapshot-')).length;
  } catch (error) {
    record.error = String(error?.message ?? error).slice(0, 500);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return record;
}

function table(records) {
  const row = (r) => {
    const s = (x) => (x ? `${(x.ms / 1000).toFixed(2)} s${x.truncated ? ' (truncated)' : ''}` : 'n/a');
    const load = r.tests_for?.load_average != null ? `, load ${r.tests_for.load_average}` : '';
    const query = r.tests_for?.query_ms != null ? `${r.tests_for.query_ms} ms (node start ${r.tests_for.node_start_ms} ms${load})` : 'n/a';
    const c = r.callers;
    const callers = c ? `${c.ms} ms, ${c.touched_ms} ms touched${c.compare ? `; ${c.compare.revision.slice(0, 8)} ${c.compare.ms} ms (ratio ${c.compare.ratio})` : ''}${c.load_average != null ? ` (node start ${c.node_start_ms} ms, load ${c.load_average})` : ''}` : 'n/a';
    return `| ${r.corpus} | ${r.init?.files ?? 'n/a'} | ${r.init ? (r.init.ms / 1000).toFixed(1) + ' s' : 'n/a'} | ${s(r.doctor)}, ${r.doctor?.json_bytes ?? '?'} B | ${r.impact_common?.refused_as ?? 'n/a'} | ${s(r.impact)} | ${s(r.tests_for)} (${r.tests_for?.direct ?? 0} direct, ${r.tests_for?.multi_hop ?? 0} multi-hop) | ${query} | ${s(r.diff_base_worktree)} | ${s(r.diff_named)} | ${callers} |`;
  };
  return [
    '# Review commands benchmark',
    '',
    'End to end, process start included, on this machine; one run each, except tests-for: the median of five runs, and beside it the median query time the command reports (`timings_ms.query`: open the index, find the symbol, answer; process start and printing excluded) with the median bare node start and the one-minute load average of the machine (2 vCPUs, shared). A ten-file change is committed over the corpus and synced before the two diffs. n/a: not measured in that run.',
    '',
    '| corpus | files | init | doctor | impact of a common name | impact | tests-for | tests-for query | diff base→worktree | diff base→head | callers (median of 7; after a touch of its file; another revision interleaved; bare node start and load then) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...records.map(row),
    '',
  ].join('\n');
}

const argv = process.argv.slice(2).filter((a) => a !== '--table');
const tableOnly = process.argv.includes('--table');
const compareAt = argv.indexOf('--compare');
const compareRev = compareAt >= 0 ? argv[compareAt + 1] : undefined;
if (compareAt >= 0 && !compareRev) throw new Error('--compare needs a revision');
const positional = argv.filter((_, i) => i !== compareAt && i !== compareAt + 1);
const names = tableOnly ? [] : positional.length ? positional : ['go-kubernetes', 'c-linux'];
const compareBuild = compareRev && !tableOnly ? buildRevision(repo, compareRev) : null;
process.on('exit', () => compareBuild?.cleanup());
mkdirSync(results, { recursive: true });
for (const name of names) {
  process.stderr.write(`review bench: ${name}\n`);
  const record = benchCorpus(name);
  writeFileSync(join(results, `review-commands-${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
}
const all = readdirSync(results)
  .filter((f) => f.startsWith('review-commands-') && f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(results, f), 'utf8')));
writeFileSync(join(results, 'review-commands.md'), table(all));
process.stderr.write(`wrote ${join(results, 'review-commands.md')}\n`);
