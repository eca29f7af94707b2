// `.cairn/` is the only place cairn writes in a workspace. It carries its own
// .gitignore so git never lists it, without touching the user's git configuration.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function ensureCairnDir(root: string): string {
  const dir = join(root, '.cairn');
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
  return dir;
}
