// Path policy: every path is checked here before any of its bytes are read.
// Order: containment (no escape through `..` or symlinks), protected paths,
// privacy excludes, git-ignore, then selection (roots or context). The first
// failing check names the reason; reasons are source-free.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, posix, relative, sep } from 'node:path';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import { globMatcher } from './glob.js';

export type PathDenial = 'outside-workspace' | 'protected' | 'privacy-excluded' | 'git-ignored' | 'not-selected' | 'context-excluded' | 'missing';

export interface PathVerdict {
  allowed: boolean;
  reason: PathDenial | null;
}

export interface PathSelection {
  includes: string[];
  excludes: string[];
  contextIncludes: string[] | null;
  contextExcludes: string[] | null;
  privacyExcludes: string[];
}

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

/** True for paths cairn never reads: inside .git, env files, keys, credentials, secrets. */
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

const matcher = (globs: string[]) => globMatcher(globs);

export class PathPolicy {
  private readonly rootInclude: (p: string) => boolean;
  private readonly rootExclude: (p: string) => boolean;
  private readonly contextInclude: (p: string) => boolean;
  private readonly contextExclude: (p: string) => boolean;
  private readonly privacy: (p: string) => boolean;
  private readonly gitRoot: string | null;
  private readonly ignoredCache = new Map<string, boolean>();
  private fallbackIgnore: Ignore | null = null;
  private oracle: GitCheckIgnore | null | undefined;
  /** Every path checked, in order: tests use it to prove a check precedes each read. */
  readonly checked: string[] = [];

  /** `env` is what git runs with: the environment of whoever asked for the review (it decides git's global excludes). */
  constructor(
    readonly workspace: string,
    selection: PathSelection,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.rootInclude = matcher(selection.includes);
    this.rootExclude = matcher(selection.excludes);
    this.contextInclude = matcher(selection.contextIncludes ?? selection.includes);
    this.contextExclude = matcher(selection.contextExcludes ?? selection.excludes);
    this.privacy = matcher(selection.privacyExcludes);
    this.gitRoot = findGitRoot(workspace);
  }

  /** May this path be a review root? */
  checkRoot(rel: string): PathVerdict {
    return this.check(rel, () => this.rootInclude(rel) && !this.rootExclude(rel), 'not-selected');
  }

  /** May this path supply supporting evidence? */
  checkContext(rel: string): PathVerdict {
    return this.check(rel, () => this.contextInclude(rel) && !this.contextExclude(rel), 'context-excluded');
  }

  /** Containment, protection and privacy only: for configuration files such as tsconfig.json. */
  checkConfigFile(rel: string): PathVerdict {
    return this.check(rel, () => true, 'not-selected');
  }

