// The tests-for answer: tests with a structural path to a symbol, then labelled candidates.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult, Warning } from '../../contracts/envelope.js';
import { requireSymbol } from '../lookup.js';
import type { TestsForData } from '../../contracts/tests-for.js';
import { TESTS_FOR_DEFAULT_LIMIT, TESTS_FOR_MAX_LIMIT, testsFor } from '../tests-for.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';

export type { TestsForData };

export interface TestsForFlags {
  in?: string;
  limit?: string;
}


/** The tests-for answer (the CLI and the MCP server print it). */
export async function testsForResult(ctx: CommandContext, query: string, flags: TestsForFlags): Promise<CommandResult<TestsForData>> {
  const limit = intOption(flags.limit, '--limit', TESTS_FOR_DEFAULT_LIMIT, 1, TESTS_FOR_MAX_LIMIT);
  const started = performance.now();
  return answerFromGraph(ctx.workspace, (graph): CommandResult<TestsForData> => {
    const target = requireSymbol(graph, query, { target: null, tests: [] });
    const result = testsFor(graph, target, { prefix: flags.in, limit, includeTests: ctx.tests });
    const warnings: Warning[] = [];
    if (!ctx.tests) warnings.push({ code: 'tests_suppressed', message: '--no-tests: test results are left out; this does not mean there are none' });
    if (result.search_budget_reached) {
      warnings.push({ code: 'search_budget_reached', message: 'the callers of this symbol fan out past the search budget; deeper tests may exist' });
    }
    if (result.truncated) warnings.push({ code: 'limit_reached', message: `showing the first ${limit} tests; narrow with --in` });
    const truncated = result.truncated || result.search_budget_reached;
    if (ctx.tests && result.tests.length > 0 && result.tests.every((t) => t.evidence !== 'direct_call')) {
      warnings.push({ code: 'candidates_only', message: 'no test has a structural path to this symbol; the rows are candidates, not coverage' });
    }
    return {
      command: 'tests-for',
      ok: true,
      data: { target: result.target, tests: result.tests, timings_ms: { query: Math.round(performance.now() - started) } },
      warnings,
      truncated,
      next_action: truncated ? 'narrow the query' : 'none',
      exit_code: 0,
    };
  });
}
