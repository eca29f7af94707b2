// JSONC reading with errors that name a line and column, for rules and configuration.
//
// Most documents are well formed, and the review hook reads several on every run, so
// values come from the fast path in parsers/jsonc.ts; the full JSONC parser loads only
// when a document is malformed or a check fails and an error must point at a line and
// column.
import type { ParseError, Node } from 'jsonc-parser';
import { fastParse, jsoncParser } from '../parsers/jsonc.js';
import { checkJsonDepth } from '../gate/bounds.js';

export class JsoncError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
    /** Further problems of the same document, when a check reports every one (one `file:line:col: problem` line each). */
    readonly others: JsoncError[] = [],
  ) {
    super([`${file}:${line}:${column}: ${detail}`, ...others.map((o) => o.message)].join('\n'));
    this.name = 'JsoncError';
  }
}

/**
 * Runs independent checks of one document and reports every failure together: each
 * `check` that throws a JsoncError is recorded (and answers `fallback`); `finish`
 * throws them all as one error, in document order.
 */
export class ProblemList {
  private readonly problems: JsoncError[] = [];
  check<T>(run: () => T, fallback: T): T {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof JsoncError)) throw error;
      this.problems.push(error, ...error.others);
      return fallback;
    }
  }
  finish(): void {
    if (this.problems.length === 0) return;
    const sorted = [...this.problems].sort((a, b) => a.line - b.line || a.column - b.column);
    const [first, ...rest] = sorted;
    throw new JsoncError(first!.file, first!.line, first!.column, first!.detail, rest);
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

export function readJsonc(file: string, text: string): JsoncDocument {
  // Parsers recurse per level: a deeper document is refused before either one runs.
  try {
    checkJsonDepth(text, file);
  } catch (error) {
    throw new JsoncError(file, 1, 1, (error as Error).message);
  }
  let value: unknown;
  const fast = fastParse(text);
  if (fast) value = fast.value;
  else {
    const { parse, printParseErrorCode } = jsoncParser();
    const errors: ParseError[] = [];
    value = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    if (errors.length > 0) {
      const [first, ...rest] = errors.map((e) => {
        const { line, column } = lineColumn(text, e.offset);
        return new JsoncError(file, line, column, `invalid JSONC: ${printParseErrorCode(e.error)}`);
      });
      throw new JsoncError(first!.file, first!.line, first!.column, first!.detail, rest);
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
  const problems = new ProblemList();
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.check(() => doc.fail([...path, key], `unknown key "${key}" (allowed: ${allowed.join(', ')})`), undefined);
  }
  problems.finish();
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function stringList(doc: JsoncDocument, path: Array<string | number>, v: unknown, nonEmpty = false): string[] {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length === 0)) doc.fail(path, 'expected an array of non-empty strings');
  if (nonEmpty && v.length === 0) doc.fail(path, 'expected at least one entry');
  if (new Set(v).size !== v.length) doc.fail(path, 'entries must be distinct');
  return v as string[];
}