  private check(rel: string, selected: () => boolean, unselected: PathDenial): PathVerdict {
    this.checked.push(rel);
    const deny = (reason: PathDenial): PathVerdict => ({ allowed: false, reason });
    if (rel === '' || rel.startsWith('/') || rel.split('/').includes('..')) return deny('outside-workspace');
    const absolute = join(this.workspace, rel);
    if (!existsSync(absolute)) return deny('missing');
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      return deny('missing');
    }
    const realRel = workspaceRelative(this.workspace, real);
    if (realRel === null) return deny('outside-workspace');
    if (isProtected(rel) || isProtected(realRel)) return deny('protected');
    if (this.privacy(rel) || this.privacy(realRel)) return deny('privacy-excluded');
    if (this.isIgnored(rel)) return deny('git-ignored');
    if (!selected()) return deny(unselected);
    return { allowed: true, reason: null };
  }

  /**
   * Asks git about the paths a step may check next, through one long-lived
   * `git check-ignore --stdin` process (it answers each path as it arrives), so a
   * review pays for one spawn, not one per file. Results are cached for check().
   */
  async prefetchIgnored(paths: string[]): Promise<void> {
    if (!this.gitRoot) return;
    const wanted = [...new Set(paths)].filter((p) => !this.ignoredCache.has(p) && p !== '' && !p.startsWith('/') && !p.split('/').includes('..'));
    if (wanted.length === 0) return;
    this.startIgnoreOracle();
    if (!this.oracle) return;
    const answers = await Promise.all(wanted.map((p) => this.oracle!.ignored(p)));
    wanted.forEach((p, i) => {
      const answer = answers[i];
      if (answer !== null) this.ignoredCache.set(p, answer);
    });
  }

  /** Starts the git helper early, so its start-up overlaps other work; a no-op outside git or when running. */
  startIgnoreOracle(): void {
    if (this.gitRoot && this.oracle === undefined) this.oracle = GitCheckIgnore.start(this.workspace, this.env);
  }

  /** Ends the git helper process, if one was started. */
  close(): void {
    this.oracle?.close();
    this.oracle = undefined;
  }

  private isIgnored(rel: string): boolean {
    const cached = this.ignoredCache.get(rel);
    if (cached !== undefined) return cached;
    let ignored: boolean;
    if (this.gitRoot) {
      const result = spawnSync('git', ['check-ignore', '-q', '--', rel], { cwd: this.workspace, env: this.env, stdio: 'ignore' });
      ignored = result.status === 0;
    } else {
      this.fallbackIgnore ??= loadIgnoreFiles(this.workspace);
      ignored = this.fallbackIgnore.ignores(rel);
    }
    this.ignoredCache.set(rel, ignored);
    return ignored;
  }
}

/** A long-lived `git check-ignore --stdin -z -n -v`: one answer (four NUL-terminated fields) per path, in order. */
class GitCheckIgnore {
  private fields: string[] = [];
  private partial = '';
  private readonly waiting: Array<(ignored: boolean | null) => void> = [];
  private dead = false;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(chunk));
    const fail = () => {
      this.dead = true;
      for (const w of this.waiting.splice(0)) w(null);
    };
    child.on('error', fail);
    child.on('exit', fail);
    child.stdin.on('error', fail);
  }

  static start(cwd: string, env: NodeJS.ProcessEnv): GitCheckIgnore | null {
    try {
      return new GitCheckIgnore(spawn('git', ['check-ignore', '--stdin', '-z', '-n', '-v'], { cwd, env }));
    } catch {
      return null;
    }
  }

  /** True/false from git; null when git could not answer (the caller falls back to a one-off check). */
  ignored(path: string): Promise<boolean | null> {
    if (this.dead) return Promise.resolve(null);
    return new Promise((resolveAnswer) => {
      this.waiting.push(resolveAnswer);
      this.child.stdin.write(`${path}\0`);
    });
  }

  private receive(chunk: string): void {
    const parts = (this.partial + chunk).split('\0');
    this.partial = parts.pop() ?? '';
    this.fields.push(...parts);
    while (this.fields.length >= 4) {
      const [source, , pattern] = this.fields.splice(0, 4);
      this.waiting.shift()?.(source !== '' && !pattern.startsWith('!'));
    }
  }

  /** Ends git's input and lets this process exit without waiting for git to notice. */
  close(): void {
    this.child.stdin.end();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.child.unref();
  }
}

function findGitRoot(start: string): string | null {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Outside git: the workspace's .gitignore and .ignore files at its root. */
function loadIgnoreFiles(workspace: string): Ignore {
  // Loaded only outside git, where it is needed.
  const ignore = createRequire(import.meta.url)('ignore') as (options?: object) => Ignore;
  const ig = ignore();
  for (const name of ['.gitignore', '.ignore']) {
    const file = join(workspace, name);
    try {
      if (statSync(file).isFile()) ig.add(readFileSync(file, 'utf8'));
    } catch {
      // no such file
    }
  }
  return ig;
}

export const toPosix = (p: string) => p.split(sep).join(posix.sep);
