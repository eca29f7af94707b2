// `cairn files`: the indexed files with language and parse status.
import { Option, type Command } from 'commander';
import { PARSE_STATUSES } from '../contracts/facts.js';
import { filesResult } from '../graph/answers/files.js';
import { execute } from './run.js';

export function register(program: Command): void {
  program
    .command('files')
    .description('list indexed files with language, size and parse status')
    .option('--in <path-prefix>', 'only files under this path prefix')
    .addOption(new Option('--status <status>', 'only files with this parse status').choices(PARSE_STATUSES))
    .option('--limit <n>', 'at most this many rows (default 200, max 100000)')
    .action(async (flags: { in?: string; status?: string; limit?: string }, command: Command) => {
      await execute(
        command,
        'files',
        (ctx) => filesResult(ctx, flags),
        (r) => {
          const rows = r.data.files.map(
            (f) => `${f.path}  ${f.language ?? '-'}  ${f.size}B  ${f.status}${f.reason ? ` (${f.reason})` : ''}`,
          );
          const more = r.truncated ? `\n… ${r.data.total - r.data.files.length} more (narrow with --in or raise --limit)` : '';
          return `Files (${r.data.total}):\n${rows.map((l) => `  ${l}`).join('\n') || '  none'}${more}`;
        },
      );
    });
}
