// cairn's own paths: `.cairn/` and everything under it (the graph and its rebuild
// directories, the writer lock, audit logs, the review socket and journals, push
// state). Each must be a real directory or file inside the workspace. A checked-out
// repository can carry a `.cairn` of its own: a symlink to a folder elsewhere (which
// would take the whole index and every later write there), a regular file, a FIFO,
// a symlink loop. Every opener of a path under `.cairn/` asks this file first; an
// entry of the wrong kind stops the command with exit 2 and names what to remove.
// Checks are by lstat, so nothing is followed, and nothing is created but real
// directories (and `.cairn/.gitignore`, so git never lists the index).
import { lstatSync, mkdirSync, readdirSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import { refuseSystemDirectory, refuseUnwritable } from './workspace-root.js';

export const CAIRN_DIR = '.cairn';

/** What an entry under `.cairn/` must be; `socket` is the review server's. */
export type CairnEntryKind = 'directory' | 'file' | 'socket';

/** What an entry is, in the words of the refusal. */
function kindOf(path: string, stat: Stats): string {
  if (stat.isSymbolicLink()) return loops(path) ? 'a symbolic link loop' : 'a symbolic link';
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFile()) return stat.nlink > 1 ? 'a file with other hard links' : 'a file';
  if (stat.isSocket()) return 'a socket';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return 'a device';
  return 'neither a file nor a directory';
}

function loops(path: string): boolean {
  try {
    statSync(path);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ELOOP';
  }
}

const article = (kind: CairnEntryKind) => `a ${kind}`;

function refused(workspace: string, rel: string, what: string, want: CairnEntryKind): CairnError {
  return new CairnError(
    'cairn_path_refused',
    `${rel} is ${what}, not ${article(want)} of cairn's own; cairn never follows or opens it: remove ${join(workspace, rel)} and run the command again`,
    2,
  );
}

/** lstat of one entry, or null when it is absent; any other failure refuses the path. */
function inspect(workspace: string, rel: string, want: CairnEntryKind): Stats | null {
  try {
    return lstatSync(join(workspace, rel));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw refused(workspace, rel, `not inspectable (${code ?? 'error'})`, want);
  }
}

function expectKind(workspace: string, rel: string, stat: Stats, want: CairnEntryKind): void {
  const kind = kindOf(join(workspace, rel), stat);
  if (kind !== article(want)) throw refused(workspace, rel, kind, want);
}

/**
 * `<workspace>/.cairn/<rel>`, after checking by lstat that `.cairn`, each directory on
 * the way and the entry itself (when present) are of their kind. Creates nothing.
 * With `entries`, a directory's own entries must be files or directories too (an
 * LMDB environment's data and lock files, which the store opens by name).
 */
export function cairnPath(workspace: string, rel: string, kind: CairnEntryKind, options: { entries?: boolean } = {}): string {
  const parts = [CAIRN_DIR, ...rel.split('/').filter((p) => p !== '')];
  for (let i = 0; i < parts.length; i++) {
    const shown = parts.slice(0, i + 1).join('/');
    const want = i === parts.length - 1 ? kind : 'directory';
    const stat = inspect(workspace, shown, want);
    if (!stat) return join(workspace, ...parts);
    expectKind(workspace, shown, stat, want);
  }
  const path = join(workspace, ...parts);
  if (options.entries && kind === 'directory') {
    for (const name of readdirSync(path)) {
      const shown = `${parts.join('/')}/${name}`;
      const stat = inspect(workspace, shown, 'file');
      if (stat && !stat.isDirectory()) expectKind(workspace, shown, stat, 'file');
    }
  }
  return path;
}

/**
 * The index's directories (store/env.ts's `graph`, and the rebuild's `graph-next` and
 * `graph-old` beside it, which a writer renames and removes), each checked with its
 * entries: LMDB opens its data and lock files by name and would follow a link.
 */
export function checkIndexPaths(workspace: string, writer: boolean): void {
  for (const dir of writer ? ['graph', 'graph-next', 'graph-old'] : ['graph']) cairnPath(workspace, dir, 'directory', { entries: true });
}

/**
 * `.cairn/` and the directories of `rel` below it, created as real directories when
 * missing (after the same checks), with `.cairn/.gitignore`; returns the absolute path.
 */
export function makeCairnDirectory(workspace: string, rel = ''): string {
  refuseSystemDirectory(workspace);
  if (!inspect(workspace, CAIRN_DIR, 'directory')) refuseUnwritable(workspace);
  makeDirectory(cairnPath(workspace, '', 'directory'));
  // 'wx' (no overwrite, no link followed): a .gitignore that is there is kept.
  ignoreExisting(() => writeFileSync(cairnPath(workspace, '.gitignore', 'file'), '*\n', { flag: 'wx' }));
  let dir = '';
  for (const part of rel.split('/').filter((p) => p !== '')) {
    dir = dir ? `${dir}/${part}` : part;
    makeDirectory(cairnPath(workspace, dir, 'directory'));
  }
  // Checked again: whatever another process put there meanwhile must pass too.
  return cairnPath(workspace, rel, 'directory');
}

/** mkdir of one level; a directory made meanwhile by another cairn process is fine (the caller re-checks). */
function makeDirectory(path: string): void {
  ignoreExisting(() => mkdirSync(path));
}

function ignoreExisting(make: () => void): void {
  try {
    make();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
