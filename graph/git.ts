// Git, read-only: revision resolution, the changed paths and hunks of a range, and
// historical snapshots extracted into disposable directories. Nothing here writes
// the user's work tree, index or refs: commands run with optional locks off, and
// snapshots come from `git archive` into a temp dir that is always removed.
import { childTextSync, GIT_WALK_MS, startChild } from '../gate/child.js';
import { readdirSync, lstatSync } from 'node:fs';
import { makeSnapshotDir, removeSnapshot, trackWriter } from './snapshot-dirs.js';
import { join } from 'node:path';
import type { FileStatus } from '../contracts/diff.js';
import { CairnError } from '../contracts/errors.js';


const MAX_OUTPUT = 512 * 1024 * 1024;

function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
}

/**
 * Pathspecs that keep git from reading privacy-excluded paths for cairn (rename
 * detection, hunks, archives): the whole repository but each glob, relative to the
 * workspace. None when there are no globs.
 */
export function privacyPathspecs(globs: string[]): string[] {
  return globs.length === 0 ? [] : [':/', ...globs.map((g) => `:(exclude,glob)${g}`)];
}

function git(root: string, args: string[]): string {
  return childTextSync('git', ['-c', 'core.quotePath=false', ...args], { cwd: root, env: gitEnv(), timeoutMs: GIT_WALK_MS, maxStdoutBytes: MAX_OUTPUT });
}

export function isGitWorkTree(root: string): boolean {
  try {
    return git(root, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false;
  }
}

export function isShallow(root: string): boolean {
  try {
    return git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true';
  } catch {
    return false;
  }
}

/**
 * The commit a revision names, as a full object id. A revision is never read as
 * an option: anything starting with `-` is refused before git sees it, and git is
 * told where options end.
 */
export function resolveRevision(root: string, revision: string, role: 'base' | 'head' = 'base'): string {
  if (revision.length === 0 || revision.startsWith('-') || /[\0\n]/.test(revision)) {
    throw new CairnError('invalid_revision', `"${revision}" is not a revision (revisions may not start with "-")`, 2);
  }
  if (!isGitWorkTree(root)) {
    throw new CairnError(`${role}_revision_unavailable`, 'the workspace is not a git work tree', 1, 'provide a base revision');
  }
  try {
    const out = git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]).trim();
    if (/^[0-9a-f]{40,64}$/.test(out)) return out;
  } catch {
    // fall through to the explanation below
  }
  const shallow = isShallow(root) ? ' (this clone is shallow: the commit may not have been fetched)' : '';
  throw new CairnError(
    `${role}_revision_unavailable`,
    `revision "${revision}" is not available in this repository${shallow}`,
    1,
    'provide a base revision',
    null,
  );
}


export interface ChangedFile {
  path: string;
  status: FileStatus;
  /** The path on the base side when renamed. */
  old_path?: string;
  /** Work-tree file git does not track yet (its hunk is the whole file). */
  untracked?: true;
}

/** Changed paths between `base` and `head` (a commit, or null for the work tree, staged, unstaged and untracked). */
export function changedFiles(root: string, base: string, head: string | null, privacy: string[] = []): ChangedFile[] {
  const out = git(root, ['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', base, ...(head ? [head] : []), '--', ...privacyPathspecs(privacy)]);
  const fields = out.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i < fields.length - 1; ) {
    const code = fields[i++]!;
    if (!code) continue;
    if (code.startsWith('R')) {
      const old_path = fields[i++]!;
      const path = fields[i++]!;
      files.push({ path, status: 'renamed', old_path });
    } else if (code.startsWith('C')) {
      i += 1;
      files.push({ path: fields[i++]!, status: 'added' });
    } else {
      const path = fields[i++]!;
      files.push({ path, status: code === 'A' ? 'added' : code === 'D' ? 'deleted' : 'modified' });
    }
  }
  if (!head) {
    const untracked = git(root, ['ls-files', '-o', '--exclude-standard', '-z']).split('\0').filter(Boolean);
    for (const path of untracked) files.push({ path, status: 'added', untracked: true });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return files;
}

export interface Hunk {
  path: string;
  /** Base-side path (differs from `path` on rename; the path itself for in-place changes). */
  old_path: string;
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
}

