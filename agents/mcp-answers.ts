// Each MCP tool's answer: the result function its CLI command calls (graph/answers/),
// run here in this process, so a tool's answer is the envelope `cairn <command> --json`
// prints.
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult } from '../contracts/envelope.js';
import { contextFrom, failureResult } from '../graph/answers/context.js';
import { diff } from '../graph/answers/diff.js';
import { doctor } from '../graph/answers/doctor.js';
import { impactResult } from '../graph/answers/impact.js';
import { neighbourResult } from '../graph/answers/neighbours.js';
import { node } from '../graph/answers/node.js';
import { search } from '../graph/answers/search.js';
import { status } from '../graph/answers/status.js';
import { testsForResult } from '../graph/answers/tests-for.js';
import type { Answer, ToolArguments } from './mcp-server.js';

/** A number argument as the CLI option text it stands for, so the command parses and bounds it once. */
const text = (v: unknown): string | undefined => (v === undefined ? undefined : String(v));
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const ANSWERS: Record<string, (ctx: CommandContext, a: ToolArguments) => Promise<CommandResult<unknown>>> = {
  cairn_status: (ctx) => status(ctx),
  cairn_search: (ctx, a) => search(ctx, str(a.query)!, { limit: text(a.limit) }),
  cairn_node: (ctx, a) => node(ctx, { symbol: str(a.symbol), file: str(a.file), symbolsOnly: a.symbols_only === true, offset: text(a.offset), limit: text(a.limit) }),
  cairn_callers: (ctx, a) => neighbourResult(ctx, 'callers', str(a.symbol)!, { minConfidence: text(a.min_confidence), in: str(a.in), limit: text(a.limit) }),
  cairn_callees: (ctx, a) => neighbourResult(ctx, 'callees', str(a.symbol)!, { minConfidence: text(a.min_confidence), in: str(a.in), limit: text(a.limit) }),
  cairn_tests_for: (ctx, a) => testsForResult(ctx, str(a.symbol)!, { in: str(a.in), limit: text(a.limit) }),
  cairn_doctor: (ctx) => doctor(ctx, ''),
  cairn_impact: (ctx, a) =>
    impactResult(ctx, str(a.symbol)!, { depth: text(a.depth), direction: str(a.direction), minConfidence: text(a.min_confidence), limit: text(a.limit), includeOutside: a.include_outside === true }),
  cairn_diff: (ctx, a) => diff(ctx, { base: str(a.base), head: str(a.head), files: a.files as string[] | undefined, limit: text(a.limit) }),
};

/** One tool call's envelope data; a throw becomes the failure envelope the CLI would print. */
export const answerTool: Answer = async (tool, workspace, args) => {
  try {
    const answer = ANSWERS[tool.name];
    if (!answer) throw new Error(`no answer for tool ${tool.name}`);
    return await answer(contextFrom({ workspace, json: true }), args);
  } catch (caught) {
    return failureResult(tool.command, caught);
  }
};
