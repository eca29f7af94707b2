// `cairn docs <symbol>`: which documents (README.md, docs/**/*.md) name the symbol,
// section by section, with the span that named it and how sure that match is.
import type { Command } from 'commander';
import type { DocReference } from '../contracts/docs.js';
import type { CommandResult } from '../contracts/envelope.js';
import { docs, type DocsData } from '../graph/answers/docs.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('docs')
    .description('documents (README.md, docs/) whose sections name a symbol, with the span and its confidence')
    .argument('<symbol>', 'a symbol id, qualified name, name or indexed file path')
    .action(async (query: string, _flags: object, command: Command) => {
      await execute(command, 'docs', (ctx) => docs(ctx, query), render);
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
