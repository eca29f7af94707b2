// Room to write the index. A full disk is named as one: before a writer opens an
// environment it checks the file system holding `.cairn/` has a floor of free space
// (LMDB maps its lock file, and touching a page of it that the file system cannot
// back kills the process with SIGBUS), and a write that fails for want of space
// (ENOSPC, a quota, or the EIO LMDB reports for a short write) answers `disk_full`.
import { statfsSync } from 'node:fs';
import { CairnError } from '../contracts/errors.js';

/** Below this, a writer does not start: a lock file, two meta pages and a first commit need about 64 KiB. */
export const MIN_FREE_BYTES = 1024 * 1024;

/** Bytes this user may still write on the file system holding `dir`, or null when it cannot be asked. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

const kib = (bytes: number) => `${Math.floor(bytes / 1024).toLocaleString('en-US')} KiB`;

export function diskFull(dir: string, free: number | null): CairnError {
  return new CairnError(
    'disk_full',
    `the disk holding ${dir} is full${free === null ? '' : ` (${kib(free)} free)`}: free some space and run the command again; the previous index is unchanged`,
    1,
  );
}

/** Refuses to start a write with less than MIN_FREE_BYTES free. */
export function refuseFullDisk(dir: string, shown: string): void {
  const free = freeBytes(dir);
  if (free !== null && free < MIN_FREE_BYTES) throw diskFull(shown, free);
}

const NO_SPACE = /\b(ENOSPC|EDQUOT)\b|No space left on device|Disk quota exceeded/i;
const SHORT_WRITE = /\b(EIO)\b|Input\/output error/i;

/** A write error that means the disk is full becomes `disk_full`; any other error is returned as it is. */
export function asDiskFull(error: unknown, dir: string, shown: string): unknown {
  if (!(error instanceof Error) || error instanceof CairnError) return error;
  const text = `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`;
  const free = freeBytes(dir);
  if (NO_SPACE.test(text)) return diskFull(shown, free);
  // LMDB turns a short write into EIO: with the disk (nearly) out of room, that is what it was.
  if (SHORT_WRITE.test(text) && free !== null && free < MIN_FREE_BYTES) return diskFull(shown, free);
  return error;
}
