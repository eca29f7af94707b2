// `callers` and `callees`: one body, two directions.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { neighbourResult, type NeighbourFlags } from '../graph/answers/neighbours.js';
import type { NeighbourResult } from '../graph/neighbours.js';
import { edgeTier, symbolLine, unresolvedLine } from './render-graph.js';
import { execute, warningsBlock } from './run.js';

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
