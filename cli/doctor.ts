// `cairn doctor`: the review preflight. Is there an index, is it this schema, is it
// fresh against the work tree (size+mtime fast path, then content hash), where is
// git, and how much can the graph be trusted. Reads only; bounded output.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { pathToFileURL } from 'node:url';
import type { CollisionRow, DoctorData } from '../contracts/doctor.js';
import { doctor } from '../graph/answers/doctor.js';
import { usageError } from './errors.js';
import { toDoctorPage } from './pictures/doctor-page.js';
import { phases } from './progress.js';
import { skippedFoldersText } from './index-command.js';
import { execute, warningsBlock, type CommandContext } from './run.js';

/** Longest diagnostic list printed on its label's line. */
const INLINE_LIST_WIDTH = 80;

export function register(program: Command): void {
  program
    .command('doctor')
    .description('review preflight: index presence, schema, git baseline, freshness and graph trust')
    .option('--html', 'print graph trust as one self-contained HTML page')
    .option('--in <path-prefix>', 'list collision-prone names and low-quality locations only from files under this prefix (the verdict stays the whole index\'s)')
    .action(async (flags: { html?: boolean; in?: string }, command: Command) => {
      let fileBase = '';
      const body = (ctx: CommandContext) => {
        if (flags.html && ctx.json) throw usageError('--json and --html are two outputs; choose one');
        fileBase = `${pathToFileURL(ctx.workspace).href}/`;
        return doctor(ctx, flags.in ?? '', phases('cairn doctor', ctx.interactive));
      };
      await execute(command, 'doctor', body, flags.html ? (result) => toDoctorPage(result, fileBase) : render);
    });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `render (1 definition; bound by name alone: 1 same_file edge)`: the row and why it is listed. */
function collisionWhy(c: CollisionRow): string {
  const why: string[] = [plural(c.definitions, 'definition')];
  if (c.ambiguous_call_sites > 0) why.push(plural(c.ambiguous_call_sites, 'ambiguous call site'));
  const tiers = c.reasons.filter((r) => r !== 'several_definitions').map((r) => r.replace(/_edges$/, ''));
  if (c.low_confidence_edges > 0) why.push(`${plural(c.low_confidence_edges, 'edge')} bound by name alone (${tiers.join(', ')})`);
  return `${c.name} (${why.join('; ')})`;
}

function render(result: CommandResult<DoctorData>): string {
  const d = result.data;
  const q = d.graph_quality;
  // A short list stays on its label's line; a longer one puts each row on its own indented line.
  const list = <T>(rows: T[], total: number, show: (row: T) => string) => {
    if (rows.length === 0) return ' none';
    const more = total > rows.length ? ` (+${total - rows.length} more)` : '';
    const inline = rows.map(show).join(', ') + more;
    return inline.length <= INLINE_LIST_WIDTH ? ` ${inline}` : `\n${rows.map((r) => `  ${show(r)}`).join('\n')}${more ? `\n ${more}` : ''}`;
  };
  const lines = [
    `Index: ${d.index.reason ? `unusable (${d.index.path}: ${d.index.reason})` : d.index.present ? `present (${d.index.path})` : 'missing'}`,
    `Schema: expected ${d.schema.expected}, found ${d.schema.actual ?? 'none'}${d.schema.match ? '' : ' (mismatch)'}`,
    `Git baseline: ${d.git.baseline ?? 'none'}; head ${d.git.head ?? 'none'}${d.git.dirty ? ', dirty' : ''}`,
    `Freshness: ${d.freshness}`,
    `Graph trust: ${q.trust_verdict}${q.verdict_causes.length > 0 ? `, because ${q.verdict_causes.join('; ')}` : ''}`,
    `Resolution tiers:${list(q.resolution_tiers, q.resolution_tiers.length, (t) => `${t.kind} ${t.confidence}: ${t.edges}`)}`,
    `Unresolved: ${q.unresolved.total} (missing_target ${q.unresolved.missing_target}, ambiguous_target ${q.unresolved.ambiguous_target}, macro_or_function ${q.unresolved.macro_or_function}, indirect_call ${q.unresolved.indirect_call}${q.unresolved.excluded ? `, excluded ${q.unresolved.excluded}` : ''}); outside the workspace, not counted: external ${q.outside_workspace.external}, builtin ${q.outside_workspace.builtin}`,
    `Collision-prone names:${list(q.collision_prone_names, q.totals.collision_prone_names, collisionWhy)}`,
    `Low-quality locations:${list(q.low_quality_locations, q.totals.low_quality_locations, (l) => `${l.path} ${Math.round(l.rate * 100)}%`)}`,
    `Unsupported extensions:${list(q.unsupported_extensions, q.totals.unsupported_extensions, (u) => `${u.extension} ${u.files}`)}`,
    ...(d.skipped_folders.length ? [`Library folders left out (--include-library takes them in): ${skippedFoldersText(d.skipped_folders)}`] : []),
    `Action: ${result.next_action}`,
  ];
  return lines.join('\n') + warningsBlock(result);
}
