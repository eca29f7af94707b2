// JSONC to values: comments and trailing commas are stripped and the rest goes to
// JSON.parse, the common case for well-formed configuration and rules. The full JSONC
// parser loads only for a malformed document (review/jsonc.ts uses it to locate errors).
// Pure functions: no file system.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The full JSONC parser, loaded on first use. */
export const jsoncParser = () => require('jsonc-parser') as typeof import('jsonc-parser');

/**
 * JSON text of a JSONC document: comments become spaces and trailing commas are
 * dropped; string contents are kept as they are. Malformed input yields text that
 * JSON.parse rejects, never a different value.
 */
export function jsoncToJson(text: string): string {
  let out = '';
  let i = 0;
  let pendingComma = -1; // where a comma was written that a closing bracket may void
  let last = ''; // the last significant character written
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      pendingComma = -1;
      last = '"';
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return `${out}\u0000`; // unterminated: make JSON.parse fail
      out += ' ';
      i = end + 2;
    } else if (c === ',') {
      // Only a comma after a value may be a trailing one; `[,]` stays malformed.
      pendingComma = last === '[' || last === '{' || last === ',' || last === '' ? -1 : out.length;
      out += c;
      last = c;
      i++;
    } else if ((c === '}' || c === ']') && pendingComma !== -1) {
      out = `${out.slice(0, pendingComma)} ${out.slice(pendingComma + 1)}${c}`;
      pendingComma = -1;
      last = c;
      i++;
    } else {
      if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') {
        pendingComma = -1;
        last = c;
      }
      out += c;
      i++;
    }
  }
  return out;
}

export function fastParse(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(jsoncToJson(text)) };
  } catch {
    return null;
  }
}

/** The value of a JSONC document, recovering what it can from a malformed one (as editors do for tsconfig.json). */
export function parseJsoncLenient(text: string): unknown {
  return fastParse(text)?.value ?? jsoncParser().parse(text, [], { allowTrailingComma: true });
}
