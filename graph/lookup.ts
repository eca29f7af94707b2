// Turns a user's symbol argument into exactly one symbol, or says why it cannot.
// Accepted forms: a symbol id (`path::qualified_name`), a qualified name
// (`Type::method`, `Class.method`, `a::b::f`), a module-qualified name (`api.get`), or
// a bare name. Several matches are never silently narrowed to one.
import { CairnError } from '../contracts/errors.js';
import type { GraphReader, SymbolRecord } from '../contracts/graph.js';

export const MAX_CANDIDATES = 20;
/** Nearest names offered when nothing matches. */
export const MAX_SUGGESTIONS = 5;

export type Lookup =
  | { kind: 'found'; symbol: SymbolRecord }
  | { kind: 'ambiguous'; candidates: SymbolRecord[]; total: number }
  | { kind: 'missing' };

function lastSegment(query: string): string {
  const parts = query.split(/::|\.|#/).filter(Boolean);
  return parts[parts.length - 1] ?? query;
}

/** `::` and `.` are one separator here, so each language's own spelling finds the symbol (`Command.ExecuteC` is Go's `Command::ExecuteC`). */
const canonical = (name: string) => name.replace(/::|\./g, '\u0000');

function endsWithQualified(qualified: string, query: string): boolean {
  const q = canonical(qualified);
  const wanted = canonical(query);
  return q === wanted || q.endsWith(`\u0000${wanted}`);
}

/**
 * The module a file stands for, as dotted segments: its path without the extension, with
 * a package's own file (`__init__`, `index`, `mod`) standing for its folder. `api.get`
 * and `requests.api.get` name the `get` of `requests/api.py`.
 */
function moduleSegments(path: string): string[] {
  const segments = path.replace(/\.[^./]+$/, '').split('/').filter(Boolean);
  if (['__init__', 'index', 'mod'].includes(segments[segments.length - 1] ?? '')) segments.pop();
  return segments;
}

/** A qualified query names the symbol by its qualified name, or by its module and qualified name. */
function qualifiedMatch(symbol: SymbolRecord, query: string): boolean {
  if (endsWithQualified(symbol.qualified_name, query)) return true;
  return endsWithQualified([...moduleSegments(symbol.file_path), symbol.qualified_name].join('.'), query);
}

export function lookupSymbol(graph: GraphReader, query: string): Lookup {
  const byId = graph.symbol(query);
  if (byId) return { kind: 'found', symbol: byId };
  const named = graph.symbolsByName(lastSegment(query)).filter((s) => s.kind !== 'file');
  let matches: SymbolRecord[];
  if (query.includes('::') && !/[./]/.test(query.split('::')[0] ?? '')) {
    matches = named.filter((s) => qualifiedMatch(s, query));
  } else if (query.includes('::')) {
    // `path::name`: a file path and a name or qualified name within it.
    const split = query.lastIndexOf('::');
    const path = query.slice(0, split);
    const rest = query.slice(split + 2);
    matches = named.filter((s) => s.file_path === path && endsWithQualified(s.qualified_name, rest));
    if (matches.length === 0) matches = named.filter((s) => qualifiedMatch(s, query));
  } else if (query.includes('.')) {
    matches = named.filter((s) => qualifiedMatch(s, query));
  } else {
    // A bare name selects only when one symbol carries it, whatever the nesting: the
    // top-level `get` is not preferred over `Session.get`.
    matches = named.filter((s) => s.name === query);
  }
  if (matches.length === 1) return { kind: 'found', symbol: matches[0]! };
  if (matches.length === 0) return { kind: 'missing' };
  // For a qualified query, an exact qualified-name match outranks suffix and module matches.
  const qualified = query !== lastSegment(query);
  const exact = qualified ? matches.filter((s) => canonical(s.qualified_name) === canonical(query)) : [];
  if (exact.length === 1) return { kind: 'found', symbol: exact[0]! };
  const sorted = [...matches].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { kind: 'ambiguous', candidates: sorted.slice(0, MAX_CANDIDATES), total: matches.length };
}

/**
 * The lookup as the commands need it: one symbol, or a typed error carrying the
 * candidates. `empty` is the command's answer shape with nothing found, so a failed
 * lookup still prints the command's own data fields.
 */
export function requireSymbol(graph: GraphReader, query: string, empty: object = {}): SymbolRecord {
  const found = lookupSymbol(graph, query);
  if (found.kind === 'found') return found.symbol;
  if (found.kind === 'missing') {
    // The name exists under another qualifier: offer those; otherwise the names a typo away.
    const sameName = graph.symbolsByName(lastSegment(query)).filter((s) => s.kind !== 'file');
    const suggestions = sameName.length
      ? [...new Set(sameName.map((s) => s.qualified_name))].sort().slice(0, MAX_SUGGESTIONS)
      : graph.similarNames(lastSegment(query), MAX_SUGGESTIONS);
    const hint = suggestions.length ? `; nearest indexed names: ${suggestions.join(', ')}` : '';
    throw new CairnError('symbol_not_found', `no indexed symbol matches "${query}"${hint}`, 1, 'none', { ...empty, query, candidates: [], suggestions });
  }
  const shown = found.candidates.map((s) => s.id);
  throw new CairnError(
    'ambiguous_symbol',
    `"${query}" matches ${found.total} symbols; name one by id or qualified name: ${shown.join(', ')}${found.total > shown.length ? ', …' : ''}`,
    1,
    'narrow the query',
    { ...empty, query, total: found.total, candidates: found.candidates },
  );
}
