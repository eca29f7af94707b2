// The one place that turns a command's result into output and an exit code.
// A command produces a CommandResult; `--json` prints the v0.3 envelope, otherwise
// the command's human renderer runs over the same result.
import type { Command } from 'commander';
import type { CommandContext, GlobalOptions, Output } from '../contracts/command.js';
import { envelope, type CommandResult } from '../contracts/envelope.js';
import { contextFrom, failureResult } from '../graph/answers/context.js';
import { intOption } from '../graph/answers/options.js';
import { escapeControl, escapeStrings } from './terminal-text.js';

export type { CommandContext, GlobalOptions, Output };
export { contextFrom, failureResult, intOption };

export function contextOf(command: Command): CommandContext {
  return contextFrom(command.optsWithGlobals() as GlobalOptions);
}

export type HumanRenderer<T> = (result: CommandResult<T>) => string | Promise<string>;

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
    const text = await human(escapeStrings(result, keepNewlines));
    if (text) output.stdout(text.endsWith('\n') ? text : `${text}\n`);
  }
  output.exitCode(result.exit_code);
}

/** Human rendering helpers shared by commands: sections that say `none` when empty. */
export function section(title: string, lines: string[]): string {
  return lines.length === 0 ? `${title} none` : `${title}\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

export function warningsBlock(result: CommandResult<unknown>): string {
  if (result.warnings.length === 0) return '';
  return `\nWarnings:\n${result.warnings.map((w) => `  [${w.code}] ${w.message}`).join('\n')}`;
}
