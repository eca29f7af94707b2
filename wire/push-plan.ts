// What a push sends: every indexed file whose rows changed since the last push to
// the same server and label (all of them the first time), the files deleted since
// (listed with no rows, so the server purges them), cut into file-atomic batches.
// Files that could not be read or parsed are left out entirely: their previous rows
// stay on the server until a push can replace them.
import type { GraphPush } from '../contracts/graph-push.js';
import type { GraphStore } from '../store/index.js';
import { docRows } from './doc-rows.js';
import type { DocFile } from '../graph/docs.js';
import { fileRows, rowCount, rowsDigest, UNREAD_STATUSES, type FileRows } from './graph-push.js';

export interface PlannedFile {
  rows: FileRows;
  digest: string;
}

export interface PushPlan {
  repo: string;
  commit?: string;
  changed: PlannedFile[];
  deleted: string[];
  unchanged: number;
  skipped: { path: string; status: string }[];
}

/**
 * `previous`: path -> digest of what the server last accepted (empty for a full push).
 * `docs`: the workspace's documents (graph/docs.ts), pushed as files like code.
 */
export function planPush(graph: GraphStore, repo: string, previous: Record<string, string>, docs: DocFile[] = []): PushPlan {
  const meta = graph.meta();
  const capturedAt = meta?.indexed_at ?? new Date().toISOString();
  const plan: PushPlan = { repo, changed: [], deleted: [], unchanged: 0, skipped: [] };
  if (meta?.git_head) plan.commit = meta.git_head;
  const seen = new Set<string>();
  for (const file of graph.files()) {
    seen.add(file.path);
    if (UNREAD_STATUSES.has(file.status)) {
      plan.skipped.push({ path: file.path, status: file.status });
      continue;
    }
    const rows = fileRows(graph, repo, file, capturedAt);
    const digest = rowsDigest(rows);
    if (previous[file.path] === digest) plan.unchanged += 1;
    else plan.changed.push({ rows, digest });
  }
  for (const doc of docs) {
    if (seen.has(doc.path)) continue;
    seen.add(doc.path);
    const rows = docRows(repo, doc, capturedAt);
    const digest = rowsDigest(rows);
    if (previous[doc.path] === digest) plan.unchanged += 1;
    else plan.changed.push({ rows, digest });
  }
  for (const path of Object.keys(previous).sort()) if (!seen.has(path)) plan.deleted.push(path);
  return plan;
}

export interface Batch {
  push: GraphPush;
  /** path -> digest to remember once the server accepts the batch (null: forget, the file is gone). */
  digests: Record<string, string | null>;
  rows: number;
}

export const BATCH_LIMITS = { files: 250, rows: 2000 } as const;

/** File-atomic batches: a file's rows never split; at most `files` files and `rows` rows each (a bigger file goes alone). */
export function batchesOf(plan: PushPlan, limits: { files: number; rows: number } = BATCH_LIMITS): Batch[] {
  const out: Batch[] = [];
  let current: Batch | undefined;
  const fresh = (): Batch => {
    const push: GraphPush = { repo: plan.repo, extractor: 'ast', files: [], entities: [], edges: [], symbols: [], hyperedges: [], file_shas: {} };
    if (plan.commit) push.commit = plan.commit;
    return { push, digests: {}, rows: 0 };
  };
  // A file over the row limit goes alone in its batch.
  const room = (rows: number) =>
    current !== undefined && current.push.files.length < limits.files && (current.rows + rows <= limits.rows || current.push.files.length === 0);
  for (const path of plan.deleted) {
    if (!room(0)) out.push((current = fresh()));
    current!.push.files.push(path);
    current!.digests[path] = null;
  }
  for (const { rows, digest } of plan.changed) {
    const n = rowCount(rows);
    if (!room(n)) out.push((current = fresh()));
    const push = current!.push;
    push.files.push(rows.path);
    push.entities.push(...rows.entities);
    push.edges.push(...rows.edges);
    push.symbols!.push(...rows.symbols);
    push.hyperedges!.push(...rows.hyperedges);
    push.file_shas![rows.path] = rows.sha;
    current!.digests[rows.path] = digest;
    current!.rows += n;
  }
  return out;
}
