// The one place that turns a command's result into output and an exit code.
// A command produces a CommandResult; `--json` prints the v0.3 envelope, otherwise
// the command's human renderer runs over the same result.
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { envelope, type CommandResult } from '../contracts/envelope.js';
import { CairnError } from './errors.js';
import { refuseSystemDirectory } from '../gate/workspace-root.js';
import { readersFullError } from '../store/readers.js';
import { escapeControl, escapeStrings } from './terminal-text.js';
import { asUnusable } from '../store/damage.js';

export interface CommandContext {
  /** Absolute, symlink-free workspace root. */
  workspace: string;
  json: boolean;
  /** False when --no-tests was given. */
  tests: boolean;
  /** True when stderr is a terminal (progress bars). */
  interactive: boolean;
}

/** The options every command reads: the root program's globals. */
export interface GlobalOptions {
  workspace?: string;
  json?: boolean;
  tests?: boolean;
}

export function contextOf(command: Command): CommandContext {
  return contextFrom(command.optsWithGlobals() as GlobalOptions);
}

export function contextFrom(opts: GlobalOptions): CommandContext {
  const dir = resolve(opts.workspace ?? process.cwd());
  let workspace: string;
  try {
    workspace = realpathSync(dir);
    if (!statSync(workspace).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new CairnError('workspace_not_found', `workspace ${opts.workspace ?? dir} is not a readable directory`, 2);
  }
  refuseSystemDirectory(workspace);
  return {
    workspace,
    json: Boolean(opts.json),
    tests: opts.tests !== false,
    interactive: Boolean(process.stderr.isTTY) && !opts.json,
  };
}

export type HumanRenderer<T> = (result: CommandResult<T>) => string;

/** Where a command's output goes: this process's streams, or a buffer (the review server answers a client with it). */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
  exitCode(code: number): void;
}

export const processOutput: Output = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  exitCode: (code) => void (process.exitCode = code),
};

/** Runs a command body and prints its result. Sets the exit code; never calls exit(). */
export async function execute<T>(
  command: Command,
  name: string,
  body: (ctx: CommandContext) => Promise<CommandResult<T>> | CommandResult<T>,
  human: HumanRenderer<T>,
  /** For results whose values are multi-line text meant as such (a settings diff); control characters are still escaped. */
  keepNewlines = false,
): Promise<void> {
  return executeWith(command.optsWithGlobals() as GlobalOptions, name, body, human, processOutput, keepNewlines);
}

/** As execute(), from parsed global options rather than a commander command. */
export async function executeWith<T>(
  globals: GlobalOptions,
  name: string,
  body: (ctx: CommandContext) => Promise<CommandResult<T>> | CommandResult<T>,
  human: HumanRenderer<T>,
  output: Output = processOutput,
  /** Review's findings are prose with line breaks; everything else is escaped to one line per value. */
  keepNewlines = false,
): Promise<void> {
  const json = Boolean(globals.json);
  let result: CommandResult<T>;
  try {
    result = await body(contextFrom(globals));
  } catch (caught) {
    result = failureResult<T>(name, caught, output);
    if (!json) {
      output.stderr(`cairn ${name}: ${escapeControl(result.warnings[0]!.message, keepNewlines)}\n`);
      output.exitCode(result.exit_code);
      return;
    }
  }
  if (json) output.stdout(`${JSON.stringify(envelope(result))}\n`);
  else {
    const text = human(escapeStrings(result, keepNewlines));
    if (text) output.stdout(text.endsWith('\n') ? text : `${text}\n`);
  }
  output.exitCode(result.exit_code);
}

/**
 * The result of a command body that threw: an expected failure (CairnError, or a read
 * of a damaged index) keeps its code, exit code and next action; anything else is a bug, answered as internal_error
 * with its stack on stderr. Every caller of a command body (the CLI, the MCP server)
 * turns a throw into the same envelope.
 */
export function failureResult<T>(name: string, thrown: unknown, output: Pick<Output, 'stderr'> = processOutput): CommandResult<T> {
  // A read that met a damaged index is an expected failure, answered with `cairn init`.
  const caught = asUnusable(thrown);
  const known = caught instanceof CairnError ? caught : readersFullError(caught);
  const error = known ?? new CairnError('internal_error', `internal error: ${(caught as Error)?.message ?? String(caught)}`, 70);
  if (!known) output.stderr(`${(caught as Error)?.stack ?? String(caught)}\n`);
  return {
    command: name,
    ok: false,
    // `data` is always present, even on a usage error (the contract's envelope).
    data: (error.data ?? {}) as T,
    warnings: [{ code: error.code, message: error.message }],
    truncated: false,
    next_action: error.nextAction,
    exit_code: error.exitCode,
  };
}

/** Parses a bounded integer option: a clear usage error, never a silent clamp. */
export function intOption(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new CairnError('invalid_argument', `${name} takes a whole number, not "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new CairnError('invalid_argument', `${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}

/** Human rendering helpers shared by commands: sections that say `none` when empty. */
export function section(title: string, lines: string[]): string {
  return lines.length === 0 ? `${title} none` : `${title}\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

export function warningsBlock(result: CommandResult<unknown>): string {
  if (result.warnings.length === 0) return '';
  return `\nWarnings:\n${result.warnings.map((w) => `  [${w.code}] ${w.message}`).join('\n')}`;
}
