// A child process that blocks must never hang a hook. A path of 2,100 components makes
// `git check-ignore --stdin` print a warning longer than a pipe holds before it answers;
// a git that never answers stands for any stuck child. Each hook form (an event, a
// unified diff, an apply_patch body) must end with its answer, in-process.
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CAIRN_BIN, cleanup, workspace } from './helpers.js';

/** A run still going after this long is a hang (the hook's own bound is far below it). */
const HANG_MS = 40_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  hung: boolean;
}

function hook(ws: string, args: string[], stdinFile: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((done) => {
    const stdin = openSync(stdinFile, 'r');
    const child = spawn(process.execPath, [CAIRN_BIN, '-C', ws, '--json', 'review', ...args], {
      stdio: [stdin, 'pipe', 'pipe'],
      env: { ...process.env, XDG_CONFIG_HOME: join(ws, '.no-user'), CAIRN_REVIEW_SERVER: 'off', ...extraEnv },
    });
    closeSync(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, hung });
    });
  });
}

const deepPath = `${Array.from({ length: 2100 }, () => 'd').join('/')}/deep.ts`;
let ws: string;
let fakeGitDir: string;

beforeAll(() => {
  ws = workspace({ 'src/a.ts': 'export function a(x: number) { return x; }\n' }, { git: true });
  writeFileSync(join(ws, 'event.json'), JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Write', cwd: ws, tool_input: { file_path: join(ws, deepPath), content: 'export function deep() {}\n' }, tool_response: {} }));
  writeFileSync(join(ws, 'unified.diff'), `--- /dev/null\n+++ b/${deepPath}\n@@ -0,0 +1 @@\n+export function deep() {}\n`);
  writeFileSync(join(ws, 'apply.patch'), `*** Begin Patch\n*** Add File: ${deepPath}\n+export function deep() {}\n*** End Patch\n`);
  writeFileSync(join(ws, 'edit-a.json'), JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Write', cwd: ws, tool_input: { file_path: join(ws, 'src/a.ts'), content: 'export function a(x: number) { return x; }\n' }, tool_response: {} }));
  // A git that accepts its input and never answers.
  fakeGitDir = join(ws, '.no-user', 'bin');
  mkdirSync(fakeGitDir, { recursive: true });
  writeFileSync(join(fakeGitDir, 'git'), '#!/bin/sh\nexec sleep 3600\n');
  chmodSync(join(fakeGitDir, 'git'), 0o755);
});

afterAll(() => cleanup());

function expectAnswered(run: Run): void {
  expect(run.hung, `the hook hung; stderr: ${run.stderr}`).toBe(false);
  expect(run.code, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, command: 'review' });
}

describe('a stuck child never hangs a hook', () => {
  test('a hook event naming a path of 2,100 components is answered', async () => {
    expectAnswered(await hook(ws, ['--event', '-'], join(ws, 'event.json')));
  });

  test('a unified diff naming it is answered', async () => {
    expectAnswered(await hook(ws, ['--patch', '-'], join(ws, 'unified.diff')));
  });

  test('an apply_patch body naming it is answered', async () => {
    expectAnswered(await hook(ws, ['--patch', '-'], join(ws, 'apply.patch')));
  });

  test('a git that never answers is stopped at its deadline; the path it did not answer for stays unread', async () => {
    const usual = await hook(ws, ['--event', '-'], join(ws, 'edit-a.json'));
    expectAnswered(usual);
    expect(JSON.parse(usual.stdout).data.units.map((u: { name: string }) => u.name)).toEqual(['a']);
    const run = await hook(ws, ['--event', '-'], join(ws, 'edit-a.json'), { PATH: `${fakeGitDir}:${process.env.PATH}` });
    expectAnswered(run);
    expect(JSON.parse(run.stdout).data).toMatchObject({ units: [], coverage: [{ code: 'ineligible-path' }] });
  });
});
