// The store's on-disk layout: schema version, sub-database names and key shapes.
// Bump SCHEMA_VERSION whenever a key or value shape below changes; a store written
// with another version is reported `incompatible` and never read.
//
// Keys are lmdb-js ordered tuples, so a prefix scan answers "everything a file owns"
// or "every edge into a symbol" without touching the rest of the store.
//
//   meta          'schema_version' | 'meta' | 'stats'         -> number | IndexMeta | GraphStats
//   files         path                                        -> FileRecord
//   symbols       id                                          -> SymbolRecord (file symbols `<path>::` too)
//   file_symbols  [path, order]                               -> id            (source order; order 0 is the file symbol)
//   names         [lower(name), name, id]                     -> null          (name index; no file symbols)
//   outgoing      [source, relationship, line, column, ord]   -> EdgeRecord
//   incoming      [target, relationship, source, line, column, ord] -> null    (points back into outgoing)
//   unresolved    [path, line, column, specifier, ord]        -> UnresolvedRecord
//   call_sites    [path, ord]                                 -> StoredCallSite (raw facts, so re-resolution never re-parses)
//   imports       path                                        -> ImportFact[]
//   dependents    [dep, path, ord]                            -> null          (who must be re-resolved when `dep` changes)
//   dependencies  [path, ord, dep]                            -> null          (reverse of dependents, for purging)
//
// `ord` of an edge or unresolved record is the call site's index in its file, or
// -1 - childOrder for `contains` edges. A dependency `dep` is `n:<name>` (a name
// lookup) or `f:<path>` (a file's symbols, imports or existence); `ord` -1 in the
// dependency dbs means "every call site of the file".
import type { Key } from 'lmdb';
import type { CallSiteFact, Language } from '../contracts/facts.js';

export const SCHEMA_VERSION = 1;

export const DB_NAMES = [
  'meta',
  'files',
  'symbols',
  'file_symbols',
  'names',
  'outgoing',
  'incoming',
  'unresolved',
  'call_sites',
  'imports',
  'dependents',
  'dependencies',
] as const;

export type DbName = (typeof DB_NAMES)[number];

/** A call site as kept in the store: the fact plus what resolution needs without re-reading the file. */
export interface StoredCallSite extends CallSiteFact {
  ord: number;
  path: string;
  language: Language | null;
  /** Id of the enclosing symbol, or the file symbol `<path>::` for file-scope code. */
  callerId: string;
}

/** Every-call-site marker in the dependency dbs. */
export const WHOLE_FILE = -1;

export const nameDep = (name: string) => `n:${name}`;
export const fileDep = (path: string) => `f:${path}`;

/** The upper bound that closes a prefix scan over tuple keys starting with `prefix`. */
export const HIGH = '\uffff';
export const prefixRange = (...prefix: Key[]): { start: Key; end: Key } => ({ start: [...prefix], end: [...prefix, HIGH] });
