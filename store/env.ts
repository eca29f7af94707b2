// Opening the LMDB environment and its named databases.
import { closeSync, constants, existsSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { damagedPage } from './page-check.js';
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

/**
 * LMDB's meta pages: the first two pages of data.mdb, of which the one with the higher
 * transaction id is current. The layout is lmdb-js's LMDB (its mdb.c, 64-bit): a
 * 24-byte page header (page number, txnid, pad, flags, bounds), then MDB_meta: magic
 * and version (u32 each), the fixed-map address and the map size (8 bytes each), two
 * 48-byte MDB_db records (the first one's leading u32 is the page size), the last
 * used page number and the committing txnid (8 bytes each).
 */
const LMDB_MAGIC = 0xbeefc0de;
const META = { magic: 24, pageSize: 48, freeRoot: 88, mainRoot: 136, lastPage: 144, txnid: 152 } as const;
const MIN_PAGE = 512;
const MAX_PAGE = 65536;

const pageSizes = () => Array.from({ length: Math.log2(MAX_PAGE / MIN_PAGE) + 1 }, (_, i) => MIN_PAGE << i);

interface MetaPage {
  pageSize: number;
  lastPage: bigint;
  txnid: bigint;
  roots: bigint[];
}

function metaAt(buffer: Buffer, offset: number): MetaPage | null {
  if (buffer.length < offset + META.txnid + 8 || buffer.readUInt32LE(offset + META.magic) !== LMDB_MAGIC) return null;
  return {
    pageSize: buffer.readUInt32LE(offset + META.pageSize),
    lastPage: buffer.readBigUInt64LE(offset + META.lastPage),
    txnid: buffer.readBigUInt64LE(offset + META.txnid),
    roots: [buffer.readBigUInt64LE(offset + META.freeRoot), buffer.readBigUInt64LE(offset + META.mainRoot)],
  };
}

/** The current meta page of an open data.mdb, or why there is none. */
function currentMeta(fd: number, size: number): MetaPage | string {
  const head = Buffer.alloc(Math.min(size, 2 * MAX_PAGE));
  readSync(fd, head, 0, head.length, 0);
  const first = metaAt(head, 0);
  // With the first meta page damaged, the second is where a page size puts it.
  const pageSize = first?.pageSize ?? pageSizes().find((at) => metaAt(head, at)?.pageSize === at) ?? 0;
  const validSize = pageSize >= MIN_PAGE && pageSize <= MAX_PAGE && (pageSize & (pageSize - 1)) === 0;
  if (size < 2 * (validSize ? pageSize : MIN_PAGE)) return `data.mdb is ${size} bytes, shorter than the two meta pages every index starts with`;
  const second = validSize ? metaAt(head, pageSize) : null;
  const metas = [first, second].filter((m): m is MetaPage => m !== null);
  if (metas.length === 0 || !validSize) return 'data.mdb has no valid meta page: the file is damaged or is not a cairn index';
  return { ...metas.reduce((a, b) => (b.txnid > a.txnid ? b : a)), pageSize };
}

/**
 * Walking every page costs about 50-150 ms for a 20 MB index, so a walk that found
 * nothing (or a writer that just closed the file) leaves a stamp of the file beside
 * it: inode, size, change time and the current transaction. A later open whose file
 * has the same stamp skips the walk; any write to the file changes its change time.
 */
const STAMP = 'checked';
const MAX_STAMP_BYTES = 256;

function stampOf(fd: number, meta: MetaPage): string {
  const s = fstatSync(fd, { bigint: true });
  return `${s.ino} ${s.size} ${s.ctimeNs} ${meta.txnid}\n`;
}

function readStamp(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(join(path, STAMP), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buffer = Buffer.alloc(MAX_STAMP_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, MAX_STAMP_BYTES, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Best effort: a workspace that cannot be written walks its index each time. */
function writeStamp(path: string, stamp: string): void {
  const temp = join(path, `${STAMP}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, stamp, { flag: 'wx' });
    renameSync(temp, join(path, STAMP));
  } catch {
    rmSync(temp, { force: true });
  }
}

/** After a writer closed the environment: its file as it now is needs no walk. */
export function stampEnv(path: string): void {
  let fd: number;
  try {
    fd = openSync(join(path, 'data.mdb'), 'r');
  } catch {
    return;
  }
  try {
    const meta = currentMeta(fd, fstatSync(fd).size);
    if (typeof meta !== 'string') writeStamp(path, stampOf(fd, meta));
  } finally {
    closeSync(fd);
  }
}

/**
 * Why data.mdb cannot be an LMDB environment, or null when its meta pages look right.
 * LMDB trusts its file and maps it whole: a file cut short before a page it reads
 * kills the process with SIGBUS on that read, and a damaged page with SIGABRT or
 * SIGSEGV (page-check.ts), so both are refused here, before lmdb sees the file.
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
    const meta = currentMeta(fd, size);
    if (typeof meta === 'string') return meta;
    const stamp = stampOf(fd, meta);
    if (readStamp(path) === stamp) return null;
    // The file may end before the meta page's last page: LMDB never writes a page a
    // commit allocated and freed again (a loose page, mdb.c's page flush), and such a
    // page is free, never read. What matters is that every page LMDB reads is inside
    // the file: the walk reads each one whole.
    const damaged = damagedPage({ fd, pageSize: meta.pageSize, lastPage: meta.lastPage, roots: meta.roots });
    const needed = (meta.lastPage + 1n) * BigInt(meta.pageSize);
    if (damaged && BigInt(size) < needed) return `data.mdb is ${size} bytes, shorter than the ${needed} its meta page records: the file was cut short`;
    if (damaged) return `data.mdb has a damaged page: ${damaged}`;
    writeStamp(path, stamp);
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
