// `cairn docs <symbol>`: which documents (README.md, docs/**/*.md) name the symbol,
// section by section, with the span that named it and how sure that match is.
import type { Command } from 'commander';
import type { DocReference } from '../contracts/docs.js';
import type { CommandResult } from '../contracts/envelope.js';
import type { SymbolView } from '../contracts/symbol-view.js';
import { indexGate } from '../gate/config-files.js';
import { documentsCiting, readDocs } from '../graph/docs.js';
import { requireSymbol } from '../graph/lookup.js';
import { symbolView } from '../graph/views.js';
import { answerFromGraph } from './open-graph.js';
import { execute, warningsBlock, type CommandContext } from './run.js';

interface DocsData {
  symbol: SymbolView | null;
  documents: DocReference[];
}

export function register(program: Command): void {
  program
    .command('docs')
    .description('documents (README.md, docs/) whose sections name a symbol, with the span and its confidence')
    .argument('<symbol>', 'a symbol id, qualified name, name or indexed file path')
    .action(async (query: string, _flags: object, command: Command) => {
      await execute(command, 'docs', (ctx) => docs(ctx, query), render);
    });
}

/** The docs answer. */
export function docs(ctx: CommandContext, query: string): Promise<CommandResult<DocsData>> {
  return answerFromGraph(ctx.workspace, (graph) => {
    const symbol = graph.symbol(`${query}::`) ?? requireSymbol(graph, query, { symbol: null, documents: [] });
    const documents = documentsCiting(readDocs(ctx.workspace, indexGate(ctx.workspace), graph), [symbol]);
    return { command: 'docs', ok: true, data: { symbol: symbolView(symbol), documents }, warnings: [], truncated: false, next_action: 'none', exit_code: 0 };
  });
}

/** One document reference as a line of text (docs, impact and diff print it). */
export function documentLine(d: DocReference): string {
  return `${d.path}:${d.line_start}-${d.line_end}${d.section ? `  ${d.section}` : ''}  names \`${d.mention}\` at line ${d.line}  (confidence ${d.confidence})`;
}

function render(result: CommandResult<DocsData>): string {
  const { symbol, documents } = result.data;
  const head = `Documents naming ${symbol ? symbol.qualified_name || symbol.id : '?'}:`;
  return [head, ...(documents.length === 0 ? ['  none'] : documents.map((d) => `  ${documentLine(d)}`))].join('\n') + warningsBlock(result);
}
