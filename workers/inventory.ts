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
import { EXTENSION_LANGUAGE, languageForPath, languageForShebang, mayBeScript, SHEBANG_BYTES } from '../parsers/index.js';
import { isModuleConfigPath, mayAffectModuleConfig } from '../parsers/module-config.js';
import { WORKSPACE_CONFIG } from '../gate/config-files.js';
import { isDocPath } from './doc-inventory.js';

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

/** Source extensions of languages cairn does not parse: counted for `doctor`, never read. */
export const UNSUPPORTED_SOURCE_EXTENSIONS: ReadonlySet<string> = new Set(
  [
    '.rb', '.php', '.cs', '.kt', '.kts', '.swift', '.scala', '.sh', '.bash', '.lua', '.zig',
    '.dart', '.ex', '.exs', '.erl', '.hs', '.ml', '.mli', '.clj', '.fs', '.fsx', '.pl', '.pm',
    '.r', '.jl', '.nim', '.v', '.sv', '.vue', '.svelte', '.m', '.mm', '.groovy', '.elm', '.cr',
  ].filter((extension) => !(extension in EXTENSION_LANGUAGE)),
);

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
  /** Whether the root is a git work tree, when the caller knows (git is not asked again). */
  git?: boolean;
  /**
   * Only these workspace-relative paths, each a file or a folder (for what lies under it),
   * asked with the same rules as the whole tree (the watcher's changed paths). The
   * counts of skipped folders and unsupported extensions are then of these paths only.
   */
  paths?: readonly string[];
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
 * (folder rules, privacy, language, documents, module configuration, ignore files),
 * asked by the watcher before a sync: nothing is opened. A name without an extension
 * may be a script, unless it is a folder (creating `src/` is no change of its own).
 */
