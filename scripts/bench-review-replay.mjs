// Benchmark: review on real edits. Takes two released versions of a TypeScript package
// from the package registry (packed into a temp dir, never into this repository), indexes
// the older one in a temp copy, and replays every changed hunk of their TypeScript source
// as the hook events agents send: a Claude Code Edit (old and new text anchored on unique
// neighbouring lines) and the same hunk as a Codex apply_patch, each through the hook
// command as installed (`cairn review --event -`, answered by the warm review server).
// Files new in the later version are replayed as a Write that creates them and an
// apply_patch Add File. Each hunk is applied alone to the older file and undone after.
//
// The expected roots come from the TypeScript compiler's own parse (review-replay/oracle.mjs),
// not from cairn. Reports, for each host format: root recall (expected roots cairn
// selected), wrong roots (selected roots that were not expected), silent events (no
// review input and no fact) by coverage code, and hook wall time p50/p99 warm.
// Writes bench/results/review-replay.json and appends a line to bench/results/review-replay.md.
//
// Usage: node scripts/bench-review-replay.mjs [--package NAME] [--from V] [--to V] [--hunks N]
// (defaults: @trpc/server 11.19.0 → 11.22.1, every hunk). Run it under the bench lock.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeOption } from './take-option.mjs';
import { addEvents, applyHunk, claudeEdit, codexPatch, hunksOf } from './review-replay/hunks.mjs';
import { hasSyntaxErrors, isReviewedTypeScript, rootsTouched, supportedRoots } from './review-replay/oracle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const pkg = takeOption(args, '--package') ?? '@trpc/server';
const from = takeOption(args, '--from') ?? '11.19.0';
const to = takeOption(args, '--to') ?? '11.22.1';
const limit = Number(takeOption(args, '--hunks') ?? Infinity);
const FORMATS = ['edit', 'patch'];
const TARGET_MS = 300;

const sh = (cmd, argv, cwd) => execFileSync(cmd, argv, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 2 ** 20 });

/** Packs and unpacks `name@version` under `dir`; returns the package's root folder. */
function unpack(dir, version) {
  const into = join(dir, version);
  mkdirSync(into, { recursive: true });
  const file = sh('npm', ['pack', `${pkg}@${version}`, '--silent', '--pack-destination', into], into).trim().split('\n').pop();
  sh('tar', ['xzf', join(into, file), '-C', into]);
  return join(into, 'package');
}

