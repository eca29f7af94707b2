// Opening the LMDB environment and its named databases.
import { closeSync, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { MAX_READERS } from './readers.js';
import { DB_NAMES, type DbName } from './schema.js';

export type Dbs = Record<DbName, Database<any, any>>;

export interface GraphEnv {
  root: RootDatabase;
  dbs: Dbs;
  /** The name index with raw key bytes, for substring search without decoding every key. */
  rawNames: Database<null, Buffer>;
}

/** `<workspace>/.cairn/graph`: one directory environment. */
export const graphPath = (workspace: string) => join(workspace, '.cairn', 'graph');

export const envExists = (path: string) => existsSync(join(path, 'data.mdb'));

/** LMDB's meta pages (the first two pages) carry this magic number after the page header. */
const LMDB_MAGIC = 0xbeefc0de;
const META_MAGIC_OFFSET = 24;
const PAGE = 4096;

/**
 * Why data.mdb cannot be an LMDB environment, or null when its meta pages look right.
 * LMDB trusts its file: opening a damaged one can crash the process, so a file that
 * does not even have a meta page is refused before lmdb sees it.
 */
export function envProblem(path: string): string | null {
  const file = join(path, 'data.mdb');
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    return `data.mdb cannot be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  try {
    const size = fstatSync(fd).size;
    if (size < 2 * PAGE) return `data.mdb is ${size} bytes, shorter than the two meta pages every index starts with`;
    const head = Buffer.alloc(2 * PAGE);
    readSync(fd, head, 0, head.length, 0);
    const magic = (page: number) => head.readUInt32LE(page * PAGE + META_MAGIC_OFFSET) === LMDB_MAGIC;
    if (!magic(0) && !magic(1)) return 'data.mdb has no valid meta page: the file is damaged or is not a cairn index';
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Where a database keeps the shapes of its records (msgpack shared structures): each
 * value then names its shape by number instead of spelling out its keys, which packs
 * and unpacks call sites, answers and symbols two to three times faster. A shape is
 * written in the transaction that first uses it, so a write transaction that fails
 * must not leave its shapes behind in memory (store.ts reopens the environment).
 */
const STRUCTURES = Symbol.for('structures');
/**
 * Databases without shared structures: `meta`, which every version reads to learn the
 * schema version; `names`, also read with binary keys; and two whose values are null.
 */
const UNSHARED = new Set<DbName>(['meta', 'names', 'test_incoming', 'tested']);

/** 64 GiB of address space: Linux's index is under 3 GB. */
const MAP_SIZE = 2 ** 36;

/**
 * `scratch`: an environment nobody reads until it is complete (a rebuild beside the
 * live index). Its commits skip the flush to disk: a killed run discards it anyway,
 * and the rebuild flushes the finished file once before swapping it in (flushEnv).
 */
export function openEnv(path: string, readOnly: boolean, options: { scratch?: boolean } = {}): GraphEnv {
  if (!readOnly) mkdirSync(path, { recursive: true });
  const root = open({
    path,
    readOnly,
    // lmdb-js: the first opener's options win for the whole process.
    maxDbs: 32,
    maxReaders: MAX_READERS,
    // LZ4 compression of larger values: symbol ids repeat in every edge and record,
    // so values compress well (the index size is in bench/results/index-*.json). No
    // object cache: reads are cheap, and an aborted transaction must leave no
    // in-memory state behind (see STRUCTURES).
    compression: true,
    // Reserve address space for the whole index up front. lmdb-js otherwise starts
    // with a small map and grows it, keeping every earlier mapping of the file alive:
    // a Kubernetes init held about twice the file in RSS. Address space only: the
    // file grows as written, and a larger index still grows the map.
    ...(readOnly ? {} : { mapSize: MAP_SIZE }),
    ...(options.scratch ? { noSync: true } : {}),
  });
  const dbs = {} as Dbs;
  for (const name of DB_NAMES) {
    dbs[name] = root.openDB({ name, encoding: 'msgpack', ...(UNSHARED.has(name) ? {} : { sharedStructuresKey: STRUCTURES }) });
  }
  const rawNames = root.openDB<null, Buffer>({ name: 'names', encoding: 'msgpack', keyEncoding: 'binary' });
  return { root, dbs, rawNames };
}

/** Flushes a closed environment's data file to disk: what its skipped commit flushes would have done. */
export function flushEnv(path: string): void {
  const fd = openSync(join(path, 'data.mdb'), 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
