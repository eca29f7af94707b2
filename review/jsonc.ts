// JSONC reading with errors that name a line and column, for rules and configuration.
//
// Most documents are well formed, and the review hook reads several on every run, so
// the common path strips comments and trailing commas and hands the rest to
// JSON.parse. The full JSONC parser loads only when a document is malformed or a
// check fails and an error must point at a line and column.
import { createRequire } from 'node:module';
import type { ParseError, Node } from 'jsonc-parser';

const require = createRequire(import.meta.url);
const jsoncParser = () => require('jsonc-parser') as typeof import('jsonc-parser');

export class JsoncError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${file}:${line}:${column}: ${detail}`);
    this.name = 'JsoncError';
  }
}

/** A parsed document that can point at any of its values by JSON path. */
export interface JsoncDocument {
  file: string;
  value: unknown;
  /** Throws a JsoncError located at `path` (or the nearest existing parent). */
  fail(path: Array<string | number>, detail: string): never;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

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

function fastParse(text: string): { value: unknown } | null {
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

export function readJsonc(file: string, text: string): JsoncDocument {
  let value: unknown;
  const fast = fastParse(text);
  if (fast) value = fast.value;
  else {
    const { parse, printParseErrorCode } = jsoncParser();
    const errors: ParseError[] = [];
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length > 0) {
      const { line, column } = lineColumn(text, errors[0].offset);
      throw new JsoncError(file, line, column, `invalid JSONC: ${printParseErrorCode(errors[0].error)}`);
    }
  }
  return {
    file,
    value,
    fail(path, detail): never {
      const { parseTree, findNodeAtLocation } = jsoncParser();
      const tree = parseTree(text, [], { allowTrailingComma: true });
      let node: Node | undefined;
      for (let n = path.length; n >= 0 && !node; n--) node = tree ? findNodeAtLocation(tree, path.slice(0, n)) : undefined;
      const target = node?.parent?.type === 'property' && node.parent.children?.[1] === node ? node : node;
      const { line, column } = lineColumn(text, target?.offset ?? 0);
      throw new JsoncError(file, line, column, detail);
    },
  };
}

/** Rejects keys outside `allowed`, pointing at the first unknown one. */
export function onlyKeys(doc: JsoncDocument, path: Array<string | number>, value: Record<string, unknown>, allowed: string[]): void {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) doc.fail([...path, key], `unknown key "${key}" (allowed: ${allowed.join(', ')})`);
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function stringList(doc: JsoncDocument, path: Array<string | number>, v: unknown, nonEmpty = false): string[] {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length === 0)) doc.fail(path, 'expected an array of non-empty strings');
  if (nonEmpty && v.length === 0) doc.fail(path, 'expected at least one entry');
  if (new Set(v).size !== v.length) doc.fail(path, 'entries must be distinct');
  return v as string[];
}
