import { childTextSync, GIT_QUICK_MS } from '../gate/child.js';
import { gitEnv } from './inventory.js';

/** HEAD's commit id, or null outside git or before the first commit. Read-only. */
export function gitHead(root: string): string | null {
  try {
    const out = childTextSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd: root, env: gitEnv(), timeoutMs: GIT_QUICK_MS, maxStdoutBytes: 1024 }).trim();
    return /^[0-9a-f]{40,64}$/.test(out) ? out : null;
  } catch {
    return null;
  }
}
