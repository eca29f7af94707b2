// The fixtures the README's examples run against: one registry, name -> builder.
// A README code block marked `<!-- example: NAME -->` runs its `$ cairn …` lines in a
// fresh workspace built by README_FIXTURES[NAME] (see readme-examples.test.ts). To
// wire a new example, add a builder here (or reuse one) and put the marker above the
// block; the builder returns the directory the commands run in and the environment
// they need, and removes what it made in remove() (servers it started included).
//
// Servers. A block that pushes to a graph server runs against a real `cairn serve`
// the builder starts on a free port; `ports` says which README port it stands for
// (the test runs the commands with the real port and reads the output back with the
// README's). A block whose commands start a server themselves names them in
// `longRunning`: the test reads such a command's output until its ready line, then
// stops it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairn } from '../helpers/cli.js';
import { makeFixture } from '../helpers/fixture.js';
import { SHOP_FILES } from '../helpers/graph-fixture.js';
import { startPostgres } from '../helpers/postgres.js';
import { PRIVACY_FIXTURE } from '../helpers/privacy-fixture.js';
import { goStatusWorkspace } from '../review/go-bend-fixtures.js';
import { RUST_CRATE } from '../review/fixtures.js';
import { readmeReviewWorkspace } from '../review/helpers.js';
import { applyEdit, storyRepo } from '../review-commands/story-fixture.js';

export interface ExampleWorkspace {
  /** Where the block's commands run (`cwd`), with `$WS` in them meaning `workspace`. */
  cwd: string;
  /** The workspace itself: its absolute path is normalised to `<ws>` in the output. */
  workspace: string;
  /** Extra environment for the commands (the user configuration directory, say). */
  env?: Record<string, string>;
  /** README port -> the port this fixture's server really uses, for `127.0.0.1:PORT` in commands and output. */
  ports?: Record<number, number>;
  /** Commands that keep running (a server): their output is read until a line matches `ready`, then they are stopped. */
  longRunning?: { command: RegExp; ready: RegExp };
  remove(): void | Promise<void>;
}

function run(args: string[]): void {
  const r = cairn(args);
  if (r.code !== 0) throw new Error(`fixture: cairn ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
}

/** A workspace a test helper made, used where it stands (no user configuration). */
function inPlace(root: string): ExampleWorkspace {
  return { cwd: root, workspace: root, env: { XDG_CONFIG_HOME: join(root, '.no-user') }, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** A workspace named `name` inside a temp dir, so `-C demo` reads as it does in the README. */
function named(name: string, files: Record<string, string>, git: boolean): ExampleWorkspace {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-readme-')));
  const ws = makeFixture(files, { git, root: join(parent, name) });
  return { cwd: parent, workspace: ws.root, env: { XDG_CONFIG_HOME: join(parent, '.config') }, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

// The review examples: a Payment type with two identifier fields of one bare type, its
// supporting files (Money, Customer, and Customer's Address, which privacy excludes),
// and a review backend of the user's choice: a small program that answers every
// rule, flagging the bare primitives.
const PAYMENT_BEFORE = `import type { Money } from './money';
import type { Customer } from './customer';

export interface Payment {
  orderId: string;
  amount: Money;
  customer: Customer;
}
`;
const PAYMENT_AFTER = PAYMENT_BEFORE.replace('  orderId: string;\n', '  orderId: string;\n  customerId: string;\n');
const REVIEWER = `// A review backend: reads one decision request on stdin, answers every rule.
let text = '';
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', () => {
  const request = JSON.parse(text);
  const decisions = request.rules.map((rule) =>
    rule.ruleId === 'cairn/bare-primitives-for-domain-values'
      ? { ruleId: rule.ruleId, probability: 0.86, rationale: '2 identifier fields share the string type' }
      : { ruleId: rule.ruleId, probability: 0.1, rationale: 'nothing to flag' },
  );
  process.stdout.write(JSON.stringify({ decisions }));
});
`;

/** `files` as the git repository `shop` in a temp dir, with reviewer.mjs configured as the user's review backend. */
function reviewedShop(files: Record<string, string>) {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-readme-')));
  const root = join(parent, 'shop');
  const ws = makeFixture({ ...files, 'reviewer.mjs': REVIEWER }, { git: true, root });
  const config = join(parent, '.config');
  mkdirSync(join(config, 'cairn'), { recursive: true });
  writeFileSync(join(config, 'cairn', 'config.jsonc'), '{ "backend": { "kind": "command", "command": ["node", "reviewer.mjs"] } }\n');
  const env = { XDG_CONFIG_HOME: config, CAIRN_REVIEW_SERVER: 'off' };
  const workspace: ExampleWorkspace = {
    cwd: root,
    workspace: root,
    env,
    remove: () => {
      spawnSync(process.execPath, [CAIRN, 'review', 'stop', '-C', root], { env: { ...process.env, ...env } });
      rmSync(parent, { recursive: true, force: true });
    },
  };
  return { fixture: ws, workspace };
}

function paymentWorkspace(): ExampleWorkspace {
  const { fixture: ws, workspace } = reviewedShop({
    'src/payment.ts': PAYMENT_BEFORE,
    'src/money.ts': 'export interface Money {\n  cents: number;\n  currency: string;\n}\n',
    'src/customer.ts': "import type { Address } from './address';\n\nexport interface Customer {\n  name: string;\n  address: Address;\n}\n",
    'src/address.ts': 'export interface Address {\n  street: string;\n  city: string;\n}\n',
    '.cairn.jsonc': '{ "privacyExcludes": ["src/address.ts"] }\n',
  });
  const root = ws.root;
  ws.write('src/payment.ts', PAYMENT_AFTER);
  const patch = ws.git('diff', '--', 'src/payment.ts');
  ws.write('patch.diff', `${patch}\n`);
  const event = {
    hook_event_name: 'PostToolUse',
    tool_name: 'Edit',
    tool_input: { file_path: join(root, 'src/payment.ts'), old_string: '  orderId: string;\n', new_string: '  orderId: string;\n  customerId: string;\n' },
    tool_response: { filePath: join(root, 'src/payment.ts'), originalFile: PAYMENT_BEFORE },
  };
  writeFileSync(join(root, 'event.json'), JSON.stringify(event));
  return workspace;
}

/** Runs a review in the workspace as its examples expect (a backend answering, no server unless asked). */
function reviewIn(ws: ExampleWorkspace, args: string[], extra: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, [CAIRN, ...args], { cwd: ws.cwd, env: { ...process.env, ...ws.env, ...extra }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`fixture: cairn ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
}

