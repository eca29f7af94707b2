// `cairn unresolved [--in <path-prefix>] [--limit <n>]`: call sites that are not trusted edges.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { UNRESOLVED_REASONS } from '../contracts/tiers.js';
import type { UnresolvedData } from '../contracts/unresolved.js';
import { unresolvedResult } from '../graph/answers/unresolved.js';
import { UNRESOLVED_DEFAULT_LIMIT, UNRESOLVED_MAX_LIMIT } from '../graph/unresolved.js';
import { scopeName } from './render-graph.js';
import { execute, warningsBlock } from './run.js';

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
        (ctx) => unresolvedResult(ctx, flags),
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
