// `cairn hooks install|uninstall|status` against a temp HOME and a temp project with
// settings already in them, run through the built binary; then the installed command
// itself, run the way a host runs it (sh -c, the event on stdin, the project as cwd).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CAIRN, cairn, cairnJson } from '../helpers/cli.js';
import { cleanup, paymentWorkspace, PAYMENT } from '../review/helpers.js';
import { AGENT_BACKEND, stubAgent } from './helpers.js';

let home: string;
let project: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-hooks-home-')));
  project = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-hooks-project-')));
  env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CODEX_HOME: '' };
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
  cleanup();
});

/** A user's Claude Code settings with permissions, a comment-free model line and a hook of their own on the same event. */
const CLAUDE_SETTINGS = `{
  "permissions": {
    "allow": ["Bash(npm test)", "Read(~/notes/**)"]
  },
  "hooks": {
    "PostToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo ran >> ~/bash.log" }] }
    ],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  },
  "model": "opus"
}
`;

const CODEX_HOOKS = `{
\t"hooks": {
\t\t"SessionStart": [{ "hooks": [{ "type": "command", "command": "echo hello" }] }]
\t}
}
`;

const thisCommand = () => `${realpathSync(process.execPath)} ${realpathSync(CAIRN)} review --event -`;
const run = (args: string[]) => cairn(args, { cwd: project, env });
const json = (args: string[]) => cairnJson(args, { cwd: project, env });
const read = (path: string) => readFileSync(path, 'utf8');

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

