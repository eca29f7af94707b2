// The files answer: the indexed files with language and parse status.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import type { FileRecord } from '../../contracts/graph.js';
import { withGraph } from '../open-graph.js';
import { intOption } from './options.js';

export interface FilesData {
  files: FileRecord[];
  total: number;
}

export async function filesResult(ctx: CommandContext, flags: { in?: string; status?: string; limit?: string }): Promise<CommandResult<FilesData>> {
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
}
