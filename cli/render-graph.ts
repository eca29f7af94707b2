// Human renderings of graph records, shared by the commands that print them.
import type { EdgeRecord, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';

/** A symbol id as people read it: file-scope code (`path::`) is named as such. */
export function scopeName(id: string): string {
  return id.endsWith('::') ? `${id.slice(0, -2)} (file scope)` : id;
}

export function symbolLine(s: SymbolRecord): string {
  const test = s.is_test ? ' [test]' : '';
  return `${s.qualified_name || scopeName(s.id)}  ${s.kind}  ${s.file_path}:${s.start_line}-${s.end_line}${test}`;
}

export function edgeTier(e: Pick<EdgeRecord, 'relationship' | 'resolution_kind' | 'confidence'>): string {
  return `${e.relationship} ${e.resolution_kind} ${e.confidence}`;
}

export function unresolvedLine(u: UnresolvedRecord): string {
  const candidates = u.candidate_count ? ` (${u.candidate_count} candidates)` : '';
  return `${u.specifier}  ${u.reason}${candidates}  ${u.file_path}:${u.line}:${u.column}`;
}
