// TypeScript's module configuration files, bytes to facts: what a tsconfig.json/jsconfig.json
// or a package.json says about where bare module specifiers lead. Pure functions: the caller
// reads the files (and the files a tsconfig `extends`) and hands over their text.
//
// TypeScript's rules, as far as cairn follows them:
// - `extends` (a string or, since TS 5.0, an array) names base configs; a relative one is
//   resolved from the extending file's folder, `.json` appended when missing. Package
//   names (`@tsconfig/node20`) lie outside the workspace and are not followed.
// - The extending file wins: `compilerOptions.baseUrl` and `compilerOptions.paths` are
//   each taken whole from the last config in the chain that sets them.
// - `baseUrl` is relative to the file that declares it; `paths` targets are relative to
//   the effective `baseUrl`, or without one to the file that declares `paths`.
// - package.json: `exports` subpaths (`.`, `./v4`, `./*`) become aliases of the package
//   name (`zod`, `zod/v4`, `zod/*`); condition objects and fallback arrays give their
//   string targets in order, so the first one that is a workspace file is the one used.
import { posix } from 'node:path';
import { createHash } from 'node:crypto';
import { parseJsoncLenient } from '../jsonc.js';
import type { ModuleAlias, ModuleConfigFact } from '../../contracts/facts.js';
import type { ModuleConfigReader } from '../module-config.js';

/** Base names of the files read as module configuration, the nearest one above a file applying to it. */
export const TSCONFIG_FILE_NAMES: readonly string[] = ['tsconfig.json', 'jsconfig.json'];
export const PACKAGE_MANIFEST_NAME = 'package.json';

/** What one tsconfig file says by itself, its paths already workspace-relative. */
export interface TsconfigLayer {
  /** Workspace-relative paths of the configs it extends, in order. */
  extends: string[];
  baseUrl?: string;
  /** `paths` with targets still relative to their base (see foldTsconfig). */
  paths?: Record<string, string[]>;
  /** Folder of the file, the base of `paths` targets when no baseUrl applies. */
  dir: string;
}

const dirOf = (path: string) => posix.dirname(path);

