// Pure checks a worker runs on a file's bytes before extraction: files that can never
// be indexed get a status instead of facts.
import type { ParseStatus } from '../contracts/facts.js';

/** Files larger than this are recorded as `too_large` and never parsed. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** How far into a file a NUL byte marks it as binary. */
export const BINARY_SNIFF_BYTES = 8 * 1024;

export function isBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The text of `bytes` when they are valid UTF-8 (a leading BOM is dropped), else undefined. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

export type Classification =
  | { status: 'ok'; text: string }
  | { status: Exclude<ParseStatus, 'ok' | 'parse_error' | 'unreadable'>; reason: string };

/** Size ceiling, then binary sniff, then strict UTF-8 decoding. */
export function classifyBytes(bytes: Uint8Array): Classification {
  if (bytes.length > MAX_FILE_BYTES) {
    return { status: 'too_large', reason: `${bytes.length} bytes exceeds the ${MAX_FILE_BYTES}-byte ceiling` };
  }
  if (isBinary(bytes)) return { status: 'binary', reason: `NUL byte in the first ${BINARY_SNIFF_BYTES} bytes` };
  const text = decodeUtf8(bytes);
  if (text === undefined) return { status: 'not_utf8', reason: 'not valid UTF-8' };
  return { status: 'ok', text };
}
