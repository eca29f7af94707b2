// Every command driven with classes of bad input: huge, deep, binary, special files,
// symlinks in and out, long arguments, malformed events and configuration. Each run
// must end (a timeout kills a hang), exit 0, 1, 2 or 3 with a message, never 70, print
// one JSON document in --json mode, and leave the index as it was.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAIRN } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

/** Each run gets this long; a run still going is a hang. */
const RUN_TIMEOUT_MS = 30_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the built CLI without blocking the test's event loop; stdin is a file (or /dev/null). */
function run(args: string[], options: { cwd?: string; stdinFile?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((done) => {
    const stdin = openSync(options.stdinFile ?? '/dev/null', 'r');
    const child = spawn(process.execPath, [CAIRN, ...args], {
      cwd: options.cwd ?? fx.root,
      stdio: [stdin, 'pipe', 'pipe'],
      env: { ...process.env, XDG_CONFIG_HOME: join(fx.root, '.no-user'), CAIRN_REVIEW_SERVER: 'off', ...options.env },
    });
    closeSync(stdin);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), timedOut });
    });
  });
}

let fx: Fixture;
let outside: string;
const SECRET = 'TOP-SECRET-OUTSIDE-CONTENT';

const indexHash = () => createHash('sha256').update(readFileSync(join(fx.root, '.cairn', 'graph', 'data.mdb'))).digest('hex');

beforeAll(() => {
  outside = mkdtempSync(join(tmpdir(), 'cairn-outside-'));
  writeFileSync(join(outside, 'secret.ts'), `export function leaked() { return '${SECRET}'; }\n`);
  writeFileSync(join(outside, 'config.jsonc'), `{ "privacyExcludes": ["${SECRET}"] oops }\n`);
  fx = makeFixture(
    {
      'src/a.ts': 'export function alpha(x: number) { return beta(x); }\nexport function beta(y: number) { return y; }\n',
      'src/binary.ts': Buffer.from([0x65, 0x78, 0x00, 0x01, 0x02, 0xff]),
      'src/huge.ts': `export const big = "${'x'.repeat(2_200_000)}";\n`,
      'src/long-line.ts': `export function many() { ${'h();'.repeat(40_000)} }\nfunction h() {}\n`,
      'src/many-calls.ts': `export function many() {\n${'h();\n'.repeat(60_000)}}\nfunction h() {}\n`,
      'src/long-name.ts': `export function caller() { ${'n'.repeat(3000)}(); }\n`,
      'src/deep.ts': `export function d(x: number) {\n${'{'.repeat(30_000)}x;${'}'.repeat(30_000)}\n}\n`,
      'src/not-utf8.ts': Buffer.from([0x65, 0x78, 0xc3, 0x28, 0x0a]),
    },
    { git: true },
  );
  // A path longer than any store key may hold (600 bytes).
  fx.write(`${'d'.repeat(190)}/${'d'.repeat(190)}/${'d'.repeat(190)}/far.ts`, 'export function far() {}\n');
  // Names that would break a terminal line or drive the terminal.
  fx.write('src/evil\nname\u001b[31m.ts', 'export function evil() {}\n');
  // Symlinks out of the workspace (a file, a folder, a device) and a FIFO.
  symlinkSync(join(outside, 'secret.ts'), join(fx.root, 'src', 'leak.ts'));
  symlinkSync(outside, join(fx.root, 'src', 'outdir'));
  symlinkSync('/dev/zero', join(fx.root, 'src', 'zero.ts'));
  symlinkSync('/etc/passwd', join(fx.root, 'src', 'passwd.ts'));
  spawnSync('mkfifo', [join(fx.root, 'src', 'fifo.ts')]);
  // Hostile inputs outside the index: events, patches, rules, logs.
  mkdirSync(join(fx.root, 'inputs'));
  const deepJson = (n: number) => '['.repeat(n) + ']'.repeat(n);
  writeFileSync(join(fx.root, 'inputs', 'deep.json'), deepJson(100_000));
  writeFileSync(join(fx.root, 'inputs', 'deep-line.jsonl'), `${deepJson(100_000)}\n`);
  writeFileSync(join(fx.root, 'inputs', 'malformed.json'), '{"hook_event_name": "PostToolUse", "tool_input": {');
  writeFileSync(join(fx.root, 'inputs', 'binary.bin'), Buffer.from([0, 1, 2, 3, 0xff, 0xfe]));
  writeFileSync(join(fx.root, 'inputs', 'huge.json'), Buffer.alloc(17 * 1024 * 1024, 0x20));
  writeFileSync(join(fx.root, 'inputs', 'wrong-shape.json'), JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: '/etc/passwd', old_string: 'a', new_string: 'b' } }));
  spawnSync('mkfifo', [join(fx.root, 'inputs', 'fifo')]);
  fx.commit('hostile files');
  expect(spawnSync(process.execPath, [CAIRN, 'init', '-C', fx.root], { encoding: 'utf8', env: { ...process.env, XDG_CONFIG_HOME: join(fx.root, '.no-user') } }).status).toBe(0);
});

