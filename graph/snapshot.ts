// Historical snapshots for `diff`: a directory holding a revision's files, from
// which an index of that revision is built. Two ways to make one:
//
// - overlay (the default): the current index's files are hard-linked into a temp dir
//   (same size and mtime, so a sync treats them as unchanged), the index itself is
//   copied beside them, and only the paths where the revision differs from the work
//   tree are replaced by their blobs. A sync in that dir then re-parses just those
//   files, so a ten-file change costs ten parses, whatever the size of the repo.
// - archive (the fallback): `git archive <rev>` extracted whole, then a full init.
//
// A replaced path is always unlinked before its blob is written, so a write never
// goes through a hard link into the user's file. The caller removes the dir.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { extractSnapshot, removeSnapshot } from './git.js';

export interface SnapshotDir {
  dir: string;
  method: 'overlay' | 'archive';
  /** Bytes written for the snapshot's files (blobs or archive), not counting hard links. */
  bytes: number;
  /** Paths that differ from the work tree (overlay) or every file (archive). */
  replaced: number;
}

export interface OverlayInput {
  workspace: string;
  /** Commit id of the revision to rebuild. */
  revision: string;
  /** Workspace-relative paths the current index holds. */
  indexedPaths: Iterable<string>;
  /** Copies the current index into `<dir>/.cairn/graph` (under the writer lock). */
  copyIndex: (dir: string) => Promise<void>;
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
function differences(workspace: string, revision: string): Difference[] {
  const raw = execFileSync('git', ['diff', '--raw', '--no-abbrev', '-z', '--no-renames', '--no-ext-diff', revision, '--'], {
    cwd: workspace,
    env: gitEnv(),
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
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
  const untracked = execFileSync('git', ['ls-files', '-o', '--exclude-standard', '-z'], { cwd: workspace, env: gitEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  // A path untracked now may still exist in the revision: its blob wins.
  const known = new Set(out.map((d) => d.path));
  for (const path of untracked.split('\0').filter(Boolean)) if (!known.has(path)) out.push({ path, blob: null });
  return out;
}

/** Reads blobs in one `git cat-file --batch` call. */
function readBlobs(workspace: string, ids: string[]): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  if (ids.length === 0) return blobs;
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: workspace, env: gitEnv(), input: `${ids.join('\n')}\n`, maxBuffer: 1024 * 1024 * 1024 });
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

function placeLinked(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    // Another file system: a copy with the same mtime still passes the stat fast path.
    copyFileSync(from, to);
    const stat = statSync(from);
    utimesSync(to, stat.atime, stat.mtime);
  }
}

export async function overlaySnapshot(input: OverlayInput): Promise<SnapshotDir> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-snapshot-'));
  try {
    const diffs = differences(input.workspace, input.revision);
    const replaced = new Set(diffs.map((d) => d.path));
    for (const path of input.indexedPaths) {
      if (replaced.has(path)) continue;
      try {
        placeLinked(join(input.workspace, path), join(dir, path));
      } catch {
        // Vanished since indexing: the sync in the snapshot records it as deleted.
      }
    }
    await input.copyIndex(dir);
    const blobs = readBlobs(input.workspace, [...new Set(diffs.flatMap((d) => (d.blob ? [d.blob] : [])))]);
    let bytes = 0;
    for (const d of diffs) {
      const target = join(dir, d.path);
      try {
        unlinkSync(target);
      } catch {
        // not there: nothing to unlink
      }
      const blob = d.blob ? blobs.get(d.blob) : undefined;
      if (!blob) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, blob);
      bytes += blob.length;
    }
    return { dir, method: 'overlay', bytes, replaced: diffs.length };
  } catch (error) {
    removeSnapshot(dir);
    throw error;
  }
}

export async function archiveSnapshot(workspace: string, revision: string): Promise<SnapshotDir> {
  const extracted = await extractSnapshot(workspace, revision);
  return { dir: extracted.dir, method: 'archive', bytes: extracted.bytes, replaced: -1 };
}

/** True when the work tree (tracked and untracked-not-ignored files) is exactly `revision`'s tree. */
export function worktreeIs(workspace: string, revision: string): boolean {
  const diff = spawnSync('git', ['diff', '--quiet', '--no-ext-diff', revision, '--'], { cwd: workspace, env: gitEnv(), stdio: 'ignore' });
  if (diff.status !== 0) return false;
  const untracked = execFileSync('git', ['ls-files', '-o', '--exclude-standard', '-z'], { cwd: workspace, env: gitEnv(), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return untracked.length === 0;
}
