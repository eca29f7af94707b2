// Reads one workspace file through the gate and classifies it: the facts every
// consumer of file bytes shares (hash, size, binary/UTF-8/ceiling status).
import { createHash } from 'node:crypto';
import type { ParseStatus } from '../contracts/facts.js';
import type { Gate } from '../gate/gate.js';
import { classifyBytes, MAX_FILE_BYTES } from '../parsers/classify.js';

export interface FileRead {
  path: string;
  size: number;
  mtimeMs: number;
  hash: string;
  status: ParseStatus;
  reason?: string;
  /** Decoded text when status is ok. */
  text?: string;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Never follows a symlink, never opens what the gate refuses, never reads past the ceiling. */
export function readWorkspaceFile(gate: Gate, path: string, maxBytes = MAX_FILE_BYTES): FileRead {
  const read = gate.read(path, maxBytes);
  if (!read.ok) {
    const status: ParseStatus = read.reason === 'too_large' ? 'too_large' : 'unreadable';
    const reason = read.reason === 'too_large' ? `larger than ${maxBytes} bytes` : read.reason === 'not-a-file' ? 'not a regular file' : (read.detail ?? read.reason);
    return { path, size: read.size, mtimeMs: read.mtimeMs, hash: '', status, reason };
  }
  const content = read.bytes;
  const hash = sha256(content);
  const verdict = classifyBytes(content);
  if (verdict.status !== 'ok') return { path, size: read.size, mtimeMs: read.mtimeMs, hash, status: verdict.status, reason: verdict.reason };
  return { path, size: read.size, mtimeMs: read.mtimeMs, hash, status: 'ok', text: verdict.text };
}
