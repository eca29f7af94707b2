// Benchmark: end-to-end time of `cairn review --event` (process start included) for
// a one-root TypeScript edit with three supporting files, backend none. Writes the
// median to bench/results/review.json and appends a markdown line to
// bench/results/review.md. Usage: node scripts/bench-review.mjs [runs]
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 21);

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

  const once = () => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [join(root, 'bin/cairn.js'), '-C', ws, 'review', '--event', eventFile, '--json'], { encoding: 'utf8', env });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`review failed: ${r.stderr}`);
    return { ms, out: JSON.parse(r.stdout) };
  };
  const warm = once(); // also checks the fixture is what it claims to be
  const unit = warm.out.data.units[0];
  if (warm.out.data.units.length !== 1 || unit.spent.files !== 4 || unit.status !== 'dry-run') {
    throw new Error(`unexpected fixture result: ${JSON.stringify(warm.out.data.units)}`);
  }
  const times = [];
  for (let i = 0; i < runs; i++) times.push(once().ms);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
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
    machine,
    commit,
    node: process.version,
    date: new Date().toISOString(),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/review.json'), `${JSON.stringify(result, null, 2)}\n`);
  const line = `| ${result.date.slice(0, 10)} | ${commit} | review --event (1 root, 3 supporting files, backend none) | median ${result.median_ms} ms (min ${result.min_ms}, max ${result.max_ms}, n=${runs}; bare node start ${result.node_start_median_ms} ms) | ${machine} | node ${process.version} |`;
  appendFileSync(join(root, 'bench/results/review.md'), `${line}\n`);
  console.log(line);
} finally {
  rmSync(ws, { recursive: true, force: true });
}
