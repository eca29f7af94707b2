// The README cannot drift: every example in it (and in the guides under docs/) is
// run, and its output compared.
//
// How it works
// - A fenced code block in README.md whose lines start with `$ cairn` is an example.
//   The HTML comment `<!-- example: NAME -->` on a line of its own above the block
//   names the fixture it runs in: README_FIXTURES[NAME] in test/readme/fixtures.ts
//   builds a fresh workspace for the block (a temp dir, removed afterwards).
// - Each `$ ` line is run with bash in the fixture's directory, `cairn` being the
//   built binary (so pipes such as `| head -2` work). Its stdout is compared with the
//   lines below it, up to the next `$ ` line. Exit codes are not compared.
// - Both sides are normalised first (NORMALISE below): times, durations, git hashes,
//   sizes in KiB, pids and the fixture's temp paths become placeholders.
// - A README line that is only `…` stands for any number of lines; a line ending in
//   `…` matches any line that begins with the text before it.
// - This installation's paths read as the README writes them: the checkout as
//   `/opt/cairn`, its node as `/usr/bin/node` (the hook commands print both).
// - A fixture whose server listens on a port of its own says which README port that
//   port stands for (ExampleWorkspace.ports): commands run with the real port, and
//   output is read back with the README's.
// - A command the fixture names as long-running (ExampleWorkspace.longRunning, a
//   server) is read until it prints its ready line, then stopped.
//
// Wiring a new example: write the block as the real output of a fixture, put
// `<!-- example: NAME -->` above it, and add NAME to README_FIXTURES if no builder
// fits. An example block without a marker fails the suite, so none is left
// unchecked. To regenerate blocks after a deliberate change of output, run
//   CAIRN_README_UPDATE=1 npx vitest run test/readme/readme-examples.test.ts
// which rewrites every block that no longer matches with what cairn prints now
// (elisions `…` in such a block are lost: trim again by hand), then read the diff.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CAIRN, REPO } from '../helpers/cli.js';
import { README_FIXTURES, type ExampleWorkspace } from './fixtures.js';

/** README.md and the guides in docs/, as paths relative to the checkout. */
const DOCUMENTS = ['README.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const UPDATE = process.env.CAIRN_README_UPDATE === '1';

export interface ExampleBlock {
  fixture: string | null;
  /** 1-based line of the opening fence. */
  line: number;
  /** Lines inside the fence. */
  body: string[];
  steps: { command: string; expected: string[] }[];
}

/** Every fenced block with a `$ cairn` line, with the marker above it if any. */
export function exampleBlocks(text: string): ExampleBlock[] {
  const lines = text.split('\n');
  const blocks: ExampleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```/.test(lines[i]!)) continue;
    const open = i;
    let close = i + 1;
    while (close < lines.length && !/^```\s*$/.test(lines[close]!)) close++;
    const body = lines.slice(open + 1, close);
    i = close;
    if (!body.some((l) => l.startsWith('$ cairn'))) continue;
    let above = open - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const marker = /^<!-- example: ([\w-]+) -->$/.exec(lines[above]?.trim() ?? '');
    const steps: ExampleBlock['steps'] = [];
    for (const l of body) {
      if (l.startsWith('$ ')) steps.push({ command: l.slice(2), expected: [] });
      else steps.at(-1)?.expected.push(l);
    }
    blocks.push({ fixture: marker?.[1] ?? null, line: open + 1, body, steps });
  }
  return blocks;
}

/** What varies from run to run, as placeholders. Applied to README and output alike. */
const NORMALISE: [RegExp, string][] = [
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>'],
  [/"mtime_ms":[\d.]+/g, '"mtime_ms":<mtime>'],
  [/"elapsed_ms":\d+/g, '"elapsed_ms":<ms>'],
  [/\belapsedMs=\d+/g, 'elapsedMs=<ms>'],
  [/\bmtimeMs=[\d.]+/g, 'mtimeMs=<mtime>'],
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{7,64}\b(…)?/g, '<hash>'],
  [/\b\d+(\.\d+)? ?(ms|s)\b/g, '<duration>'],
  [/\b\d+ KiB\b/g, '<size>'],
  [/\bpid \d+/g, 'pid <pid>'],
  [/\/tmp\/[\w.-]+(\/[\w.-]+)*/g, '<tmp>'],
];

export function normalise(line: string): string {
  let out = line;
  for (const [pattern, placeholder] of NORMALISE) out = out.replace(pattern, placeholder);
  return out.trimEnd();
}

/** This installation as the README writes it (hook commands name both by absolute path). */
const INSTALLATION: [string, string][] = [
  [realpathSync(REPO), '/opt/cairn'],
  [realpathSync(process.execPath), '/usr/bin/node'],
];

/** A line cairn printed in `ws`, as the README would write it: workspace, installation and ports mapped back. */
function asWritten(line: string, ws: ExampleWorkspace): string {
  let out = line.split(ws.workspace).join('<ws>');
  for (const [path, written] of INSTALLATION) out = out.split(path).join(written);
  for (const [readme, real] of Object.entries(ws.ports ?? {})) out = out.split(`127.0.0.1:${real}`).join(`127.0.0.1:${readme}`);
  return out;
}