describe('cairn hooks install', () => {
  test('Claude Code, user: adds one PostToolUse hook with the absolute command, keeping every other byte', () => {
    const file = write(join(home, '.claude', 'settings.json'), CLAUDE_SETTINGS);
    const r = json(['hooks', 'install', '--claude', '--user']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.body.data).toMatchObject({ host: 'claude', scope: 'user', file: '~/.claude/settings.json', change: 'added', command: thisCommand() });
    const after = read(file);
    const value = JSON.parse(after);
    expect(value.permissions).toEqual({ allow: ['Bash(npm test)', 'Read(~/notes/**)'] });
    expect(value.model).toBe('opus');
    expect(value.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'notify-send done' }] }]);
    expect(value.hooks.PostToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo ran >> ~/bash.log' }] },
      { matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: thisCommand() }] },
    ]);
    // The user's own lines are untouched, character for character: the file is the old one with the hook group inserted.
    const inserted = CLAUDE_SETTINGS.indexOf('\n    ],\n    "Stop"');
    expect(after.slice(0, inserted)).toBe(CLAUDE_SETTINGS.slice(0, inserted));
    expect(after.slice(after.length - (CLAUDE_SETTINGS.length - inserted))).toBe(CLAUDE_SETTINGS.slice(inserted));
    expect(after).toContain('"Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]');
  });

  test('is idempotent: a second install changes nothing', () => {
    const file = write(join(home, '.claude', 'settings.json'), CLAUDE_SETTINGS);
    expect(run(['hooks', 'install', '--claude', '--user']).code).toBe(0);
    const once = read(file);
    const again = json(['hooks', 'install', '--claude', '--user']);
    expect(again.body.data.change).toBe('unchanged');
    expect(read(file)).toBe(once);
  });

  test('uninstall gives back the original file byte for byte', () => {
    const claude = write(join(home, '.claude', 'settings.json'), CLAUDE_SETTINGS);
    const codex = write(join(project, '.codex', 'hooks.json'), CODEX_HOOKS);
    expect(run(['hooks', 'install', '--claude', '--user']).code).toBe(0);
    expect(run(['hooks', 'install', '--codex', '--project']).code).toBe(0);
    expect(read(codex)).not.toBe(CODEX_HOOKS);
    const removed = json(['hooks', 'uninstall']);
    expect(removed.code).toBe(0);
    expect(removed.body.data.locations.map((l: { host: string; scope: string; removed: number }) => `${l.host}/${l.scope}:${l.removed}`).sort()).toEqual(['claude/user:1', 'codex/project:1']);
    expect(read(claude)).toBe(CLAUDE_SETTINGS);
    expect(read(codex)).toBe(CODEX_HOOKS);
    expect(json(['hooks', 'uninstall']).body.data.locations).toEqual([]);
  });

  test('Codex, project: writes .codex/hooks.json with the apply_patch matcher, keeping the file’s tab indentation', () => {
    const file = write(join(project, '.codex', 'hooks.json'), CODEX_HOOKS);
    const r = json(['hooks', 'install', '--codex']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.body.data).toMatchObject({ host: 'codex', scope: 'project', file: '.codex/hooks.json', change: 'added' });
    const after = read(file);
    expect(JSON.parse(after).hooks.PostToolUse).toEqual([{ matcher: 'apply_patch', hooks: [{ type: 'command', command: thisCommand() }] }]);
    expect(JSON.parse(after).hooks.SessionStart).toEqual([{ hooks: [{ type: 'command', command: 'echo hello' }] }]);
    expect(after).toContain('\n\t\t"PostToolUse": [\n\t\t\t{\n\t\t\t\t"matcher": "apply_patch"');
  });

  test('a file that does not exist is created, and uninstall removes it and the folder it made', () => {
    const r = json(['hooks', 'install', '--claude']);
    expect(r.body.data.file).toBe('.claude/settings.json');
    expect(JSON.parse(read(join(project, '.claude', 'settings.json')))).toEqual({
      hooks: { PostToolUse: [{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: thisCommand() }] }] },
    });
    expect(run(['hooks', 'uninstall', '--claude', '--project']).code).toBe(0);
    expect(existsSync(join(project, '.claude'))).toBe(false);
  });

  test('--dry-run prints the change as a diff and writes nothing', () => {
    const file = write(join(home, '.claude', 'settings.json'), CLAUDE_SETTINGS);
    const r = run(['hooks', 'install', '--claude', '--user', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('--- ~/.claude/settings.json\n+++ ~/.claude/settings.json\n@@ ');
    expect(r.stdout).toContain('+      {\n+        "matcher": "Edit|MultiEdit|Write",');
    expect(r.stdout).toContain(`+            "command": ${JSON.stringify(thisCommand())}`);
    expect(read(file)).toBe(CLAUDE_SETTINGS);
    expect(run(['hooks', 'install', '--codex', '--dry-run']).stdout).toContain('--- /dev/null\n+++ .codex/hooks.json');
    expect(existsSync(join(project, '.codex'))).toBe(false);
    expect(run(['hooks', 'install', '--claude', '--user']).code).toBe(0);
    const un = run(['hooks', 'uninstall', '--dry-run']);
    expect(un.stdout).toContain(`-            "command": ${JSON.stringify(thisCommand())}`);
    expect(JSON.parse(read(file)).hooks.PostToolUse).toHaveLength(2);
  });

  test('a hand-written `cairn review --event -` hook is replaced by this installation’s command, never doubled', () => {
    const file = write(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: 'cairn review --event -' }] }] } }, null, 2));
    const r = json(['hooks', 'install', '--claude']);
    expect(r.body.data.change).toBe('updated');
    expect(JSON.parse(read(file)).hooks.PostToolUse).toEqual([{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: thisCommand() }] }]);
  });

  test('a command with shell syntax around cairn is the user’s own hook: kept by install and uninstall, never run by status', () => {
    const theirs = `touch ${join(project, 'ran')}; cairn review --event -`;
    const file = write(join(project, '.claude', 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: theirs }] }] } }, null, 2));
    expect(json(['hooks', 'install', '--claude']).body.data.change).toBe('added');
    expect(JSON.parse(read(file)).hooks.PostToolUse.map((g: { hooks: Array<{ command: string }> }) => g.hooks[0]!.command)).toEqual([theirs, thisCommand()]);
    const status = json(['hooks', 'status', '--claude', '--project']);
    expect(status.body.data.locations[0].hooks.map((h: { command: string }) => h.command)).toEqual([thisCommand()]);
    expect(existsSync(join(project, 'ran'))).toBe(false);
    expect(run(['hooks', 'uninstall']).code).toBe(0);
    expect(JSON.parse(read(file)).hooks.PostToolUse).toEqual([{ matcher: 'Edit', hooks: [{ type: 'command', command: theirs }] }]);
  });

  test('refuses a settings file that is not JSON, and bad flags, without touching anything', () => {
    const file = write(join(home, '.claude', 'settings.json'), '{ "model": "opus", ');
    const r = json(['hooks', 'install', '--claude', '--user']);
    expect(r.code).toBe(2);
    expect(r.body.warnings[0].code).toBe('invalid_settings');
    expect(read(file)).toBe('{ "model": "opus", ');
    expect(json(['hooks', 'install']).code).toBe(2);
    expect(json(['hooks', 'install', '--claude', '--codex']).code).toBe(2);
    expect(json(['hooks', 'install', '--claude', '--project', '--user']).code).toBe(2);
  });
});

