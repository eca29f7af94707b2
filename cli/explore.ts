// `cairn explore <symbol>`: the neighbourhood of one symbol in one answer: where it
// lives, what it contains, its strongest callers and callees, its unresolved calls,
// and the tests that call it directly.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import type { SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import { containerOf, membersOf } from '../graph/containment.js';
import { requireSymbol } from '../graph/lookup.js';
import { neighbours, type Neighbour } from '../graph/neighbours.js';
import { answerFromGraph } from '../graph/open-graph.js';
import { edgeTier, symbolLine, unresolvedLine } from './render-graph.js';
import { execute, intOption, warningsBlock } from './run.js';

interface ExploreData {
  symbol: SymbolRecord;
  container: SymbolRecord | null;
  children: SymbolRecord[];
  callers: Neighbour[];
  callers_total: number;
  callees: Neighbour[];
  callees_total: number;
  unresolved: UnresolvedRecord[];
  direct_tests: SymbolRecord[];
}

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
        (ctx) => {
          const limit = intOption(flags.limit, '--limit', 10, 1, 100);
          return answerFromGraph(ctx.workspace, (graph) => {
            const symbol = requireSymbol(graph, query);
            const base = { minConfidence: 0, includeTests: ctx.tests, limit };
            // One walk of the incoming edges serves both the callers and the direct tests.
            const allCallers = neighbours(graph, symbol, { ...base, includeTests: true, direction: 'callers', limit: Number.MAX_SAFE_INTEGER });
            const shownCallers = allCallers.neighbours.filter((n) => ctx.tests || !n.symbol?.is_test);
            const callers = { neighbours: shownCallers.slice(0, limit), total: shownCallers.length };
            const callees = neighbours(graph, symbol, { ...base, direction: 'callees' });
            const directTests = ctx.tests
              ? allCallers.neighbours.flatMap((n) => (n.symbol?.is_test ? [n.symbol] : [])).slice(0, limit)
              : [];
            const children = membersOf(graph, symbol);
            const truncated =
              callers.total > callers.neighbours.length || callees.total > callees.neighbours.length || children.length > limit;
            const result: CommandResult<ExploreData> = {
              command: 'explore',
              ok: true,
              data: {
                symbol,
                container: containerOf(graph, symbol),
                children: children.slice(0, limit),
                callers: callers.neighbours,
                callers_total: callers.total,
                callees: callees.neighbours,
                callees_total: callees.total,
                unresolved: callees.unresolved,
                direct_tests: directTests,
              },
              warnings: [],
              truncated,
              next_action: truncated ? 'narrow the query' : 'none',
              exit_code: 0,
            };
            return result;
          });
        },
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
