// Size and depth bounds of every input cairn reads that is not a workspace source
// file: hook events, patches, rule files, audit logs, configuration, standard input.
// Each bound has a name, so an error says which one was exceeded.
import { readSync } from 'node:fs';
import { resolve } from 'node:path';
import { CairnError } from '../contracts/errors.js';
import { boundedOpen } from './gate.js';
import { lineBeyondDepth } from '../parsers/jsonc.js';

/** A hook event or patch (a Write event carries a whole file). */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;
/** A rule file or a configuration file. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** An audit log. */
export const MAX_AUDIT_LOG_BYTES = 64 * 1024 * 1024;
/** Nesting of any JSON or JSONC document cairn parses (objects and arrays). */
export const MAX_JSON_DEPTH = 256;

/**
 * Reads a named input: `-` is standard input, anything else a regular file (never a
 * FIFO, a device or a directory). More than maxBytes is an error that names the bound.
 */
export function readInput(source: string, what: string, maxBytes: number): string {
  const shown = source === '-' ? 'stdin' : source;
  if (source === '-') {
    const bytes = readStdin(maxBytes);
    if (bytes === null) throw new CairnError('input_too_large', `the ${what} on stdin is larger than ${maxBytes} bytes (the limit for a ${what})`);
    return bytes.toString('utf8');
  }
  const read = boundedOpen(resolve(source), maxBytes);
  if (read.ok) return read.bytes.toString('utf8');
  if (read.reason === 'too_large') throw new CairnError('input_too_large', `the ${what} ${shown} is larger than ${maxBytes} bytes (the limit for a ${what})`);
  if (read.reason === 'not-a-file') throw new CairnError('invalid_input', `the ${what} ${shown} is not a regular file`);
  throw new CairnError('invalid_input', `cannot read the ${what} from ${shown}: ${read.detail ?? read.reason}`);
}

/** Standard input up to maxBytes; null past it (reading stops there, so /dev/zero ends). */
function readStdin(maxBytes: number): Buffer | null {
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.allocUnsafe(64 * 1024);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking pipe with nothing yet
      if (code === 'EOF') break;
      throw new CairnError('invalid_input', `cannot read stdin: ${code ?? 'error'}`);
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) return null;
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** Throws when a JSON or JSONC text nests objects and arrays deeper than maxDepth, naming the line. */
export function checkJsonDepth(text: string, what: string, maxDepth = MAX_JSON_DEPTH): void {
  const line = lineBeyondDepth(text, maxDepth);
  if (line !== null) throw new CairnError('input_too_deep', `${what} nests deeper than ${maxDepth} levels (at line ${line}; the limit for any JSON input)`);
}
