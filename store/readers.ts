// LMDB's reader table: how many readers one index serves at once, and what a full
// table means. Apart from env.ts so the CLI's error handling can name it without
// loading lmdb.
import { CairnError } from '../contracts/errors.js';

/**
 * Slots in the reader table, shared by every process that reads one index: an MCP
 * server runs at most 8 calls at once (agents/mcp-server.ts), a graph server, a sync's
 * workers and CLI commands each hold a few. LMDB's default is 126; a slot costs 64
 * bytes of lock.mdb. The table is sized when lock.mdb is created (by `init`).
 */
export const MAX_READERS = 512;

/**
 * LMDB's reader table full is a busy index, not a damaged one: a clear failure that
 * says to try again (never to rebuild); null for any other error.
 */
export function readersFullError(error: unknown): CairnError | null {
  if (!String((error as Error)?.message ?? error).includes('MDB_READERS_FULL')) return null;
  return new CairnError('index_busy', `too many readers have the index open at once (LMDB's table of ${MAX_READERS} readers is full): try again when fewer cairn processes run`, 1, 'none');
}
