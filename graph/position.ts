// What sits at a position of an indexed file: a call site (the innermost one whose
// callee text covers the position) or a symbol (the innermost one that contains the
// position and, when the word under the cursor is known, is named by it). Lines are
// 1-based and columns 0-based UTF-16 code units, as the index stores them (and as the
// Language Server Protocol counts by default).
import type { SymbolRecord } from '../contracts/graph.js';

export interface Spot {
  line: number;
  column: number;
}

/** A call site's extent: from where the call starts to the end of its callee text. */
export interface SiteExtent {
  line: number;
  column: number;
  end_column: number;
}

/** The call site whose callee text covers `at`; of nested calls on one line, the one starting last. */
export function siteAt<T extends SiteExtent>(sites: readonly T[], at: Spot): T | undefined {
  let best: T | undefined;
  for (const site of sites) {
    if (site.line !== at.line || at.column < site.column || at.column > site.end_column) continue;
    if (!best || site.column > best.column) best = site;
  }
  return best;
}

const contains = (s: SymbolRecord, at: Spot): boolean =>
  (s.start_line < at.line || (s.start_line === at.line && s.start_column <= at.column)) &&
  (s.end_line > at.line || (s.end_line === at.line && s.end_column >= at.column));

const span = (s: SymbolRecord) => s.end_byte - s.start_byte;

/**
 * The innermost symbol containing `at`. With `word` (the identifier under the cursor),
 * only a symbol of that name counts: hovering a name inside a body is not the body.
 */
export function symbolAt(symbols: readonly SymbolRecord[], at: Spot, word?: string): SymbolRecord | undefined {
  let best: SymbolRecord | undefined;
  for (const s of symbols) {
    if (s.kind === 'file' || !contains(s, at)) continue;
    if (word !== undefined && s.name !== word) continue;
    if (!best || span(s) < span(best)) best = s;
  }
  return best;
}

/** The identifier (letters, digits, `_`, `$`) around a UTF-16 column of a line, or undefined. */
export function wordAt(lineText: string, column: number): string | undefined {
  const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
  let start = column;
  let end = column;
  while (start > 0 && isWord(lineText[start - 1])) start -= 1;
  while (end < lineText.length && isWord(lineText[end])) end += 1;
  return end > start ? lineText.slice(start, end) : undefined;
}
