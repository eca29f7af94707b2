// The path gate: the one way cairn opens a file of the workspace. A path is checked
// in a fixed order before any of its bytes are read: a relative path without `..`,
// containment after realpath (no escape through a symlinked file or folder), a
// regular file by lstat (never a symlink, FIFO or device), protected names (when
// asked), privacy excludes, git-ignore (when the caller knows it), then the caller's
// selection. The first failing check names the reason; reasons are source-free.
// Reads are bounded, open with O_NOFOLLOW | O_NONBLOCK (a FIFO swapped in after the
// check cannot block) and re-check the open file is regular.
import { appendFileSync, closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { globMatcher } from './glob.js';

export type GateDenial =
  | 'outside-workspace'
  | 'not-a-file'
  | 'protected'
  | 'privacy-excluded'
  | 'git-ignored'
  | 'not-selected'
  | 'context-excluded'
  | 'missing';

export interface GateVerdict {
  allowed: boolean;
  reason: GateDenial | null;
}

export interface GateRules {
  /** Globs of paths no command opens (the configuration's privacyExcludes). */
  privacy?: string[];
  /** Refuse credentials, keys and env files by name (review does; the index records their symbols). */
  protect?: boolean;
  /** Git's answer for a path, when the caller asks it (the index's inventory already did). */
  ignored?: (rel: string) => boolean;
}

export type GateRead =
  | { ok: true; bytes: Buffer; size: number; mtimeMs: number; truncated: boolean }
  | { ok: false; reason: GateDenial | 'too_large' | 'unreadable'; size: number; mtimeMs: number; detail?: string };

const PROTECTED_NAMES = [
  '.env',
  '.env.*',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.keystore',
  '*.jks',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*credential*',
  '*secret*',
  '.npmrc',
  '.netrc',
  '.pgpass',
  '.git-credentials',
];

const isProtectedName = globMatcher(PROTECTED_NAMES, { nocase: true });

/** True for paths review never reads: inside .git, env files, keys, credentials, secrets. */
export function isProtected(rel: string): boolean {
  const parts = rel.split('/');
  if (parts.includes('.git')) return true;
  return isProtectedName(parts[parts.length - 1]);
}

/** Workspace-relative POSIX path of an absolute path, or null when it is outside. */
export function workspaceRelative(workspace: string, absolute: string): string | null {
  const rel = relative(workspace, absolute);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

/** A relative POSIX path that names something below the root, or null. */
function wellFormed(rel: string): boolean {
  return rel !== '' && !rel.startsWith('/') && !rel.split('/').includes('..') && !rel.includes('\0');
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export class Gate {
  private readonly privacy: (rel: string) => boolean;
  private realRoot: string | null | undefined;

  constructor(
    readonly root: string,
    private readonly rules: GateRules = {},
  ) {
    this.privacy = globMatcher(rules.privacy ?? []);
  }

  /** The privacy globs this gate refuses (a worker thread rebuilds the gate from them). */
  get privacyGlobs(): string[] {
    return [...(this.rules.privacy ?? [])];
  }

  /** Is this path excluded by privacy? By name only: nothing is touched. */
  isPrivate(rel: string): boolean {
    return this.privacy(rel);
  }

  /** Every check but the read; `selected` is the caller's selection, asked last. */
  check(rel: string, selected: () => boolean = () => true, unselected: GateDenial = 'not-selected'): GateVerdict {
    const verdict = this.checkEntry(rel, 'file');
    if (verdict.allowed && !selected()) return { allowed: false, reason: unselected };
    return verdict;
  }

  /**
   * The same checks for a directory that is to be listed (names only, never its files'
   * bytes): contained after realpath, a real directory (not a link), not protected,
   * private or ignored.
   */
  checkDirectory(rel: string): GateVerdict {
    return this.checkEntry(rel, 'directory');
  }

  /** Containment after realpath, the entry's own kind by lstat, protection, privacy, git-ignore. */
  private checkEntry(rel: string, kind: 'file' | 'directory'): GateVerdict {
    const deny = (reason: GateDenial): GateVerdict => ({ allowed: false, reason });
    if (!wellFormed(rel)) return deny('outside-workspace');
    const absolute = join(this.root, rel);
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      return deny('missing');
    }
    const realRel = workspaceRelative(this.realRootPath(), real);
    if (realRel === null) return deny('outside-workspace');
    try {
      const stat = lstatSync(absolute);
      if (!(kind === 'file' ? stat.isFile() : stat.isDirectory())) return deny('not-a-file');
    } catch {
      return deny('missing');
    }
    if (this.rules.protect && (isProtected(rel) || isProtected(realRel))) return deny('protected');
    if (this.privacy(rel) || this.privacy(realRel)) return deny('privacy-excluded');
    if (this.rules.ignored?.(rel)) return deny('git-ignored');
    return { allowed: true, reason: null };
  }

  /** Size and mtime of a path that passes the checks, without opening it; null otherwise. */
  stat(rel: string): { size: number; mtimeMs: number } | null {
    if (!this.check(rel).allowed) return null;
    try {
      const s = lstatSync(join(this.root, rel));
      return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
    } catch {
      return null;
    }
  }

  /**
   * Checks, then reads at most `maxBytes`. With `allowTruncated` a longer file yields its
   * first maxBytes + 1 bytes (so growth past a ceiling is seen); otherwise it is
   * refused as too_large without reading.
   */
  read(rel: string, maxBytes: number, options: { selected?: () => boolean; allowTruncated?: boolean } = {}): GateRead {
    const verdict = this.check(rel, options.selected);
    if (!verdict.allowed) return { ok: false, reason: verdict.reason!, size: 0, mtimeMs: 0 };
    return boundedOpen(join(this.root, rel), maxBytes, Boolean(options.allowTruncated));
  }

  private realRootPath(): string {
    if (this.realRoot === undefined) {
      try {
        this.realRoot = realpathSync(this.root);
      } catch {
        this.realRoot = null;
      }
    }
    return this.realRoot ?? this.root;
  }
}

/**
 * Opens a regular file without following a final symlink or blocking on a FIFO, and
 * reads at most maxBytes (+1 when truncation is allowed). Every open is recorded for
 * the test seam. Callers outside Gate use it for files that are not the workspace's
 * (an event or rule file named on the command line) after their own checks.
 */
export function boundedOpen(absolute: string, maxBytes: number, allowTruncated = false): GateRead {
  let fd: number;
  try {
    recordOpen(absolute);
    fd = openSync(absolute, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ELOOP' ? 'not-a-file' : code === 'ENOENT' ? 'missing' : 'unreadable', size: 0, mtimeMs: 0, detail: code };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file', size: 0, mtimeMs: stat.mtimeMs };
    if (stat.size > maxBytes && !allowTruncated) return { ok: false, reason: 'too_large', size: stat.size, mtimeMs: stat.mtimeMs };
    // Sized to the file, never the whole ceiling; one byte more shows growth past it.
    const buffer = Buffer.allocUnsafe(Math.min(maxBytes, stat.size) + 1);
    let offset = 0;
    for (;;) {
      const n = readSync(fd, buffer, offset, buffer.length - offset, offset);
      if (n === 0) break;
      offset += n;
      if (offset >= buffer.length) break;
    }
    if (offset > maxBytes && !allowTruncated) return { ok: false, reason: 'too_large', size: offset, mtimeMs: stat.mtimeMs };
    return { ok: true, bytes: buffer.subarray(0, offset), size: offset, mtimeMs: stat.mtimeMs, truncated: offset > maxBytes };
  } catch (error) {
    return { ok: false, reason: 'unreadable', size: 0, mtimeMs: 0, detail: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    closeSync(fd);
  }
}

/**
 * The test seam: with CAIRN_GATE_TRACE naming a file, every path opened through the
 * gate is appended to it, one per line, from every thread and process of a run. Tests
 * prove "never opened" with it, without tracing system calls.
 */
function recordOpen(absolute: string): void {
  const trace = process.env.CAIRN_GATE_TRACE;
  if (!trace) return;
  try {
    appendFileSync(trace, `${absolute}\n`);
  } catch {
    // a trace that cannot be written is not the run's problem
  }
}
