// The explore answer: the neighbourhood of one symbol in one answer: where it lives,
// what it contains, its strongest callers and callees, its unresolved calls, and the
// tests that call it directly.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import type { SymbolRecord, UnresolvedRecord } from '../../contracts/graph.js';
import { containerOf, membersOf } from '../containment.js';
import { requireSymbol } from '../lookup.js';
import { neighbours, type Neighbour } from '../neighbours.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';

export interface ExploreData {
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

export async function exploreResult(ctx: CommandContext, query: string, flags: { limit?: string }): Promise<CommandResult<ExploreData>> {
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
}
