// The node answer: one symbol with its container, children and edge counts; or one
// file's symbols; or a slice of an indexed file's lines.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import type { FileRecord, GraphReader, SymbolRecord } from '../../contracts/graph.js';
import { containerOf, membersOf } from '../containment.js';
import { requireSymbol } from '../lookup.js';
import { readWorkspaceFile } from '../../workers/read-file.js';
import { indexGate } from '../../gate/config-files.js';
import { withGraph, withStaleCheck } from '../open-graph.js';
import { intOption } from './options.js';

export type NodeData =
  | {
      kind: 'symbol';
      symbol: SymbolRecord;
      parent: SymbolRecord | null;
      children: SymbolRecord[];
      edges: { incoming: number; outgoing: number; unresolved: number };
    }
  | { kind: 'file'; file: FileRecord; symbols: SymbolRecord[]; lines?: Array<{ line: number; text: string }>; total_lines?: number };

export interface NodeFlags {
  symbol?: string;
  file?: string;
  symbolsOnly?: boolean;
  offset?: string;
  limit?: string;
}

/** The node answer (the CLI and the MCP server print it). */
export function node(ctx: CommandContext, flags: NodeFlags): Promise<CommandResult<NodeData>> {
  return withGraph(ctx.workspace, (graph) => {
    const result = nodeResult(ctx.workspace, graph, flags);
    return withStaleCheck(ctx.workspace, graph, result, result.data.kind === 'file' ? [result.data.file.path] : []);
  });
}

function nodeResult(workspace: string, graph: GraphReader, flags: NodeFlags): CommandResult<NodeData> {
  if (Boolean(flags.symbol) === Boolean(flags.file)) {
    throw new CairnError('invalid_argument', 'give exactly one of --symbol or --file');
  }
  const ok = (data: NodeData, truncated = false): CommandResult<NodeData> => ({
    command: 'node',
    ok: true,
    data,
    warnings: [],
    truncated,
    next_action: 'none',
    exit_code: 0,
  });
  if (flags.symbol) {
    const symbol = requireSymbol(graph, flags.symbol);
    const parent = containerOf(graph, symbol);
    const children = membersOf(graph, symbol);
    return ok({
      kind: 'symbol',
      symbol,
      parent,
      children,
      edges: {
        incoming: graph.incoming(symbol.id).length,
        outgoing: graph.outgoing(symbol.id).length,
        unresolved: graph.unresolvedFrom(symbol.id).length,
      },
    });
  }
  const path = flags.file!.replace(/^\.\//, '');
  const file = graph.file(path);
  if (!file) throw new CairnError('file_not_indexed', `${path} is not an indexed file of this workspace`, 1);
  const symbols = graph.symbolsInFile(path).filter((s) => s.kind !== 'file');
  if (flags.symbolsOnly) return ok({ kind: 'file', file, symbols });
  const offset = intOption(flags.offset, '--offset', 1, 1, Number.MAX_SAFE_INTEGER);
  const limit = intOption(flags.limit, '--limit', 200, 1, 2000);
  // Only files the index holds are read, through the gate the pipeline uses (a privacy-excluded path is refused unopened).
  const read = readWorkspaceFile(indexGate(workspace), path);
  if (read.status !== 'ok' || read.text === undefined) {
    throw new CairnError('file_unreadable', `${path} cannot be shown: ${read.reason ?? read.status}`, 1);
  }
  const all = read.text.split(/\r?\n/);
  const lines = all.slice(offset - 1, offset - 1 + limit).map((text, i) => ({ line: offset + i, text }));
  return ok({ kind: 'file', file, symbols, lines, total_lines: all.length }, offset - 1 + limit < all.length);
}
