// `cairn doctor`: the review preflight. Is there an index, is it this schema, is it
// fresh against the work tree (size+mtime fast path, then content hash), where is
// git, and how much can the graph be trusted. Reads only; bounded output.
import type { Command } from 'commander';
import type { CommandResult, NextAction, Warning } from '../contracts/envelope.js';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { CollisionRow, DoctorData } from '../contracts/doctor.js';
import { emptyQuality, graphQuality, trustVerdict, type QualityResult } from '../graph/doctor.js';
import { isGitWorkTree, worktreeDirty } from '../graph/git.js';
import { openStore, SCHEMA_VERSION } from '../store/index.js';
import { checkIndexPaths } from '../gate/cairn-paths.js';
import { currentFreshness } from '../workers/freshness-check.js';
import { gitHead } from '../workers/git-head.js';
import { usageError } from './errors.js';
import { toDoctorPage } from './pictures/doctor-page.js';
import { phases } from './progress.js';
import { execute, warningsBlock, type CommandContext } from './run.js';

const INDEX_PATH = '.cairn/graph';
const SHOWN_PATHS = 5;
/** Longest diagnostic list printed on its label's line. */
const INLINE_LIST_WIDTH = 80;

export function register(program: Command): void {
  program
    .command('doctor')
    .description('review preflight: index presence, schema, git baseline, freshness and graph trust')
    .option('--html', 'print graph trust as one self-contained HTML page')
    .option('--in <path-prefix>', 'list collision-prone names and low-quality locations only from files under this prefix (the verdict stays the whole index\'s)')
    .action(async (flags: { html?: boolean; in?: string }, command: Command) => {
      let fileBase = '';
      const body = (ctx: CommandContext) => {
        if (flags.html && ctx.json) throw usageError('--json and --html are two outputs; choose one');
        fileBase = `${pathToFileURL(ctx.workspace).href}/`;
        return doctor(ctx, flags.in ?? '');
      };
      await execute(command, 'doctor', body, flags.html ? (result) => toDoctorPage(result, fileBase) : render);
    });
}

/** The doctor answer for one workspace (the CLI and the MCP server print it); `prefix` narrows its lists, '' for all. */
export async function doctor(ctx: CommandContext, prefix: string): Promise<CommandResult<DoctorData>> {
  checkIndexPaths(ctx.workspace, false);
  const store = openStore(ctx.workspace, { readOnly: true });
  const progress = phases('cairn doctor', ctx.interactive);
  try {
    const state = store.schemaState();
    const git = isGitWorkTree(ctx.workspace);
    const warnings: Warning[] = [];
    const data: DoctorData = {
      index: { present: state !== 'missing', path: INDEX_PATH, reason: null },
      schema: { expected: SCHEMA_VERSION, actual: store.storedSchemaVersion() ?? null, match: state === 'compatible' },
      git: { head: git ? gitHead(ctx.workspace) : null, baseline: null, dirty: git ? worktreeDirty(ctx.workspace) : null },
      freshness: state === 'compatible' ? 'fresh' : state,
      graph_quality: emptyQuality('unusable'),
    };
    const reason = store.unusableReason();
    data.index.reason = reason ?? null;
    if (!git) warnings.push({ code: 'no_git', message: 'the workspace is not a git work tree: no baseline, and diff needs --files' });
    if (state !== 'compatible') {
      warnings.unshift(
        state === 'missing'
          ? { code: 'index_missing', message: 'no index here yet' }
          : state === 'unusable'
            ? { code: 'index_unusable', message: `the index cannot be read (${reason}); \`cairn init\` rebuilds it` }
            : { code: 'index_incompatible', message: `the index has schema ${data.schema.actual ?? 'unknown'}, this cairn reads ${SCHEMA_VERSION}` },
      );
      return finish(data, warnings, false, 'cairn init', false);
    }

    const meta = store.meta();
    data.git.baseline = meta?.git_head ?? null;
    // The quality scans run in a worker while this thread checks freshness.
    progress.phase('checking the index against the work tree and measuring graph quality');
    const qualityPending = qualityInWorker(ctx.workspace, prefix).catch(() => graphQuality(store, true, { prefix }));
    const decision = await currentFreshness(ctx.workspace, store.fileStates(), Boolean(meta?.options.include_library), store.moduleConfigs());
    const stale = [...decision.changed, ...decision.deleted].sort();
    const fresh = stale.length === 0;
    data.freshness = fresh ? 'fresh' : 'stale';
    if (!fresh) {
      warnings.push({
        code: 'index_stale',
        message: `${stale.length} indexed file(s) changed or were deleted since the last sync: ${sample(stale)}`,
      });
    }
    if (decision.added.length > 0) {
      warnings.push({ code: 'unindexed_files', message: `${decision.added.length} new source file(s) are not in the index yet: ${sample(decision.added.sort())}` });
    }
    if (fresh && data.git.dirty) {
      warnings.push({ code: 'worktree_dirty', message: 'the work tree has uncommitted changes; no indexed source differs from the index' });
    }
    if (data.git.head !== data.git.baseline) {
      warnings.push({ code: 'git_head_moved', message: `HEAD is ${short(data.git.head)}, the index was built at ${short(data.git.baseline)}` });
    }

    progress.phase('measuring graph quality');
    const { quality, cut, lowQualityAnywhere } = await qualityPending;
    const truncated = cut.length > 0;
    quality.trust_verdict = trustVerdict(quality, fresh, lowQualityAnywhere);
    data.graph_quality = quality;
    if (quality.totals.low_quality_locations > 0) {
      warnings.push({ code: 'low_quality_locations', message: `${quality.totals.low_quality_locations} file(s) or folder(s) leave at least 20% of their call sites unresolved` });
    }
    if (quality.totals.unsupported_extensions > 0) {
      warnings.push({ code: 'unsupported_extensions', message: `source files cairn does not parse: ${quality.unsupported_extensions.map((u) => u.extension).join(', ')}` });
    }
    if (truncated) {
      const lists = cut.map((c) => `${c.list} shows ${c.shown} of ${c.total}`).join(', ');
      warnings.push({
        code: 'diagnostics_truncated',
        message: `${lists} (the heaviest rows; totals are in graph_quality.totals); narrow with --in <path-prefix>`,
        cut,
        narrow_with: '--in <path-prefix>',
      });
    }
    // A stale index is fixed first; a fresh one cut short asks for a narrower query.
    return finish(data, warnings, fresh, !fresh ? 'cairn sync' : truncated ? 'narrow the query' : 'none', truncated);
  } finally {
    progress.finish();
    await store.close();
  }
}

