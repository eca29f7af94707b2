// `cairn export --format jsonl`: the whole graph as a stream of messages on stdout
// (contracts/export.ts). It streams with back-pressure, so a Linux-sized graph
// never sits in memory as one string.
import type { Command } from 'commander';
import type { ExportMessage } from '../contracts/export.js';
import { CairnError } from '../contracts/errors.js';
import { openGraph } from './open-graph.js';
import { contextOf } from './run.js';

export function register(program: Command): void {
  program
    .command('export')
    .description('stream every file, symbol, edge and unresolved record as JSON lines')
    .option('--format <format>', 'output format (jsonl)', 'jsonl')
    .action(async (flags: { format: string }, command: Command) => {
      try {
        const ctx = contextOf(command);
        if (flags.format !== 'jsonl') throw new CairnError('invalid_argument', `unknown export format "${flags.format}" (supported: jsonl)`);
        if (ctx.json) throw new CairnError('invalid_argument', 'export already prints JSON lines; drop --json');
        await exportJsonl(ctx.workspace);
      } catch (error) {
        if (!(error instanceof CairnError)) throw error;
        process.stderr.write(`cairn export: ${error.message}\n`);
        process.exitCode = error.exitCode;
      }
    });
}

async function exportJsonl(workspace: string): Promise<void> {
  const graph = openGraph(workspace);
  const out = process.stdout;
  let buffer = '';
  const write = async (message: ExportMessage) => {
    buffer += `${JSON.stringify(message)}\n`;
    if (buffer.length < 1 << 16) return;
    const chunk = buffer;
    buffer = '';
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  try {
    const meta = graph.meta();
    if (meta) await write({ type: 'meta', data: meta });
    for (const file of graph.files()) await write({ type: 'file', data: file });
    for (const symbol of graph.symbols()) await write({ type: 'symbol', data: symbol });
    for (const edge of graph.edges()) await write({ type: 'edge', data: edge });
    for (const record of graph.unresolved()) await write({ type: 'unresolved', data: record });
    if (buffer) out.write(buffer);
  } finally {
    await graph.close();
  }
}
