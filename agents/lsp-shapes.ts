// cairn's records as the Language Server Protocol's shapes. Both count lines from a
// fixed origin and columns in UTF-16 code units, so a position converts by moving the
// line origin (cairn's lines are 1-based, the protocol's 0-based); nothing is re-measured.
import {
  SymbolKind,
  type CallHierarchyItem,
  type Location,
  type Range,
  type WorkspaceSymbol,
} from 'vscode-languageserver/node.js';
import type { Freshness } from '../contracts/freshness.js';
import type { SymbolRecord } from '../contracts/graph.js';
import type { SiteExtent } from '../graph/position.js';

const KINDS: Record<string, SymbolKind> = {
  function: SymbolKind.Function,
  method: SymbolKind.Method,
  constructor: SymbolKind.Constructor,
  class: SymbolKind.Class,
  struct: SymbolKind.Struct,
  union: SymbolKind.Struct,
  enum: SymbolKind.Enum,
  trait: SymbolKind.Interface,
  interface: SymbolKind.Interface,
  type_alias: SymbolKind.TypeParameter,
  typedef: SymbolKind.TypeParameter,
  module: SymbolKind.Module,
  namespace: SymbolKind.Namespace,
  record: SymbolKind.Struct,
  impl: SymbolKind.Namespace,
  macro: SymbolKind.Function,
  constant: SymbolKind.Constant,
  variable: SymbolKind.Variable,
  test: SymbolKind.Function,
  route: SymbolKind.Event,
  endpoint: SymbolKind.Event,
  config: SymbolKind.Property,
  file: SymbolKind.File,
};

export const symbolKind = (kind: string): SymbolKind => KINDS[kind] ?? SymbolKind.Variable;

/** A symbol's whole extent. */
export function symbolRange(s: SymbolRecord): Range {
  return { start: { line: s.start_line - 1, character: s.start_column }, end: { line: s.end_line - 1, character: s.end_column } };
}

/** Where a symbol's declaration starts (one line): the part an editor jumps to and highlights. */
export function declarationRange(s: SymbolRecord): Range {
  const endCharacter = s.start_line === s.end_line ? s.end_column : s.start_column;
  return { start: { line: s.start_line - 1, character: s.start_column }, end: { line: s.start_line - 1, character: endCharacter } };
}

export function siteRange(site: SiteExtent): Range {
  return { start: { line: site.line - 1, character: site.column }, end: { line: site.line - 1, character: site.end_column } };
}

/** A call site known by its start alone (callers and callees keep no callee text): the start to the callee's name length. */
export function callRange(line: number, column: number, name: string): Range {
  return siteRange({ line, column, end_column: column + name.length });
}

export type UriOf = (path: string) => string;

export function symbolLocation(s: SymbolRecord, uriOf: UriOf): Location {
  return { uri: uriOf(s.file_path), range: symbolRange(s) };
}

/**
 * A workspace symbol with its whole location (so a client that knows only the older
 * SymbolInformation reads it too), and the answer's freshness stamp in `data`.
 */
export function workspaceSymbol(s: SymbolRecord, uriOf: UriOf, freshness: Freshness): WorkspaceSymbol {
  const container = s.qualified_name.includes('::') || s.qualified_name.includes('.') ? s.qualified_name.slice(0, s.qualified_name.length - s.name.length).replace(/(::|\.)$/, '') : s.file_path;
  return { name: s.name, kind: symbolKind(s.kind), location: symbolLocation(s, uriOf), containerName: container, data: { freshness } };
}

/** The data a call hierarchy item carries: the symbol's id (sent back to the server), and the freshness stamp of the answer that made it. */
export interface ItemData {
  id: string;
  freshness?: Freshness;
}

export function hierarchyItem(s: SymbolRecord, uriOf: UriOf, freshness: Freshness): CallHierarchyItem {
  return {
    name: s.name,
    kind: symbolKind(s.kind),
    detail: `${s.qualified_name || s.name} · ${s.file_path}`,
    uri: uriOf(s.file_path),
    range: symbolRange(s),
    selectionRange: declarationRange(s),
    data: { id: s.id, freshness } satisfies ItemData,
  };
}
