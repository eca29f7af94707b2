// The unresolved answer: call sites that did not become trusted edges, with the reason.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import { UNRESOLVED_REASONS } from '../../contracts/tiers.js';
import type { UnresolvedData } from '../../contracts/unresolved.js';
import { DEFAULT_REASONS, listUnresolved, UNRESOLVED_DEFAULT_LIMIT, UNRESOLVED_MAX_LIMIT } from '../unresolved.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';

export interface UnresolvedFlags {
  in?: string;
  limit?: string;
  reason?: string;
}

export async function unresolvedResult(ctx: CommandContext, flags: UnresolvedFlags): Promise<CommandResult<UnresolvedData>> {
  const limit = intOption(flags.limit, '--limit', UNRESOLVED_DEFAULT_LIMIT, 1, UNRESOLVED_MAX_LIMIT);
  const reasons = flags.reason === undefined ? [...DEFAULT_REASONS] : flags.reason.split(',').map((r) => r.trim()).filter(Boolean);
  const unknown = reasons.filter((r) => !(UNRESOLVED_REASONS as readonly string[]).includes(r));
  if (unknown.length > 0 || reasons.length === 0) {
    throw new CairnError('invalid_argument', `--reason takes ${UNRESOLVED_REASONS.join(', ')} (comma-separated), not "${flags.reason}"`, 2);
  }
  return answerFromGraph(ctx.workspace, (graph): CommandResult<UnresolvedData> => {
    const result = listUnresolved(graph, { prefix: flags.in, limit, includeTests: ctx.tests, reasons });
    return {
      command: 'unresolved',
      ok: true,
      data: { references: result.references, reasons, outside_workspace: result.outside_workspace },
      warnings: result.truncated ? [{ code: 'limit_reached', message: `showing the first ${limit} references; narrow with --in` }] : [],
      truncated: result.truncated,
      next_action: result.truncated ? 'narrow the query' : 'none',
      exit_code: 0,
    };
  });
}
