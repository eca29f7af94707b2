import { execFileSync } from 'node:child_process';
import { gitEnv } from './inventory.js';

/** HEAD's commit id, or null outside git or before the first commit. Read-only. */
export function gitHead(root: string): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: gitEnv(),
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(out) ? out : null;
  } catch {
    return null;
  }
}
