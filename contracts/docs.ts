// A document section that names a symbol, as `cairn docs`, `impact` and `diff` list
// it: the document, the section (its heading and line range), the symbol and the
// span that named it, and the confidence of that match (graph/docs.ts).
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
