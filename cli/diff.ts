// `cairn diff (--base <rev> [--head <rev>] | --files <path>...) [--limit <n>]`:
// changed files, symbols, edges and newly unresolved callers of a git range, with
// the base side indexed from git objects in a temp dir that is removed afterwards.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import type { DiffData } from '../contracts/diff.js';
import { diff, type DiffFlags } from '../graph/answers/diff.js';
import { DIFF_DEFAULT_LIMIT, DIFF_MAX_LIMIT } from '../graph/diff.js';
import { documentLine } from './docs.js';
import { diffPicture } from './pictures/diff-picture.js';
import { FORMAT_HELP, pictureFormat, printerFor } from './pictures/format.js';
import { scopeName } from './render-graph.js';
import { phases } from './progress.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('diff')
    .description('map a git range (--base [--head]) or explicit paths (--files) onto indexed symbols, edges and unresolved callers')
    .option('--base <revision>', 'compare from this commit, tag or ref (the work tree, staged and unstaged, unless --head is given)')
    .option('--head <revision>', 'compare to this revision instead of the work tree')
    .option('--files <path...>', 'map these workspace-relative paths onto their current symbols, without git')
    .option('--limit <n>', `at most this many symbols, edges and unresolved callers each (default ${DIFF_DEFAULT_LIMIT}, max ${DIFF_MAX_LIMIT})`)
    .option('--format <format>', FORMAT_HELP)
    .action(async (flags: DiffFlags & { format?: string }, command: Command) => {
      await execute(command, 'diff', (ctx) => {
        pictureFormat(flags.format, ctx.json);
        return diff(ctx, flags, phases('cairn diff', ctx.interactive));
      }, printerFor(flags.format, render, diffPicture));
    });
}

function render(result: CommandResult<DiffData>): string {
  const d = result.data;
  const name = (s: { qualified_name: string; id: string } | null) => (s ? s.qualified_name || scopeName(s.id) : '(unresolved)');
  const section = (title: string, rows: string[]) => [title, ...(rows.length === 0 ? ['  none'] : rows.map((r) => `  ${r}`))];
  const range = d.base ? `${d.base.slice(0, 12)}..${d.head ? d.head.slice(0, 12) : 'work tree'}` : 'explicit files';
  const lines = [
    `Diff ${range}:`,
    ...section('Changed files:', d.files.map((f) => `${f.status.padEnd(8)} ${f.old_path ? `${f.old_path} -> ` : ''}${f.path}`)),
    ...section('Changed symbols:', d.symbols.map((s) => `${s.change.padEnd(8)} ${name(s.symbol)}  ${s.symbol.kind}  ${s.symbol.file_path}:${s.symbol.start_line}${s.hunks.length ? `  hunks at ${s.hunks.join(', ')}` : ''}`)),
    ...section('Changed edges:', d.edges.map((e) => `${e.change.padEnd(8)} ${name(e.source)} -${e.relationship}-> ${name(e.target)}  ${e.resolution_kind} ${e.confidence}`)),
    ...section('Newly unresolved callers:', d.newly_unresolved_callers.map((u) => `${name(u.source)} -> ${u.specifier}  ${u.reason}  ${u.file_path}:${u.line}`)),
    ...section('Unmapped hunks:', d.unmapped_hunks.map((h) => `${h.path}:${h.line}`)),
    ...section('Documents that may be stale:', d.documents.map(documentLine)),
  ];
  const snap = d.historical_snapshot;
  if (snap && snap.cleanup !== 'not_needed') {
    const how = [snap.base, snap.head].flatMap((side) => (side ? [`${side.method} of ${side.revision.slice(0, 12)}`] : [])).join(', ');
    lines.push(`Historical snapshot: ${how}; ${(snap.bytes / 1024).toFixed(0)} KiB in ${snap.elapsed_ms} ms, ${snap.cleanup}`);
  }
  return lines.join('\n') + warningsBlock(result);
}
