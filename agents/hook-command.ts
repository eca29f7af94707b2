// The hook command: this installation's node and cairn script by absolute path, so the
// host runs it without PATH; and the check `hooks status` makes of a configured
// command: do its programs exist, and does it answer a sample event of its host.
import { accessSync, constants, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Host } from './hook-hosts.js';
import { runChildSync } from '../gate/child.js';

/** Quotes a word for a POSIX shell (the hosts run hook commands through one). */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `<node> <cairn script> review --event -`, both absolute and symlink-free. */
export function hookCommand(node: string, script: string): string {
  return `${shellQuote(realpathSync(node))} ${shellQuote(realpathSync(script))} review --event -`;
}

/** Characters that make a command more than one program with its arguments. */
export const SHELL_SYNTAX = /[;&|`$()<>\n]/;

/** The words of a simple shell command: spaces split, single and double quotes group, backslash escapes. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      word = (word ?? '') + command.slice(i + 1, end < 0 ? command.length : end);
      i = end < 0 ? command.length : end;
    } else if (c === '"') {
      let j = i + 1;
      let part = '';
      while (j < command.length && command[j] !== '"') part += command[j] === '\\' ? command[++j] : command[j];
      word = (word ?? '') + part;
      i = j;
    } else if (c === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else word = (word ?? '') + c;
  }
  if (word !== null) words.push(word);
  return words;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where a program word leads: itself when absolute, else the first match on PATH. */
function locate(program: string, env: NodeJS.ProcessEnv): string | null {
  if (program.includes('/')) return isAbsolute(program) && executable(program) ? program : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) if (dir && executable(join(dir, program))) return join(dir, program);
  return null;
}

export interface CommandCheck {
  /** The programs the command names, and whether each exists. */
  programs: Array<{ path: string; exists: boolean }>;
  /** The sample event's run: null when a program is missing. */
  sample: { exit_code: number | null; stdout: string; stderr: string; elapsed_ms: number } | null;
  answers: boolean;
}

/**
 * Checks a hook command as its host would run it: the program (and, for node, the
 * script) exist; then the command gets a sample event of the host on stdin, in a temp
 * workspace that is removed afterwards, and must exit 0. The sample edits a Markdown
 * file, which cairn reviews quietly, so no review backend is called.
 */
export function checkHookCommand(command: string, host: Host, env: NodeJS.ProcessEnv = process.env): CommandCheck {
  // Only a plain command is run: anything with shell syntax is reported, never executed.
  if (SHELL_SYNTAX.test(command)) return { programs: [], sample: null, answers: false };
  const words = shellWords(command);
  const programs: CommandCheck['programs'] = [];
  const program = words[0] ?? '';
  const found = locate(program, env);
  programs.push({ path: found ?? program, exists: found !== null });
  const script = words[1];
  if (found && /(^|\/)node[\d.]*$/.test(found) && script && !script.startsWith('-')) {
    let exists = false;
    try {
      exists = statSync(script).isFile();
    } catch {}
    programs.push({ path: script, exists });
  }
  if (programs.some((p) => !p.exists)) return { programs, sample: null, answers: false };
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'cairn-hook-check-')));
  try {
    writeFileSync(join(dir, 'NOTES.md'), '# notes\n');
    const started = performance.now();
    const run = runChildSync('/bin/sh', ['-c', command], {
      cwd: dir,
      input: JSON.stringify(host.sampleEvent(dir)),
      timeoutMs: 60_000,
      maxStdoutBytes: 1024 * 1024,
      // No warm review server for a workspace that is about to be removed.
      env: { ...env, CAIRN_REVIEW_SERVER: 'off' },
    });
    const sample = { exit_code: run.status, stdout: run.stdout.toString('utf8'), stderr: run.stderr, elapsed_ms: Math.round(performance.now() - started) };
    return { programs, sample, answers: run.status === 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
