// A damaged index: its bytes are not what LMDB wrote. LMDB trusts its file, so a
// damaged page surfaces on whichever read meets it, as an LMDB error or as a record
// the decoder cannot read. Those reads answer `index_unusable` with `cairn init` as
// the action (exit 1), never a stack or a crash.
import { CairnError } from '../contracts/errors.js';

/** LMDB's error codes (lmdb.h) that mean a damaged file, not a busy or misused environment. */
const DAMAGE_CODES = new Map<number, string>([
  [-30797, 'MDB_PAGE_NOTFOUND'],
  [-30796, 'MDB_CORRUPTED'],
  [-30795, 'MDB_PANIC'],
  [-30794, 'MDB_VERSION_MISMATCH'],
  [-30793, 'MDB_INVALID'],
  [-30784, 'MDB_INCOMPATIBLE'],
  // A read transaction that met a damaged page is invalid from then on.
  [-30782, 'MDB_BAD_TXN'],
  [-30778, 'MDB_BAD_CHECKSUM'],
]);

/** The record decoder: an error thrown from inside it is a record that is not what was written. */
const DECODER_FRAME = /[\\/]node_modules[\\/]msgpackr[\\/]/;

const MAX_REASON = 160;

/** Why an error thrown by a read means the index is damaged, or null when it means something else. */
export function damageReason(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const short = error.message.split('\n')[0].slice(0, MAX_REASON);
  if (typeof code === 'number' && DAMAGE_CODES.has(code)) return short.startsWith('MDB_') ? short : `${DAMAGE_CODES.get(code)}: ${short}`;
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  if (frame && DECODER_FRAME.test(frame)) return `a stored record cannot be decoded (${short})`;
  return null;
}

export function unusableIndex(reason: string): CairnError {
  return new CairnError('index_unusable', `the index is unusable (${reason}): run \`cairn init\` to rebuild it`, 1, 'cairn init');
}

/** The error a failed read should surface as: `index_unusable` for a damaged index, else the error itself. */
export function asUnusable(error: unknown): unknown {
  const reason = damageReason(error);
  return reason === null ? error : unusableIndex(reason);
}
