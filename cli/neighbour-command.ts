// `callers` and `callees`: one body, two directions.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { requireSymbol } from '../graph/lookup.js';
import { neighbours, type NeighbourResult } from '../graph/neighbours.js';
import { answerFromGraph } from '../graph/open-graph.js';
import { edgeTier, symbolLine, unresolvedLine } from './render-graph.js';
import { execute, intOption, warningsBlock, type CommandContext } from './run.js';

export interface NeighbourFlags {
  minConfidence?: string;
  in?: string;
  showResolution?: boolean;
  limit?: string;
}

export function registerNeighbourCommand(program: Command, direction: 'callers' | 'callees'): void {
  program
    .command(direction)
    .description(direction === 'callers' ? 'symbols that call the given symbol' : 'symbols the given symbol calls, and its unresolved calls')
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--min-confidence <n>', 'only edges at or above this confidence (0-100, default 0)')
    .option('--in <path-prefix>', `only ${direction} in files under this prefix`)
    .option('--show-resolution', 'print each edge’s resolution kind and confidence')
    .option('--limit <n>', 'at most this many rows (default 100, max 1000)')
    .action(async (query: string, flags: NeighbourFlags, command: Command) => {
      await execute(
        command,
        direction,
        (ctx) => neighbourResult(ctx, direction, query, flags),
        (r) => render(r, Boolean(flags.showResolution)),
      );
    });
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

function render(r: CommandResult<NeighbourResult>, showResolution: boolean): string {
  const d = r.data;
  const title = d.direction === 'callers' ? 'Callers of' : 'Callees of';
  const rows = d.neighbours.map((n) => {
    const who = n.symbol ? symbolLine(n.symbol) : '(endpoint not indexed)';
    const how = showResolution ? `  [${edgeTier(n)}]` : '';
    return `  ${who}  at ${n.file_path}:${n.line}${how}`;
  });
  const out = [`${title} ${d.target.qualified_name} (${d.total}${r.truncated ? `, showing ${d.neighbours.length}` : ''}):`];
  out.push(rows.length ? rows.join('\n') : '  none');
  if (d.direction === 'callees') {
    out.push(`Unresolved calls (${d.unresolved.length}):`);
    out.push(d.unresolved.length ? d.unresolved.map((u) => `  ${unresolvedLine(u)}`).join('\n') : '  none');
  }
  return out.join('\n') + warningsBlock(r);
}
