// `cairn export --format jsonl`: one JSON object per line, ripgrep-style messages.
// The first line is `meta`; then every file, symbol, edge (with its call-site
// location) and unresolved record. Consumers must ignore message types they do not
// know: new ones may appear.
import type { EdgeRecord, FileRecord, IndexMeta, SymbolRecord, UnresolvedRecord } from './graph.js';

export type ExportMessage =
  | { type: 'meta'; data: IndexMeta }
  | { type: 'file'; data: FileRecord }
  | { type: 'symbol'; data: SymbolRecord }
  | { type: 'edge'; data: EdgeRecord }
  | { type: 'unresolved'; data: UnresolvedRecord };
