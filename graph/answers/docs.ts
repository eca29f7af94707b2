// The answer of `cairn docs <symbol>`: the document sections (README.md, docs/) that
// name the symbol, or an indexed file by its path.
import type { CommandContext } from '../../contracts/command.js';
import type { DocReference } from '../../contracts/docs.js';
import type { CommandResult } from '../../contracts/envelope.js';
import type { SymbolView } from '../../contracts/symbol-view.js';
import { documentsCiting, indexedDocs } from '../docs.js';
import { requireSymbol } from '../lookup.js';
import { answerFromGraph } from '../open-graph.js';
import { symbolView } from '../views.js';

export interface DocsData {
  symbol: SymbolView | null;
  documents: DocReference[];
}

export function docs(ctx: CommandContext, query: string): Promise<CommandResult<DocsData>> {
  return answerFromGraph(ctx.workspace, (graph) => {
    const symbol = graph.symbol(`${query}::`) ?? requireSymbol(graph, query, { symbol: null, documents: [] });
    const documents = documentsCiting(indexedDocs(graph), [symbol]);
    return { command: 'docs', ok: true, data: { symbol: symbolView(symbol), documents }, warnings: [], truncated: false, next_action: 'none', exit_code: 0 };
  });
}