/** Workspace-relative paths of the TypeScript sources the review profile reads. */
function sources(dir, under = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...sources(dir, path));
    else if (entry.isFile() && isReviewedTypeScript(path)) out.push(path);
  }
  return out.sort();
}

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};
const pct = (n, d) => (d === 0 ? null : Math.round((n / d) * 1000) / 10);

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-review-replay-')));
try {
  const older = unpack(scratch, from);
  const newer = unpack(scratch, to);
  const ws = join(scratch, 'workspace');
  cpSync(older, ws, { recursive: true });
  sh('git', ['init', '-q', '.'], ws);
  const env = { ...process.env, XDG_CONFIG_HOME: join(scratch, 'no-user-config'), CAIRN_REVIEW_SERVER: 'on' };
  const cairn = join(root, 'bin/cairn.js');
  const initStart = process.hrtime.bigint();
  sh(process.execPath, [cairn, '-C', ws, 'init', '--json'], ws);
  const initMs = Number(process.hrtime.bigint() - initStart) / 1e6;

  // Every case: one hunk (or one new file), its post-edit text, and the roots it should select.
  const oldFiles = sources(older);
  const newFiles = sources(newer);
  const cases = [];
  for (const path of newFiles) {
    const after = readFileSync(join(newer, path), 'utf8');
    if (!oldFiles.includes(path)) {
      cases.push({ path, add: true, after, expected: supportedRoots(path, after).map((r) => r.name).sort() });
      continue;
    }
    const before = readFileSync(join(older, path), 'utf8');
    for (const hunk of hunksOf(before, after)) {
      const applied = applyHunk(before, hunk);
      // One hunk of a larger change can leave the file unparseable on its own (a bracket closed by another hunk):
      // the compiler cannot say which roots it touches, so it is replayed but expects none, and is counted apart.
      const broken = hasSyntaxErrors(path, applied.after) && !hasSyntaxErrors(path, before);
      const expected = broken ? [] : rootsTouched(supportedRoots(path, applied.after), applied.changedLines, applied.deletionPoints);
      cases.push({ path, before, hunk, after: applied.after, expected, broken });
    }
  }
  const deletedFiles = oldFiles.filter((p) => !newFiles.includes(p)).length;
  const replayed = cases.slice(0, limit);

  /** Runs the hook as installed (event on stdin, the workspace as working directory). */
  const hook = (event) => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [cairn, 'review', '--event', '-', '--json'], { cwd: ws, input: JSON.stringify(event), encoding: 'utf8', env, maxBuffer: 64 * 2 ** 20 });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    let out = null;
    try {
      out = JSON.parse(r.stdout);
    } catch {
      // counted as a failed hook below
    }
    return { ms, status: r.status, out, stderr: r.stderr };
  };

  /** Puts the case's post-edit file in place, runs `format`'s event, and puts the old file back. */
  const replay = (c, format) => {
    const abs = join(ws, c.path);
    const event = c.add ? addEvents(abs, c.path, c.after)[format] : format === 'edit' ? claudeEdit(abs, c.before, c.hunk) : codexPatch(c.path, c.before, c.hunk);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, c.after);
    try {
      return hook(event);
    } finally {
      if (c.add) rmSync(abs);
      else writeFileSync(abs, c.before);
    }
  };

  // The first hook starts the workspace's review server; wait until one answers.
  const warmCase = replayed.find((c) => !c.add) ?? replayed[0];
  let warm = false;
  for (let i = 0; i < 30 && !warm; i++) {
    warm = replay(warmCase, 'edit').out?.data?.runner === 'server';
    if (!warm) await new Promise((r) => setTimeout(r, 200));
  }
  if (!warm) throw new Error('no review server answered');

  const loadBefore = loadavg();
  // Outcomes where a review input was built (a backend could answer); the graph backend speaks only through facts.
  const SPEAKS = new Set(['rendered', 'reviewed', 'finding', 'graph-fact']);
  const per = Object.fromEntries(
    FORMATS.map((f) => [f, { expected: 0, recalled: 0, selected: 0, wrong: 0, told: 0, selectedOnBroken: 0, silent: {}, silentOnRoot: {}, silentSamples: [], times: [], byProcess: 0, failed: 0, misses: [], wrongs: [] }]),
  );
  // A bare `node -e 0` beside every case: process start-up on this machine at the same moments, the reference the hook time is read against.
  const bare = [];
  for (const c of replayed) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(Number(process.hrtime.bigint() - start) / 1e6);
    for (const format of FORMATS) {
      const s = per[format];
      const run = replay(c, format);
      s.times.push(run.ms);
      if (run.status !== 0 || !run.out?.data) {
        s.failed++;
        s.misses.push({ path: c.path, roots: c.expected, why: `hook failed: ${(run.stderr ?? '').trim().split('\n').pop()}` });
        s.expected += c.expected.length;
        continue;
      }
      const data = run.out.data;
      if (data.runner !== 'server') s.byProcess++;
      const selected = [...new Set(data.units.filter((u) => u.path === c.path).map((u) => u.name))].sort();
      const others = data.units.filter((u) => u.path !== c.path);
      const codes = data.coverage.map((e) => e.code);
      const line = c.add ? 1 : c.hunk.at + 1;
      // The agent is told something only by a finding or a graph fact (review/output.ts); otherwise the event is silent.
      if (data.findings.length > 0 || data.facts.length > 0) s.told++;
      else {
        for (const code of new Set(codes.length > 0 ? codes : ['(no coverage)'])) {
          s.silent[code] = (s.silent[code] ?? 0) + 1;
          if (c.expected.length > 0) s.silentOnRoot[code] = (s.silentOnRoot[code] ?? 0) + 1;
        }
        if (c.expected.length > 0 && !codes.some((code) => SPEAKS.has(code))) {
          const units = data.units.map((u) => ({ name: u.name, lines: u.endLine - u.startLine + 1, code: u.code, inputBytes: u.inputBytes, treeBytes: u.spent.treeBytes }));
          s.silentSamples.push({ path: c.path, line, codes: [...new Set(codes)], units });
        }
      }
      if (c.broken) {
        // Not judged: the compiler cannot decide its roots. What cairn selected there is recorded apart.
        s.selectedOnBroken += selected.length;
        continue;
      }
      const hit = c.expected.filter((n) => selected.includes(n));
      const wrong = [...selected.filter((n) => !c.expected.includes(n)), ...others.map((u) => `${u.path}:${u.name}`)];
      s.expected += c.expected.length;
      s.recalled += hit.length;
      s.selected += selected.length + others.length;
      s.wrong += wrong.length;
      const missed = c.expected.filter((n) => !selected.includes(n));
      if (missed.length > 0) s.misses.push({ path: c.path, line, roots: missed, codes: [...new Set(codes)] });
      if (wrong.length > 0) s.wrongs.push({ path: c.path, line, roots: wrong, expected: c.expected });
    }
  }
  const loadAfter = loadavg();

  const commit = sh('git', ['rev-parse', '--short', 'HEAD'], root).trim();
  const dirty = sh('git', ['status', '--porcelain', '--untracked-files=no'], root).trim() !== '';
  const machine = `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  const formats = Object.fromEntries(
    Object.entries(per).map(([f, s]) => [
      f,
      {
        events: s.times.length,
        root_recall_pct: pct(s.recalled, s.expected),
        roots_expected: s.expected,
        roots_recalled: s.recalled,
        roots_selected: s.selected,
        wrong_roots: s.wrong,
        wrong_roots_pct: pct(s.wrong, s.selected),
        roots_selected_on_hunks_leaving_a_syntax_error: s.selectedOnBroken,
        events_telling_the_agent_something: s.told,
        silent_events_by_code: s.silent,
        silent_events_on_a_supported_root_by_code: s.silentOnRoot,
        hook_ms: { p50: percentile(s.times, 50), p99: percentile(s.times, 99), max: percentile(s.times, 100) },
        hook_p50_to_node_start_p50: Math.round((percentile(s.times, 50) / percentile(bare, 50)) * 100) / 100,
        hooks_not_answered_by_server: s.byProcess,
        hooks_failed: s.failed,
        unreviewed_roots: s.silentSamples.slice(0, 60),
        missed: s.misses.slice(0, 40),
        wrong: s.wrongs.slice(0, 40),
      },
    ]),
  );
  const result = {
    benchmark: 'review-replay: every changed hunk of a real package release replayed as Claude Code Edit and Codex apply_patch hook events, warm review server',
    corpus: { package: pkg, from, to, typescript_files: { older: oldFiles.length, newer: newFiles.length, deleted: deletedFiles } },
    hunks: cases.length,
    hunks_replayed: replayed.length,
    hunks_touching_a_supported_root: replayed.filter((c) => c.expected.length > 0).length,
    hunks_leaving_a_syntax_error_alone: replayed.filter((c) => c.broken).length,
    new_files: replayed.filter((c) => c.add).length,
    formats,
    goals: { root_recall_pct: 95, wrong_roots_pct_below: 1, hook_p99_ms_below: TARGET_MS },
    node_start_ms: { p50: percentile(bare, 50), p99: percentile(bare, 99) },
    index_ms: Math.round(initMs),
    load_average: { before: loadBefore.map((l) => Math.round(l * 100) / 100), after: loadAfter.map((l) => Math.round(l * 100) / 100) },
    machine,
    commit: dirty ? `${commit}+changes` : commit,
    node: process.version,
    date: new Date().toISOString(),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/review-replay.json'), `${JSON.stringify(result, null, 2)}\n`);
  const cell = (f) => {
    const s = formats[f];
    const silent = Object.entries(s.silent_events_by_code).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
    return `${f}: recall ${s.root_recall_pct}% (${s.roots_recalled}/${s.roots_expected}), wrong ${s.wrong_roots_pct}% (${s.wrong_roots}/${s.roots_selected}), hook p50 ${s.hook_ms.p50} ms p99 ${s.hook_ms.p99} ms (${s.hook_p50_to_node_start_p50}x node start); agent told something on ${s.events_telling_the_agent_something}; silent: ${silent}`;
  };
  const line = `| ${result.date.slice(0, 10)} | ${result.commit} | ${pkg} ${from} → ${to} | ${result.hunks_replayed} hunks (${result.hunks_touching_a_supported_root} on a supported root, ${result.hunks_leaving_a_syntax_error_alone} leave a syntax error alone: not judged) | ${FORMATS.map(cell).join('; ')} | node start p50 ${result.node_start_ms.p50} ms | load ${result.load_average.before[0]}→${result.load_average.after[0]} | ${machine} | node ${process.version} |`;
  appendFileSync(join(root, 'bench/results/review-replay.md'), `${line}\n`);
  console.log(line);
  // The server leaves within seconds once its socket is gone.
  rmSync(join(ws, '.cairn', 'review', 'server.sock'), { force: true });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
