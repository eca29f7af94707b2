// `cairn explore <symbol>`: the neighbourhood of one symbol in one answer: where it
// lives, what it contains, its strongest callers and callees, its unresolved calls,
// and the tests that call it directly.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { exploreResult, type ExploreData } from '../graph/answers/explore.js';
import type { Neighbour } from '../graph/neighbours.js';
import { edgeTier, symbolLine, unresolvedLine } from './render-graph.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('explore')
    .description('one symbol’s neighbourhood: container, members, callers, callees, unresolved calls, direct tests')
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--limit <n>', 'rows per section (default 10, max 100)')
    .action(async (query: string, flags: { limit?: string }, command: Command) => {
      await execute(
        command,
        'explore',
        (ctx) => exploreResult(ctx, query, flags),
        render,
      );
    });
}

function render(r: CommandResult<ExploreData>): string {
  const d = r.data;
  const list = (title: string, lines: string[], total = lines.length) =>
    [`${title} (${total}):`, ...(lines.length ? lines.map((l) => `  ${l}`) : ['  none'])].join('\n');
  const edge = (n: Neighbour) => `${n.symbol ? symbolLine(n.symbol) : '(not indexed)'}  at ${n.file_path}:${n.line}  [${edgeTier(n)}]`;
  return [
    `Explore ${d.symbol.qualified_name}`,
    `Symbol: ${symbolLine(d.symbol)}`,
    `Container: ${d.container ? symbolLine(d.container) : 'none'}`,
    list('Contains', d.children.map(symbolLine)),
    list('Callers', d.callers.map(edge), d.callers_total),
    list('Callees', d.callees.map(edge), d.callees_total),
    list('Unresolved calls', d.unresolved.map(unresolvedLine)),
    list('Tests calling it directly', d.direct_tests.map(symbolLine)),
  ].join('\n') + warningsBlock(r);
}
