// Opening the LMDB environment and its named databases.
import { existsSync, mkdirSync } from 'node:fs';
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

export function openEnv(path: string, readOnly: boolean): GraphEnv {
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
  });
  const dbs = {} as Dbs;
  for (const name of DB_NAMES) {
    dbs[name] = root.openDB({ name, encoding: 'msgpack' });
  }
  const rawNames = root.openDB<null, Buffer>({ name: 'names', encoding: 'msgpack', keyEncoding: 'binary' });
  return { root, dbs, rawNames };
}
