// What the editor has open. Buffers are never indexed: the server keeps their text only
// to read the word under the cursor and to say when a buffer differs from the file the
// index was built from (unsaved edits, or a save the index has not caught up with).
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Bytes of one buffer kept, at most; a larger one is not kept (its answers say nothing about it). */
export const MAX_BUFFER_BYTES = 8 * 1024 * 1024;

export class Buffers {
  private readonly texts = new Map<string, string>();

  constructor(readonly workspace: string) {}

  open(uri: string, text: string): void {
    if (Buffer.byteLength(text) <= MAX_BUFFER_BYTES) this.texts.set(uri, text);
    else this.texts.delete(uri);
  }

  close(uri: string): void {
    this.texts.delete(uri);
  }

  /** One line of an open buffer (0-based), or undefined when the buffer is not open. */
  line(uri: string, line: number): string | undefined {
    const text = this.texts.get(uri);
    if (text === undefined) return undefined;
    let start = 0;
    for (let i = 0; i < line; i++) {
      const next = text.indexOf('\n', start);
      if (next < 0) return undefined;
      start = next + 1;
    }
    const end = text.indexOf('\n', start);
    return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
  }

  /** True when an open buffer's bytes are not the indexed file's (by content hash). */
  differs(uri: string, indexedHash: string): boolean {
    const text = this.texts.get(uri);
    if (text === undefined) return false;
    return createHash('sha256').update(text, 'utf8').digest('hex') !== indexedHash;
  }

  /** The workspace-relative path of a file URI, or null for anything outside the workspace. */
  pathOf(uri: string): string | null {
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      return null;
    }
    const inside = (p: string) => {
      const rel = relative(this.workspace, p);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : null;
    };
    const direct = inside(file);
    if (direct !== null) return direct;
    // The editor may name the workspace through a symlink.
    try {
      return inside(realpathSync(file));
    } catch {
      return null;
    }
  }

  uriOf(path: string): string {
    return pathToFileURL(`${this.workspace}/${path}`).href;
  }
}
