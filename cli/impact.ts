// `cairn impact <symbol> [--depth n] [--direction callers|callees|both] [--min-confidence n] [--limit n]`.
import type { Command } from 'commander';
import type { CommandResult } from '../contracts/envelope.js';
import { impactResult, type ImpactFlags, type ImpactOutput } from '../graph/answers/impact.js';
import { IMPACT_DEFAULTS, IMPACT_MAX_DEPTH, IMPACT_MAX_LIMIT } from '../graph/impact.js';
import { documentLine } from './docs.js';
import { scopeName } from './render-graph.js';
import { FORMAT_HELP, pictureFormat, printerFor } from './pictures/format.js';
import { impactPicture } from './pictures/impact-picture.js';
import { execute, warningsBlock } from './run.js';

export function register(program: Command): void {
  program
    .command('impact')
    .description('bounded traversal of trusted relationships from one symbol: nodes, every path, tests reached, unresolved boundaries')
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--depth <n>', `edges from the symbol (default ${IMPACT_DEFAULTS.depth}, max ${IMPACT_MAX_DEPTH})`)
    .option('--direction <dir>', 'callers, callees or both (default both)')
    .option('--min-confidence <n>', `only edges at or above this confidence (default ${IMPACT_DEFAULTS.minConfidence})`)
    .option('--limit <n>', `at most this many nodes (default ${IMPACT_DEFAULTS.limit}, max ${IMPACT_MAX_LIMIT}); edges and paths at most twice that`)
    .option('--include-outside', 'also list the calls into builtin and external code (counted apart; they never spend the budget)')
    .option('--format <format>', FORMAT_HELP)
    .action(async (query: string, flags: ImpactFlags & { format?: string }, command: Command) => {
      await execute(
        command,
        'impact',
        (ctx) => {
          pictureFormat(flags.format, ctx.json);
          return impactResult(ctx, query, flags, true);
        },
        printerFor(flags.format, render, impactPicture),
      );
    });
}

function render(result: CommandResult<ImpactOutput>): string {
  const d = result.data;
  const name = (id: string) => {
    const node = d.nodes.find((n) => n.id === id);
    return node?.qualified_name || (d.root && d.root.id === id && d.root.qualified_name) || scopeName(id);
  };
  const lowMark = (low?: true) => (low ? ' [low confidence]' : '');
  const section = (title: string, rows: string[]) => [title, ...(rows.length === 0 ? ['  none'] : rows.map((r) => `  ${r}`))];
  const lines = [
    `Impact for ${d.root ? d.root.qualified_name || d.root.id : '?'}: direction ${d.direction}, depth ${d.depth}, min confidence ${d.min_confidence}`,
    ...section('Nodes:', d.nodes.map((n) => `${n.qualified_name}  ${n.kind}  ${n.file_path}:${n.start_line}  ${n.direction} depth ${n.depth} confidence ${n.confidence}${n.is_test ? ' [test]' : ''}${lowMark(n.low_confidence)}`)),
    ...section('Paths:', d.paths.map((p) => {
      const chain = [d.root?.id ?? '?', ...p.edges.map((e) => (p.direction === 'callers' ? e.source : e.target))].map(name);
      return `#${p.id} ${chain.join(p.direction === 'callers' ? ' <- ' : ' -> ')}  (confidence ${p.confidence})${lowMark(p.low_confidence)}`;
    })),
    ...section('Affected tests:', d.affected_tests.map((t) => `${t.test.id}  via paths ${t.path_ids.map((i) => `#${i}`).join(', ')}`)),
    ...section('Unresolved boundaries:', d.unresolved_boundaries.map((b) => `${b.specifier}  ${b.reason}  from ${name(b.source)} at ${b.file_path}:${b.line}${b.path_id === null ? '' : `  (path #${b.path_id})`}`)),
    `Outside the workspace, not walked or budgeted: external ${d.outside_workspace.external}, builtin ${d.outside_workspace.builtin}${d.outside_workspace.listed.length ? '' : ' (list them with --include-outside)'}`,
    ...(d.outside_workspace.listed.length ? section('Outside calls:', d.outside_workspace.listed.map((b) => `${b.specifier}  ${b.reason}  from ${name(b.source)} at ${b.file_path}:${b.line}`)) : []),
    ...section('Edges:', d.edges.map((e) => `${name(e.source)} -> ${name(e.target)}  ${e.relationship} ${e.resolution_kind} ${e.confidence}  at ${e.file_path}:${e.line}`)),
    ...section('Documents that may be stale:', d.documents.map(documentLine)),
  ];
  if (result.truncated) {
    const where = (f: ImpactOutput['frontier'][number]) =>
      f.node === d.root?.id && f.path_id === null ? `${name(f.node)} (the root)` : `${name(f.node)}${f.path_id === null ? '' : ` (path #${f.path_id})`}`;
    lines.push(
      ...section(
        `Walk cut short (${d.frontier_total}):`,
        d.frontier.map((f) => `${where(f)}  ${f.walked === 'partly' ? 'partly walked: the' : 'not walked: the'} ${f.reason} budget ran out`),
      ),
    );
  }
  return lines.join('\n') + warningsBlock(result);
}
