// `init` and `sync` share one body (workers/index-run.ts); this file parses their options and prints the report.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import type { IndexReport } from '../contracts/index-report.js';
import { indexResult } from '../workers/index-run.js';
import { progressBar } from './progress.js';
import { execute, intOption, warningsBlock } from './run.js';

interface IndexFlags {
  jobs?: string;
  includeLibrary?: boolean;
}

export function registerIndexCommand(program: Command, mode: 'init' | 'sync', description: string): void {
  program
    .command(mode)
    .description(description)
    .option('-j, --jobs <n>', 'analysis threads (default: the calling thread alone under 1,000 files, else available parallelism)')
    .option('--include-library', 'also index library and build folders (node_modules, vendor, target, …) and dot-directories')
    .option('--no-include-library', mode === 'sync' ? 'leave them out even if init took them in (sync otherwise reuses what init recorded)' : 'leave them out (the default)')
    .action(async (flags: IndexFlags, command: Command) => {
      await execute(
        command,
        mode,
        (ctx) => {
          const jobs = intOption(flags.jobs, '--jobs', 0, 0, 256) || undefined;
          return indexResult(ctx, mode, { jobs, includeLibrary: flags.includeLibrary }, progressBar(mode === 'init' ? 'indexing' : 'syncing', ctx.interactive));
        },
        renderIndexReport,
      );
    });
}

export function renderIndexReport(result: CommandResult<IndexReport>): string {
  const r = result.data;
  const f = r.files;
  const statuses = Object.entries(r.statuses)
    .filter(([status]) => status !== 'ok')
    .map(([status, n]) => `${status} ${n}`);
  const unsupported = Object.entries(r.unsupported_extensions)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ext, n]) => `${ext} ${n}`);
  const skipped = Object.entries(r.skipped)
    .filter(([, n]) => n > 0)
    .map(([why, n]) => `${why.replace(/_/g, ' ')} ${n}`);
  return [
    `${r.mode === 'init' ? 'Indexed' : 'Synced'} ${f.inventoried} files in ${(r.elapsed_ms / 1000).toFixed(2)}s`,
    `Changes: ${f.added} added, ${f.changed} changed, ${f.deleted} deleted, ${f.unchanged + f.touched} unchanged`,
    `Analysed: ${r.analysed} files${statuses.length ? ` (not indexable: ${statuses.join(', ')})` : ''}`,
    `Git head: ${r.git_head ?? 'none'}`,
    `Unsupported extensions: ${unsupported.length ? unsupported.join(', ') : 'none'}`,
    ...(skipped.length ? [`Skipped (never opened): ${skipped.join(', ')}`] : []),
    ...(r.skipped_folders.length ? [`Library folders left out (--include-library takes them in): ${skippedFoldersText(r.skipped_folders)}`] : []),
    ...(r.options.source === 'recorded' ? [`Options: as init recorded them (${r.options.include_library ? '--include-library' : 'library folders left out'})`] : []),
  ].join('\n') + warningsBlock(result);
}

/** `vendor 12 files, .github 3 files` (at most ten folders named, the rest counted). */
export function skippedFoldersText(folders: readonly { path: string; files: number; at_least?: true }[]): string {
  const shown = folders.slice(0, 10).map((f) => `${f.path} ${f.at_least ? 'at least ' : ''}${f.files} file${f.files === 1 ? '' : 's'}`);
  return shown.join(', ') + (folders.length > 10 ? `, and ${folders.length - 10} more` : '');
}
