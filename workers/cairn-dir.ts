// `.cairn/` is the only place cairn writes in a workspace. It carries its own
// .gitignore so git never lists it, without touching the user's git configuration.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { refuseSystemDirectory, refuseUnwritable } from '../gate/workspace-root.js';

export function ensureCairnDir(root: string): string {
  refuseSystemDirectory(root);
  const dir = join(root, '.cairn');
  if (!existsSync(dir)) refuseUnwritable(root);
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  return dir;
}
