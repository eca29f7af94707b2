// `cairn node`: one symbol with its container, children and edge counts; or one
// file's symbols; or a slice of an indexed file's lines.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { node, type NodeData, type NodeFlags } from '../graph/answers/node.js';
import { symbolLine } from './render-graph.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('node')
    .description('show one symbol (--symbol) or one indexed file (--file): its symbols or a slice of its lines')
    .option('--symbol <symbol>', 'a symbol id, qualified name or name')
    .option('--file <path>', 'a workspace-relative path of an indexed file')
    .option('--symbols-only', 'with --file: list the file’s symbols, no lines')
    .option('--offset <line>', 'with --file: first line to print (default 1)')
    .option('--limit <n>', 'with --file: number of lines (default 200, max 2000)')
    .action(async (flags: NodeFlags, command: Command) => {
      await execute(command, 'node', (ctx) => node(ctx, flags), render);
    });
}

function render(r: CommandResult<NodeData>): string {
  return renderNode(r) + warningsBlock(r);
}

function renderNode(r: CommandResult<NodeData>): string {
  const d = r.data;
  if (d.kind === 'symbol') {
    return [
      `Symbol: ${symbolLine(d.symbol)}`,
      `Id: ${d.symbol.id}`,
      `Container: ${d.parent ? symbolLine(d.parent) : 'none'}`,
      `Contains: ${d.children.length ? '' : 'none'}`,
      ...d.children.map((c) => `  ${symbolLine(c)}`),
      `Edges: ${d.edges.incoming} incoming, ${d.edges.outgoing} outgoing, ${d.edges.unresolved} unresolved calls`,
      ...(d.symbol.wrapping_macro ? [`Defined inside macro: ${d.symbol.wrapping_macro}!`] : []),
    ].join('\n');
  }
  const head = `File: ${d.file.path}  ${d.file.language ?? '-'}  ${d.file.status}${d.file.reason ? ` (${d.file.reason})` : ''}`;
  if (!d.lines) return [head, `Symbols (${d.symbols.length}):`, ...d.symbols.map((s) => `  ${symbolLine(s)}`)].join('\n');
  const width = String(d.lines.at(-1)?.line ?? 1).length;
  return [head, ...d.lines.map((l) => `${String(l.line).padStart(width)}  ${l.text}`)].join('\n');
}
