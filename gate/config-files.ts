// Configuration files through the gate: `.cairn.jsonc` at the workspace root (a
// regular file inside the workspace, never a symlink out of it) and the user's file
// at $XDG_CONFIG_HOME/cairn/config.jsonc (the user's own, outside any workspace).
// Both are bounded in size and depth. An error names the file and the check that
// failed; it never quotes the content of a file outside the workspace.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import { fastParse, jsoncParser } from '../parsers/jsonc.js';
import { checkJsonDepth, MAX_CONFIG_BYTES } from './bounds.js';
import { boundedOpen, Gate, type GateRead } from './gate.js';

export const WORKSPACE_CONFIG = '.cairn.jsonc';
export const USER_CONFIG_SHOWN = '$XDG_CONFIG_HOME/cairn/config.jsonc';

export function userConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir();
  const base = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(base, 'cairn', 'config.jsonc');
}

function textOf(read: GateRead, shown: string): string | null {
  if (read.ok) return read.bytes.toString('utf8');
  switch (read.reason) {
    case 'missing':
      return null;
    case 'too_large':
      throw new CairnError('invalid_config', `${shown} is larger than ${MAX_CONFIG_BYTES} bytes (the limit for a configuration file)`);
    case 'outside-workspace':
      throw new CairnError('invalid_config', `${shown} leads outside the workspace (a symlink); cairn does not follow it`);
    case 'not-a-file':
      throw new CairnError('invalid_config', `${shown} is not a regular file (a symlink, directory or device)`);
    default:
      throw new CairnError('invalid_config', `${shown} cannot be read (${read.reason})`);
  }
}

/** The workspace configuration's text, or null when there is none. */
export function workspaceConfigText(workspace: string): string | null {
  return textOf(new Gate(workspace).read(WORKSPACE_CONFIG, MAX_CONFIG_BYTES), WORKSPACE_CONFIG);
}

/** The user configuration's text, or null when there is none. A symlinked dotfile is the user's own and is followed. */
export function userConfigText(env: NodeJS.ProcessEnv = process.env): string | null {
  let real: string;
  try {
    real = realpathSync(userConfigPath(env));
  } catch {
    return null;
  }
  return textOf(boundedOpen(real, MAX_CONFIG_BYTES), USER_CONFIG_SHOWN);
}

/**
 * The privacy excludes of every configuration layer, for commands that read files
 * but not the rest of the review configuration (init, sync, status, node, diff). A
 * layer that cannot be parsed is an error: without it cairn cannot know what it must
 * not read. The review loader (review/config.ts) validates the full layers.
 */
export function privacyExcludes(workspace: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const globs = new Set<string>();
  const layers: Array<[string, string | null]> = [
    [USER_CONFIG_SHOWN, userConfigText(env)],
    [WORKSPACE_CONFIG, workspaceConfigText(workspace)],
  ];
  for (const [shown, text] of layers) {
    if (text === null) continue;
    checkJsonDepth(text, shown);
    let value = fastParse(text)?.value;
    if (value === undefined) {
      const errors: unknown[] = [];
      value = jsoncParser().parse(text, errors as never, { allowTrailingComma: true });
      if (errors.length > 0) throw new CairnError('invalid_config', `${shown} is not valid JSONC; its privacyExcludes cannot be known (run \`cairn rules validate\`)`);
    }
    const list = (value as { privacyExcludes?: unknown } | null)?.privacyExcludes;
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((g) => typeof g !== 'string' || g === '')) throw new CairnError('invalid_config', `${shown}: privacyExcludes is an array of non-empty glob strings`);
    for (const g of list) globs.add(g as string);
  }
  return [...globs].sort();
}

/**
 * The gate the index reads `root` through, with the privacy excludes of `privacyRoot`'s
 * configuration (a historical snapshot is read with its workspace's).
 */
export function indexGate(root: string, privacyRoot: string = root): Gate {
  return new Gate(root, { privacy: privacyExcludes(privacyRoot) });
}