/** A port nothing listens on now (the OS picks it; the caller binds it soon after). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts `cairn serve --listen 127.0.0.1:0` with `args` in `cwd`: its port, and a stop that waits for it to exit. */
async function startGraphServer(cwd: string, args: string[]): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [CAIRN, 'serve', '--listen', '127.0.0.1:0', ...args], { cwd, env: { ...process.env, CAIRN_GRAPH_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`fixture: cairn serve exited before listening: ${stderr}`)));
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function graphShopIndexed(): ExampleWorkspace {
  const ws = named('shop', SHOP_FILES, true);
  spawnSync('git', ['remote', 'add', 'origin', 'git@github.com:acme/shop.git'], { cwd: ws.workspace });
  run(['init', '-C', ws.workspace]);
  return ws;
}

/** The user's Claude Code settings in the hooks examples' HOME, before any install. */
const CLAUDE_USER_SETTINGS = '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  },\n  "model": "opus"\n}\n';

/** A project (`cwd`, a git repository) and a HOME of its own holding ~/.claude/settings.json; no Codex home. */
function hooksWorkspace(): ExampleWorkspace {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-readme-')));
  const home = join(parent, 'home');
  makeFixture({ '.claude/settings.json': CLAUDE_USER_SETTINGS }, { root: home });
  const project = makeFixture({ 'README.md': '# project\n' }, { git: true, root: join(parent, 'project') });
  // An empty CODEX_HOME means the default, ~/.codex.
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CODEX_HOME: '' };
  return { cwd: project.root, workspace: project.root, env, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

export const README_FIXTURES: Record<string, () => ExampleWorkspace | Promise<ExampleWorkspace>> = {
  /** The Safety section's demo: one ordinary file and one under a privacyExcludes glob, not indexed. */
  privacy: () => named('demo', PRIVACY_FIXTURE, true),
  /** The README's demo: a small Rust + TypeScript git repository in `./demo`, not indexed. */
  demo: () => named('demo', RUST_TS_FIXTURE, true),
  /** The demo, indexed. */
  'demo-indexed': () => {
    const ws = named('demo', RUST_TS_FIXTURE, true);
    run(['init', '-C', ws.workspace]);
    return ws;
  },
  /** The contract's story library after the edit (legacy_render deleted, missing_renderer called, README changed), index synced. */
  'story-after-edit': () => {
    const repo = storyRepo();
    run(['init', '-C', repo.root]);
    applyEdit(repo);
    run(['sync', '-C', repo.root]);
    return { cwd: repo.root, workspace: repo.root, remove: () => repo.remove() };
  },
  /** The graph-push shop (test/helpers/graph-fixture.ts) as `./shop`, origin acme/shop, indexed. */
  'graph-shop-indexed': graphShopIndexed,
  /** The same, with a graph server (`cairn serve`, LMDB in a temp dir) standing for the README's http://127.0.0.1:8750. */
  'graph-shop-served': async () => {
    const ws = graphShopIndexed();
    const server = await startGraphServer(ws.cwd, ['--data', join(ws.cwd, '.graph-data')]);
    return {
      ...ws,
      ports: { 8750: server.port },
      remove: async () => {
        await server.stop();
        await ws.remove();
      },
    };
  },
  /**
   * An empty directory where the block starts servers itself, each read until it listens and then stopped.
   * README port 8750 is a free port; $PGURL is a database in a throwaway PostgreSQL cluster (test/helpers/postgres.ts).
   */
  'graph-serve': async () => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-readme-')));
    const postgres = await startPostgres();
    try {
      return {
        cwd: parent,
        workspace: parent,
        env: { XDG_CONFIG_HOME: join(parent, '.config'), PGURL: await postgres.createDatabase('graph'), CAIRN_GRAPH_TOKEN: '' },
        ports: { 8750: await freePort() },
        longRunning: { command: /^cairn serve\b/, ready: /^cairn serve: listening on http/ },
        remove: () => {
          postgres.stop();
          rmSync(parent, { recursive: true, force: true });
        },
      };
    } catch (error) {
      postgres.stop();
      throw error;
    }
  },
  /** `shop`: a TypeScript workspace where an edit added `customerId` to Payment; event.json and patch.diff describe it. */
  'review-payment': paymentWorkspace,
  /** The Go status package of test/review/go-bend-fixtures.ts: Status in status_linux.go and status_windows.go, no Go target. */
  'go-status': () => inPlace(goStatusWorkspace(null)),
  /** The same with "go": {"goos": "linux", "goarch": "amd64", "tags": []} in .cairn.jsonc. */
  'go-status-linux': () => inPlace(goStatusWorkspace({ goos: 'linux', goarch: 'amd64', tags: [] })),
  /** The same, after one review of the patch (so there is coverage and an audit log). */
  'review-payment-reviewed': () => {
    const ws = paymentWorkspace();
    reviewIn(ws, ['review', '--patch', 'patch.diff']);
    return ws;
  },
  /** The review fixture of test/review/helpers.ts (Payment, Money, Address privacy-excluded), after one review of its Payment. */
  'review-readme-payment': () => {
    const root = readmeReviewWorkspace();
    const env = { XDG_CONFIG_HOME: join(root, '.no-user') };
    const ws: ExampleWorkspace = { cwd: root, workspace: root, env, remove: () => rmSync(root, { recursive: true, force: true }) };
    reviewIn(ws, ['review', '--file', 'src/payment.ts', '--line', '5']);
    return ws;
  },
  /** The same, after a hook event that started the workspace's review server (running when the block starts). */
  'review-payment-server': () => {
    const ws = paymentWorkspace();
    reviewIn(ws, ['review', '--event', 'event.json'], { CAIRN_REVIEW_SERVER: 'on' });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const r = spawnSync(process.execPath, [CAIRN, 'review', 'status'], { cwd: ws.cwd, env: { ...process.env, ...ws.env }, encoding: 'utf8' });
      if (r.stdout.includes('review server: running')) return ws;
      spawnSync('sleep', ['0.2']);
    }
    ws.remove();
    throw new Error('fixture: the review server did not start within 15 s');
  },
  /** The Rust crate of test/review/fixtures.ts (Order in src/order.rs) as `shop`, with the review examples' backend. */
  'review-rust-crate': () => reviewedShop(RUST_CRATE).workspace,
  /** A project with a HOME of its own: ~/.claude/settings.json holds a permission and a model, no hook yet. */
  hooks: hooksWorkspace,
  /** The same after `hooks install --claude --user` and `hooks install --codex` (the project's .codex/hooks.json). */
  'hooks-installed': () => {
    const ws = hooksWorkspace();
    for (const host of ['--claude --user', '--codex']) {
      const r = spawnSync(process.execPath, [CAIRN, 'hooks', 'install', ...host.split(' ')], { cwd: ws.cwd, env: { ...process.env, ...ws.env }, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`fixture: cairn hooks install ${host} exited ${r.status}: ${r.stderr}`);
    }
    return ws;
  },
};
