// `data` of `cairn init --json` and `cairn sync --json`: what one indexing run did.
import { keysOf } from './keys.js';

export interface IndexReport {
  mode: 'init' | 'sync';
  git: boolean;
  git_head: string | null;
  files: {
    inventoried: number;
    added: number;
    changed: number;
    deleted: number;
    unchanged: number;
    touched: number;
    unindexable: number;
  };
  analysed: number;
  /** Files by parse status (`ok`, `too_large`, `binary`, `not_utf8`, `parse_error`). */
  statuses: Record<string, number>;
  /** Source files of languages cairn does not parse, by extension. */
  unsupported_extensions: Record<string, number>;
  /** Paths passed over, never opened, by reason: symlinks, unreadable entries, privacy excludes, paths too long to key. */
  skipped: { symlink: number; unreadable: number; privacy: number; path_too_long: number };
  /**
   * Folders the library rule left out (library and build folders, dot-directories;
   * `--include-library` takes them in) that hold source files, with how many
   * (`at_least` when the count stopped at its budget). Not ignored by git.
   */
  skipped_folders: { path: string; files: number; at_least?: true }[];
  /** The options the run used, and whether they were given or reused from the ones `init` recorded. */
  options: { include_library: boolean; source: 'given' | 'recorded' };
  elapsed_ms: number;
  /**
   * Where the time went: process start-up before indexing (module loading), listing
   * files, analysing them (for init, writing overlaps it: `insert` is the part of
   * `analyse` spent inserting facts), and the store's own work after analysis, of
   * which `resolve` is resolving call sites (init; a sync resolves inside `store`).
   */
  timings_ms: { startup: number; inventory: number; analyse: number; insert: number; store: number; resolve: number };
}

export const INDEX_REPORT_KEYS = {
  data: keysOf<IndexReport>()(['mode', 'git', 'git_head', 'files', 'analysed', 'statuses', 'unsupported_extensions', 'skipped', 'skipped_folders', 'options', 'elapsed_ms', 'timings_ms']),
  files: keysOf<IndexReport['files']>()(['inventoried', 'added', 'changed', 'deleted', 'unchanged', 'touched', 'unindexable']),
  skipped: keysOf<IndexReport['skipped']>()(['symlink', 'unreadable', 'privacy', 'path_too_long']),
  timings_ms: keysOf<IndexReport['timings_ms']>()(['startup', 'inventory', 'analyse', 'insert', 'store', 'resolve']),
} as const;
