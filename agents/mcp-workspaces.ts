// Which workspaces the MCP server answers for: the one it was started in, plus the
// absolute paths the user lists under `mcp.workspaces` in their own configuration
// file. A repository's `.cairn.jsonc` cannot add to the list (review/config.ts refuses
// the key there). Every entry and every request is compared after realpath, so a
// symlink or `..` cannot name a workspace that is not on the list.
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { userConfigPath } from '../review/config.js';
import { isObject, onlyKeys, readJsonc, stringList, type JsoncDocument } from '../review/jsonc.js';

export interface AllowList {
  /** The workspace the server was started in (realpath). */
  started: string;
  /** Every allowed workspace root (realpath), the started one first. */
  roots: string[];
  /** User-listed entries that do not exist or are not directories: never allowed, reported at start. */
  missing: string[];
}

const USER_FILE = '$XDG_CONFIG_HOME/cairn/config.jsonc';

/** Reads the allow-list. Throws JsoncError when the user file's `mcp` entry is malformed. */
export function loadAllowList(started: string, env: NodeJS.ProcessEnv = process.env): AllowList {
  const roots = [realpathSync(started)];
  const missing: string[] = [];
  const file = userConfigPath(env);
  if (existsSync(file)) {
    const doc: JsoncDocument = readJsonc(USER_FILE, readFileSync(file, 'utf8'));
    const mcp = isObject(doc.value) ? doc.value.mcp : undefined;
    if (mcp !== undefined) {
      if (!isObject(mcp)) doc.fail(['mcp'], 'expected an object like {"workspaces": ["/abs/path"]}');
      onlyKeys(doc, ['mcp'], mcp, ['workspaces']);
      const listed = mcp.workspaces === undefined ? [] : stringList(doc, ['mcp', 'workspaces'], mcp.workspaces);
      for (const [i, entry] of listed.entries()) {
        if (!isAbsolute(entry)) doc.fail(['mcp', 'workspaces', i], `"${entry}" is not an absolute path`);
        const real = directory(entry);
        if (real === null) missing.push(entry);
        else if (!roots.includes(real)) roots.push(real);
      }
    }
  }
  return { started: roots[0]!, roots, missing };
}

/**
 * The allowed workspace a request names, or null. A relative path is taken from the
 * started workspace; the answer is the realpath, and only an exact root matches (a
 * folder inside a workspace is another workspace, with its own index).
 */
export function allowedWorkspace(list: AllowList, requested: string): string | null {
  const real = directory(resolve(list.started, requested));
  return real !== null && list.roots.includes(real) ? real : null;
}

function directory(path: string): string | null {
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}
