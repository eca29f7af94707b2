// Git's ignore rules for the gate: in a git work tree, one long-lived
// `git check-ignore --stdin` process answers each path as it arrives (a review pays
// for one spawn, not one per file), with a one-off check for a path not asked ahead;
// outside git, the workspace's .gitignore and .ignore files at its root.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Ignore } from 'ignore';
import { GIT_QUICK_MS, runChildSync, startChild } from './child.js';
import { Gate } from './gate.js';

/** An ignore file larger than this is not read (its rules do not apply). */
const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/** The long-lived git helper must answer each path within this long, or it is stopped (one-off checks take over). */
const ANSWER_MS = 5000;
/** The long-lived git helper never outlives this (a review server's reviews each start their own). */
const HELPER_LIFETIME_MS = 10 * 60 * 1000;

export class GitIgnore {
  private readonly gitRoot: string | null;
  private readonly cache = new Map<string, boolean>();
  private fallback: Ignore | null = null;
  private oracle: GitCheckIgnore | null | undefined;
  /** Set once git failed to answer within its deadline: later paths are not asked again, they stay unread. */
  private unresponsive = false;

  /** `env` is what git runs with: the environment of whoever asked (it decides git's global excludes). */
  constructor(
    private readonly workspace: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.gitRoot = findGitRoot(workspace);
  }

  /** Asks git about the paths a step may check next; answers are cached for ignored(). */
  async prefetch(paths: string[]): Promise<void> {
    if (!this.gitRoot) return;
    const wanted = [...new Set(paths)].filter((p) => !this.cache.has(p) && p !== '' && !p.startsWith('/') && !p.split('/').includes('..'));
    if (wanted.length === 0) return;
    this.start();
    if (!this.oracle) return;
    const answers = await Promise.all(wanted.map((p) => this.oracle!.ignored(p)));
    // A git that stopped answering would hang the one-off checks too: what it left
    // unanswered stays unread (ignored).
    const stalled = this.oracle.stalled;
    if (stalled) this.unresponsive = true;
    wanted.forEach((p, i) => {
      const answer = answers[i];
      if (answer !== null) this.cache.set(p, answer);
      else if (stalled) this.cache.set(p, true);
    });
  }

  /** Starts the git helper early, so its start-up overlaps other work; a no-op outside git or when running. */
  start(): void {
    if (this.gitRoot && this.oracle === undefined) this.oracle = GitCheckIgnore.start(this.workspace, this.env);
  }

  /** Ends the git helper process, if one was started. */
  close(): void {
    this.oracle?.close();
    this.oracle = undefined;
  }

  ignored(rel: string): boolean {
    const cached = this.cache.get(rel);
    if (cached !== undefined) return cached;
    let ignored: boolean;
    if (this.gitRoot && this.unresponsive) {
      ignored = true;
    } else if (this.gitRoot) {
      // Exit 0: ignored; 1: not; 128: git cannot tell (as before, not ignored). A git that
      // does not answer in time leaves the path unread: ignored.
      const run = runChildSync('git', ['check-ignore', '-q', '--', rel], { cwd: this.workspace, env: this.env, timeoutMs: GIT_QUICK_MS, maxStdoutBytes: 1024 });
      if (run.outcome === 'timeout') this.unresponsive = true;
      ignored = run.outcome !== 'exited' || run.status === 0;
    } else {
      this.fallback ??= loadIgnoreFiles(this.workspace);
      ignored = this.fallback.ignores(rel);
    }
    this.cache.set(rel, ignored);
    return ignored;
  }
}

/** A long-lived `git check-ignore --stdin -z -n -v`: one answer (four NUL-terminated fields) per path, in order. */
class GitCheckIgnore {
  private fields: string[] = [];
  private partial = '';
  private readonly waiting: Array<(ignored: boolean | null) => void> = [];
  private dead = false;
  /** True when git was stopped for owing an answer ANSWER_MS. */
  stalled = false;
  /** Runs while answers are owed: git that owes one for ANSWER_MS is stopped. */
  private overdue: NodeJS.Timeout | undefined;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(chunk));
    child.on('error', () => this.fail());
    child.on('exit', () => this.fail());
    child.stdin.on('error', () => this.fail());
  }

  static start(cwd: string, env: NodeJS.ProcessEnv): GitCheckIgnore | null {
    try {
      return new GitCheckIgnore(startChild('git', ['check-ignore', '--stdin', '-z', '-n', '-v'], { cwd, env, timeoutMs: HELPER_LIFETIME_MS }).child);
    } catch {
      return null;
    }
  }

  /** True/false from git; null when git could not answer (the caller falls back to a one-off check). */
  ignored(path: string): Promise<boolean | null> {
    if (this.dead) return Promise.resolve(null);
    return new Promise((resolveAnswer) => {
      this.waiting.push(resolveAnswer);
      this.expectAnswer();
      this.child.stdin.write(`${path}\0`);
    });
  }

  private expectAnswer(): void {
    clearTimeout(this.overdue);
    this.overdue = this.waiting.length === 0 ? undefined : setTimeout(() => {
      this.stalled = true;
      this.fail();
    }, ANSWER_MS);
  }

  /** Git ended or stopped answering: it is stopped, and every open question gets null. */
  private fail(): void {
    this.dead = true;
    clearTimeout(this.overdue);
    this.child.kill('SIGKILL');
    for (const w of this.waiting.splice(0)) w(null);
  }

  private receive(chunk: string): void {
    const parts = (this.partial + chunk).split('\0');
    this.partial = parts.pop() ?? '';
    this.fields.push(...parts);
    while (this.fields.length >= 4) {
      const [source, , pattern] = this.fields.splice(0, 4);
      this.waiting.shift()?.(source !== '' && !pattern.startsWith('!'));
    }
    this.expectAnswer();
  }

  /** Ends git's input and lets this process exit without waiting for git to notice. */
  close(): void {
    clearTimeout(this.overdue);
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
    const read = new Gate(workspace).read(name, MAX_IGNORE_FILE_BYTES);
    if (read.ok) ig.add(read.bytes.toString('utf8'));
  }
  return ig;
}

