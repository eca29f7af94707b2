// One writer at a time: `.cairn/lock` holds the writer's pid. A second writer waits
// for it, then fails clearly; a lock left by a dead process is taken over.
import { rmSync, writeFileSync } from 'node:fs';
import { boundedOpen } from '../gate/gate.js';
import { CairnError } from '../contracts/errors.js';
import { cairnPath, makeCairnDirectory } from '../gate/cairn-paths.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long a second writer waits; CAIRN_LOCK_WAIT_MS overrides it (tests). */
const DEFAULT_WAIT_MS = Number(process.env.CAIRN_LOCK_WAIT_MS ?? 10_000);

export async function acquireWriteLock(root: string, waitMs = DEFAULT_WAIT_MS): Promise<() => void> {
  makeCairnDirectory(root);
  const lockPath = () => cairnPath(root, 'lock', 'file');
  const file = lockPath();
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A pid is a few bytes. A lock that is not a regular file of its own (a symlink,
    // a FIFO) was not left by cairn: it is refused, never read or removed.
    lockPath();
    const read = boundedOpen(file, 64);
    if (!read.ok && read.reason === 'missing') continue; // released between our attempts
    const holder = read.ok ? Number(read.bytes.toString('utf8')) : NaN;
    if (!Number.isInteger(holder) || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new CairnError('index_locked', `another cairn process (pid ${holder}) is writing this index; try again when it finishes`, 3);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
