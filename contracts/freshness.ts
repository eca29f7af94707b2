// The freshness stamp every MCP and language-server answer carries: how old the index
// is and whether the files the answer relies on changed since it was written (the
// CLI's stale_source check, read from the answer's own warnings, never a second check).
import { keysOf } from './keys.js';

export interface Freshness {
  /** When the index was last written (init or sync), or null without an index. */
  indexed_at: string | null;
  /** Whole seconds since then, at the time of the answer. */
  index_age_seconds: number | null;
  /** Files the answer relies on that changed or went away since the index was written. */
  changed_since_index: string[];
  /** Files the answer names beyond the check's bound: not compared with the index. */
  unchecked: number;
  /** An index was there and none of the files checked changed. */
  fresh: boolean;
  /** The in-process watcher, when the server runs one: `syncing` while a sync is under way. */
  watcher?: 'idle' | 'syncing' | 'failed';
}

export const FRESHNESS_KEYS = keysOf<Freshness>()(['indexed_at', 'index_age_seconds', 'changed_since_index', 'unchecked', 'fresh', 'watcher']);
