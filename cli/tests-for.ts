// `cairn tests-for <symbol> [--in <path-prefix>] [--limit <n>]`: tests with a structural path to a symbol.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { testsForResult, type TestsForData, type TestsForFlags } from '../graph/answers/tests-for.js';
import { MAX_HOPS, TESTS_FOR_DEFAULT_LIMIT, TESTS_FOR_MAX_LIMIT } from '../graph/tests-for.js';
import { scopeName } from './render-graph.js';
import { FORMAT_HELP, pictureFormat, printerFor } from './pictures/format.js';
import { testsForPicture } from './pictures/tests-for-picture.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('tests-for')
    .description(`tests with a structural path (up to ${MAX_HOPS} calls) to a symbol, then labelled candidates`)
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--in <path-prefix>', 'only tests in files under this prefix')
    .option('--limit <n>', `at most this many tests (default ${TESTS_FOR_DEFAULT_LIMIT}, max ${TESTS_FOR_MAX_LIMIT})`)
    .option('--format <format>', FORMAT_HELP)
    .action(async (query: string, flags: TestsForFlags & { format?: string }, command: Command) => {
      await execute(
        command,
        'tests-for',
        (ctx) => {
          pictureFormat(flags.format, ctx.json);
          return testsForResult(ctx, query, flags);
        },
        printerFor(flags.format, render, testsForPicture),
      );
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
