// The push the graph-server benchmarks copy into many repositories: a copy of a corpus
// indexed by the built CLI, its push plan cut to its first files, and what readers ask of
// it (name prefixes to search, entities that have callers); and a batch relabelled as
// another repository's.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `work` is a temp dir of the caller's; the copy goes to `work/src`. `openStore`,
 * `planPush` and `batchesOf` are the built producer's, wherever its build put them.
 */
export async function pushTemplate({ source, work, cairnBin, maxFiles, openStore, planPush, batchesOf }) {
  const root = join(work, 'src');
  cpSync(source, root, { recursive: true });
  execFileSync(process.execPath, [cairnBin, 'init'], { cwd: root, stdio: 'ignore' });
  const store = openStore(root, { readOnly: true });
  let plan;
  try {
    plan = planPush(store, 'template', {});
  } finally {
    await store.close();
  }
  plan.changed = plan.changed.slice(0, maxFiles);
  const batches = batchesOf(plan);
  const rows = plan.changed.map((f) => f.rows);
  const count = (key) => rows.reduce((n, f) => n + f[key].length, 0);
  const entities = rows.flatMap((f) => f.entities);
  // Callers are asked of entities that have them, as a reviewer would.
  const called = new Set(rows.flatMap((f) => f.edges.filter((e) => e.relation === 'calls').map((e) => e.to)));
  return {
    batches,
    files: plan.changed.length,
    rows: batches.reduce((n, b) => n + b.rows, 0),
    entities: count('entities'),
    edges: count('edges'),
    names: entities.map((e) => e.name).filter((n) => n.length >= 4),
    targets: entities.filter((e) => called.has(e.id)).map((e) => e.id),
    expected: { files: rows.filter((f) => f.entities.length + f.edges.length > 0 || f.sha).length, entities: count('entities'), edges: count('edges') },
  };
}

/** A batch's push under another repository label: ids are scoped by the label, so they are rewritten too (the batch keeps its JSON for the next copy). */
export function relabel(batch, label) {
  batch.text ??= JSON.stringify(batch.push);
  const text = batch.text.split(`"${batch.push.repo}::`).join(`"${label}::`);
  return { ...JSON.parse(text), repo: label };
}
