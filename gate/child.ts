// Every child process cairn starts (git, tar, a review backend, a hook command) runs
// through here, so none can hang cairn: both output pipes are always read (a child
// that fills an unread pipe blocks forever), what is kept of each is bounded, and
// each run has a deadline after which the child is killed. A child's output is
// input like any other: it gets a size bound, and its end is never waited on
// without one.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** The most of a child's stderr kept for a message (its tail); the rest is read and dropped. */
export const MAX_STDERR_KEPT = 8 * 1024;

/** A short git question (rev-parse, config, check-ignore of one path). */
export const GIT_QUICK_MS = 10_000;
/** A git command that walks the repository or a range (ls-files, diff, cat-file, archive). */
export const GIT_WALK_MS = 120_000;

export interface ChildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed; without it stdin is empty. */
  input?: string | Buffer;
  /** The child is killed (SIGKILL) when it runs longer than this. */
  timeoutMs: number;
  /** The child is killed when its stdout passes this many bytes. */
  maxStdoutBytes: number;
}

export type ChildOutcome = 'exited' | 'timeout' | 'overflow' | 'spawn-error';

export interface ChildRun {
  outcome: ChildOutcome;
  /** Exit status when the child exited; null when it was killed or never ran. */
  status: number | null;
  stdout: Buffer;
  /** The tail of stderr, at most MAX_STDERR_KEPT bytes. */
  stderr: string;
  /** One line that says what went wrong, for a message; empty when the child exited 0. */
  problem: string;
}

/** A failed child: it timed out, overflowed, could not start, or exited non-zero. */
export class ChildError extends Error {
  constructor(readonly run: ChildRun) {
    super(run.problem);
    this.name = 'ChildError';
  }
}

function problemOf(program: string, outcome: ChildOutcome, status: number | null, stderr: string, options: ChildOptions, error?: Error): string {
  switch (outcome) {
    case 'timeout':
      return `${program} did not finish within ${options.timeoutMs} ms and was stopped`;
    case 'overflow':
      return `${program} printed more than ${options.maxStdoutBytes} bytes and was stopped`;
    case 'spawn-error':
      return `cannot run ${program}: ${error?.message ?? 'unknown error'}`;
    case 'exited': {
      if (status === 0) return '';
      const last = stderr.trim().split('\n').pop() ?? '';
      return `${program} exited with status ${status}${last ? `: ${last}` : ''}`;
    }
  }
}

/**
 * Runs a child to its end, synchronously (for callers that cannot wait): node reads
 * both pipes while it runs, the deadline and the stdout bound kill it.
 */
export function runChildSync(program: string, args: string[], options: ChildOptions): ChildRun {
  const result = spawnSync(program, args, {
    cwd: options.cwd,
    env: options.env,
    input: options.input ?? '',
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    // spawnSync bounds each pipe by maxBuffer; stderr beyond it would also stop the child, so it is
    // at least a generous size (git prints a warning per unreadable path).
    maxBuffer: Math.max(options.maxStdoutBytes, 16 * 1024 * 1024),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout = result.stdout ?? Buffer.alloc(0);
  const stderr = tail(result.stderr ?? Buffer.alloc(0));
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  let outcome: ChildOutcome = 'exited';
  if (code === 'ETIMEDOUT') outcome = 'timeout';
  else if (code === 'ENOBUFS' || stdout.length > options.maxStdoutBytes) outcome = 'overflow';
  // EPIPE: the child exited without reading all of its input. It ran, and its status stands.
  else if (result.error && !(code === 'EPIPE' && result.status !== null)) outcome = 'spawn-error';
  const status = outcome === 'exited' ? result.status : null;
  return { outcome, status, stdout, stderr, problem: problemOf(program, outcome, status, stderr, options, result.error) };
}

/** As runChildSync; the child's stdout as UTF-8 text, and a ChildError unless it exited 0. */
export function childTextSync(program: string, args: string[], options: ChildOptions): string {
  const run = runChildSync(program, args, options);
  if (run.outcome !== 'exited' || run.status !== 0) throw new ChildError(run);
  return run.stdout.toString('utf8');
}

/** Runs a child to its end without blocking: both pipes read, stdout bounded, a deadline, an optional abort. */
export function runChild(program: string, args: string[], options: ChildOptions & { signal?: AbortSignal }): Promise<ChildRun> {
  return new Promise((settle) => {
    let child: ChildProcessWithoutNullStreams;
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr: Buffer = Buffer.alloc(0);
    let outcome: ChildOutcome | null = null;
    let startError: Error | undefined;
    const stop = (why: ChildOutcome) => {
      outcome ??= why;
      child.kill('SIGKILL');
    };
    try {
      child = spawn(program, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      const run = { outcome: 'spawn-error' as const, status: null, stdout: Buffer.alloc(0), stderr: '' };
      settle({ ...run, problem: problemOf(program, 'spawn-error', null, '', options, error as Error) });
      return;
    }
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const aborted = () => stop('timeout');
    options.signal?.addEventListener('abort', aborted, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxStdoutBytes) stop('overflow');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = keepTail(stderr, chunk)));
    child.on('error', (error) => {
      startError = error;
      outcome ??= 'spawn-error';
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', aborted);
      const final = outcome ?? 'exited';
      const status = final === 'exited' ? code : null;
      const text = tail(stderr);
      settle({ outcome: final, status, stdout: Buffer.concat(chunks), stderr: text, problem: problemOf(program, final, status, text, options, startError) });
    });
    child.stdin.on('error', () => undefined); // a child that exits without reading its input
    child.stdin.end(options.input ?? '');
  });
}

/**
 * A long-lived child that answers questions on stdin (git check-ignore --stdin): its
 * stderr is read and dropped but for a tail, its stdout is the caller's to read, and
 * it is killed when it outlives `timeoutMs` in total. The caller bounds each answer.
 */
export function startChild(program: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number }): StartedChild {
  const child = spawn(program, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr: Buffer = Buffer.alloc(0);
  let timedOut = false;
  child.stderr.on('data', (chunk: Buffer) => (stderr = keepTail(stderr, chunk)));
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, options.timeoutMs);
  timer.unref();
  child.on('close', () => clearTimeout(timer));
  child.stdin.on('error', () => undefined);
  return { child, stderrTail: () => tail(stderr), timedOut: () => timedOut };
}

export interface StartedChild {
  child: ChildProcessWithoutNullStreams;
  /** The last MAX_STDERR_KEPT bytes of its stderr so far. */
  stderrTail: () => string;
  /** True once the deadline stopped it. */
  timedOut: () => boolean;
}

function keepTail(kept: Buffer, chunk: Buffer): Buffer {
  const joined = kept.length === 0 ? chunk : Buffer.concat([kept, chunk]);
  return joined.length <= MAX_STDERR_KEPT ? joined : joined.subarray(joined.length - MAX_STDERR_KEPT);
}

function tail(bytes: Buffer | string): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return buffer.subarray(Math.max(0, buffer.length - MAX_STDERR_KEPT)).toString('utf8');
}
