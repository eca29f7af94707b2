// Go build constraints as native facts: find the one leading `//go:build` line of a
// file's header, and parse it with grammars/go/build.ohm within fixed bounds. Pure
// functions of text; they never throw on any input, they return a typed failure.
import { readFileSync } from 'node:fs';
import * as ohm from 'ohm-js';

export type BuildExpr =
  | { kind: 'tag'; name: string; /** UTF-16 offsets within the line */ start: number; end: number }
  | { kind: 'not'; operand: BuildExpr }
  | { kind: 'and' | 'or'; left: BuildExpr; right: BuildExpr };

/** Bounds on one constraint line; past any of them the file's membership is unknown. */
export const MAX_CONSTRAINT_BYTES = 1024;
export const MAX_CONSTRAINT_TOKENS = 256;
export const MAX_CONSTRAINT_NESTING = 32;

export type BuildParseFailure = 'too-many-bytes' | 'too-many-tokens' | 'too-deep' | 'syntax';

export type BuildParse =
  | { ok: true; expr: BuildExpr; tokens: number; nesting: number }
  | { ok: false; failure: BuildParseFailure; /** UTF-16 offset in the line where parsing stopped, for syntax failures */ offset: number | null };

let grammar: ohm.Grammar | null = null;
let semantics: ohm.Semantics | null = null;

function load(): { grammar: ohm.Grammar; semantics: ohm.Semantics } {
  if (!grammar || !semantics) {
    grammar = ohm.grammar(readFileSync(new URL('../../grammars/go/build.ohm', import.meta.url), 'utf8'));
    semantics = grammar.createSemantics().addOperation<BuildExpr>('expr', {
      Line: (_prefix, or) => or.expr(),
      Or_or: (left, _op, right) => ({ kind: 'or', left: left.expr(), right: right.expr() }),
      And_and: (left, _op, right) => ({ kind: 'and', left: left.expr(), right: right.expr() }),
      Unary_not: (_bang, operand) => ({ kind: 'not', operand: operand.expr() }),
      Primary_paren: (_open, inner, _close) => inner.expr(),
      tag: (chars) => ({ kind: 'tag', name: chars.sourceString, start: chars.source.startIdx, end: chars.source.endIdx }),
    });
  }
  return { grammar, semantics };
}

const isTagChar = (c: string) => /[\p{L}0-9_.]/u.test(c);

/** Counts tokens and parenthesis depth without parsing, so the grammar only ever sees bounded input. */
function measure(line: string, from: number): { tokens: number; nesting: number } {
  let tokens = 0;
  let depth = 0;
  let nesting = 0;
  for (let i = from; i < line.length; ) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    tokens++;
    if (c === '(') nesting = Math.max(nesting, ++depth);
    else if (c === ')') depth--;
    if ((c === '&' || c === '|') && line[i + 1] === c) i += 2;
    else if (isTagChar(c)) while (i < line.length && isTagChar(line[i])) i++;
    else i++;
    if (tokens > MAX_CONSTRAINT_TOKENS) break;
  }
  return { tokens, nesting };
}

/** Parses one `//go:build ...` line (without its line break). Never throws. */
export function parseBuildLine(line: string): BuildParse {
  if (Buffer.byteLength(line, 'utf8') > MAX_CONSTRAINT_BYTES) return { ok: false, failure: 'too-many-bytes', offset: null };
  const { tokens, nesting } = measure(line, '//go:build'.length);
  if (tokens > MAX_CONSTRAINT_TOKENS) return { ok: false, failure: 'too-many-tokens', offset: null };
  if (nesting > MAX_CONSTRAINT_NESTING) return { ok: false, failure: 'too-deep', offset: null };
  try {
    const { grammar: g, semantics: s } = load();
    const match = g.match(line);
    if (match.failed()) return { ok: false, failure: 'syntax', offset: match.getRightmostFailurePosition() };
    return { ok: true, expr: s(match).expr() as BuildExpr, tokens, nesting };
  } catch {
    // Within the bounds above the grammar has nothing left to throw on; if it ever
    // does, the line is still only a constraint this profile could not read.
    return { ok: false, failure: 'syntax', offset: null };
  }
}

/** What a file's header says about its build constraint. */
export type HeaderConstraint =
  | { kind: 'none' }
  | { kind: 'go-build'; /** 1-based */ line: number; text: string }
  /** The header cannot be read within this profile: membership is unknown. */
  | { kind: 'unreadable'; reason: HeaderUnreadable; line: number };

export type HeaderUnreadable = 'block-comment-header' | 'multiple-go-build' | 'plus-build' | 'header-too-long';

/** At most this many header lines are examined (license blocks included). */
export const MAX_HEADER_LINES = 512;

/** True for a `//go:build` line: the prefix, then a space or tab or nothing (as the toolchain reads it). */
export function isGoBuildLine(trimmed: string): boolean {
  if (!trimmed.startsWith('//go:build')) return false;
  const rest = trimmed.slice('//go:build'.length);
  return rest === '' || rest[0] === ' ' || rest[0] === '\t';
}

/** A legacy `// +build` line, as the toolchain recognises one. */
function isPlusBuildLine(trimmed: string): boolean {
  if (!trimmed.startsWith('//')) return false;
  const rest = trimmed.slice(2).trimStart();
  return rest.startsWith('+build') && (rest.length === 6 || rest[6] === ' ' || rest[6] === '\t');
}

/**
 * Reads the header of a Go file: the leading run of blank lines and `//` comments,
 * which ends at the first other line (the package clause). One `//go:build` line
 * there is the constraint, and it governs even beside `// +build` lines, as in the
 * toolchain since Go 1.17. Block comments in the header, two `//go:build` lines, a
 * `// +build` line without one, or a header longer than MAX_HEADER_LINES make the
 * constraint unreadable. Never throws.
 */
export function readHeader(source: string): HeaderConstraint {
  let goBuild: { line: number; text: string } | null = null;
  let plusBuild = 0;
  let lineNo = 0;
  let at = 0;
  while (at <= source.length) {
    const nl = source.indexOf('\n', at);
    const raw = source.slice(at, nl < 0 ? source.length : nl);
    at = nl < 0 ? source.length + 1 : nl + 1;
    lineNo++;
    if (lineNo > MAX_HEADER_LINES) return { kind: 'unreadable', reason: 'header-too-long', line: lineNo };
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('/*')) return { kind: 'unreadable', reason: 'block-comment-header', line: lineNo };
    if (!line.startsWith('//')) break;
    if (isGoBuildLine(line)) {
      if (goBuild) return { kind: 'unreadable', reason: 'multiple-go-build', line: lineNo };
      goBuild = { line: lineNo, text: line };
    } else if (isPlusBuildLine(line) && plusBuild === 0) plusBuild = lineNo;
  }
  if (goBuild) return { kind: 'go-build', ...goBuild };
  if (plusBuild) return { kind: 'unreadable', reason: 'plus-build', line: plusBuild };
  return { kind: 'none' };
}
