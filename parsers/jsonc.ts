// JSONC to values: comments and trailing commas are stripped and the rest goes to
// JSON.parse, the common case for well-formed configuration and rules. The full JSONC
// parser loads only for a malformed document (review/jsonc.ts uses it to locate errors).
// Pure functions: no file system, and no import of the project's other modules, so the
// gate (configuration files, input bounds), review/ and a language's module configuration
// share this one reader (the rooms test allows gate/ this file alone).
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

/** Nesting no configuration needs; parsers recurse per level, so deeper text is never parsed. */
export const MAX_JSONC_DEPTH = 256;

/** The value of a JSONC document, recovering what it can from a malformed one (as editors do for tsconfig.json); undefined when it nests too deep. */
export function parseJsoncLenient(text: string): unknown {
  if (lineBeyondDepth(text, MAX_JSONC_DEPTH) !== null) return undefined;
  return fastParse(text)?.value ?? jsoncParser().parse(text, [], { allowTrailingComma: true });
}

/**
 * The line at which a JSON or JSONC text nests objects and arrays deeper than
 * maxDepth, or null: a scan of the text (strings and comments skipped), so nothing
 * recurses that deep.
 */
export function lineBeyondDepth(text: string, maxDepth: number): number | null {
  let depth = 0;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 34) {
      // a string: skip to its closing quote (or the end of its line)
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) {
        if (text.charCodeAt(i) === 92) i++;
        else if (text.charCodeAt(i) === 10) {
          line++;
          break;
        }
      }
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = (end === -1 ? text.length : end) - 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 1;
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === 10) line++;
      i = stop;
    } else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return line;
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}
