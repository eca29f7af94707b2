// Bounds on the work one file may cost: its longest line, its number of call sites
// and the length of every name that becomes a store key (LMDB keys hold at most
// 1,978 bytes, and a key holds a name with a path or two). A file past a bound is
// recorded `too_large` with a reason that names the bound; a single fact with an
// over-long name is left out and counted. Pure functions of a file's text and facts.
import type { FileFacts } from '../contracts/facts.js';

/** A line longer than this (minified or generated code) is not parsed. */
export const MAX_LINE_BYTES = 128 * 1024;
/** More call sites than this in one file are not resolved. */
export const MAX_CALL_SITES = 50_000;
/** Names (symbols, callees, qualifiers, imports, references) longer than this are not keyed. */
export const MAX_NAME_BYTES = 256;

/** Why the text is past a bound, or null. */
export function textBeyondBounds(text: string): string | null {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    // Characters first (cheap); bytes only for a line that might be over.
    if (end - start > MAX_LINE_BYTES / 4 && Buffer.byteLength(text.slice(start, end)) > MAX_LINE_BYTES) {
      return `a line longer than ${MAX_LINE_BYTES} bytes (the bound on a line)`;
    }
    start = end + 1;
  }
  return null;
}

const tooLong = (s: string | undefined) => s !== undefined && (s.length > MAX_NAME_BYTES || Buffer.byteLength(s) > MAX_NAME_BYTES);

/**
 * Applies the fact bounds in place. Returns why the whole file is past a bound (its
 * facts are then dropped by the caller), or null with over-long facts removed and
 * counted in `left`.
 */
export function boundFacts(facts: Pick<FileFacts, 'symbols' | 'callSites' | 'imports' | 'references' | 'macros'>): { beyond: string | null; left: number } {
  if (facts.callSites.length > MAX_CALL_SITES) return { beyond: `${facts.callSites.length} call sites (the bound is ${MAX_CALL_SITES} per file)`, left: 0 };
  const longSymbol = facts.symbols.find((s) => tooLong(s.name) || tooLong(s.qualifiedName) || tooLong(s.disambiguator) || tooLong(s.ownerType));
  if (longSymbol) return { beyond: `a symbol name longer than ${MAX_NAME_BYTES} bytes (the bound on a name)`, left: 0 };
  const before = facts.callSites.length + facts.imports.length + facts.references.length + (facts.macros?.length ?? 0);
  facts.callSites = facts.callSites.filter((c) => !tooLong(c.calleeName) && !tooLong(c.qualifier) && !tooLong(c.receiverType) && !tooLong(c.receiver));
  for (const c of facts.callSites) if (c.specifier.length > MAX_NAME_BYTES) c.specifier = c.specifier.slice(0, MAX_NAME_BYTES);
  facts.imports = facts.imports.filter((i) => !tooLong(i.source) && !tooLong(i.imported) && !tooLong(i.local));
  facts.references = facts.references.filter((r) => !tooLong(r.name) && !tooLong(r.qualifier));
  if (facts.macros) facts.macros = facts.macros.filter((m) => !tooLong(m));
  const after = facts.callSites.length + facts.imports.length + facts.references.length + (facts.macros?.length ?? 0);
  return { beyond: null, left: before - after };
}