export function mayChangeIndex(path: string, includeLibrary: boolean, gate: Gate): boolean {
  if (isExcludedPath(path, includeLibrary) || gate.isPrivate(path)) return false;
  return languageForPath(path) !== null || (mayBeScript(path) && !isDirectory(join(gate.root, path))) || isDocPath(path) || changesWholeTree(path);
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Can a change at this path change what the whole tree's inventory lists or how its
 * call sites resolve? An ignore file, a module configuration (or a file one may
 * extend), the workspace configuration (privacy excludes). A sync of changed paths
 * that include one is a sync of the whole tree.
 */
export function changesWholeTree(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '.gitignore' || path === WORKSPACE_CONFIG || mayAffectModuleConfig(path);
}

export function takeInventory(root: string, options: InventoryOptions = {}): Inventory {
  const includeLibrary = Boolean(options.includeLibrary);
  const git = options.git ?? isGitWorkTree(root);
  const inventory: Inventory = { git, entries: [], configs: [], unsupportedExtensions: {}, skipped: { symlink: 0, unreadable: 0, privacy: 0, path_too_long: 0 }, skippedFolders: [] };
  const folders = new Map<string, { files: number; complete: boolean }>();
  const skippedFolder = (folder: string, count: { files: number; complete: boolean }) => void folders.set(folder, count);
  const candidates = options.paths
    ? candidatesAmong(root, git, options.paths, includeLibrary, skippedFolder, options.gate)
    : git
      ? gitPaths(root)
      : walk(root, includeLibrary, mayList, skippedFolder, options.gate);
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
    const language = languageForPath(path) ?? (options.gate && mayBeScript(path) ? scriptLanguage(root, path, options.gate) : null);
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

/**
 * The language of an executable file without an extension, by its `#!` line, read
 * through the gate (its first bytes only); null for anything else.
 */
function scriptLanguage(root: string, path: string, gate: Gate): Language | null {
  try {
    const stats = lstatSync(join(root, path));
    if (!stats.isFile() || (stats.mode & 0o111) === 0 || stats.size < 3) return null;
  } catch {
    return null;
  }
  const read = gate.read(path, SHEBANG_BYTES, { allowTruncated: true });
  return read.ok ? languageForShebang(read.bytes.toString('latin1')) : null;
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

/** Files a walk lists: the candidates, and files without an extension that may be scripts. */
const mayList = (path: string) => isCandidate(path) || mayBeScript(path);

/** Bytes of pathspecs given to one git run (well under the system's argument limit). */
const PATHSPEC_BYTES = 64 * 1024;

/** What git tracks, and untracked files it does not ignore: the whole tree, or at and under the given paths (literal pathspecs). */
function gitPaths(root: string, pathspecs: readonly string[] = ['.']): string[] {
  const seen = new Set<string>();
  const list = (specs: string[]) => {
    const out = childTextSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', ...specs], {
      cwd: root,
      env: { ...gitEnv(), GIT_LITERAL_PATHSPECS: '1' },
      timeoutMs: GIT_WALK_MS,
      maxStdoutBytes: 1 << 30,
    });
    for (const path of out.split('\0')) if (path) seen.add(path);
  };
  let chunk: string[] = [];
  let bytes = 0;
  for (const spec of pathspecs) {
    if (chunk.length > 0 && bytes + spec.length > PATHSPEC_BYTES) {
      list(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(spec);
    bytes += spec.length + 1;
  }
  if (chunk.length > 0) list(chunk);
  return [...seen];
}

/**
 * The inventory's candidates among some paths: what the whole tree's listing would hold
 * at or under them. A path below a symbolic link (or below a file) is none: the whole
 * tree never follows one either, and git refuses such a pathspec.
 */
function candidatesAmong(
  root: string,
  git: boolean,
  paths: readonly string[],
  includeLibrary: boolean,
  skippedFolder: (path: string, count: { files: number; complete: boolean }) => void,
  gate: Gate | undefined,
): string[] {
  const folderKinds = new Map<string, 'folder' | 'other' | 'missing'>();
  const kindOf = (dir: string) => {
    let kind = folderKinds.get(dir);
    if (kind === undefined) {
      try {
        kind = lstatSync(join(root, dir)).isDirectory() ? 'folder' : 'other';
      } catch {
        kind = 'missing';
      }
      folderKinds.set(dir, kind);
    }
    return kind;
  };
  const reachable = (path: string) => {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) if (kindOf(segments.slice(0, i).join('/')) === 'other') return false;
    return true;
  };
  const usable = [...new Set(paths)].filter((p) => p !== '' && !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\0') && reachable(p));
  if (usable.length === 0) return [];
  return git ? gitPaths(root, usable) : walkAmong(root, usable, includeLibrary, skippedFolder, gate);
}

type IgnoreRules = Array<{ base: string; ig: Ignore }>;

const ignoredBy = (rules: IgnoreRules, path: string, isDir: boolean) => rules.some(({ base, ig }) => ig.ignores(path.slice(base.length) + (isDir ? '/' : '')));

/**
 * A walk outside git: honours .gitignore at every level, never descends into a
 * symlink. Files that could never be inventoried are passed over before the
 * (costlier) ignore rules are asked about them. `visit` lists one folder and what
 * lies under it, given the ignore rules of the folders above it.
 */
function walker(
  root: string,
  includeLibrary: boolean,
  wanted: (path: string) => boolean,
  skippedFolder: (path: string, count: { files: number; complete: boolean }) => void,
  gate: Gate | undefined,
  paths: string[],
) {
  /** Whether a folder met by the walk is walked, and if not whether it is counted as a skipped library folder. */
  const enters = (path: string, name: string, rules: IgnoreRules): boolean => {
    if (name === '.git' || name === '.cairn') return false;
    if (ignoredBy(rules, path, true)) return false;
    if (!includeLibrary && isLibraryFolderName(name)) {
      if (!gate?.isPrivate(path)) skippedFolder(path, countSourceFiles(root, path));
      return false;
    }
    return true;
  };
  const rulesIn = (dir: string, rules: IgnoreRules): IgnoreRules => {
    const rel = dir === '' ? '' : `${dir}/`;
    const own = readIgnore(root, rel + '.gitignore');
    return own ? [...rules, { base: rel, ig: own }] : rules;
  };
  const visit = (dir: string, rules: IgnoreRules) => {
    const rel = dir === '' ? '' : `${dir}/`;
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    const active = rulesIn(dir, rules);
    for (const entry of entries) {
      const path = rel + entry.name;
      if (entry.isSymbolicLink()) {
        if (wanted(path)) paths.push(path); // recorded and skipped by the caller's lstat
        continue;
      }
      if (entry.isDirectory()) {
        if (enters(path, entry.name, active)) visit(path, active);
      } else if (entry.isFile() && wanted(path) && !ignoredBy(active, path, false)) {
        paths.push(path);
      }
    }
  };
  return { enters, rulesIn, visit };
}

function walk(
  root: string,
  includeLibrary: boolean,
  wanted: (path: string) => boolean,
  skippedFolder: (path: string, count: { files: number; complete: boolean }) => void,
  gate: Gate | undefined,
): string[] {
  const paths: string[] = [];
  walker(root, includeLibrary, wanted, skippedFolder, gate, paths).visit('', []);
  return paths;
}

/** The walk's listing at or under each of `targets`: the folders above each are entered as the whole walk would enter them, their ignore rules read once. */
function walkAmong(
  root: string,
  targets: readonly string[],
  includeLibrary: boolean,
  skippedFolder: (path: string, count: { files: number; complete: boolean }) => void,
  gate: Gate | undefined,
): string[] {
  const paths: string[] = [];
  const walking = walker(root, includeLibrary, mayList, skippedFolder, gate, paths);
  const inside = new Map<string, IgnoreRules | null>([['', walking.rulesIn('', [])]]);
  /** The rules that apply inside a folder, or null when the walk never enters it. */
  const rulesInside = (dir: string): IgnoreRules | null => {
    const known = inside.get(dir);
    if (known !== undefined) return known;
    const slash = dir.lastIndexOf('/');
    const parent = slash < 0 ? '' : dir.slice(0, slash);
    const above = rulesInside(parent);
    const rules = above && walking.enters(dir, dir.slice(slash + 1), above) ? walking.rulesIn(dir, above) : null;
    inside.set(dir, rules);
    return rules;
  };
  for (const target of [...targets].sort()) {
    const slash = target.lastIndexOf('/');
    const parent = slash < 0 ? '' : target.slice(0, slash);
    const rules = rulesInside(parent);
    if (!rules) continue;
    let stats: Stats;
    try {
      stats = lstatSync(join(root, target));
    } catch {
      continue; // gone: the caller finds its indexed files deleted
    }
    if (stats.isSymbolicLink()) {
      if (mayList(target)) paths.push(target);
    } else if (stats.isDirectory()) {
      if (walking.enters(target, target.slice(slash + 1), rules)) walking.visit(target, rules);
    } else if (stats.isFile() && mayList(target) && !ignoredBy(rules, target, false)) {
      paths.push(target);
    }
  }
  return [...new Set(paths)];
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
