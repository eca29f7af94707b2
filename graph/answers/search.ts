// The search answer: symbols by name: exact first, then prefix, then substring.
// The query is plain text, never a pattern language.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import type { SymbolRecord } from '../../contracts/graph.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';

export interface SearchFlags {
  kind?: string;
  in?: string;
  limit?: string;
  /** Offer names a typo away when no name contains the query (default true; an editor searching as one types does its own fuzzy matching). */
  typoTolerant?: boolean;
}

export interface SearchData {
  query: string;
  /** `name`: exact, prefix or substring; `typo_tolerant`: nothing matched, these names are a typo away. */
  match: 'name' | 'typo_tolerant';
  symbols: SymbolRecord[];
}

/** The search answer (the CLI and the MCP server print it). */
export async function search(ctx: CommandContext, query: string, flags: SearchFlags): Promise<CommandResult<SearchData>> {
  const limit = intOption(flags.limit, '--limit', 20, 1, 200);
  return answerFromGraph(ctx.workspace, (graph) => {
    const filtered = flags.kind || flags.in || !ctx.tests;
    // Ask for more than we show so filters and the truncation flag stay honest.
    const wanted = filtered ? Math.max(limit * 20, 1000) : limit + 1;
    let raw = graph.search(query, wanted);
    const match: SearchData['match'] = raw.length === 0 ? 'typo_tolerant' : 'name';
    // Nothing by name: the names a typo away, said to be such.
    if (match === 'typo_tolerant' && flags.typoTolerant !== false) raw = graph.similarNames(query, wanted).flatMap((name) => graph.symbolsByName(name));
    const symbols = raw.filter(
      (s) =>
        s.kind !== 'file' &&
        (!flags.kind || s.kind === flags.kind) &&
        (!flags.in || s.file_path.startsWith(flags.in)) &&
        (ctx.tests || !s.is_test),
    );
    const truncated = symbols.length > limit;
    const result: CommandResult<SearchData> = {
      command: 'search',
      ok: true,
      data: { query, match, symbols: symbols.slice(0, limit) },
      warnings:
        match === 'typo_tolerant' && symbols.length > 0
          ? [{ code: 'typo_tolerant_match', message: `no name contains "${query}"; these names are a typo away from it` }]
          : [],
      truncated,
      next_action: truncated ? 'narrow the query' : 'none',
      exit_code: 0,
    };
    return result;
  });
}
