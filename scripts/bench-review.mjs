// Benchmark: end-to-end time of `cairn review --event` (process start included) for
// a one-root TypeScript edit with three supporting files, backend none, and beside it
// (same runs, interleaved) a one-root Rust edit (Cargo manifest, crate root and a
// sibling module) and a one-root Python edit (src/ layout, an initializer re-export and
// three sibling modules). Two figures,
// from interleaved runs: `warm`, a hook answered by the workspace's review server (the
// steady state of an editing session: the first hook starts the server), and `cold`,
// the same hook with the server turned off (CAIRN_REVIEW_SERVER=off), which is what
// the first edit after an idle exit costs. Writes bench/results/review.json and
// appends a markdown line to bench/results/review.md.
// Also: the first hook of a session (no server yet: it reviews in-process and starts
// one), and with --soak N, N reviews sent straight to one server with its RSS sampled
// (Linux), to show that a long-lived server does not grow.
// Usage: node scripts/bench-review.mjs [runs] [--compare REV] [--soak N]
// With --compare, REV is built in a temp dir (from git objects, sharing node_modules)
// and its runs (as the hook runs it: a server where REV has one) are interleaved too,
// so all medians and their ratio come from the same moments of a noisy machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './median.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const compareAt = args.indexOf('--compare');
const compareRev = compareAt >= 0 ? args[compareAt + 1] : undefined;
if (compareAt >= 0 && !compareRev) throw new Error('--compare needs a revision');
const soakAt = args.indexOf('--soak');
const soak = soakAt >= 0 ? Number(args[soakAt + 1]) : 0;
if (soakAt >= 0 && !(soak > 0)) throw new Error('--soak needs a number of reviews');
const optionValues = new Set([compareAt + 1, soakAt + 1].filter((i) => i > 0));
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && !optionValues.has(i)) ?? 21);

/** Builds `rev` of this repository in a temp dir; returns its root and a cleanup. */
const buildRevision = (rev) => buildRevisionOf(root, rev);

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

const RUST_ORDER = 'use crate::money::Cents;\nuse crate::money::Price;\n\n#[derive(Debug, Clone, PartialEq)]\npub struct Order {\n    pub order_id: String,\n    pub customer_id: String,\n    pub total: Cents,\n    pub unit: Price,\n    pub status: Status,\n}\n\n#[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum Status {\n    Open,\n    Paid,\n}\n';
const PY_ORDER = 'from dataclasses import dataclass\nfrom typing import Optional\n\nfrom shop import Cents\nfrom . import customer\nfrom .status import Status\n\n\n@dataclass\nclass Order:\n    order_id: str\n    customer_id: str\n    total: Cents\n    status: Status\n    buyer: customer.Customer\n    note: Optional[str] = None\n';
const PROFILE_FILES = {
  'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/lib.rs': 'pub mod order;\npub mod money;\n',
  'src/money.rs': 'pub type Cents = u64;\n\npub struct Price {\n    pub amount: Cents,\n    pub currency: String,\n}\n',
  'src/order.rs': RUST_ORDER,
  'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1.0"\n',
  'src/shop/__init__.py': 'from .money import Cents\n',
  'src/shop/money.py': 'from typing import NewType\n\nCents = NewType("Cents", int)\n',
  'src/shop/status.py': 'from typing import Literal, TypeAlias\n\nStatus: TypeAlias = Literal["open", "paid"]\n',
  'src/shop/customer.py': 'from pydantic import BaseModel\n\n\nclass Customer(BaseModel):\n    name: str\n    email: str\n',
  'src/shop/order.py': PY_ORDER,
};

/** A Claude Code Edit event that added `added` after `anchor` in `path`. */
function editEventFile(ws, name, path, text, anchor, added) {
  const event = {
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(ws, path), old_string: anchor, new_string: anchor + added },
    tool_response: { originalFile: text.replace(added, '') },
  };
  writeFileSync(join(ws, name), JSON.stringify(event));
  return join(ws, name);
}

/** The Rust and Python edits of the same workspace (written by fixture() with `profiles`). */
const profileEvents = (ws) => ({
  rust: editEventFile(ws, 'event-rust.json', 'src/order.rs', RUST_ORDER, '    pub order_id: String,\n', '    pub customer_id: String,\n'),
  python: editEventFile(ws, 'event-python.json', 'src/shop/order.py', PY_ORDER, '    order_id: str\n', '    customer_id: str\n'),
});

