// `cairn files`: the indexed files with language and parse status.
import { Option, type Command } from 'commander';
import { PARSE_STATUSES } from '../contracts/facts.js';
import type { CommandResult } from '../contracts/envelope.js';
import type { FileRecord } from '../contracts/graph.js';
import { withGraph } from '../graph/open-graph.js';
import { execute, intOption } from './run.js';

interface FilesData {
  files: FileRecord[];
  total: number;
}

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
        (ctx) => {
          const limit = intOption(flags.limit, '--limit', 200, 1, 100_000);
          return withGraph(ctx.workspace, (graph) => {
            const files: FileRecord[] = [];
            let total = 0;
            for (const file of graph.files(flags.in)) {
              if (flags.status && file.status !== flags.status) continue;
              total++;
              if (files.length < limit) files.push(file);
            }
            const result: CommandResult<FilesData> = {
              command: 'files',
              ok: true,
              data: { files, total },
              warnings: [],
              truncated: total > files.length,
              next_action: total > files.length ? 'narrow the query' : 'none',
              exit_code: 0,
            };
            return result;
          });
        },
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