/** Zero-context hunks of the range, per file. Untracked files are one hunk over the whole file. */
export function diffHunks(root: string, base: string, head: string | null, untracked: { path: string; lines: number }[] = [], privacy: string[] = []): Hunk[] {
  const out = git(root, ['diff', '-U0', '-M', '--no-color', '--no-ext-diff', '--no-textconv', base, ...(head ? [head] : []), '--', ...privacyPathspecs(privacy)]);
  const hunks: Hunk[] = [];
  let oldPath = '';
  let newPath = '';
  for (const line of out.split('\n')) {
    if (line.startsWith('--- ')) oldPath = diffPath(line.slice(4));
    else if (line.startsWith('+++ ')) newPath = diffPath(line.slice(4));
    else if (line.startsWith('@@ ')) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      hunks.push({
        path: newPath || oldPath,
        old_path: oldPath || newPath,
        old_start: Number(m[1]),
        old_lines: m[2] === undefined ? 1 : Number(m[2]),
        new_start: Number(m[3]),
        new_lines: m[4] === undefined ? 1 : Number(m[4]),
      });
    }
  }
  for (const file of untracked) {
    hunks.push({ path: file.path, old_path: file.path, old_start: 0, old_lines: 0, new_start: 1, new_lines: file.lines });
  }
  return hunks;
}

function diffPath(raw: string): string {
  if (raw === '/dev/null') return '';
  let text = raw;
  if (text.startsWith('"') && text.endsWith('"')) text = JSON.parse(text) as string;
  return text.replace(/^[ab]\//, '');
}

export interface Snapshot {
  dir: string;
  /** Bytes of the archive extracted. */
  bytes: number;
  elapsed_ms: number;
}

/** Extracts the tree of `commit` into a new temp dir. The caller must `removeSnapshot` it. */
export async function extractSnapshot(root: string, commit: string, privacy: string[] = []): Promise<Snapshot> {
  const started = performance.now();
  const dir = makeSnapshotDir();
  try {
    const bytes = await new Promise<number>((resolve, reject) => {
      const git = startChild('git', ['archive', '--format=tar', commit, '--', ...privacyPathspecs(privacy)], { cwd: root, env: gitEnv(), timeoutMs: GIT_WALK_MS });
      const untar = startChild('tar', ['-x', '-f', '-', '-C', dir], { timeoutMs: GIT_WALK_MS });
      const archive = git.child;
      const tar = untar.child;
      trackWriter(archive);
      trackWriter(tar);
      archive.stdin.end();
      tar.stdout.resume();
      let total = 0;
      archive.stdout.on('data', (chunk: Buffer) => (total += chunk.length));
      archive.stdout.pipe(tar.stdin);
      let pending = 2;
      let failed = false;
      const finish = (what: string) => (code: number | null) => {
        if (code !== 0 && !failed) {
          failed = true;
          const why = git.timedOut() || untar.timedOut() ? `did not finish within ${GIT_WALK_MS} ms` : (git.stderrTail() + untar.stderrTail()).trim() || `exit ${code}`;
          reject(new Error(`${what} failed: ${why}`));
        }
        if (--pending === 0 && !failed) resolve(total);
      };
      archive.on('error', reject);
      tar.on('error', reject);
      archive.on('close', finish('git archive'));
      tar.on('close', finish('tar'));
    });
    return { dir, bytes, elapsed_ms: Math.round(performance.now() - started) };
  } catch (error) {
    removeSnapshot(dir);
    throw error;
  }
}

/** Total bytes under a directory (symlinks not followed). */
export function directoryBytes(dir: string): number {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else total += lstatSync(full).size;
    }
  }
  return total;
}

/** Removes a snapshot dir; true when it is gone. */
/** True when tracked files differ from HEAD (staged or not); null outside git. Untracked files do not count. */
export function worktreeDirty(root: string): boolean | null {
  if (!isGitWorkTree(root)) return null;
  try {
    return git(root, ['status', '--porcelain', '--untracked-files=no', '-z']).length > 0;
  } catch {
    return null;
  }
}

/** The `origin` remote's URL, or undefined when there is none (or no git). Read-only. */
export function originUrl(root: string): string | undefined {
  try {
    const url = git(root, ['config', '--get', 'remote.origin.url']).trim();
    return url || undefined;
  } catch {
    return undefined;
  }
}
