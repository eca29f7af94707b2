// The doctor answer: the review preflight. Is there an index, is it this schema, is it
// fresh against the work tree (size+mtime fast path, then content hash), where is
// git, and how much can the graph be trusted. Reads only; bounded output.
import { Worker } from 'node:worker_threads';
import type { CommandContext, PhaseReporter } from '../../contracts/command.js';
import type { CommandResult, NextAction, Warning } from '../../contracts/envelope.js';
import type { DoctorData } from '../../contracts/doctor.js';
import { emptyQuality, graphQuality, judge, type QualityResult } from '../doctor.js';
import { isGitWorkTree, worktreeDirty } from '../git.js';
import { openStore, SCHEMA_VERSION } from '../../store/index.js';
import { checkIndexPaths } from '../../gate/cairn-paths.js';
import { currentFreshness } from '../../workers/freshness-check.js';
import { gitHead } from '../../workers/git-head.js';
import { silentPhases } from './options.js';

const INDEX_PATH = '.cairn/graph';
const SHOWN_PATHS = 5;

/** The doctor answer for one workspace (the CLI and the MCP server print it); `prefix` narrows its lists, '' for all. */
export async function doctor(ctx: CommandContext, prefix: string, progress: PhaseReporter = silentPhases): Promise<CommandResult<DoctorData>> {
  checkIndexPaths(ctx.workspace, false);
  const store = openStore(ctx.workspace, { readOnly: true });
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
      skipped_folders: [],
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
    data.skipped_folders = meta?.skipped_folders ?? [];
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
    judge(quality, fresh, lowQualityAnywhere);
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
  const worker = new Worker(new URL(`../quality.worker${extension}`, import.meta.url), { workerData: { workspace, prefix } });
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
