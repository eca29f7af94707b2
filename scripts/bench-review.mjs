// Benchmark: end-to-end time of `cairn review --event` (process start included) for
// a one-root TypeScript edit with three supporting files, backend none. Writes the
// median to bench/results/review.json and appends a markdown line to
// bench/results/review.md. Usage: node scripts/bench-review.mjs [runs] [--compare REV]
// With --compare, REV is built in a temp dir (from git objects, sharing node_modules)
// and its runs are interleaved with this tree's, so both medians and their ratio come
// from the same moments of a noisy machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const compareAt = args.indexOf('--compare');
const compareRev = compareAt >= 0 ? args[compareAt + 1] : undefined;
if (compareAt >= 0 && !compareRev) throw new Error('--compare needs a revision');
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && i !== compareAt + 1) ?? 21);

/** Builds `rev` of this repository in a temp dir; returns its root and a cleanup. */
function buildRevision(rev) {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-bench-rev-')));
  const archive = spawnSync('git', ['archive', '--format=tar', rev], { cwd: root, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${rev} failed: ${archive.stderr}`);
  execFileSync('tar', ['-x', '-f', '-', '-C', dir], { input: archive.stdout });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/copy-assets.mjs'], { cwd: dir, stdio: 'inherit' });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const USER = `import { Email } from './email';
import type { Address } from './address';
import { Plan } from './plan';

export interface Account {
  id: string;
  email: Email;
  address?: Address;
  plan: Plan;
  closedAt?: string | null;
}
`;
const FILES = {
  'src/account.ts': USER,
  'src/email.ts': 'export type Email = string;\n',
  'src/address.ts': 'export interface Address {\n  street: string;\n  city: string;\n}\n',
  'src/plan.ts': "export type Plan = 'free' | 'team' | 'enterprise';\n",
};

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-bench-review-')));
const other = compareRev ? buildRevision(compareRev) : null;
try {
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(ws, path)), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
  execFileSync('git', ['init', '-q', '.'], { cwd: ws });
  const added = '  closedAt?: string | null;\n';
  const event = {
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(ws, 'src/account.ts'), old_string: '  plan: Plan;\n', new_string: `  plan: Plan;\n${added}` },
    tool_response: { originalFile: USER.replace(added, '') },
  };
  const eventFile = join(ws, 'event.json');
  writeFileSync(eventFile, JSON.stringify(event));
  const env = { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user-config') };

  const once = (tree = root) => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [join(tree, 'bin/cairn.js'), '-C', ws, 'review', '--event', eventFile, '--json'], { encoding: 'utf8', env });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`review failed: ${r.stderr}`);
    return { ms, out: JSON.parse(r.stdout) };
  };
  const warm = once(); // also checks the fixture is what it claims to be
  const unit = warm.out.data.units[0];
  if (warm.out.data.units.length !== 1 || unit.spent.files !== 4 || unit.status !== 'dry-run') {
    throw new Error(`unexpected fixture result: ${JSON.stringify(warm.out.data.units)}`);
  }
  const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  if (other) once(other.dir); // the other build must answer too
  const times = [];
  const otherTimes = [];
  for (let i = 0; i < runs; i++) {
    times.push(once().ms);
    if (other) otherTimes.push(once(other.dir).ms);
  }
  times.sort((a, b) => a - b);
  const median = medianOf(times);
  // Bare `node -e 0` on the same machine at the same time, so the figure can be read against process start-up.
  const bare = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  bare.sort((a, b) => a - b);
  const bareMedian = bare[Math.floor(bare.length / 2)];
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const machine = `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  const result = {
    benchmark: 'review --event, one TypeScript root with three supporting files, backend none, process start included',
    runs,
    median_ms: Math.round(median),
    min_ms: Math.round(times[0]),
    max_ms: Math.round(times[times.length - 1]),
    target_ms: 300,
    node_start_median_ms: Math.round(bareMedian),
    ...(other ? { compared_with: { revision: compareRev, median_ms: Math.round(medianOf(otherTimes)), ratio: Math.round((median / medianOf(otherTimes)) * 100) / 100 } } : {}),
    machine,
    commit,
    node: process.version,
    date: new Date().toISOString(),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/review.json'), `${JSON.stringify(result, null, 2)}\n`);
  const line = `| ${result.date.slice(0, 10)} | ${commit} | review --event (1 root, 3 supporting files, backend none) | median ${result.median_ms} ms (min ${result.min_ms}, max ${result.max_ms}, n=${runs}; bare node start ${result.node_start_median_ms} ms${result.compared_with ? `; ${compareRev} interleaved: ${result.compared_with.median_ms} ms, ratio ${result.compared_with.ratio}` : ''}) | ${machine} | node ${process.version} |`;
  appendFileSync(join(root, 'bench/results/review.md'), `${line}\n`);
  console.log(line);
} finally {
  rmSync(ws, { recursive: true, force: true });
  other?.cleanup();
}
