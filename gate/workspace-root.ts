// Which directories may be a workspace. cairn writes `.cairn/` into its workspace, so
// a system directory (`/`, `/dev`, `/etc`, `/usr`, ...) or anything under the
// kernel's pseudo file systems is refused for every command, and a writer refuses a
// directory the user cannot write.
import { accessSync, constants } from 'node:fs';
import { CairnError } from '../contracts/errors.js';

const SYSTEM_DIRECTORIES = new Set(['/', '/bin', '/boot', '/dev', '/etc', '/lib', '/lib32', '/lib64', '/libx32', '/opt', '/proc', '/root', '/run', '/sbin', '/srv', '/sys', '/tmp', '/usr', '/usr/bin', '/usr/lib', '/usr/local', '/usr/sbin', '/usr/share', '/var', '/var/lib', '/var/log', '/var/tmp', '/home', '/mnt', '/media']);
const PSEUDO_FILE_SYSTEMS = ['/dev/', '/proc/', '/sys/', '/run/'];

/** True for a directory no project lives in (an absolute, symlink-free path). */
export function isSystemDirectory(dir: string): boolean {
  if (process.platform === 'win32') return false;
  return SYSTEM_DIRECTORIES.has(dir) || PSEUDO_FILE_SYSTEMS.some((p) => dir.startsWith(p));
}

export function refuseSystemDirectory(dir: string): void {
  if (isSystemDirectory(dir)) throw new CairnError('workspace_refused', `${dir} is a system directory, not a project; cairn neither indexes nor writes there (pass -C <project>)`, 2);
}

/** A writer's check before it creates `.cairn/`: the user must be able to write the workspace. */
export function refuseUnwritable(dir: string): void {
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new CairnError('workspace_not_writable', `${dir} is not writable by this user; cairn keeps its index in .cairn/ inside the workspace`, 2);
  }
}
