// `cairn search <query>`: symbols by name: exact first, then prefix, then substring.
// The query is plain text, never a pattern language.
import { Option, type Command } from 'commander';
import { SYMBOL_KINDS } from '../contracts/facts.js';
import { search, type SearchFlags } from '../graph/answers/search.js';
import { symbolLine } from './render-graph.js';
import { execute } from './run.js';

export function register(program: Command): void {
  program
    .command('search')
    .description('find symbols by name (exact, then prefix, then substring; case-insensitive)')
    .argument('<query>', 'a name or part of one')
    .addOption(new Option('--kind <kind>', 'only symbols of this kind').choices(SYMBOL_KINDS))
    .option('--in <path-prefix>', 'only symbols in files under this prefix')
    .option('--limit <n>', 'at most this many results (default 20, max 200)')
    .action(async (query: string, flags: SearchFlags, command: Command) => {
      await execute(
        command,
        'search',
        (ctx) => search(ctx, query, flags),
        (r) =>
          `Search "${r.data.query}" (${r.data.symbols.length}${r.truncated ? '+' : ''}${r.data.match === 'typo_tolerant' && r.data.symbols.length ? ', typo-tolerant: no name contains the query' : ''}):\n` +
          (r.data.symbols.map((s) => `  ${symbolLine(s)}`).join('\n') || '  none'),
      );
    });
}

