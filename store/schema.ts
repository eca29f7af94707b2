// The store's on-disk layout: schema version, sub-database names and key shapes.
// Bump SCHEMA_VERSION whenever a key or value shape below changes; a store written
// with another version is reported `incompatible` and never read.
//
// Writes dominate an init, so what a file owns is kept per file (one record per
// file for its symbol list, call sites, answers and dependencies) and only the
// indexes that must be searched across files get one key per entry. Keys are
// lmdb-js ordered tuples, so prefix scans answer "every edge into a symbol" and
// "every call site that depends on this name" without touching the rest.
//
//   meta          'schema_version' | 'meta' | 'stats'      -> number | IndexMeta | GraphStats
//   files         path                                     -> FileRecord
//   symbols       id                                       -> SymbolRecord (file symbols `<path>::` too)
//   file_symbols  path                                     -> id[]          (file symbol first, then source order)
//   names         [lower(name), name, id]                  -> null          (name index; no file symbols)
//   answers       path                                     -> FileAnswers   (the file's outgoing edges and unresolved records)
//   incoming      [target, relationship, source, line, column, ord] -> EdgeRecord
//   call_sites    path                                     -> StoredCallSite[] (raw facts, so re-resolution never re-parses)
//   imports       path                                     -> ImportFact[]
//   dependents    [dep, path]                              -> ord[]         (call sites to re-resolve when `dep` changes)
//   dependencies  path                                     -> dep[]         (reverse of dependents, for purging)
//
// `ord` is a call site's index in its file, or -1 - i for the i-th `contains` edge.
// A dependency `dep` is `n:<name>` (a name lookup) or `f:<path>` (a file's symbols,
// imports or existence); ord -1 (WHOLE_FILE) in dependents means every call site.
import type { Key } from 'lmdb';
import type { CallSiteFact, Language } from '../contracts/facts.js';
import type { EdgeRecord, UnresolvedRecord } from '../contracts/graph.js';

export const SCHEMA_VERSION = 1;

export const DB_NAMES = [
  'meta',
  'files',
  'symbols',
  'file_symbols',
  'names',
  'answers',
  'incoming',
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

/** A file's outgoing edges and unresolved records: `sites[ord]` answers call site `ord`. */
export interface FileAnswers {
  contains: EdgeRecord[];
  sites: Array<EdgeRecord | UnresolvedRecord>;
}

export const isUnresolved = (answer: EdgeRecord | UnresolvedRecord): answer is UnresolvedRecord => 'reason' in answer;

/** Every-call-site marker in the dependency dbs. */
export const WHOLE_FILE = -1;

export const nameDep = (name: string) => `n:${name}`;
export const fileDep = (path: string) => `f:${path}`;

/** The upper bound that closes a prefix scan over tuple keys starting with `prefix`. */
export const HIGH = '\uffff';
export const prefixRange = (...prefix: Key[]): { start: Key; end: Key } => ({ start: [...prefix], end: [...prefix, HIGH] });
