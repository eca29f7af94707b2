// The repository's documents beside its code, as the index keeps them (README.md and
// docs/ Markdown, read by init and sync: workers/doc-inventory.ts), each code span
// resolved against the index when asked. A span cites a symbol only when it names
// exactly one: a path of an indexed file (confidence 100), a symbol id or qualified
// name (90), a bare name no other symbol has (50). Ambiguous or unknown names cite nothing.
import type { DocMention, DocReference, MarkdownDoc } from '../contracts/docs.js';
import type { GraphReader, SymbolRecord } from '../contracts/graph.js';
import type { GraphStore } from '../store/index.js';
import { lookupSymbol } from './lookup.js';

export interface DocCitation {
  /** The section's index in `doc.sections`, or null for the lines before the first heading. */
  section: number | null;
  symbol: SymbolRecord;
  mention: string;
  line: number;
  confidence: number;
}

export interface DocFile {
  path: string;
  /** sha256 of the bytes read. */
  sha: string;
  doc: MarkdownDoc;
  citations: DocCitation[];
}

/** The indexed documents, each span resolved against the index. */
export function indexedDocs(graph: GraphStore): DocFile[] {
  return graph.docs().map(({ path, sha, doc }) => {
    const citations: DocCitation[] = [];
    const cite = (section: number | null, m: DocMention) => {
      const found = resolveMention(graph, m);
      if (found) citations.push({ section, symbol: found.symbol, mention: m.text, line: m.line, confidence: found.confidence });
    };
    doc.preamble.forEach((m) => cite(null, m));
    doc.sections.forEach((s, i) => s.mentions.forEach((m) => cite(i, m)));
    return { path, sha, doc, citations };
  });
}

/** The one symbol a span names, with the confidence of the match; null when it names none or several. */
export function resolveMention(graph: GraphReader, mention: DocMention): { symbol: SymbolRecord; confidence: number } | null {
  if (mention.kind === 'path') {
    const file = graph.symbol(`${mention.text}::`);
    return file ? { symbol: file, confidence: 100 } : null;
  }
  const found = lookupSymbol(graph, mention.text);
  if (found.kind !== 'found') return null;
  const qualified = /\.|::|#/.test(mention.text);
  return { symbol: found.symbol, confidence: qualified ? 90 : 50 };
}

/** Documents listed at most by one answer. */
export const DOC_REFERENCES_LIMIT = 200;

/**
 * The sections that cite one of `symbols`, in document and line order. A symbol the
 * index no longer holds (removed by a change) cannot be resolved, so a span naming
 * it by its exact qualified name (or id) counts too, at the confidence such a name
 * would have had.
 */
export function documentsCiting(docs: DocFile[], symbols: readonly { id: string; qualified_name: string }[]): DocReference[] {
  const byId = new Map(symbols.map((s) => [s.id, s]));
  const byName = new Map<string, string>();
  for (const s of symbols) for (const name of [s.id, s.qualified_name]) if (name) byName.set(name, s.id);
  const out: DocReference[] = [];
  for (const d of docs) {
    const where = (section: number | null) => {
      const s = section === null ? null : d.doc.sections[section]!;
      return { path: d.path, section: s?.title ?? null, line_start: s?.line_start ?? 1, line_end: s?.line_end ?? d.doc.lines };
    };
    const cited = new Set<string>();
    for (const c of d.citations) {
      cited.add(`${c.line}:${c.mention}`);
      if (byId.has(c.symbol.id)) out.push({ ...where(c.section), symbol: c.symbol.id, mention: c.mention, line: c.line, confidence: c.confidence });
    }
    const unresolved = (section: number | null, m: DocMention) => {
      const id = byName.get(m.text);
      if (id === undefined || cited.has(`${m.line}:${m.text}`) || m.kind !== 'name') return;
      out.push({ ...where(section), symbol: id, mention: m.text, line: m.line, confidence: 90 });
    };
    d.doc.preamble.forEach((m) => unresolved(null, m));
    d.doc.sections.forEach((s, i) => s.mentions.forEach((m) => unresolved(i, m)));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line)).slice(0, DOC_REFERENCES_LIMIT);
}
