// Temp dirs of historical snapshots (a copy of a revision's source and its index).
// Each one's name carries the pid of the process that made it. An interrupt or
// termination removes this process's dirs before it exits; a kill that leaves no
// chance (SIGKILL, a crash) leaves them to the next `diff`, which removes this
// user's snapshot dirs whose process is gone.
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'cairn-snapshot-';
const live = new Set<string>();
const children = new Set<ChildProcess>();
let handlersInstalled = false;

/** A new, empty snapshot dir owned by this process. */
export function makeSnapshotDir(): string {
  installHandlers();
  const dir = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  live.add(dir);
  return dir;
}

/** A process writing into a snapshot dir (git archive, tar): stopped before the dir is removed on a signal. */
export function trackWriter(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Removes a snapshot dir; true when it is gone. */
export function removeSnapshot(dir: string): boolean {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  try {
    lstatSync(dir);
    return false;
  } catch {
    live.delete(dir);
    return true;
  }
}

/** Removes this user's snapshot dirs whose owning process no longer runs; returns how many. */
export function sweepStaleSnapshots(root = tmpdir()): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return 0;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const match = /^cairn-snapshot-(\d+)-/.exec(name);
    if (!match) continue;
    const dir = join(root, name);
    try {
      const stat = lstatSync(dir);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
    } catch {
      continue;
    }
    if (processRuns(Number(match[1]))) continue;
    if (removeSnapshot(dir)) removed++;
  }
  return removed;
}

function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's: alive
  }
}

/** On INT/TERM/HUP: remove this process's snapshot dirs, then exit as the signal would (128 + its number). */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  for (const signal of Object.keys(codes) as Array<keyof typeof codes>) {
    process.once(signal, () => {
      // Writers first, or tar could recreate what is being removed.
      for (const child of children) child.kill('SIGKILL');
      for (const dir of [...live]) removeSnapshot(dir);
      process.exit(codes[signal]);
    });
  }
}
