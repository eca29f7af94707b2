// `cairn impact <symbol> [--depth n] [--direction callers|callees|both] [--min-confidence n] [--limit n]`.
import type { Command } from 'commander';
import type { CommandResult, Warning } from '../contracts/envelope.js';
import { CairnError } from '../contracts/errors.js';
import { requireSymbol } from '../graph/lookup.js';
import { IMPACT_DEFAULTS, IMPACT_MAX_DEPTH, IMPACT_MAX_LIMIT, impact, type Direction, type ImpactData } from '../graph/impact.js';
import type { DocReference } from '../contracts/docs.js';
import { indexGate } from '../gate/config-files.js';
import { documentsCiting, readDocs } from '../graph/docs.js';
import { documentLine } from './docs.js';
import { answerFromGraph } from './open-graph.js';
import { scopeName } from './render-graph.js';
import { FORMAT_HELP, pictureFormat, printerFor } from './pictures/format.js';
import { impactPicture } from './pictures/impact-picture.js';
import { execute, intOption, warningsBlock, type CommandContext } from './run.js';

/** The walk, and the documents that name any symbol it reached (they may be stale after a change there). */
type ImpactOutput = Omit<ImpactData, 'root'> & { root: ImpactData['root'] | null; documents: DocReference[] };

export interface ImpactFlags {
  depth?: string;
  direction?: string;
  minConfidence?: string;
  limit?: string;
  format?: string;
}

export function register(program: Command): void {
  program
    .command('impact')
    .description('bounded traversal of trusted relationships from one symbol: nodes, every path, tests reached, unresolved boundaries')
    .argument('<symbol>', 'a symbol id, qualified name or name')
    .option('--depth <n>', `edges from the symbol (default ${IMPACT_DEFAULTS.depth}, max ${IMPACT_MAX_DEPTH})`)
    .option('--direction <dir>', 'callers, callees or both (default both)')
    .option('--min-confidence <n>', `only edges at or above this confidence (default ${IMPACT_DEFAULTS.minConfidence})`)
    .option('--limit <n>', `at most this many nodes (default ${IMPACT_DEFAULTS.limit}, max ${IMPACT_MAX_LIMIT}); edges and paths at most twice that`)
    .option('--format <format>', FORMAT_HELP)
    .action(async (query: string, flags: ImpactFlags, command: Command) => {
      await execute(
        command,
        'impact',
        (ctx) => impactResult(ctx, query, flags),
        printerFor(flags.format, render, impactPicture),
      );
    });
}

/** The impact answer (the CLI and the MCP server print it). */
export async function impactResult(ctx: CommandContext, query: string, flags: ImpactFlags): Promise<CommandResult<ImpactOutput>> {
  pictureFormat(flags.format, ctx.json);
  const depth = intOption(flags.depth, '--depth', IMPACT_DEFAULTS.depth, 1, IMPACT_MAX_DEPTH);
  const minConfidence = intOption(flags.minConfidence, '--min-confidence', IMPACT_DEFAULTS.minConfidence, 0, 100);
  const limit = intOption(flags.limit, '--limit', IMPACT_DEFAULTS.limit, 1, IMPACT_MAX_LIMIT);
  const direction = (flags.direction ?? IMPACT_DEFAULTS.direction) as Direction;
  if (!['callers', 'callees', 'both'].includes(direction)) {
    throw new CairnError('invalid_argument', `--direction must be callers, callees or both (got "${flags.direction}")`, 2);
  }
  const empty: ImpactOutput = {
    root: null,
    direction,
    depth,
    min_confidence: minConfidence,
    nodes: [],
    edges: [],
    paths: [],
    affected_tests: [],
    unresolved_boundaries: [],
    frontier: [],
    frontier_total: 0,
    documents: [],
  };
  return answerFromGraph(ctx.workspace, (graph): CommandResult<ImpactOutput> => {
    const root = requireSymbol(graph, query, empty);
    const result = impact(graph, root, { depth, direction, minConfidence, limit, includeTests: ctx.tests });
    const warnings: Warning[] = [];
    if (result.truncated) {
      const where = result.data.frontier.slice(0, 3).map((f) => f.node).join(', ');
      warnings.push({
        code: result.stop_reason === 'aborted' ? 'deadline_reached' : 'budget_reached',
        message: `the ${result.stop_reason} budget ran out; ${result.data.frontier_total} frontier node(s) were not walked (${where}${result.data.frontier_total > 3 ? ', …' : ''})`,
      });
    }
    if (minConfidence < IMPACT_DEFAULTS.minConfidence) {
      warnings.push({ code: 'low_confidence_included', message: `edges below ${IMPACT_DEFAULTS.minConfidence} are included and labelled low_confidence` });
    }
    if (!ctx.tests) warnings.push({ code: 'tests_suppressed', message: '--no-tests: test symbols are not walked or reported' });
    const reached = [result.data.root, ...result.data.nodes];
    const documents = documentsCiting(readDocs(ctx.workspace, indexGate(ctx.workspace), graph), reached);
    return {
      command: 'impact',
      ok: true,
      data: { ...result.data, documents },
      warnings,
      truncated: result.truncated,
      next_action: result.truncated ? 'narrow the query' : 'none',
      exit_code: 0,
    };
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
