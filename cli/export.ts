// `cairn export --format jsonl`: the whole graph as a stream of messages on stdout
// (contracts/export.ts). It streams with back-pressure, so a Linux-sized graph
// never sits in memory as one string. `--format graph-push`: one GraphPush document
// (contracts/graph-push.ts) holding every file, written row by row.
import type { Command } from 'commander';
import type { ExportMessage } from '../contracts/export.js';
import { CairnError } from '../contracts/errors.js';
import { indexedDocs } from '../graph/docs.js';
import { planPush } from '../wire/push-plan.js';
import { repoLabel } from '../graph/repo-label.js';
import { envelope } from '../contracts/envelope.js';
import { escapeControl } from './terminal-text.js';
import { openGraph } from '../graph/open-graph.js';
import { asUnusable } from '../store/damage.js';
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
        if (flags.format === 'graph-push') await exportGraphPush(ctx.workspace, flags.repo);
        else await exportJsonl(ctx.workspace);
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
function stdoutWriter(): { write(text: string): Promise<void>; flush(): void } {
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

async function exportJsonl(workspace: string): Promise<void> {
  const graph = openGraph(workspace);
  const out = stdoutWriter();
  const write = (message: ExportMessage) => out.write(`${JSON.stringify(message)}\n`);
  try {
    const meta = graph.meta();
    if (meta) await write({ type: 'meta', data: meta });
    for (const file of graph.files()) await write({ type: 'file', data: file });
    for (const symbol of graph.symbols()) await write({ type: 'symbol', data: symbol });
    for (const edge of graph.edges()) await write({ type: 'edge', data: edge });
    for (const record of graph.unresolved()) await write({ type: 'unresolved', data: record });
    out.flush();
  } finally {
    await graph.close();
  }
}

async function exportGraphPush(workspace: string, label: string | undefined): Promise<void> {
  const repo = repoLabel(workspace, label);
  const graph = openGraph(workspace);
  let plan;
  try {
    plan = planPush(graph, repo, {}, indexedDocs(graph));
  } finally {
    await graph.close();
  }
  for (const s of plan.skipped) process.stderr.write(`cairn export: ${s.path} left out: ${s.status}\n`);
  const files = plan.changed.map((f) => f.rows);
  const out = stdoutWriter();
  const head: Record<string, unknown> = { repo };
  if (plan.commit) head.commit = plan.commit;
  head.extractor = 'ast';
  head.files = files.map((f) => f.path);
  await out.write(JSON.stringify(head).slice(0, -1));
  // Each array row by row, so the document is never one string in memory.
  for (const key of ['entities', 'edges', 'symbols', 'hyperedges'] as const) {
    await out.write(`,${JSON.stringify(key)}:[`);
    let first = true;
    for (const file of files) {
      for (const row of file[key]) {
        await out.write(`${first ? '' : ','}${JSON.stringify(row)}`);
        first = false;
      }
    }
    await out.write(']');
  }
  const shas = Object.fromEntries(files.map((f) => [f.path, f.sha]));
  await out.write(`,"file_shas":${JSON.stringify(shas)}}\n`);
  out.flush();
}
