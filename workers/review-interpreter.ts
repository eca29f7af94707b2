// The review interpreter: executes the review machines' commands against the file
// system and the language profiles' parsers: check a path, stat, read, parse. It holds
// no policy: which file may bind a name, what is omitted and why, is decided in
// review/ and the machines. Parsing happens in this thread: a review touches a handful
// of files, and a worker pool would cost more start-up time than it saves.
//
// Every read goes through the capture machine, whose first command is a path check;
// the log of checks and reads is kept so tests can prove the order.
import { createHash } from 'node:crypto';
import type { AnyStateMachine } from 'xstate';
import { lstatSync, opendirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { GateRead } from '../gate/gate.js';
import { AuditRecorder, type Answer } from '../machines/audit.js';
import { drive } from './interpreter.js';
import { captureMachine, type CaptureOutput, type FileStat } from '../machines/capture.js';
import type { TraversalBudgets } from '../machines/evidence-traversal.js';
import { reviewFreshnessMachine } from '../machines/review-freshness.js';
import type { ReviewFile } from '../parsers/review/facts.js';
import { inventoryDigest, MAX_DIRECTORY_ENTRIES, type DirectoryEntry, type DirectoryObservation } from '../parsers/review/inventory.js';
import { profileFor, sourceCeiling } from '../parsers/review/profiles.js';

export interface Snapshot {
  path: string;
  text: string;
  bytes: number;
  digest: string;
}

export type CaptureResult = { ok: true; snapshot: Snapshot } | { ok: false; outcome: CaptureOutput['outcome']; reason: string | null };

/** A path gate's answer: allowed, or the reason it is not. */
export interface GateVerdict {
  allowed: boolean;
  reason: string | null;
}

/** The path gate the interpreter checks every path with (review/paths.ts implements it). */
export interface PathGate {
  checkRoot(rel: string): GateVerdict;
  checkContext(rel: string): GateVerdict;
  checkConfigFile(rel: string): GateVerdict;
  /** Containment, privacy and ignore rules for a directory to be listed. */
  checkDirectory(rel: string): GateVerdict;
  /** Reads a checked path through the one path gate, bounded (a byte past the ceiling shows growth). */
  read(rel: string, maxBytes: number): GateRead;
  /** Size and mtime through the gate; null when the path is not a regular file inside the workspace. */
  stat(rel: string): { size: number; mtimeMs: number } | null;
  prefetchIgnored(paths: string[]): Promise<void>;
  startIgnoreOracle(): void;
  close(): void;
}

export interface InterpreterOptions {
  workspace: string;
  policy: PathGate;
  budgets: TraversalBudgets;
  recorder?: AuditRecorder;
  /** Told of every line the run's own recorder records (when no recorder is given): a review's progress is its steps. */
  onStep?: () => void;
  /** Milliseconds since an arbitrary origin; injected by tests for deterministic deadlines. */
  clock?: () => number;
}

export class ReviewInterpreter {
  readonly workspace: string;
  readonly policy: PathGate;
  readonly budgets: TraversalBudgets;
  readonly recorder: AuditRecorder;
  /** Checks and reads in the order they happened. */
  readonly accessLog: Array<{ op: 'check' | 'read' | 'list'; path: string }> = [];
  readonly clock: () => number;
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly parsed = new Map<string, Promise<ReviewFile>>();

  constructor(options: InterpreterOptions) {
    this.workspace = options.workspace;
    this.policy = options.policy;
    this.budgets = options.budgets;
    this.recorder = options.recorder ?? new AuditRecorder(options.onStep);
    this.clock = options.clock ?? (() => performance.now());
  }

  /** Runs a machine of the review through the one interpreter, recorded with the rest of the run. */
  run<TOutput>(machine: AnyStateMachine, name: string, input: unknown, answer: Answer): Promise<TOutput> {
    return drive<TOutput>(machine, name, input, answer, this.recorder);
  }

  dispose(): void {
    this.policy.close();
    for (const file of this.parsed.values()) void file.then((f) => f.dispose()).catch(() => undefined);
    this.parsed.clear();
  }

  /** Captures a file through the capture machine, at most once per run. */
  async capture(path: string, check: (rel: string) => GateVerdict): Promise<CaptureResult> {
    const existing = this.snapshots.get(path);
    if (existing) return { ok: true, snapshot: existing };
    if (this.snapshots.size === 0) await this.policy.prefetchIgnored([path]);
    let text: string | null = null;
    const output = await this.run<CaptureOutput>(
      captureMachine,
      'capture',
      { path, ceiling: sourceCeiling(path, this.budgets.fileBytes) },
      (command) => {
        switch (command.kind) {
          case 'check-path': {
            this.accessLog.push({ op: 'check', path });
            const verdict = check(path);
            return { type: 'PATH_CHECKED', allowed: verdict.allowed, reason: verdict.reason };
          }
          case 'stat':
            return { type: 'STATED', ...this.stated(path) };
          case 'read': {
            this.accessLog.push({ op: 'read', path });
            const read = textOf(this.policy.read(path, command.maxBytes as number));
            if (!read) return { type: 'READ', ok: false, bytes: 0, digest: null };
            text = read.text;
            return { type: 'READ', ok: read.text !== null, bytes: read.bytes, digest: read.digest };
          }
          case 'restat':
            return { type: 'RESTATED', ...this.stated(path) };
          default:
            return null;
        }
      },
    );
    if (output.outcome !== 'captured' || text === null) return { ok: false, outcome: output.outcome, reason: output.reason };
    const snapshot: Snapshot = { path, text, bytes: output.bytes, digest: output.digest! };
    this.snapshots.set(path, snapshot);
    return { ok: true, snapshot };
  }

  snapshot(path: string): Snapshot | undefined {
    return this.snapshots.get(path);
  }

  /** Parses a captured file with its language's profile, once per run. */
  parse(path: string): Promise<ReviewFile> {
    let file = this.parsed.get(path);
    if (!file) {
      const snapshot = this.snapshots.get(path);
      const profile = profileFor(path);
      const grammar = profile?.grammarFor(path);
      if (!snapshot || !profile || !grammar) throw new Error(`internal: ${path} parsed before capture`);
      file = profile.open(snapshot.text, grammar);
      this.parsed.set(path, file);
    }
    return file;
  }

  /**
   * Whether a path names a file, for module authority (which layout exists): an lstat,
   * never an open and never through a link, so a private or ignored file is seen to
   * exist and the path check that follows names why it is not read.
   */
  isFile(path: string): boolean {
    return present(join(this.workspace, path));
  }

  /** What the capture machine's stat commands see: the gate's stat, or absent. */
  private stated(path: string): FileStat {
    const s = this.policy.stat(path);
    return s ? { exists: true, isFile: true, ...s } : { exists: false, isFile: false, size: 0, mtimeMs: 0 };
  }

  isDirectory(path: string): boolean {
    try {
      return statSync(join(this.workspace, path)).isDirectory();
    } catch {
      return false;
    }
  }

  /**
   * Lists at most `max` direct entries of a directory, after its path check
   * (containment, protection, privacy, ignore rules): names and kinds only, in name
   * order, and whether more existed. Symbolic links are reported as such, never followed.
   */
  listDirectory(path: string, max: number): DirectoryObservation | null {
    this.accessLog.push({ op: 'check', path: path === '' ? '.' : path });
    if (path !== '' && !this.policy.checkDirectory(path).allowed) return null;
    if (path !== '' && !this.isDirectory(path)) return null;
    this.accessLog.push({ op: 'list', path: path === '' ? '.' : path });
    let dir;
    try {
      dir = opendirSync(join(this.workspace, path));
    } catch {
      return null;
    }
    const entries: DirectoryEntry[] = [];
    let truncated = false;
    try {
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        if (entries.length === max) {
          truncated = true;
          break;
        }
        entries.push({ name: entry.name, kind: entry.isFile() ? 'file' : entry.isDirectory() ? 'directory' : entry.isSymbolicLink() ? 'symlink' : 'other' });
      }
    } catch {
      truncated = true;
    } finally {
      dir.closeSync();
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { entries, truncated };
  }

  // --- freshness -------------------------------------------------------------------

  /** Re-captures every contributing source; false when any changed or can no longer be captured. */
  /**
   * Re-captures every contributing source. A source recorded as `absent` (an alternative
   * whose absence a binding relied on) is checked by stat only, never opened: it is
   * `present` once it exists.
   */
  async fresh(sources: Array<{ path: string; digest: string }>): Promise<boolean> {
    const absent = new Set(sources.filter((s) => s.digest === 'absent').map((s) => s.path));
    const output = await this.run<{ fresh: boolean }>(
      reviewFreshnessMachine,
      'review-freshness',
      { sources },
      (command) => {
        if (command.kind !== 'recapture') return null;
        const path = command.path as string;
        if (path.endsWith('/')) {
          const listed = this.listDirectory(path === './' ? '' : path.slice(0, -1), MAX_DIRECTORY_ENTRIES);
          return { type: 'RECAPTURED', path, digest: listed ? inventoryDigest(listed) : null };
        }
        if (absent.has(path)) return { type: 'RECAPTURED', path, digest: present(join(this.workspace, path)) ? 'present' : 'absent' };
        const read = textOf(this.policy.read(path, sourceCeiling(path, this.budgets.fileBytes)));
        return { type: 'RECAPTURED', path, digest: read?.digest ?? null };
      },
    );
    return output.fresh;
  }
}

/** A file or a link stands at this path (lstat: nothing is opened or followed). */
function present(absolute: string): boolean {
  try {
    const s = lstatSync(absolute);
    return s.isFile() || s.isSymbolicLink();
  } catch {
    return false;
  }
}

/** Text (null when not UTF-8), size and digest of a gate read; null when the gate refused or the read failed. */
function textOf(read: GateRead): { text: string | null; bytes: number; digest: string } | null {
  if (!read.ok) return null;
  let text: string | null;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    text = null;
  }
  return { text, bytes: read.size, digest: `sha256:${createHash('sha256').update(read.bytes).digest('hex')}` };
}
