// Opening the LMDB environment and its named databases.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
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
    // LZ4 compression of larger values: symbol ids repeat in every edge and record,
    // so values compress well (the index size is in bench/results/index-*.json). No
    // object cache: reads are cheap, and an aborted transaction must leave no
    // in-memory state behind.
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
    dbs[name] = root.openDB({ name, encoding: 'msgpack' });
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