/** A README command as it runs in `ws`: the README's ports replaced by the fixture's. */
function asRun(command: string, ws: ExampleWorkspace): string {
  let out = command;
  for (const [readme, real] of Object.entries(ws.ports ?? {})) out = out.split(`127.0.0.1:${readme}`).join(`127.0.0.1:${real}`);
  return out;
}

/** Runs a long-running command until it prints a line matching `ready` (or exits), then stops it. */
async function runUntilReady(command: string, ready: RegExp, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ stdout: string; stderr: string }> {
  // Its own process group, so the stop reaches the server under bash and the shim.
  const child = spawn('bash', ['-c', command], { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const seen = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      const lines = stdout.split('\n');
      const at = lines.findIndex((l, i) => i < lines.length - 1 && ready.test(l));
      if (at >= 0) {
        clearTimeout(timer);
        resolve(lines.slice(0, at + 1).join('\n'));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await exited;
  return { stdout: seen ?? stdout, stderr };
}

/** Does the actual output match the README lines (with `…` elisions)? */
export function matches(expected: string[], actual: string[]): boolean {
  const go = (e: number, a: number): boolean => {
    if (e === expected.length) return a === actual.length;
    const want = expected[e]!;
    if (want === '…') {
      for (let skip = a; skip <= actual.length; skip++) if (go(e + 1, skip)) return true;
      return false;
    }
    if (a === actual.length) return false;
    const got = actual[a]!;
    const ok = want.endsWith('…') ? got.startsWith(want.slice(0, -1)) : got === want;
    return ok && go(e + 1, a + 1);
  };
  return go(0, 0);
}

/** A directory with a `cairn` that runs this checkout's built binary. */
function shimDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-readme-bin-'));
  const shim = join(dir, 'cairn');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${CAIRN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

const bin = shimDir();
afterAll(() => rmSync(bin, { recursive: true, force: true }));

for (const document of DOCUMENTS) {
  const path = join(REPO, document);
  const blocks = exampleBlocks(readFileSync(path, 'utf8'));
  const rewrites: { block: ExampleBlock; body: string[] }[] = [];

  describe(`${document} examples`, () => {
    it('every example names the fixture it runs in', () => {
      const unmarked = blocks.filter((b) => b.fixture === null || !(b.fixture in README_FIXTURES));
      expect(
        unmarked.map((b) => `${document}:${b.line}: ${b.fixture === null ? 'no <!-- example: NAME --> marker above this block' : `no fixture "${b.fixture}" in test/readme/fixtures.ts`}`),
      ).toEqual([]);
    });

    for (const block of blocks.filter((b) => b.fixture !== null && b.fixture in README_FIXTURES)) {
      it(`${document}:${block.line} (${block.fixture}): ${block.steps.map((s) => s.command).join('; ')}`, async () => {
        const ws = await README_FIXTURES[block.fixture!]!();
        const env = { ...process.env, CAIRN_REVIEW_SERVER: 'off', NO_COLOR: '1', ...ws.env, PATH: `${bin}:${process.env.PATH}` };
        try {
          const body: string[] = [];
          const failures: string[] = [];
          for (const step of block.steps) {
            const command = asRun(step.command, ws);
            const r = ws.longRunning?.command.test(step.command)
              ? await runUntilReady(command, ws.longRunning.ready, { cwd: ws.cwd, env })
              : spawnSync('bash', ['-c', command], { cwd: ws.cwd, env, encoding: 'utf8', maxBuffer: 1 << 26 });
            const output = r.stdout
              .replace(/\n$/, '')
              .split('\n')
              .filter((l, _i, all) => !(all.length === 1 && l === ''))
              .map((l) => asWritten(l, ws));
            body.push(...(body.length ? [''] : []), `$ ${step.command}`, ...output);
            const want = step.expected.filter((l, i, all) => !(i === all.length - 1 && l === ''));
            if (!matches(want.map(normalise), output.map(normalise))) {
              failures.push(`$ ${step.command}\n--- ${document}\n${want.join('\n')}\n--- cairn prints now\n${output.join('\n')}${r.stderr ? `\n--- stderr\n${r.stderr}` : ''}`);
            }
          }
          if (failures.length > 0 && UPDATE) rewrites.push({ block, body });
          else if (failures.length > 0) {
            throw new Error(
              `${document}:${block.line}: the example no longer matches what cairn prints (fixture "${block.fixture}").\n` +
                `Update the block, or regenerate it with CAIRN_README_UPDATE=1 npx vitest run test/readme/readme-examples.test.ts and read the diff.\n\n` +
                failures.join('\n\n'),
            );
          }
        } finally {
          await ws.remove();
        }
        // A block builds its fixture and runs several commands (a diff indexes a snapshot).
      }, 240_000);
    }

    afterAll(() => {
      if (!UPDATE || rewrites.length === 0) return;
      // Rewrite from the bottom up so earlier line numbers stay right.
      const lines = readFileSync(path, 'utf8').split('\n');
      for (const { block, body } of [...rewrites].sort((a, b) => b.block.line - a.block.line)) {
        lines.splice(block.line, block.body.length, ...body);
      }
      writeFileSync(path, lines.join('\n'));
    });
  });
}