/** Writes the fixture workspace (a git repository) and its hook event; returns the event file. */
function fixture(ws, profiles = false) {
  for (const [path, text] of Object.entries({ ...FILES, ...(profiles ? PROFILE_FILES : {}) })) {
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
  writeFileSync(join(ws, 'event.json'), JSON.stringify(event));
  return join(ws, 'event.json');
}

/** Sends `count` reviews straight to the build's server, sampling its RSS ten times. */
async function soakServer(build, count) {
  // Builds before the agents/ room kept the client and protocol in dist/cli/.
  const room = existsSync(join(build.tree, 'dist/agents/review-client.js')) ? 'agents' : 'cli';
  const { ask } = await import(pathToFileURL(join(build.tree, `dist/${room}/review-client.js`)).href);
  const { buildId, PROTOCOL_VERSION } = await import(pathToFileURL(join(build.tree, `dist/${room}/review-protocol.js`)).href);
  const path = join(build.ws, '.cairn', 'review', 'server.sock');
  const status = await ask(path, { version: PROTOCOL_VERSION, kind: 'status' }, 2000);
  const rssMb = () => {
    try {
      return Math.round(Number(readFileSync(`/proc/${status.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024);
    } catch {
      return null;
    }
  };
  const event = readFileSync(build.event, 'utf8');
  const env = { ...process.env, XDG_CONFIG_HOME: join(build.ws, '.no-user-config') };
  const samples = [{ reviews: 0, rss_mb: rssMb() }];
  const started = process.hrtime.bigint();
  for (let i = 1; i <= count; i++) {
    const request = { version: PROTOCOL_VERSION, kind: 'review', build: buildId(), workspace: build.ws, json: true, tests: true, dryRun: false, event, env };
    const reply = await ask(path, request, 30_000);
    if (reply?.kind !== 'review') throw new Error(`soak review ${i} failed: ${JSON.stringify(reply)}`);
    if (i % Math.max(1, Math.floor(count / 10)) === 0) samples.push({ reviews: i, rss_mb: rssMb() });
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  rmSync(join(build.ws, '.cairn', 'audit'), { recursive: true, force: true });
  return { reviews: count, ms_per_review: Math.round((ms / count) * 10) / 10, rss_samples: samples };
}

// Each build reviews its own copy of the fixture, so each talks to its own review server.
const ws = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-bench-review-')));
const otherWs = compareRev ? realpathSync(mkdtempSync(join(tmpdir(), 'cairn-bench-review-'))) : null;
const other = compareRev ? buildRevision(compareRev) : null;
try {
  const env = { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user-config'), CAIRN_REVIEW_SERVER: 'on' };
  const coldEnv = { ...env, CAIRN_REVIEW_SERVER: 'off' };
  const builds = [{ tree: root, ws, event: fixture(ws, true) }, ...(other ? [{ tree: other.dir, ws: otherWs, event: fixture(otherWs) }] : [])];
  const events = profileEvents(ws);

  const once = (build, runEnv = env, event = build.event) => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [join(build.tree, 'bin/cairn.js'), '-C', build.ws, 'review', '--event', event, '--json'], { encoding: 'utf8', env: runEnv });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`review failed: ${r.stderr}`);
    return { ms, out: JSON.parse(r.stdout) };
  };
  // Removing the socket makes a server leave within seconds; older builds have none.
  const stopServer = (build) => rmSync(join(build.ws, '.cairn', 'review', 'server.sock'), { force: true });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  /** Runs hooks until one is answered by a server (the first one starts it); false for a build without one. */
  const startServer = async (build) => {
    for (let i = 0; i < 25; i++) {
      const { runner } = once(build).out.data;
      if (runner === 'server') return true;
      if (runner === undefined) return false; // a build from before the server
      await sleep(200);
    }
    return false;
  };
  const first = once(builds[0], coldEnv); // also checks the fixture is what it claims to be
  const unit = first.out.data.units[0];
  if (first.out.data.units.length !== 1 || unit.spent.files !== 4 || unit.status !== 'dry-run') {
    throw new Error(`unexpected fixture result: ${JSON.stringify(first.out.data.units)}`);
  }
  for (const [language, files] of [['rust', 4], ['python', 6]]) {
    const check = once(builds[0], coldEnv, events[language]).out.data.units;
    if (check.length !== 1 || check[0].spent.files !== files || check[0].completeness !== 'complete') {
      throw new Error(`unexpected ${language} fixture result: ${JSON.stringify(check)}`);
    }
  }
  const profileTimes = { rust: { warm: [], cold: [] }, python: { warm: [], cold: [] } };
  if (!(await startServer(builds[0]))) throw new Error('no review server answered');
  const otherHasServer = other ? await startServer(builds[1]) : false;

  // Warm: each build as a hook runs it in an editing session (through its server, where it has one).
  const times = [];
  const otherTimes = [];
  for (let i = 0; i < runs; i++) {
    const served = once(builds[0]);
    if (served.out.data.runner !== 'server') throw new Error('a warm run was not answered by the server');
    times.push(served.ms);
    for (const language of ['rust', 'python']) {
      const run = once(builds[0], env, events[language]);
      if (run.out.data.runner !== 'server') throw new Error(`a warm ${language} run was not answered by the server`);
      profileTimes[language].warm.push(run.ms);
    }
    if (other) otherTimes.push(once(builds[1]).ms);
  }
  const soaked = soak > 0 ? await soakServer(builds[0], soak) : null;
  // Cold: servers stopped first, so their background work does not fall on these runs.
  for (const build of builds) stopServer(build);
  await sleep(3000);
  const coldTimes = [];
  const otherColdTimes = [];
  // Interleaved with these, the first hook of a session: no server yet and no recent
  // start (the start throttle); it reviews in-process and starts a server, which is
  // then sent away before the next run.
  const firstTimes = [];
  for (let i = 0; i < runs; i++) {
    coldTimes.push(once(builds[0], coldEnv).ms);
    for (const language of ['rust', 'python']) profileTimes[language].cold.push(once(builds[0], coldEnv, events[language]).ms);
    if (other) otherColdTimes.push(once(builds[1], coldEnv).ms);
    if (i < 7) {
      rmSync(join(ws, '.cairn', 'review', 'server.started'), { force: true });
      firstTimes.push(once(builds[0]).ms);
      await sleep(2500); // the server it started comes up ...
      stopServer(builds[0]);
      await sleep(2500); // ... and leaves
    }
  }
  times.sort((a, b) => a - b);
  const warmMedian = median(times);
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
    median_ms: Math.round(warmMedian),
    min_ms: Math.round(times[0]),
    max_ms: Math.round(times[times.length - 1]),
    cold_median_ms: Math.round(median(coldTimes)),
    first_hook_median_ms: Math.round(median(firstTimes)),
    first_hook_runs: firstTimes.length,
    profiles: Object.fromEntries(
      Object.entries(profileTimes).map(([language, t]) => [
        language,
        {
          median_ms: Math.round(median(t.warm)),
          cold_median_ms: Math.round(median(t.cold)),
          ratio_to_typescript: Math.round((median(t.warm) / warmMedian) * 100) / 100,
          cold_ratio_to_typescript: Math.round((median(t.cold) / median(coldTimes)) * 100) / 100,
        },
      ]),
    ),
    ...(soaked ? { server_soak: soaked } : {}),
    target_ms: 300,
    node_start_median_ms: Math.round(bareMedian),
    ...(other
      ? {
          compared_with: {
            revision: compareRev,
            has_server: otherHasServer,
            median_ms: Math.round(median(otherTimes)),
            ratio: Math.round((warmMedian / median(otherTimes)) * 100) / 100,
            cold_median_ms: Math.round(median(otherColdTimes)),
            cold_ratio: Math.round((median(coldTimes) / median(otherColdTimes)) * 100) / 100,
          },
        }
      : {}),
    machine,
    commit,
    node: process.version,
    date: new Date().toISOString(),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/review.json'), `${JSON.stringify(result, null, 2)}\n`);
  const line = `| ${result.date.slice(0, 10)} | ${commit} | review --event (1 root, 3 supporting files, backend none) | median ${result.median_ms} ms warm (min ${result.min_ms}, max ${result.max_ms}, n=${runs}), ${result.cold_median_ms} ms cold, ${result.first_hook_median_ms} ms first hook (n=${result.first_hook_runs}); rust ${result.profiles.rust.median_ms} ms warm, ${result.profiles.rust.cold_median_ms} ms cold; python ${result.profiles.python.median_ms} ms warm, ${result.profiles.python.cold_median_ms} ms cold${soaked ? `; server RSS ${soaked.rss_samples[0].rss_mb} -> ${soaked.rss_samples.at(-1).rss_mb} MB over ${soaked.reviews} reviews, ${soaked.ms_per_review} ms each` : ''}; bare node start ${result.node_start_median_ms} ms${result.compared_with ? `; ${compareRev} interleaved: ${result.compared_with.median_ms} ms as its hook runs (ratio ${result.compared_with.ratio}), ${result.compared_with.cold_median_ms} ms cold (ratio ${result.compared_with.cold_ratio})` : ''} | ${machine} | node ${process.version} |`;
  appendFileSync(join(root, 'bench/results/review.md'), `${line}\n`);
  console.log(line);
} finally {
  rmSync(ws, { recursive: true, force: true });
  if (otherWs) rmSync(otherWs, { recursive: true, force: true });
  other?.cleanup();
}
