// `cairn status`: is there an index, is it this schema, is it fresh, what is in it.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { status, type StatusData } from '../graph/answers/status.js';
import { execute } from './run.js';

export function register(program: Command): void {
  program
    .command('status')
    .description('say whether an index exists, matches this schema and is fresh, and what it holds')
    .action(async (_flags: unknown, command: Command) => {
      await execute(command, 'status', (ctx) => status(ctx), renderStatus);
    });
}

function renderStatus(result: CommandResult<StatusData>): string {
  const d = result.data;
  const lines = [`Index: ${d.index.reason ? `unusable (${d.index.path}: ${d.index.reason})` : d.index.present ? d.index.path : 'missing'}`];
  lines.push(`Schema: ${d.schema.state} (expected ${d.schema.expected}, found ${d.schema.actual ?? 'none'})`);
  if (d.meta) lines.push(`Indexed: ${d.meta.indexed_at} at ${d.meta.git_head ?? 'no git head'}`);
  lines.push(`Git head: ${d.git.head ?? 'none'}`);
  lines.push(`Freshness: ${d.freshness}`);
  if (d.changes && d.freshness === 'stale') {
    lines.push(`Changes: ${d.changes.added} added, ${d.changes.changed} changed, ${d.changes.deleted} deleted`);
    for (const path of d.changes.sample) lines.push(`  ${path}`);
  }
  if (d.stats) {
    const s = d.stats;
    const calls = s.edges_by_relationship.calls ?? 0;
    const outside = (s.unresolved_by_reason.external ?? 0) + (s.unresolved_by_reason.builtin ?? 0);
    const unresolved = Object.values(s.unresolved_by_reason).reduce((a, b) => a + b, 0) - outside;
    lines.push(`Files: ${s.files} (${Object.entries(s.files_by_language).map(([l, n]) => `${l} ${n}`).join(', ') || 'none'})`);
    lines.push(`Symbols: ${s.symbols}`);
    lines.push(`Call sites: ${s.call_sites} (${calls} resolved, ${unresolved} unresolved, ${outside} outside the workspace)`);
  }
  if (result.next_action !== 'none') lines.push(`Action: ${result.next_action}`);
  return lines.join('\n');
}
