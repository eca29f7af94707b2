// The context every answer runs in, and the answer of a body that threw: shared by the
// command line and the MCP server, so both give the same envelope for the same failure.
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandContext, GlobalOptions, Output } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import { refuseSystemDirectory } from '../../gate/workspace-root.js';
import { asUnusable } from '../../store/damage.js';
import { readersFullError } from '../../store/readers.js';

const standardError: Pick<Output, 'stderr'> = { stderr: (text) => void process.stderr.write(text) };

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

/**
 * The result of a command body that threw: an expected failure (CairnError, a read of a
 * damaged index, a full reader table) keeps its code, exit code and next action; anything else is a bug, answered as internal_error
 * with its stack on stderr. Every caller of a command body (the CLI, the MCP server)
 * turns a throw into the same envelope.
 */
export function failureResult<T>(name: string, thrown: unknown, output: Pick<Output, 'stderr'> = standardError): CommandResult<T> {
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
