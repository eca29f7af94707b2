// `cairn mcp`: serve the read-only MCP tools on stdin/stdout for the workspace it is
// started in (-C or the current directory) and the user's allow-list. Each tool runs
// the result function of its CLI command here, in this process, so a tool's answer is
// the envelope `cairn <command> --json` prints.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { JsoncError } from '../review/jsonc.js';
import { serveMcp, type ToolArguments } from '../agents/mcp-server.js';
import { loadAllowList } from '../agents/mcp-workspaces.js';
import { diff } from './diff.js';
import { doctor } from './doctor.js';
import { impactResult } from './impact.js';
import { neighbourResult } from './neighbour-command.js';
import { node } from './node.js';
import { VERSION } from './program.js';
import { contextFrom, failureResult, type CommandContext } from './run.js';
import { search } from './search.js';
import { status } from './status.js';
import { testsForResult } from './tests-for.js';

/** A number argument as the CLI option text it stands for, so the command parses and bounds it once. */
const text = (v: unknown): string | undefined => (v === undefined ? undefined : String(v));
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const ANSWERS: Record<string, (ctx: CommandContext, a: ToolArguments) => Promise<CommandResult<unknown>>> = {
  cairn_status: (ctx) => status(ctx),
  cairn_search: (ctx, a) => search(ctx, str(a.query)!, { limit: text(a.limit) }),
  cairn_node: (ctx, a) => node(ctx, { symbol: str(a.symbol), file: str(a.file), symbolsOnly: a.symbols_only === true, offset: text(a.offset), limit: text(a.limit) }),
  cairn_callers: (ctx, a) => neighbourResult(ctx, 'callers', str(a.symbol)!, { minConfidence: text(a.min_confidence), in: str(a.in) }),
  cairn_callees: (ctx, a) => neighbourResult(ctx, 'callees', str(a.symbol)!, { minConfidence: text(a.min_confidence), in: str(a.in) }),
  cairn_tests_for: (ctx, a) => testsForResult(ctx, str(a.symbol)!, { in: str(a.in), limit: text(a.limit) }),
  cairn_doctor: (ctx) => doctor(ctx, ''),
  cairn_impact: (ctx, a) =>
    impactResult(ctx, str(a.symbol)!, { depth: text(a.depth), direction: str(a.direction), minConfidence: text(a.min_confidence), limit: text(a.limit), includeOutside: a.include_outside === true }),
  cairn_diff: (ctx, a) => diff(ctx, { base: str(a.base), head: str(a.head), files: a.files as string[] | undefined, limit: text(a.limit) }),
};

export function register(program: Command): void {
  program
    .command('mcp')
    .description('serve the read-only cairn tools to an MCP client on stdin/stdout (this workspace and mcp.workspaces of the user configuration)')
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as { workspace?: string };
      let started: string;
      try {
        started = contextFrom({ workspace: globals.workspace }).workspace;
      } catch (error) {
        process.stderr.write(`cairn mcp: ${(error as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      let allow;
      try {
        allow = loadAllowList(started);
      } catch (error) {
        if (!(error instanceof JsoncError)) throw error;
        process.stderr.write(`cairn mcp: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      for (const entry of allow.missing) process.stderr.write(`cairn mcp: mcp.workspaces entry ${entry} is not a directory; it is not served\n`);
      await serveMcp({
        version: VERSION,
        allow,
        answer: async (tool, workspace, args) => {
          try {
            const answer = ANSWERS[tool.name];
            if (!answer) throw new Error(`no answer for tool ${tool.name}`);
            return await answer(contextFrom({ workspace, json: true }), args);
          } catch (caught) {
            return failureResult(tool.command, caught);
          }
        },
      });
    });
}
