// The repository label a push and an export use: given, else the `origin` remote's
// namespace path (owner/repo), else the workspace directory's name.
import { basename } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import { namespacePath } from '../contracts/namespace-path.js';
import { originUrl } from './git.js';

const MAX_LABEL = 256;

export function repoLabel(workspace: string, given?: string): string {
  if (given !== undefined) return checkedLabel(given);
  const origin = originUrl(workspace);
  const fromOrigin = origin ? namespacePath(origin) : '';
  return checkedLabel(fromOrigin || basename(workspace));
}

/** Labels scope entity ids (`<repo>::<symbol id>`), so `::` and control characters are refused. */
export function checkedLabel(label: string): string {
  if (label.length === 0 || label.length > MAX_LABEL) {
    throw new CairnError('invalid_argument', `a repo label has 1 to ${MAX_LABEL} characters (got ${label.length})`);
  }
  if (label.includes('::') || /[\u0000-\u001f\u007f\s]/.test(label)) {
    throw new CairnError('invalid_argument', `repo label "${label.replace(/[\u0000-\u001f\u007f]/g, '?')}" may not contain "::", spaces or control characters`);
  }
  return label;
}
