// The fixtures the README's examples run against: one registry, name -> builder.
// A README code block marked `<!-- example: NAME -->` runs its `$ cairn …` lines in a
// fresh workspace built by README_FIXTURES[NAME] (see readme-examples.test.ts). To
// wire a new example, add a builder here (or reuse one) and put the marker above the
// block; the builder returns the directory the commands run in and the environment
// they need, and removes what it made in remove().
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUST_TS_FIXTURE } from '../cli/fixtures.js';
import { CAIRN, cairn } from '../helpers/cli.js';
import { makeFixture } from '../helpers/fixture.js';
import { SHOP_FILES } from '../helpers/graph-fixture.js';
import { PRIVACY_FIXTURE } from '../helpers/privacy-fixture.js';
import { goStatusWorkspace } from '../review/go-bend-fixtures.js';
import { readmeReviewWorkspace } from '../review/helpers.js';
import { applyEdit, storyRepo } from '../review-commands/story-fixture.js';

export interface ExampleWorkspace {
  /** Where the block's commands run (`cwd`), with `$WS` in them meaning `workspace`. */
  cwd: string;
  /** The workspace itself: its absolute path is normalised to `<ws>` in the output. */
  workspace: string;
  /** Extra environment for the commands (the user configuration directory, say). */
  env?: Record<string, string>;
  remove(): void;
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

function paymentWorkspace(): ExampleWorkspace {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-readme-')));
  const root = join(parent, 'shop');
  const ws = makeFixture(
    {
      'src/payment.ts': PAYMENT_BEFORE,
      'src/money.ts': 'export interface Money {\n  cents: number;\n  currency: string;\n}\n',
      'src/customer.ts': "import type { Address } from './address';\n\nexport interface Customer {\n  name: string;\n  address: Address;\n}\n",
      'src/address.ts': 'export interface Address {\n  street: string;\n  city: string;\n}\n',
      '.cairn.jsonc': '{ "privacyExcludes": ["src/address.ts"] }\n',
      'reviewer.mjs': REVIEWER,
    },
    { git: true, root },
  );
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
  const config = join(parent, '.config');
  mkdirSync(join(config, 'cairn'), { recursive: true });
  writeFileSync(join(config, 'cairn', 'config.jsonc'), '{ "backend": { "kind": "command", "command": ["node", "reviewer.mjs"] } }\n');
  const env = { XDG_CONFIG_HOME: config, CAIRN_REVIEW_SERVER: 'off' };
  return {
    cwd: root,
    workspace: root,
    env,
    remove: () => {
      spawnSync(process.execPath, [CAIRN, 'review', 'stop', '-C', root], { env: { ...process.env, ...env } });
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** Runs a review in the workspace as its examples expect (a backend answering, no server unless asked). */
function reviewIn(ws: ExampleWorkspace, args: string[], extra: Record<string, string> = {}): void {
  const r = spawnSync(process.execPath, [CAIRN, ...args], { cwd: ws.cwd, env: { ...process.env, ...ws.env, ...extra }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`fixture: cairn ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
}

/**
 * Example blocks that are not run, each named by its first command with the reason.
 * Only for blocks that cannot run as a plain command in a fixture (a server that keeps
 * running, a fixed port); every other example names a fixture.
 */
export const UNCHECKED_EXAMPLES: Record<string, string> = {
  'cairn push --url http://127.0.0.1:8750 -C shop': 'needs a graph server listening at that fixed address, and an edit between its steps',
  'cairn serve --data graph-data': 'starts servers that keep running (and one needs PostgreSQL)',
  'cairn hooks install --claude --user --dry-run': "reads the user's own host settings under HOME and prints this installation's absolute path (test/agents/hooks.test.ts checks the behaviour)",
  'cairn review --file src/order.rs --line 6': 'the Rust crate of test/review/fixtures.ts is not yet wired with the README reviewer backend here; test/review/rust-profile.test.ts and profiles-cli.test.ts check the behaviour',
  'cairn hooks status': "runs the hooks configured in the user's own HOME and project (test/agents/hooks.test.ts checks the behaviour)",
};

export const README_FIXTURES: Record<string, () => ExampleWorkspace> = {
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
  'graph-shop-indexed': () => {
    const ws = named('shop', SHOP_FILES, true);
    spawnSync('git', ['remote', 'add', 'origin', 'git@github.com:acme/shop.git'], { cwd: ws.workspace });
    run(['init', '-C', ws.workspace]);
    return ws;
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
};
