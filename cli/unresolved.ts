// `cairn unresolved [--in <path-prefix>] [--limit <n>]`: call sites that are not trusted edges.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { UNRESOLVED_REASONS } from '../contracts/tiers.js';
import { DEFAULT_REASONS, listUnresolved, UNRESOLVED_DEFAULT_LIMIT, UNRESOLVED_MAX_LIMIT, type UnresolvedResult } from '../graph/unresolved.js';
import { usageError } from './errors.js';
import { answerFromGraph } from '../graph/open-graph.js';
import { scopeName } from './render-graph.js';
import { execute, intOption, warningsBlock } from './run.js';

type UnresolvedData = Pick<UnresolvedResult, 'references' | 'outside_workspace'> & { reasons: string[] };

export function register(program: Command): void {
  program
    .command('unresolved')
    .description('list call sites that could not be bound to one trusted target, with the reason')
    .option('--in <path-prefix>', 'only call sites in files under this prefix')
    .option('--reason <reasons>', `only these reasons, comma-separated (${UNRESOLVED_REASONS.join(', ')}; default: all but external and builtin)`)
    .option('--limit <n>', `at most this many references (default ${UNRESOLVED_DEFAULT_LIMIT}, max ${UNRESOLVED_MAX_LIMIT})`)
    .action(async (flags: { in?: string; limit?: string; reason?: string }, command: Command) => {
      await execute(
        command,
        'unresolved',
        (ctx) => {
          const limit = intOption(flags.limit, '--limit', UNRESOLVED_DEFAULT_LIMIT, 1, UNRESOLVED_MAX_LIMIT);
          const reasons = flags.reason === undefined ? [...DEFAULT_REASONS] : flags.reason.split(',').map((r) => r.trim()).filter(Boolean);
          const unknown = reasons.filter((r) => !(UNRESOLVED_REASONS as readonly string[]).includes(r));
          if (unknown.length > 0 || reasons.length === 0) {
            throw usageError(`--reason takes ${UNRESOLVED_REASONS.join(', ')} (comma-separated), not "${flags.reason}"`);
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
        },
        render,
      );
    });
}

function render(result: CommandResult<UnresolvedData>): string {
  const refs = result.data.references;
  const lines = [`Unresolved references (${refs.length}${result.truncated ? '+' : ''}):`];
  if (refs.length === 0) lines.push('  none');
  for (const r of refs) {
    const candidates = r.candidate_count ? ` (${r.candidate_count} candidates)` : '';
    lines.push(`  ${r.file_path}:${r.line}:${r.column}  ${r.specifier}  ${r.reason}${candidates}  from ${scopeName(r.source)}`);
  }
  const { external, builtin } = result.data.outside_workspace;
  const listed = result.data.reasons;
  if (!listed.includes('external') || !listed.includes('builtin')) {
    lines.push(`Outside the workspace, not listed: external ${external}, builtin ${builtin} (list them with --reason external,builtin)`);
  }
  return lines.join('\n') + warningsBlock(result);
}
