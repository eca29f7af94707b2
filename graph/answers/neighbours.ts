// The callers and callees answers: one body, two directions.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import { requireSymbol } from '../lookup.js';
import { neighbours, type NeighbourResult } from '../neighbours.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';

export interface NeighbourFlags {
  minConfidence?: string;
  in?: string;
  showResolution?: boolean;
  limit?: string;
}

/** The callers or callees answer (the CLI and the MCP server print it). */
export async function neighbourResult(ctx: CommandContext, direction: 'callers' | 'callees', query: string, flags: NeighbourFlags): Promise<CommandResult<NeighbourResult>> {
  const minConfidence = intOption(flags.minConfidence, '--min-confidence', 0, 0, 100);
  const limit = intOption(flags.limit, '--limit', 100, 1, 1000);
  return answerFromGraph(ctx.workspace, (graph) => {
    const target = requireSymbol(graph, query);
    const data = neighbours(graph, target, { direction, minConfidence, pathPrefix: flags.in, includeTests: ctx.tests, limit });
    const truncated = data.total > data.neighbours.length;
    const result: CommandResult<NeighbourResult> = {
      command: direction,
      ok: true,
      data,
      warnings: [],
      truncated,
      next_action: truncated ? 'narrow the query' : 'none',
      exit_code: 0,
    };
    return result;
  });
}
