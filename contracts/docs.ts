// Documents beside the code. A Markdown document's structure as the pure reader
// gives it (parsers/markdown/doc-sections.ts) and as the index keeps it, per file like
// code (StoredDoc); and a section that names a symbol, as `cairn docs`, `impact` and
// `diff` list it: the document, the section (its heading and line range), the symbol
// and the span that named it, and the confidence of that match (graph/docs.ts).

export interface FrontMatter {
  source_url?: string;
  author?: string;
  captured_at?: string;
  title?: string;
}

export interface DocMention {
  /** The span's text as a name: `formatPrice()` reads as `formatPrice`. */
  text: string;
  line: number;
  kind: 'name' | 'path';
}

export interface DocSection {
  title: string;
  level: number;
  /** Unique in its document: the heading's words, lower-case, joined by `-` (then `-2`, `-3`). */
  slug: string;
  line_start: number;
  line_end: number;
  mentions: DocMention[];
}

export interface MarkdownDoc {
  front: FrontMatter;
  /** The first level-1 heading, else the front matter's title. */
  title: string | null;
  lines: number;
  sections: DocSection[];
  /** Mentions before the first heading. */
  preamble: DocMention[];
}

/** A document as the index holds it: its stat (the fast path of a sync), its bytes' sha256, its structure. */
export interface StoredDoc {
  path: string;
  size: number;
  mtime_ms: number;
  sha: string;
  doc: MarkdownDoc;
}

/** The documents a sync stores again (new or changed) and those it drops. */
export interface DocChange {
  upserts: StoredDoc[];
  deletions: string[];
}

export interface DocReference {
  path: string;
  /** The section's heading; null for the lines before the first heading. */
  section: string | null;
  line_start: number;
  line_end: number;
  symbol: string;
  mention: string;
  line: number;
  confidence: number;
}
