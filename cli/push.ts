// `cairn push --url URL`: sends the index to a graph server (POST /v1/graph) in
// file-atomic batches, only what changed since the last push to that server under
// that label, deleted files included so the server purges them.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { pushGraph, DEFAULT_TOKEN_ENV, type PushData, type PushFlags } from '../wire/push.js';
import { progressBar } from './progress.js';
import { execute } from './run.js';

export { DEFAULT_TOKEN_ENV, retryLine } from '../wire/push.js';
export type { PushData };

export function register(program: Command): void {
  program
    .command('push')
    .description('send the graph to a graph server: only files changed or deleted since the last push there')
    .requiredOption('--url <url>', 'the graph server (base URL, e.g. http://127.0.0.1:8750)')
    .option('--repo <label>', 'repository label (default: the origin remote as owner/repo, else the directory name)')
    .option('--token-env <name>', 'environment variable holding the bearer token', DEFAULT_TOKEN_ENV)
    .option('--full', 'send every file, not only what changed since the last push')
    .option('--max-tries <n>', 'tries per batch when the server is busy or unreachable', '8')
    .action(async (flags: PushFlags, command: Command) => {
      await execute(command, 'push', (ctx) => pushGraph(ctx, flags, progressBar('pushing', ctx.interactive), (line) => void process.stderr.write(line)), renderPush);
    });
}

function renderPush(result: CommandResult<PushData>): string {
  const d = result.data;
  const lines = [
    `Pushed ${d.repo}${d.commit ? ` at ${d.commit.slice(0, 12)}` : ''} to ${d.url}`,
    `  files: ${d.files_sent} sent, ${d.files_deleted} deleted, ${d.files_unchanged} unchanged, ${d.skipped.length} skipped`,
    `  rows: ${d.rows.entities} entities, ${d.rows.edges} edges, ${d.rows.symbols} symbols, ${d.rows.hyperedges} hyperedges in ${d.batches} batch${d.batches === 1 ? '' : 'es'}`,
  ];
  if (d.retries > 0) lines.push(`  retries: ${d.retries} (server busy or unreachable)`);
  for (const s of d.skipped) lines.push(`  skipped ${s.path}: ${s.status}`);
  return lines.join('\n');
}
