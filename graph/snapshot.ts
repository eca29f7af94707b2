// Historical snapshots for `diff`: a revision's graph, built without touching the
// user's files, index or git state. Two ways to make one:
//
// - overlay (the default): the current index is copied into a temp dir, the paths
//   where the revision differs from the work tree are written there from their git
//   blobs, and only those files are re-analysed and reconciled into the copy (the
//   store re-resolves what they affect). Unchanged files are never copied: their
//   facts are already in the index and their bytes are the work tree's. A ten-file
//   change costs ten parses, whatever the size of the repository.
// - archive (the fallback): `git archive <rev>` extracted whole, then a full init.
//
// The caller removes the dir.
import { childTextSync, GIT_WALK_MS, runChildSync, ChildError } from '../gate/child.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { extractSnapshot, privacyPathspecs } from './git.js';
import { makeSnapshotDir, removeSnapshot } from './snapshot-dirs.js';

export interface SnapshotDir {
  dir: string;
  method: 'overlay' | 'archive';
  /** Bytes written from git objects (blobs or archive), not counting copied unchanged files. */
  bytes: number;
  /** Paths that differ from the work tree (overlay), or -1 for a whole archive. */
  replaced: number;
  /** Overlay only: the differing paths, to re-analyse (present) or delete (absent) in the index copy. */
  changes: OverlayDifference[];
  /** Directory holding the revision's bytes of a path (the snapshot, or the work tree where they agree). */
  fileRoot: (path: string) => string;
}

export interface OverlayInput {
  workspace: string;
  /** Commit id of the revision to rebuild. */
  revision: string;
  /** Copies the current index into `<dir>/.cairn/graph` (under the writer lock). */
  copyIndex: (dir: string) => Promise<void>;
  /** privacyExcludes: such paths are neither read from git nor written into the snapshot. */
  privacy?: string[];
}

function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
}

interface Difference {
  path: string;
  /** Blob id on the revision side, or null when the path does not exist there. */
  blob: string | null;
}

/** Paths where the work tree differs from `revision`, with the revision's blob for each. */
function differences(workspace: string, revision: string, privacy: string[]): Difference[] {
  const raw = childTextSync('git', ['diff', '--raw', '--no-abbrev', '-z', '--no-renames', '--no-ext-diff', revision, '--', ...privacyPathspecs(privacy)], {
    cwd: workspace,
    env: gitEnv(),
    timeoutMs: GIT_WALK_MS,
    maxStdoutBytes: 256 * 1024 * 1024,
  });
  const out: Difference[] = [];
  const fields = raw.split('\0');
  for (let i = 0; i < fields.length - 1; i += 2) {
    // `:<mode a> <mode b> <oid a> <oid b> <status>` then the path; side a is the revision.
    const [modeA, , oidA, , status] = fields[i]!.slice(1).split(' ');
    const path = fields[i + 1]!;
    const regular = modeA === '100644' || modeA === '100755';
    out.push({ path, blob: status === 'A' || !regular ? null : oidA! });
  }
  const untracked = untrackedPaths(workspace);
  // A path untracked now may still exist in the revision: its blob wins.
  const known = new Set(out.map((d) => d.path));
  for (const path of untracked.split('\0').filter(Boolean)) if (!known.has(path)) out.push({ path, blob: null });
  return out;
}

/** Reads blobs in one `git cat-file --batch` call. */
function readBlobs(workspace: string, ids: string[]): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  if (ids.length === 0) return blobs;
  const run = runChildSync('git', ['cat-file', '--batch'], { cwd: workspace, env: gitEnv(), input: `${ids.join('\n')}\n`, timeoutMs: GIT_WALK_MS, maxStdoutBytes: 1024 * 1024 * 1024 });
  if (run.outcome !== 'exited' || run.status !== 0) throw new ChildError(run);
  const out = run.stdout;
  let at = 0;
  while (at < out.length) {
    const newline = out.indexOf(10, at);
    const [id, type, size] = out.subarray(at, newline).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) {
      at = newline + 1;
      continue;
    }
    const start = newline + 1;
    const end = start + Number(size);
    blobs.set(id!, out.subarray(start, end));
    at = end + 1;
  }
  return blobs;
}

export interface OverlayDifference {
  path: string;
  /** True when the revision has the file (written into the snapshot); false when it has not. */
  present: boolean;
}

export async function overlaySnapshot(input: OverlayInput): Promise<SnapshotDir> {
  const dir = makeSnapshotDir();
  try {
    const diffs = differences(input.workspace, input.revision, input.privacy ?? []);
    await input.copyIndex(dir);
    const blobs = readBlobs(input.workspace, [...new Set(diffs.flatMap((d) => (d.blob ? [d.blob] : [])))]);
    let bytes = 0;
    const changes: OverlayDifference[] = [];
    for (const d of diffs) {
      const blob = d.blob ? blobs.get(d.blob) : undefined;
      changes.push({ path: d.path, present: Boolean(blob) });
      if (!blob) continue;
      const target = join(dir, d.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, blob);
      bytes += blob.length;
    }
    const replaced = new Set(diffs.map((d) => d.path));
    return { dir, method: 'overlay', bytes, replaced: diffs.length, changes, fileRoot: (path) => (replaced.has(path) ? dir : input.workspace) };
  } catch (error) {
    removeSnapshot(dir);
    throw error;
  }
}

export async function archiveSnapshot(workspace: string, revision: string, privacy: string[] = []): Promise<SnapshotDir> {
  const extracted = await extractSnapshot(workspace, revision, privacy);
  return { dir: extracted.dir, method: 'archive', bytes: extracted.bytes, replaced: -1, changes: [], fileRoot: () => extracted.dir };
}

/** True when the work tree (tracked and untracked-not-ignored files) is exactly `revision`'s tree. */
export function worktreeIs(workspace: string, revision: string): boolean {
  const diff = runChildSync('git', ['diff', '--quiet', '--no-ext-diff', revision, '--'], { cwd: workspace, env: gitEnv(), timeoutMs: GIT_WALK_MS, maxStdoutBytes: 1024 * 1024 });
  if (diff.outcome !== 'exited' || diff.status !== 0) return false;
  return untrackedPaths(workspace).length === 0;
}

function untrackedPaths(workspace: string): string {
  return childTextSync('git', ['ls-files', '-o', '--exclude-standard', '-z'], { cwd: workspace, env: gitEnv(), timeoutMs: GIT_WALK_MS, maxStdoutBytes: 256 * 1024 * 1024 });
}
