// What the last pushes to one server under one label left there, per file: the
// digest of the rows it accepted. Kept in `.cairn/push/`, one JSON file per
// (server URL, label), written whole through a temp file and a rename.
import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { checkJsonDepth } from '../gate/bounds.js';
import { boundedOpen } from '../gate/gate.js';
import { cairnPath, makeCairnDirectory } from '../gate/cairn-paths.js';

export interface PushState {
  url: string;
  repo: string;
  files: Record<string, string>;
}

const MAX_STATE_BYTES = 256 * 1024 * 1024;

export function pushStatePath(workspace: string, url: string, repo: string): string {
  const key = createHash('sha256').update(`${url}\n${repo}`).digest('hex').slice(0, 24);
  // Made here, checked like every path under .cairn/: the state is read and replaced in it.
  makeCairnDirectory(workspace, 'push');
  return cairnPath(workspace, `push/${key}.json`, 'file');
}

/** The remembered state, or an empty one when none is kept (or it is unreadable: then everything is pushed again). */
export function loadPushState(path: string, url: string, repo: string): PushState {
  try {
    // Bounded, never through a symlink: a state file that is not a plain file of its own holds nothing.
    const read = boundedOpen(path, MAX_STATE_BYTES);
    if (!read.ok) throw new Error(read.reason);
    const text = read.bytes.toString('utf8');
    checkJsonDepth(text, 'push state');
    const state = JSON.parse(text) as PushState;
    if (state.url === url && state.repo === repo && state.files && typeof state.files === 'object') return state;
  } catch {
    // no state yet, or a damaged one
  }
  return { url, repo, files: {} };
}

export function savePushState(path: string, state: PushState): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state));
  renameSync(temp, path);
}
