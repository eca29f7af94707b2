// The status answer: is there an index, is it this schema, is it fresh, what is in it.
import type { CommandContext } from '../../contracts/command.js';
import type { CommandResult } from '../../contracts/envelope.js';
import type { GraphStats, IndexMeta } from '../../contracts/graph.js';
import { isFresh, type FreshnessDecision } from '../../machines/freshness.js';
import { openStore, type SchemaState } from '../../store/index.js';
import { checkIndexPaths } from '../../gate/cairn-paths.js';
import { currentFreshness } from '../../workers/freshness-check.js';
import { gitHead } from '../../workers/git-head.js';

const SHOWN_PATHS = 20;

export interface StatusData {
  index: { present: boolean; path: string; reason?: string };
  schema: { state: SchemaState; expected: number; actual: number | null };
  meta: IndexMeta | null;
  git: { head: string | null; indexed_head: string | null };
  freshness: 'fresh' | 'stale' | 'missing' | 'incompatible' | 'unusable';
  changes: { added: number; changed: number; deleted: number; unindexable: number; sample: string[] } | null;
  stats: GraphStats | null;
}

/** The status answer for one workspace (the CLI and the MCP server print it). */
export async function status(ctx: CommandContext): Promise<CommandResult<StatusData>> {
  const { SCHEMA_VERSION } = await import('../../store/index.js');
  checkIndexPaths(ctx.workspace, false);
  const store = openStore(ctx.workspace, { readOnly: true });
  try {
    const state = store.schemaState();
    const head = gitHead(ctx.workspace);
    const data: StatusData = {
      index: { present: state !== 'missing', path: '.cairn/graph' },
      schema: { state, expected: SCHEMA_VERSION, actual: store.storedSchemaVersion() ?? null },
      meta: null,
      git: { head, indexed_head: null },
      freshness: state === 'compatible' ? 'fresh' : state,
      changes: null,
      stats: null,
    };
    const reason = store.unusableReason();
    if (reason) data.index.reason = reason;
    if (state !== 'compatible') {
      const warning =
        state === 'missing'
          ? { code: 'index_missing', message: 'no index here yet' }
          : state === 'unusable'
            ? { code: 'index_unusable', message: `the index cannot be read (${reason}); \`cairn init\` rebuilds it` }
            : { code: 'index_incompatible', message: 'the index has another schema version' };
      return {
        command: 'status',
        ok: false,
        data,
        warnings: [warning],
        truncated: false,
        next_action: 'cairn init',
        exit_code: 1,
      };
    }
    const meta = store.meta() ?? null;
    data.meta = meta;
    data.git.indexed_head = meta?.git_head ?? null;
    data.stats = store.stats();
    const decision: FreshnessDecision = await currentFreshness(ctx.workspace, store.fileStates(), Boolean(meta?.options.include_library), store.moduleConfigs());
    const fresh = isFresh(decision);
    data.freshness = fresh ? 'fresh' : 'stale';
    data.changes = {
      added: decision.added.length,
      changed: decision.changed.length,
      deleted: decision.deleted.length,
      unindexable: decision.unindexable.length,
      sample: [...decision.changed, ...decision.added, ...decision.deleted].sort().slice(0, SHOWN_PATHS),
    };
    const warnings = [];
    if (!fresh) warnings.push({ code: 'index_stale', message: 'files changed since the last sync' });
    if (head !== data.git.indexed_head) warnings.push({ code: 'git_head_moved', message: 'HEAD moved since the index was written' });
    return {
      command: 'status',
      ok: fresh,
      data,
      warnings,
      truncated: false,
      next_action: fresh ? 'none' : 'cairn sync',
      exit_code: fresh ? 0 : 1,
    };
  } finally {
    await store.close();
  }
}