describe('cairn hooks status', () => {
  test('finds each installed hook, checks its programs and has it answer a sample event', () => {
    expect(run(['hooks', 'install', '--claude', '--user']).code).toBe(0);
    expect(run(['hooks', 'install', '--codex']).code).toBe(0);
    const r = json(['hooks', 'status']);
    expect(r.code, JSON.stringify(r.body)).toBe(0);
    const installed = r.body.data.locations.filter((l: { hooks: unknown[] }) => l.hooks.length > 0);
    expect(installed.map((l: { host: string; scope: string }) => `${l.host}/${l.scope}`)).toEqual(['claude/user', 'codex/project']);
    for (const l of installed) {
      expect(l.hooks[0].check.programs).toEqual([
        { path: realpathSync(process.execPath), exists: true },
        { path: realpathSync(CAIRN), exists: true },
      ]);
      expect(l.hooks[0].check.sample.exit_code).toBe(0);
      expect(l.hooks[0].check.answers).toBe(true);
    }
    const human = run(['hooks', 'status']);
    expect(human.stdout).toContain('Claude Code, project: not installed (.claude/settings.json, no such file)');
    expect(human.stdout).toMatch(/Codex, project: installed in \.codex\/hooks\.json \(matcher apply_patch\)\n {2}command: .*\n {2}exists: .*\n {2}exists: .*\n {2}sample event: answered \(exit 0, \d+ ms\)/);
  });

  test('a hook whose script is gone, or that does not answer, is reported (exit 1)', () => {
    write(join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit|MultiEdit|Write', hooks: [{ type: 'command', command: `${process.execPath} /nowhere/bin/cairn.js review --event -` }] }] } }));
    const fake = write(join(home, 'bin', 'cairn'), '#!/bin/sh\nexit 3\n');
    spawnSync('chmod', ['+x', fake]);
    write(join(project, '.codex', 'hooks.json'), JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'apply_patch', hooks: [{ type: 'command', command: 'cairn review --event -' }] }] } }));
    const r = cairnJson(['hooks', 'status'], { cwd: project, env: { ...env, PATH: `${join(home, 'bin')}:${process.env.PATH}` } });
    expect(r.code).toBe(1);
    expect(r.body.ok).toBe(false);
    const codes = r.body.warnings.map((w: { message: string }) => w.message);
    expect(codes.some((m: string) => m.includes('names a program that does not exist'))).toBe(true);
    expect(codes.some((m: string) => m.includes('exited 3 on a sample event'))).toBe(true);
  });
});

describe('the installed hook command, run as a host runs it', () => {
  /** The user's configuration: the example agent backend with a stub agent. */
  function userBackend(ws: string): void {
    writeFileSync(join(ws, 'agent.mjs'), stubAgent(0.9));
    write(join(home, '.config', 'cairn', 'config.jsonc'), JSON.stringify({ backend: { kind: 'command', command: [process.execPath, AGENT_BACKEND, process.execPath, 'agent.mjs'] } }));
  }

  const installed = (file: string) => JSON.parse(read(file)).hooks.PostToolUse.at(-1).hooks[0].command as string;
  const host = (command: string, cwd: string, event: string) =>
    // No PATH: the command must carry its own absolute paths.
    spawnSync('/bin/sh', ['-c', command], { cwd, input: event, encoding: 'utf8', env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CAIRN_REVIEW_SERVER: 'off' } });

  test('Claude Code: an Edit event of a real edit comes back as hook JSON with the finding', () => {
    const ws = paymentWorkspace();
    userBackend(ws);
    expect(cairn(['hooks', 'install', '--claude', '--user'], { cwd: ws, env }).code).toBe(0);
    const r = host(installed(join(home, '.claude', 'settings.json')), ws, read(join(ws, 'event.json')));
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.hookSpecificOutput.hookEventName).toBe('PostToolUse');
    expect(out.hookSpecificOutput.additionalContext).toMatch(/src\/pay\.ts:1 type Payment \[cairn\/bare-primitives-for-domain-values\] p=0\.9/);
  });

  test('Codex: an apply_patch event whose command is a heredoc comes back the same way', () => {
    const ws = paymentWorkspace();
    userBackend(ws);
    expect(cairn(['hooks', 'install', '--codex'], { cwd: ws, env }).code).toBe(0);
    const patch = `*** Begin Patch\n*** Update File: src/pay.ts\n@@ export interface Payment {\n   orderId: string;\n+  customerId: string;\n }\n*** End Patch\n`;
    const event = JSON.stringify({ session_id: 's', cwd: ws, hook_event_name: 'PostToolUse', tool_name: 'apply_patch', tool_input: { command: `apply_patch <<'EOF'\n${patch}EOF\n` }, tool_response: 'Success.' });
    expect(read(join(ws, 'src/pay.ts'))).toBe(PAYMENT);
    const r = host(installed(join(ws, '.codex', 'hooks.json')), ws, event);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.additionalContext).toMatch(/type Payment \[cairn\/bare-primitives-for-domain-values\] p=0\.9/);
  });
});