afterAll(() => {
  fx?.remove();
  rmSync(outside, { recursive: true, force: true });
});

/** The contract every run keeps, whatever the input. */
function expectClean(r: Run, json: boolean, what: string): void {
  expect(r.timedOut, `${what}: hung`).toBe(false);
  expect(r.signal, `${what}: killed by ${r.signal}`).toBeNull();
  expect([0, 1, 2, 3], `${what}: exit ${r.code}\n${r.stderr.slice(0, 2000)}`).toContain(r.code);
  expect(r.stderr, `${what}: a stack trace`).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  expect(r.stdout + r.stderr, `${what}: content from outside the workspace`).not.toContain(SECRET);
  if (json) {
    let body: { ok: boolean; warnings: Array<{ message: string }> };
    try {
      body = JSON.parse(r.stdout);
    } catch {
      throw new Error(`${what}: stdout is not one JSON document:\n${r.stdout.slice(0, 500)}\n${r.stderr.slice(0, 500)}`);
    }
    if (r.code !== 0) expect(body.warnings[0]?.message, `${what}: no message`).toBeTruthy();
  } else if (r.code !== 0) {
    expect(r.stderr.trim(), `${what}: no message`).not.toBe('');
  }
}

const LONG = 'y'.repeat(3000);
const CONTROL = 'a\nb\u001b[2Jc';

/** Every command with arguments of each bad class. */
const ARGUMENT_CASES: string[][] = [
  ...['search', 'callers', 'callees', 'tests-for', 'impact', 'explore'].flatMap((cmd) => [[cmd, LONG], [cmd, CONTROL], [cmd, ''], [cmd, 'alpha', '--limit', '-1']]),
  ...['search alpha', 'callers alpha', 'tests-for alpha', 'unresolved', 'files'].map((c) => [...c.split(' '), '--in', LONG]),
  ['node', '--symbol', LONG],
  ['node', '--file', LONG],
  ['export', '--format', 'xml'],
  ['diff', '--base', LONG],
  ['diff', '--base', 'no-such-revision'],
  ['diff', '--base', '--output=/tmp/x'],
  ['diff', '--files', LONG],
  ['rules', 'show', LONG],
  ['review', '--file', LONG, '--line', '1'],
  ['review', '--file', 'src/a.ts', '--line', '0'],
];

const SPECIAL_PATHS = ['src/leak.ts', 'src/outdir/secret.ts', 'src/zero.ts', 'src/passwd.ts', 'src/fifo.ts', '/etc/passwd', '../outside.ts', 'src/binary.ts', 'src/huge.ts', 'src/deep.ts', 'inputs/fifo'];

