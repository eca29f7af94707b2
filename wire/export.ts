// The export producer: the whole graph as JSON lines (contracts/export.ts), or as one
// GraphPush document (contracts/graph-push.ts) holding every file. Both stream through
// a sink with back-pressure, so a Linux-sized graph never sits in memory as one string.
// cli/export.ts parses options and hands stdout as the sink.
import type { ExportMessage } from '../contracts/export.js';
import { indexedDocs } from '../graph/docs.js';
import { openGraph } from '../graph/open-graph.js';
import { repoLabel } from '../graph/repo-label.js';
import { planPush } from './push-plan.js';

/** Where an export writes: buffered text that waits for its reader, flushed at the end. */
export interface ExportSink {
  write(text: string): Promise<void>;
  flush(): void;
}

/** The whole graph as JSON lines (contracts/export.ts): meta, files, symbols, edges, unresolved. */
export async function exportJsonl(workspace: string, out: ExportSink): Promise<void> {
  const graph = openGraph(workspace);
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

/** One GraphPush document of every file, written row by row; `note` hears of each file left out. */
export async function exportGraphPush(workspace: string, label: string | undefined, out: ExportSink, note: (line: string) => void): Promise<void> {
  const repo = repoLabel(workspace, label);
  const graph = openGraph(workspace);
  let plan;
  try {
    plan = planPush(graph, repo, {}, indexedDocs(graph));
  } finally {
    await graph.close();
  }
  for (const s of plan.skipped) note(`cairn export: ${s.path} left out: ${s.status}\n`);
  const files = plan.changed.map((f) => f.rows);
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