/** graphQuality in a worker thread (the compiled worker sits beside this file's build output). */
function qualityInWorker(workspace: string, prefix: string): Promise<QualityResult> {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const worker = new Worker(new URL(`../graph/quality.worker${extension}`, import.meta.url), { workerData: { workspace, prefix } });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: QualityResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`quality worker exited with ${code}`));
    });
  });
}

function finish(data: DoctorData, warnings: Warning[], ok: boolean, next_action: NextAction, truncated: boolean): CommandResult<DoctorData> {
  return { command: 'doctor', ok, data, warnings, truncated, next_action, exit_code: ok ? 0 : 1 };
}

const short = (id: string | null) => (id ? id.slice(0, 12) : 'none');
const sample = (paths: string[]) => paths.slice(0, SHOWN_PATHS).join(', ') + (paths.length > SHOWN_PATHS ? ', …' : '');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `render (1 definition; bound by name alone: 1 same_file edge)`: the row and why it is listed. */
function collisionWhy(c: CollisionRow): string {
  const why: string[] = [plural(c.definitions, 'definition')];
  if (c.ambiguous_call_sites > 0) why.push(plural(c.ambiguous_call_sites, 'ambiguous call site'));
  const tiers = c.reasons.filter((r) => r !== 'several_definitions').map((r) => r.replace(/_edges$/, ''));
  if (c.low_confidence_edges > 0) why.push(`${plural(c.low_confidence_edges, 'edge')} bound by name alone (${tiers.join(', ')})`);
  return `${c.name} (${why.join('; ')})`;
}

function render(result: CommandResult<DoctorData>): string {
  const d = result.data;
  const q = d.graph_quality;
  // A short list stays on its label's line; a longer one puts each row on its own indented line.
  const list = <T>(rows: T[], total: number, show: (row: T) => string) => {
    if (rows.length === 0) return ' none';
    const more = total > rows.length ? ` (+${total - rows.length} more)` : '';
    const inline = rows.map(show).join(', ') + more;
    return inline.length <= INLINE_LIST_WIDTH ? ` ${inline}` : `\n${rows.map((r) => `  ${show(r)}`).join('\n')}${more ? `\n ${more}` : ''}`;
  };
  const lines = [
    `Index: ${d.index.reason ? `unusable (${d.index.path}: ${d.index.reason})` : d.index.present ? `present (${d.index.path})` : 'missing'}`,
    `Schema: expected ${d.schema.expected}, found ${d.schema.actual ?? 'none'}${d.schema.match ? '' : ' (mismatch)'}`,
    `Git baseline: ${d.git.baseline ?? 'none'}; head ${d.git.head ?? 'none'}${d.git.dirty ? ', dirty' : ''}`,
    `Freshness: ${d.freshness}`,
    `Graph trust: ${q.trust_verdict}`,
    `Resolution tiers:${list(q.resolution_tiers, q.resolution_tiers.length, (t) => `${t.kind} ${t.confidence}: ${t.edges}`)}`,
    `Unresolved: ${q.unresolved.total} (missing_target ${q.unresolved.missing_target}, ambiguous_target ${q.unresolved.ambiguous_target}, macro_or_function ${q.unresolved.macro_or_function}, indirect_call ${q.unresolved.indirect_call}); outside the workspace, not counted: external ${q.outside_workspace.external}, builtin ${q.outside_workspace.builtin}`,
    `Collision-prone names:${list(q.collision_prone_names, q.totals.collision_prone_names, collisionWhy)}`,
    `Low-quality locations:${list(q.low_quality_locations, q.totals.low_quality_locations, (l) => `${l.path} ${Math.round(l.rate * 100)}%`)}`,
    `Unsupported extensions:${list(q.unsupported_extensions, q.totals.unsupported_extensions, (u) => `${u.extension} ${u.files}`)}`,
    `Action: ${result.next_action}`,
  ];
  return lines.join('\n') + warningsBlock(result);
}
