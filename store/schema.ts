// The store's on-disk layout: schema version, sub-database names and key shapes.
// Bump SCHEMA_VERSION whenever a key or value shape below changes (or their encoding:
// version 6 keeps record shapes as msgpack shared structures, env.ts; version 7 leaves
// out of an incoming edge's value what its key says, known-values.ts; version 8 names a
// file's own symbols by their slot in its file_symbols list in its answers and call
// sites, and leaves the file's path out of its answers, file-answers.ts; version 9 keeps
// the workspace's Markdown documents in `docs`); a store written with another version is
// reported `incompatible` and never read.
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
//   file_symbols  path                                     -> id[]          (file symbol first, then source order: a symbol's slot)
//   names         [lower(name), name, id]                  -> null          (name index; no file symbols)
//   test_symbols  id                                       -> kind          (every is_test symbol)
//   file_tests    [path, id]                               -> kind          (the same, by file)
//   test_words    [word suffix, id]                        -> kind          (test cases by the words of their name: name-words.ts)
//   answers       path                                     -> FileAnswers   (the file's outgoing edges and unresolved records, file-answers.ts)
//   incoming      [target, relationship, source, line, column, ord, confidence] -> EdgeRecord (without what the key says)
//   test_incoming the incoming key of each edge whose source is a test -> null
//   tested        target                                   -> null          (targets with an entry in test_incoming)
//   call_sites    path                                     -> StoredCallSite[] (raw facts, so re-resolution never re-parses; index = ord)
//   imports       path                                     -> ImportFact[]
//   dependents    [dep, path]                              -> ord[]         (call sites to re-resolve when `dep` changes)
//   dependencies  path                                     -> dep[]         (reverse of dependents, for purging)
//   configs       path                                     -> ModuleConfigFact (tsconfig.json, jsconfig.json, package.json)
//   docs          path                                     -> StoredDoc     (README.md and docs/ Markdown: stat, sha, sections and code spans)
//
// `ord` is a call site's index in its file, or -1 - i for the i-th `contains` edge.
// A dependency `dep` is `n:<name>` (a name lookup) or `f:<path>` (a file's symbols,
// imports or existence, or a module configuration file's facts or absence); ord -1
// (WHOLE_FILE) in dependents means every call site.
//
// The incoming key carries the edge's confidence, and test_symbols answers "is this a
// test" without a symbol record (file_tests: "which tests are in this file"), so a
// reverse walk (tests-for) reads keys only and decodes records just for what it
// prints. A test case is an is_test symbol of a TEST_CASE_KINDS kind; only those are
// in test_words. test_incoming lets the walk's last hop read only the edges from
// tests, and `tested` lets it skip, with one get, the symbols no test calls. An
// edge is rewritten whenever its source's file changes or a name or file it was
// resolved through does, so its entry there follows the source's is_test.
import type { Key } from 'lmdb';
import type { EdgeRecord, UnresolvedRecord } from '../contracts/graph.js';

export const SCHEMA_VERSION = 9;

export const DB_NAMES = [
  'meta',
  'files',
  'symbols',
  'file_symbols',
  'names',
  'test_symbols',
  'file_tests',
  'test_words',
  'answers',
  'incoming',
  'test_incoming',
  'tested',
  'call_sites',
  'imports',
  'dependents',
  'dependencies',
  'configs',
  'docs',
] as const;

export type DbName = (typeof DB_NAMES)[number];

export type { StoredCallSite } from '../contracts/resolve.js';

/** A file's outgoing edges and unresolved records: `sites[ord]` answers call site `ord`. */
export interface FileAnswers {
  contains: EdgeRecord[];
  /** Undefined where a site left no record (a type use outside the workspace). */
  sites: Array<EdgeRecord | UnresolvedRecord | undefined>;
}

export const isUnresolved = (answer: EdgeRecord | UnresolvedRecord): answer is UnresolvedRecord => 'reason' in answer;

/** Every-call-site marker in the dependency dbs. */
export const WHOLE_FILE = -1;

export const nameDep = (name: string) => `n:${name}`;
export const fileDep = (path: string) => `f:${path}`;

/** The upper bound that closes a prefix scan over tuple keys starting with `prefix`. */
export const HIGH = '\uffff';
export const prefixRange = (...prefix: Key[]): { start: Key; end: Key } => ({ start: [...prefix], end: [...prefix, HIGH] });
