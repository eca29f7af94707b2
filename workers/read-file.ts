// Reads one workspace file safely and classifies it: the facts every consumer of
// file bytes shares (hash, size, binary/UTF-8/ceiling status).
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { ParseStatus } from '../contracts/facts.js';
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

/** Never follows a symlink; never reads past the ceiling. */
export function readWorkspaceFile(root: string, path: string, maxBytes = MAX_FILE_BYTES): FileRead {
  const full = join(root, path);
  let fd: number;
  try {
    if (lstatSync(full).isSymbolicLink()) {
      return { path, size: 0, mtimeMs: 0, hash: '', status: 'unreadable', reason: 'symlink' };
    }
    fd = openSync(full, 'r');
  } catch (error) {
    return { path, size: 0, mtimeMs: 0, hash: '', status: 'unreadable', reason: (error as NodeJS.ErrnoException).code ?? 'open failed' };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { path, size: stat.size, mtimeMs: stat.mtimeMs, hash: '', status: 'unreadable', reason: 'not a regular file' };
    if (stat.size > maxBytes) {
      return { path, size: stat.size, mtimeMs: stat.mtimeMs, hash: '', status: 'too_large', reason: `larger than ${maxBytes} bytes` };
    }
    const bytes = Buffer.allocUnsafe(stat.size);
    let offset = 0;
    while (offset < stat.size) {
      const n = readSync(fd, bytes, offset, stat.size - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    const content = bytes.subarray(0, offset);
    const hash = sha256(content);
    const verdict = classifyBytes(content);
    if (verdict.status !== 'ok') return { path, size: offset, mtimeMs: stat.mtimeMs, hash, status: verdict.status, reason: verdict.reason };
    return { path, size: offset, mtimeMs: stat.mtimeMs, hash, status: 'ok', text: verdict.text };
  } catch (error) {
    return { path, size: 0, mtimeMs: 0, hash: '', status: 'unreadable', reason: (error as Error).message };
  } finally {
    closeSync(fd);
  }
}