/** `a/b` joined with `../c` etc.; null when the result leaves the workspace. */
function inWorkspace(dir: string, relative: string): string | null {
  const joined = posix.normalize(posix.join(dir, relative)).replace(/\/$/, '');
  if (joined === '..' || joined.startsWith('../') || posix.isAbsolute(joined)) return null;
  return joined === '' ? '.' : joined;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const value = parseJsoncLenient(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function tsconfigLayer(path: string, text: string): TsconfigLayer {
  const dir = dirOf(path);
  const layer: TsconfigLayer = { extends: [], dir };
  const config = parseObject(text);
  if (!config) return layer;
  const bases = typeof config.extends === 'string' ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  for (const base of bases) {
    if (typeof base !== 'string' || !(base.startsWith('./') || base.startsWith('../'))) continue;
    const resolved = inWorkspace(dir, base.endsWith('.json') ? base : `${base}.json`);
    if (resolved !== null) layer.extends.push(resolved);
  }
  const options = config.compilerOptions;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return layer;
  const { baseUrl, paths } = options as Record<string, unknown>;
  if (typeof baseUrl === 'string') {
    const resolved = inWorkspace(dir, baseUrl);
    if (resolved !== null) layer.baseUrl = resolved;
  }
  if (paths !== null && typeof paths === 'object' && !Array.isArray(paths)) {
    layer.paths = {};
    for (const [pattern, targets] of Object.entries(paths as Record<string, unknown>)) {
      if (Array.isArray(targets)) layer.paths[pattern] = targets.filter((t): t is string => typeof t === 'string');
    }
  }
  return layer;
}

/**
 * One tsconfig with its chain folded in. `layers` run from the deepest base to the file
 * itself (the order TypeScript applies them), so a later layer's setting wins.
 */
export function foldTsconfig(path: string, hash: string, layers: TsconfigLayer[]): ModuleConfigFact {
  let baseUrl: string | undefined;
  let paths: { map: Record<string, string[]>; dir: string } | undefined;
  for (const layer of layers) {
    if (layer.baseUrl !== undefined) baseUrl = layer.baseUrl;
    if (layer.paths !== undefined) paths = { map: layer.paths, dir: layer.dir };
  }
  const aliases: ModuleAlias[] = [];
  if (paths) {
    const base = baseUrl ?? paths.dir;
    for (const [pattern, targets] of Object.entries(paths.map)) {
      aliases.push({ pattern, targets: targets.flatMap((t) => inWorkspace(base, t) ?? []) });
    }
  }
  const fact: ModuleConfigFact = { path, kind: 'tsconfig', hash, aliases };
  if (baseUrl !== undefined) fact.baseUrl = baseUrl;
  return fact;
}

/** The string targets of an `exports` value, in the order they would be tried. */
function exportTargets(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) exportTargets(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) exportTargets(v, out);
  return out;
}

export function packageConfig(path: string, hash: string, text: string): ModuleConfigFact {
  const fact: ModuleConfigFact = { path, kind: 'package', hash, aliases: [] };
  const manifest = parseObject(text);
  if (!manifest || typeof manifest.name !== 'string' || manifest.name === '') return fact;
  const name = manifest.name;
  fact.name = name;
  const dir = dirOf(path);
  const exportsField = manifest.exports;
  if (exportsField === undefined || exportsField === null) return fact;
  const subpaths =
    typeof exportsField === 'object' && !Array.isArray(exportsField) && Object.keys(exportsField).some((k) => k.startsWith('.'))
      ? Object.entries(exportsField as Record<string, unknown>).filter(([key]) => key.startsWith('.'))
      : [['.', exportsField] as [string, unknown]];
  for (const [subpath, value] of subpaths) {
    const pattern = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`;
    const targets = [...new Set(exportTargets(value).filter((t) => t.startsWith('./')).flatMap((t) => inWorkspace(dir, t) ?? []))];
    fact.aliases.push({ pattern, targets });
  }
  return fact;
}

/** A config extending itself through a longer loop than this is cut there. */
const MAX_EXTENDS_DEPTH = 16;

/** The layers of a tsconfig from its deepest base to itself, with the hashes of the files read. */
function tsconfigLayers(read: ReadConfig, path: string, seen: Set<string>, hashes: string[]): TsconfigLayer[] {
  if (seen.has(path) || seen.size >= MAX_EXTENDS_DEPTH) return [];
  seen.add(path);
  const file = read(path);
  if (!file) return [];
  hashes.push(`${path}:${file.hash}`);
  const layer = tsconfigLayer(path, file.text);
  const layers: TsconfigLayer[] = [];
  for (const base of layer.extends) layers.push(...tsconfigLayers(read, base, seen, hashes));
  layers.push(layer);
  return layers;
}

type ReadConfig = Parameters<ModuleConfigReader['read']>[1];

/** tsconfig.json and jsconfig.json (their relative `extends` chain within the workspace folded in), and package.json. */
export const typescriptModuleConfig: ModuleConfigReader = {
  isConfig: (base) => base === PACKAGE_MANIFEST_NAME || TSCONFIG_FILE_NAMES.includes(base),
  // `tsconfig.base.json` too: a file a tsconfig may extend.
  mayAffect: (base) => /^(?:ts|js)config\b.*\.json$/.test(base),
  read(path, read) {
    if (path.slice(path.lastIndexOf('/') + 1) === PACKAGE_MANIFEST_NAME) {
      const file = read(path);
      return file ? packageConfig(path, file.hash, file.text) : undefined;
    }
    const hashes: string[] = [];
    const layers = tsconfigLayers(read, path, new Set(), hashes);
    if (layers.length === 0) return undefined;
    const hash = createHash('sha256').update(hashes.join('\n')).digest('hex');
    return foldTsconfig(path, hash, layers);
  },
};

