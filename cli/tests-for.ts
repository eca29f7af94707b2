// `cairn tests-for <symbol> [--in <path-prefix>] [--limit <n>]`: tests with a structural path to a symbol.
import type { Command } from 'commander';
import type { CommandResult, Warning } from '../contracts/envelope.js';
import { requireSymbol } from '../graph/lookup.js';
import { MAX_HOPS, TESTS_FOR_DEFAULT_LIMIT, TESTS_FOR_MAX_LIMIT, testsFor, type TestItem } from '../graph/tests-for.js';
import type { SymbolView } from '../graph/views.js';
import { answerFromGraph } from '../graph/open-graph.js';
import { scopeName } from './render-graph.js';
import { FORMAT_HELP, pictureFormat, printerFor } from './pictures/format.js';
import { testsForPicture } from './pictures/tests-for-picture.js';
import { execute, intOption, warningsBlock, type CommandContext } from './run.js';

export interface TestsForFlags {
  in?: string;
  limit?: string;
  format?: string;
}

interface TestsForData {
  target: SymbolView | null;
  tests: TestItem[];
  /** Opening the index, finding the symbol and answering (process start and printing excluded). */
  timings_ms?: { query: number };
}

export function register(program: Command): void {
  program
    .command('tests-for')
    .description(`tests with a structural path (up to ${MAX_HOPS} calls) to a symbol, then labelled candidates`)
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--in <path-prefix>', 'only tests in files under this prefix')
    .option('--limit <n>', `at most this many tests (default ${TESTS_FOR_DEFAULT_LIMIT}, max ${TESTS_FOR_MAX_LIMIT})`)
    .option('--format <format>', FORMAT_HELP)
    .action(async (query: string, flags: TestsForFlags, command: Command) => {
      await execute(
        command,
        'tests-for',
        (ctx) => testsForResult(ctx, query, flags),
        printerFor(flags.format, render, testsForPicture),
      );
    });
}

/** The tests-for answer (the CLI and the MCP server print it). */
export async function testsForResult(ctx: CommandContext, query: string, flags: TestsForFlags): Promise<CommandResult<TestsForData>> {
  pictureFormat(flags.format, ctx.json);
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

function render(result: CommandResult<TestsForData>): string {
  const { target, tests } = result.data;
  const name = target ? target.qualified_name || target.id : '?';
  const lines = [`Tests for ${name}:`];
  if (tests.length === 0) lines.push('  none');
  for (const t of tests) {
    lines.push(`  ${t.test.id}  ${t.evidence}  confidence ${t.confidence}`);
    const hops = t.path.map((p) => `${p.source.qualified_name || scopeName(p.source.id)} -${p.relationship}(${p.resolution_kind} ${p.confidence})-> ${p.target.qualified_name || scopeName(p.target.id)}`);
    for (const hop of hops) lines.push(`    ${hop}`);
  }
  return lines.join('\n') + warningsBlock(result);
}
