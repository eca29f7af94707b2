// Inventory: which files of the workspace cairn may index. In a git work tree it is
// what git tracks plus untracked files git does not ignore; elsewhere a walk that
// honours .gitignore files. Library/build folders and dot-directories are skipped
// unless asked for, and no symlink is ever followed.
import { childTextSync, GIT_QUICK_MS, GIT_WALK_MS } from '../gate/child.js';
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { extname, join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Language } from '../contracts/facts.js';
import type { IndexReport } from '../contracts/index-report.js';
import { Gate } from '../gate/gate.js';
import { languageForPath } from '../parsers/index.js';
import { isModuleConfigPath } from '../parsers/module-config.js';

/** Folders that hold other people's code or build output. */
export const LIBRARY_DIRS = new Set([
  'node_modules',
  'vendor',
  'target',
  'dist',
  'build',
  '.venv',
  'venv',
  '__pycache__',
  'clones',
  'third_party',
  'bower_components',
]);

/** Source languages cairn does not parse: counted for `doctor`, never read. */
export const UNSUPPORTED_SOURCE_EXTENSIONS = new Set([
  '.rb', '.php', '.cs', '.kt', '.kts', '.swift', '.scala', '.sh', '.bash', '.lua', '.zig',
  '.dart', '.ex', '.exs', '.erl', '.hs', '.ml', '.mli', '.clj', '.fs', '.fsx', '.pl', '.pm',
  '.r', '.jl', '.nim', '.v', '.sv', '.vue', '.svelte', '.m', '.mm', '.groovy', '.elm', '.cr',
]);

export interface InventoryEntry {
  path: string;
  language: Language;
  size: number;
  mtimeMs: number;
}

export interface Inventory {
  git: boolean;
  entries: InventoryEntry[];
  /** Module configuration files, sorted: they decide where bare import specifiers lead. */
  configs: string[];
  unsupportedExtensions: Record<string, number>;
  /** Paths passed over and why (symlinks, unreadable entries, privacy excludes, paths too long to key). Counts only. */
  skipped: InventorySkips;
  /** Folders the library rule left out that hold source files, with how many (never opened). */
  skippedFolders: SkippedFolder[];
}

export type SkippedFolder = IndexReport['skipped_folders'][number];

/** Entries a skipped folder's count looks at, at most: past it the count is a lower bound. */
const SKIPPED_COUNT_BUDGET = 10_000;

export type InventorySkips = IndexReport['skipped'];

export interface InventoryOptions {
  includeLibrary?: boolean;
  /** The gate the files will be read through: privacy-excluded paths are left out by name, never opened. */
  gate?: Gate;
}

/** Longest workspace path the store keys: LMDB keys hold at most 1,978 bytes, and an edge key holds two symbol ids, each a path and a name (see parsers/fact-bounds.ts). */
export const MAX_PATH_BYTES = 512;

/** A .gitignore larger than this is not read. */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

export function isGitWorkTree(root: string): boolean {
  try {
    return (
      childTextSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, env: gitEnv(), timeoutMs: GIT_QUICK_MS, maxStdoutBytes: 1024 }).trim() === 'true'
    );
  } catch {
    return false;
  }
}

/** Git with optional locks off, so a read never rewrites .git/index. */
export function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' };
}

/** True when some segment of the path is excluded by the folder rules. */
export function isExcludedPath(path: string, includeLibrary: boolean): boolean {
  return excludingFolder(path, includeLibrary) !== null;
}

/** The outermost folder of the path the folder rules exclude (`.git`, `.cairn`, or a library folder), or null. */
export function excludingFolder(path: string, includeLibrary: boolean): string | null {
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (segment === '.git' || segment === '.cairn') return segments.slice(0, i + 1).join('/');
    if (!includeLibrary && isLibraryFolderName(segment)) return segments.slice(0, i + 1).join('/');
  }
  return null;
}

/** Library and build folders, and dot-directories: left out unless --include-library. */
const isLibraryFolderName = (name: string) => name.startsWith('.') || LIBRARY_DIRS.has(name);

