// The push client: sends the index to a graph server (POST /v1/graph) in file-atomic
// batches, only what changed since the last push to that server under that label,
// deleted files included so the server purges them. cli/push.ts parses options and prints.
import type { CommandContext } from '../contracts/command.js';
import type { CommandResult } from '../contracts/envelope.js';
import { CairnError } from '../contracts/errors.js';
import { indexedDocs } from '../graph/docs.js';
import { intOption } from '../graph/answers/options.js';
import { openGraph } from '../graph/open-graph.js';
import { repoLabel } from '../graph/repo-label.js';
import { batchesOf, planPush } from './push-plan.js';
import { graphEndpoint, sendBatch, serverHoldsRepo, type RetryInfo } from './push-send.js';
import { loadPushState, pushStatePath, savePushState } from './push-state.js';

export const DEFAULT_TOKEN_ENV = 'CAIRN_GRAPH_TOKEN';

export interface PushFlags {
  url: string;
  repo?: string;
  tokenEnv: string;
  full?: boolean;
  maxTries?: string;
}

export interface PushData {
  url: string;
  repo: string;
  commit: string | null;
  batches: number;
  files_sent: number;
  files_deleted: number;
  files_unchanged: number;
  skipped: { path: string; status: string }[];
  rows: { entities: number; edges: number; symbols: number; hyperedges: number };
  retries: number;
}

/** Where a push reports its batches (the command line draws a bar). */
export interface PushProgress {
  update(done: number, total: number): void;
  finish(): void;
}

/**
 * Sends the index to the graph server at `flags.url`: the files changed or deleted since
 * the last push there under the repository's label (all with `full`), batch by batch,
 * saving the push state after each batch. `note` hears what a waiting push says.
 */
export async function pushGraph(ctx: CommandContext, flags: PushFlags, bar: PushProgress, note: (line: string) => void): Promise<CommandResult<PushData>> {
  const endpoint = graphEndpoint(flags.url);
  const maxTries = intOption(flags.maxTries, '--max-tries', 8, 1, 100);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(flags.tokenEnv)) throw new CairnError('invalid_argument', `--token-env takes a variable name, not "${flags.tokenEnv}"`);
  const token = process.env[flags.tokenEnv] || undefined;
  const repo = repoLabel(ctx.workspace, flags.repo);
  const url = endpoint.toString();
  const statePath = pushStatePath(ctx.workspace, url, repo);
  const state = loadPushState(statePath, url, repo);
  if (flags.full || (Object.keys(state.files).length > 0 && (await serverHoldsRepo(endpoint, repo, token)) === false)) state.files = {};
  const graph = openGraph(ctx.workspace);
  let plan;
  try {
    plan = planPush(graph, repo, state.files, indexedDocs(graph));
  } finally {
    await graph.close();
  }
  const batches = batchesOf(plan);
  const data: PushData = {
    url,
    repo,
    commit: plan.commit ?? null,
    batches: batches.length,
    files_sent: plan.changed.length,
    files_deleted: plan.deleted.length,
    files_unchanged: plan.unchanged,
    skipped: plan.skipped,
    rows: { entities: 0, edges: 0, symbols: 0, hyperedges: 0 },
    retries: 0,
  };
  const total = plan.changed.length + plan.deleted.length;
  let done = 0;
  try {
    for (const batch of batches) {
      await sendBatch(endpoint, batch.push, {
        token,
        maxTries,
        onRetry: (retry) => {
          data.retries += 1;
          // Said in every mode, so a push waiting on a server is never silent.
          note(`${ctx.interactive ? '\n' : ''}${retryLine(retry)}\n`);
        },
        onWaiting: (line) => note(`${ctx.interactive ? '\n' : ''}cairn push: ${line}\n`),
      });
      for (const [path, digest] of Object.entries(batch.digests)) {
        if (digest === null) delete state.files[path];
        else state.files[path] = digest;
      }
      savePushState(statePath, state);
      data.rows.entities += batch.push.entities.length;
      data.rows.edges += batch.push.edges.length;
      data.rows.symbols += batch.push.symbols?.length ?? 0;
      data.rows.hyperedges += batch.push.hyperedges?.length ?? 0;
      done += batch.push.files.length;
      bar.update(done, total);
    }
  } finally {
    bar.finish();
  }
  const warnings = plan.skipped.map((s) => ({ code: 'file_skipped', message: `${s.path} was not pushed: ${s.status}` }));
  return { command: 'push', ok: true, data, warnings, truncated: false, next_action: 'none', exit_code: 0 };
}

/** What a push is waiting for, in one line. */
export function retryLine(retry: RetryInfo): string {
  const capped = retry.askedMs === undefined ? '' : `; it asked for ${Math.round(retry.askedMs / 1000)} s, cairn waits at most ${Math.round(retry.waitMs / 1000)} s`;
  return `cairn push: ${retry.reason}${capped}; try ${retry.attempt + 1} of ${retry.maxTries} in ${(retry.waitMs / 1000).toFixed(retry.waitMs < 1000 ? 2 : 0)} s`;
}