const PATH_CASES: string[][] = SPECIAL_PATHS.flatMap((p) => [
  ['node', '--file', p],
  ['diff', '--files', p],
  ['review', '--file', p, '--line', '1'],
]);

const INPUT_CASES: string[][] = [
  ...['/dev/zero', 'inputs/fifo', 'inputs/deep.json', 'inputs/malformed.json', 'inputs/binary.bin', 'inputs/huge.json', 'inputs', 'src/leak.ts'].flatMap((f) => [
    ['review', '--event', f],
    ['review', '--patch', f],
    ['rules', 'validate', f],
    ['replay', f],
  ]),
  ['replay', 'inputs/deep-line.jsonl'],
  ['review', '--event', 'inputs/wrong-shape.json'],
  ['review', '--event', 'no-such-file'],
];

describe('hostile input', () => {
  test('init and sync over a tree of hostile files index the rest and record the bad ones', async () => {
    const files = JSON.parse((await run(['files', '--json', '--limit', '1000'])).stdout).data.files as Array<{ path: string; status: string; reason?: string }>;
    const status = Object.fromEntries(files.map((f) => [f.path, f.status]));
    expect(status['src/a.ts']).toBe('ok');
    expect(status['src/binary.ts']).toBe('binary');
    expect(status['src/huge.ts']).toBe('too_large');
    expect(status['src/not-utf8.ts']).toBe('not_utf8');
    const reason = (path: string) => files.find((f) => f.path === path)?.reason;
    expect(status['src/long-line.ts']).toBe('too_large');
    expect(reason('src/long-line.ts')).toMatch(/a line longer than 131072 bytes/);
    expect(status['src/many-calls.ts']).toBe('too_large');
    expect(reason('src/many-calls.ts')).toMatch(/60000 call sites \(the bound is 50000 per file\)/);
    expect(files.find((f) => f.path === 'src/long-name.ts')?.reason).toMatch(/longer than 256 bytes left out/);
    // Symlinks and the FIFO are never indexed.
    for (const p of ['src/leak.ts', 'src/zero.ts', 'src/passwd.ts', 'src/fifo.ts']) expect(status[p]).toBeUndefined();
    expect(files.some((f) => f.path.endsWith('far.ts'))).toBe(false);
    const sync = await run(['sync', '--json']);
    expectClean(sync, true, 'sync');
    expect(sync.code).toBe(0);
    expect(JSON.parse(sync.stdout).data.skipped).toMatchObject({ path_too_long: 1, symlink: 3 });
  });

  const cases: Array<[string, string[][]]> = [
    ['long, control-character, empty and out-of-range arguments', ARGUMENT_CASES],
    ['symlinks in and out, devices, FIFOs, binary, huge and deep files named as paths', PATH_CASES],
    ['events, patches, rule files and audit logs that are devices, FIFOs, deep, huge, binary or malformed', INPUT_CASES],
  ];
  for (const [name, list] of cases) {
    test(`every command answers ${name} cleanly and leaves the index as it was`, async () => {
      const before = indexHash();
      // A few at a time: each run is mostly process start-up.
      for (let i = 0; i < list.length; i += 3) {
        const batch = list.slice(i, i + 3);
        const runs = await Promise.all(batch.map((args) => run([...args, '--json'])));
        runs.forEach((r, j) => expectClean(r, true, `${batch[j].join(' ').slice(0, 120)} --json`));
      }
      expect(indexHash()).toBe(before);
    }, 300_000);
  }

  test('human output of the same runs is clean too, and never prints a raw control character', { timeout: 120_000 }, async () => {
    for (const args of [ARGUMENT_CASES[0], ARGUMENT_CASES[1], ['search', 'evil'], ['node', '--file', 'src/leak.ts'], ['review', '--event', '/dev/zero']]) {
      const r = await run(args);
      expectClean(r, false, args.join(' ').slice(0, 80));
      expect(r.stdout + r.stderr).not.toContain('\u001b');
    }
    const files = await run(['files']);
    expect(files.stdout).toContain('src/evil\\nname\\x1b[31m.ts');
  });

  test('standard input that never ends is bounded', async () => {
    for (const args of [['review', '--event', '-'], ['review', '--patch', '-']]) {
      const r = await run([...args, '--json'], { stdinFile: '/dev/zero' });
      expectClean(r, true, `${args.join(' ')} < /dev/zero`);
      expect(r.code).toBe(2);
      expect(JSON.parse(r.stdout).warnings[0].message).toMatch(/larger than \d+ bytes/);
    }
  });

  test('size and depth bounds say which bound was exceeded', async () => {
    const deep = await run(['rules', 'validate', 'inputs/deep.json', '--json']);
    expect(deep.code).toBe(2);
    expect(JSON.parse(deep.stdout).warnings[0].message).toMatch(/nests deeper than 256 levels/);
    const huge = await run(['review', '--event', 'inputs/huge.json', '--json']);
    expect(huge.code).toBe(2);
    expect(JSON.parse(huge.stdout).warnings[0].message).toMatch(/larger than 16777216 bytes/);
    const zero = await run(['rules', 'validate', '/dev/zero', '--json']);
    expect(zero.code).toBe(2);
    expect(JSON.parse(zero.stdout).warnings[0].message).toMatch(/not a regular file/);
    const replay = await run(['replay', 'inputs/deep-line.jsonl', '--json']);
    expect(replay.code).toBe(2);
    expect(JSON.parse(replay.stdout).warnings[0].message).toMatch(/line 1 nests deeper than 256 levels/);
  });

  test('malformed, deep, huge or escaping configuration is a clear error that never quotes outside content', { timeout: 180_000 }, async () => {
    const before = indexHash();
    const configs: Array<[string, () => void]> = [
      ['deep', () => writeFileSync(join(fx.root, '.cairn.jsonc'), `{"privacyExcludes": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`)],
      ['huge', () => writeFileSync(join(fx.root, '.cairn.jsonc'), `{"excludes": ["${'x'.repeat(2 * 1024 * 1024)}"]}`)],
      ['malformed', () => writeFileSync(join(fx.root, '.cairn.jsonc'), '{ "privacyExcludes": [ }')],
      ['symlink out', () => symlinkSync(join(outside, 'config.jsonc'), join(fx.root, '.cairn.jsonc'))],
      ['device', () => symlinkSync('/dev/zero', join(fx.root, '.cairn.jsonc'))],
    ];
    try {
      for (const [name, make] of configs) {
        rmSync(join(fx.root, '.cairn.jsonc'), { force: true });
        make();
        for (const args of [['rules', 'list'], ['review', '--file', 'src/a.ts', '--line', '1'], ['sync']]) {
          const r = await run([...args, '--json']);
          expectClean(r, true, `${name} config: ${args.join(' ')}`);
          expect(r.code, `${name} config: ${args.join(' ')}`).toBe(2);
        }
      }
      const device = JSON.parse((await run(['rules', 'list', '--json'])).stdout);
      expect(device.warnings[0].message).toMatch(/\.cairn\.jsonc leads outside the workspace/);
    } finally {
      rmSync(join(fx.root, '.cairn.jsonc'), { force: true });
    }
    expect(indexHash()).toBe(before);
  });

  test('a system directory is refused as a workspace, and nothing is written there', { timeout: 120_000 }, async () => {
    for (const [dir, cmd] of [['/dev', 'init'], ['/proc', 'sync'], ['/', 'status'], ['/etc', 'files']]) {
      {
        const r = await run([cmd, '-C', dir, '--json']);
        expectClean(r, true, `${cmd} -C ${dir}`);
        expect(r.code).toBe(2);
        expect(JSON.parse(r.stdout).warnings[0].code).toBe('workspace_refused');
      }
    }
    expect(spawnSync('ls', ['/dev/.cairn']).status).not.toBe(0);
  });
});
