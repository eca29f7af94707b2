// `cairn export --format jsonl`: the whole graph as a stream of messages on stdout
// (contracts/export.ts). It streams with back-pressure, so a Linux-sized graph
// never sits in memory as one string. `--format graph-push`: one GraphPush document
// (contracts/graph-push.ts) holding every file, written row by row.
import type { Command } from 'commander';
import { CairnError } from '../contracts/errors.js';
import { envelope } from '../contracts/envelope.js';
import { asUnusable } from '../store/damage.js';
import { exportGraphPush, exportJsonl, type ExportSink } from '../wire/export.js';
import { escapeControl } from './terminal-text.js';
import { contextOf } from './run.js';

export function register(program: Command): void {
  program
    .command('export')
    .description('write the whole graph: JSON lines (jsonl) or one GraphPush document (graph-push)')
    .option('--format <format>', 'output format (jsonl, graph-push)', 'jsonl')
    .option('--repo <label>', 'graph-push: repository label (default: the origin remote as owner/repo, else the directory name)')
    .action(async (flags: { format: string; repo?: string }, command: Command) => {
      try {
        const ctx = contextOf(command);
        if (flags.format !== 'jsonl' && flags.format !== 'graph-push') {
          throw new CairnError('invalid_argument', `unknown export format "${flags.format}" (supported: jsonl, graph-push)`);
        }
        if (ctx.json) throw new CairnError('invalid_argument', 'export already prints JSON; drop --json');
        if (flags.repo !== undefined && flags.format !== 'graph-push') throw new CairnError('invalid_argument', '--repo applies to --format graph-push');
        if (flags.format === 'graph-push') await exportGraphPush(ctx.workspace, flags.repo, stdoutWriter(), (line) => void process.stderr.write(line));
        else await exportJsonl(ctx.workspace, stdoutWriter());
      } catch (thrown) {
        const error = asUnusable(thrown);
        if (!(error instanceof CairnError)) throw error;
        // A failure in --json mode is still one JSON document, as for every command.
        if ((command.optsWithGlobals() as { json?: boolean }).json) {
          const failed = { command: 'export', ok: false, data: null, warnings: [{ code: error.code, message: error.message }], truncated: false, next_action: error.nextAction, exit_code: error.exitCode };
          process.stdout.write(`${JSON.stringify(envelope(failed))}\n`);
        } else process.stderr.write(`cairn export: ${escapeControl(error.message)}\n`);
        process.exitCode = error.exitCode;
      }
    });
}

/** Buffered writes to stdout that wait for it to drain. */
function stdoutWriter(): ExportSink {
  const out = process.stdout;
  let buffer = '';
  return {
    async write(text) {
      buffer += text;
      if (buffer.length < 1 << 16) return;
      const chunk = buffer;
      buffer = '';
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    },
    flush() {
      if (buffer) out.write(buffer);
      buffer = '';
    },
  };
}
