// The impact answer: a bounded traversal of trusted relationships from one symbol.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult, Warning } from '../../contracts/envelope.js';
import { CairnError } from '../../contracts/errors.js';
import { requireSymbol } from '../lookup.js';
import { IMPACT_DEFAULTS, IMPACT_MAX_DEPTH, IMPACT_MAX_LIMIT, impact, type Direction } from '../impact.js';
import { documentsCiting, indexedDocs } from '../docs.js';
import { answerFromGraph } from '../open-graph.js';
import { intOption } from './options.js';
import { AuditRecorder } from '../../machines/audit.js';
import { recordRun } from '../../workers/audit-log.js';

export type { ImpactOutput } from '../../contracts/impact.js';
import type { ImpactOutput } from '../../contracts/impact.js';

export interface ImpactFlags {
  depth?: string;
  direction?: string;
  minConfidence?: string;
  limit?: string;
  /** Also list the calls into builtin and external code (counted apart either way). */
  includeOutside?: boolean;
}

/**
 * The impact answer (the CLI and the MCP server print it). With `record`, the walk's
 * machine run is kept in .cairn/audit/ (impact-*.jsonl) for `cairn replay`.
 */
export async function impactResult(ctx: CommandContext, query: string, flags: ImpactFlags, record = false): Promise<CommandResult<ImpactOutput>> {
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
    outside_workspace: { external: 0, builtin: 0, listed: [] },
    frontier: [],
    frontier_total: 0,
    documents: [],
  };
  return answerFromGraph(ctx.workspace, (graph): CommandResult<ImpactOutput> => {
    const root = requireSymbol(graph, query, empty);
    const recorder = record ? new AuditRecorder() : undefined;
    const result = impact(graph, root, { depth, direction, minConfidence, limit, includeTests: ctx.tests, includeOutside: Boolean(flags.includeOutside), recorder });
    if (recorder) recordRun(ctx.workspace, 'impact', recorder.lines);
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
    const documents = documentsCiting(indexedDocs(graph), [result.data.root, ...result.data.nodes]);
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