/** The library rule's folders with source files, by path, as the report lists them. */
function skippedFolderList(counts: Map<string, { files: number; complete: boolean }>): SkippedFolder[] {
  return [...counts]
    .filter(([, c]) => c.files > 0)
    .map(([path, c]) => (c.complete ? { path, files: c.files } : { path, files: c.files, at_least: true as const }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Could a change at this path change the index? The inventory's own rules by name
 * (folder rules, privacy, language or module configuration, ignore files), asked by
 * the watcher before a sync: nothing is opened.
 */
export function mayChangeIndex(path: string, includeLibrary: boolean, gate: Gate): boolean {
  if (isExcludedPath(path, includeLibrary) || gate.isPrivate(path)) return false;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '.gitignore' || languageForPath(path) !== null || isModuleConfigPath(path);
}

export function takeInventory(root: string, options: InventoryOptions = {}): Inventory {
  const includeLibrary = Boolean(options.includeLibrary);
  const git = isGitWorkTree(root);
  const inventory: Inventory = { git, entries: [], configs: [], unsupportedExtensions: {}, skipped: { symlink: 0, unreadable: 0, privacy: 0, path_too_long: 0 }, skippedFolders: [] };
  const folders = new Map<string, { files: number; complete: boolean }>();
  const candidates = git ? gitPaths(root) : walk(root, includeLibrary, isCandidate, (folder, count) => folders.set(folder, count), options.gate);
  for (const path of candidates) {
    const excluded = excludingFolder(path, includeLibrary);
    if (excluded !== null) {
      // Counted by name only, never opened: the report says what the rule left out.
      if (git && isLibraryFolderName(excluded.slice(excluded.lastIndexOf('/') + 1)) && languageForPath(path) && !options.gate?.isPrivate(path)) {
        const count = folders.get(excluded) ?? { files: 0, complete: true };
        count.files += 1;
        folders.set(excluded, count);
      }
      continue;
    }
    if (options.gate?.isPrivate(path)) {
      inventory.skipped.privacy++;
      continue;
    }
    if (Buffer.byteLength(path) > MAX_PATH_BYTES) {
      inventory.skipped.path_too_long++;
      continue;
    }
    const language = languageForPath(path);
    if (!language && isModuleConfigPath(path)) {
      if (isRegularFile(join(root, path))) inventory.configs.push(path);
      continue;
    }
    if (!language) {
      const ext = extname(path).toLowerCase();
      if (UNSUPPORTED_SOURCE_EXTENSIONS.has(ext)) {
        inventory.unsupportedExtensions[ext] = (inventory.unsupportedExtensions[ext] ?? 0) + 1;
      }
      continue;
    }
    let stats: Stats;
    try {
      stats = lstatSync(join(root, path));
    } catch {
      inventory.skipped.unreadable++;
      continue;
    }
    if (stats.isSymbolicLink()) {
      inventory.skipped.symlink++;
      continue;
    }
    if (!stats.isFile()) continue;
    inventory.entries.push({ path, language, size: stats.size, mtimeMs: stats.mtimeMs });
  }
  inventory.entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  inventory.configs.sort();
  inventory.skippedFolders = skippedFolderList(folders);
  return inventory;
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** Files the inventory can use: parsed languages, the known unsupported ones and module configuration. */
export function isCandidate(path: string): boolean {
  return languageForPath(path) !== null || UNSUPPORTED_SOURCE_EXTENSIONS.has(extname(path).toLowerCase()) || isModuleConfigPath(path);
}

function gitPaths(root: string): string[] {
  const out = childTextSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', '.'], { cwd: root, env: gitEnv(), timeoutMs: GIT_WALK_MS, maxStdoutBytes: 1 << 30 });
  const seen = new Set<string>();
  for (const path of out.split('\0')) if (path) seen.add(path);
  return [...seen];
}

/**
 * A walk outside git: honours .gitignore at every level, never descends into a
 * symlink. Files that could never be inventoried are passed over before the
 * (costlier) ignore rules are asked about them.
 */
function walk(
  root: string,
  includeLibrary: boolean,
  wanted: (path: string) => boolean,
  skippedFolder: (path: string, count: { files: number; complete: boolean }) => void,
  gate: Gate | undefined,
): string[] {
  const paths: string[] = [];
  const visit = (dir: string, rules: Array<{ base: string; ig: Ignore }>) => {
    const rel = dir === '' ? '' : `${dir}/`;
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    const own = readIgnore(root, rel + '.gitignore');
    const active = own ? [...rules, { base: rel, ig: own }] : rules;
    const ignored = (path: string, isDir: boolean) =>
      active.some(({ base, ig }) => ig.ignores(path.slice(base.length) + (isDir ? '/' : '')));
    for (const entry of entries) {
      const path = rel + entry.name;
      if (entry.isSymbolicLink()) {
        if (wanted(path)) paths.push(path); // recorded and skipped by the caller's lstat
        continue;
      }
      if (entry.isDirectory()) {
        if (entry.name === '.git' || entry.name === '.cairn') continue;
        if (ignored(path, true)) continue;
        if (!includeLibrary && isLibraryFolderName(entry.name)) {
          if (!gate?.isPrivate(path)) skippedFolder(path, countSourceFiles(root, path));
          continue;
        }
        visit(path, active);
      } else if (entry.isFile() && wanted(path) && !ignored(path, false)) {
        paths.push(path);
      }
    }
  };
  visit('', []);
  return paths;
}

/** A .gitignore through the gate (a symlinked or oversized one is not read). */
function readIgnore(root: string, path: string): Ignore | undefined {
  const read = new Gate(root).read(path, MAX_IGNORE_FILE_BYTES);
  return read.ok ? ignore().add(read.bytes.toString('utf8')) : undefined;
}

/** Source files under a folder the library rule skips, by name (nothing is opened; symlinks are not followed), within a budget of entries. */
function countSourceFiles(root: string, folder: string): { files: number; complete: boolean } {
  let files = 0;
  let entries = 0;
  const pending = [folder];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let list;
    try {
      list = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of list) {
      if (++entries > SKIPPED_COUNT_BUDGET) return { files, complete: false };
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && languageForPath(path)) files += 1;
    }
  }
  return { files, complete: true };
}
