// What every language's resolver and the shared resolution engine agree a symbol is:
// members against free functions, and a qualifier's last segment. Pure functions over
// symbol records; no store here.
import type { SymbolRecord } from '../contracts/graph.js';

export const isMember = (s: SymbolRecord) => s.owner_type !== undefined || s.kind === 'method' || s.kind === 'constructor';
export const isFreeFunction = (s: SymbolRecord) => s.kind === 'function' && !isMember(s);
export const isMemberCallable = (s: SymbolRecord) => (s.kind === 'method' || s.kind === 'function' || s.kind === 'constructor') && isMember(s);

/** `b` of `a::b`, `a.b`, `a::b<T>`. */
export function lastSegment(qualifier: string): string {
  const plain = stripGenerics(qualifier);
  const parts = plain.split(/::|\./);
  return parts[parts.length - 1];
}

export function stripGenerics(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '<') depth++;
    else if (ch === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out.replace(/::$/, '').trim();
}
