// A walk of the pages LMDB would read, checked before LMDB reads them. LMDB trusts
// its file: a page of garbage in the middle of data.mdb (zeros, a torn write, bytes
// from elsewhere) makes a read assert (SIGABRT) or follow a node offset off the map
// (SIGSEGV), which no JavaScript can catch. So every page reachable from the current
// meta page (the free-page tree, the main tree, each named database's tree, and the
// overflow pages of large values) is checked for what LMDB takes on trust: the page
// names itself, has a known kind, its bounds and node offsets stay inside it, and
// every page number it holds is inside the file. Free pages are not read by LMDB and
// not checked. The layout is lmdb-js's LMDB (mdb.c, 64-bit); env.ts reads the meta.
import { readSync } from 'node:fs';

const HEADER = 24;
const NODE_HEADER = 8;
const P_BRANCH = 0x01;
const P_LEAF = 0x02;
const P_OVERFLOW = 0x04;
const P_LEAF2 = 0x20;
const F_BIGDATA = 0x01;
const F_SUBDATA = 0x02;
/** An MDB_db record: its root page number is its last field. */
const DB_RECORD = 48;
const DB_ROOT = 40;
/** P_INVALID: an empty tree has no root. */
const NO_PAGE = 0xffffffffffffffffn;
/** A tree deeper than this is a loop of damaged pointers, not an index. */
const MAX_DEPTH = 64;

export interface PageWalkInput {
  fd: number;
  pageSize: number;
  lastPage: bigint;
  /** The free-page tree's and the main tree's roots, from the current meta page. */
  roots: bigint[];
}

/** Why a reachable page is damaged, or null when every one checks. */
export function damagedPage({ fd, pageSize, lastPage, roots }: PageWalkInput): string | null {
  const seen = new Set<bigint>();
  const read = (pgno: bigint, into: Buffer): string | null => {
    if (pgno < 2n || pgno > lastPage) return `a page number ${pgno} outside the file's ${lastPage + 1n} pages`;
    if (readSync(fd, into, 0, into.length, Number(pgno) * pageSize) !== into.length) return `page ${pgno} cannot be read whole`;
    if (into.readBigUInt64LE(0) !== pgno) return `page ${pgno} is damaged (its header names page ${into.readBigUInt64LE(0)})`;
    return null;
  };

  const header = Buffer.alloc(HEADER);
  const overflow = (first: bigint, bytes: number): string | null => {
    const unreadable = read(first, header);
    if (unreadable) return unreadable;
    const count = header.readUInt32LE(20);
    const fits = count >= 1 && first + BigInt(count) - 1n <= lastPage && count * pageSize >= bytes + HEADER;
    return header.readUInt16LE(18) & P_OVERFLOW && fits ? null : `page ${first} is damaged (not the overflow pages of a ${bytes}-byte value)`;
  };

  const walk = (pgno: bigint, depth: number): string | null => {
    if (pgno === NO_PAGE) return null;
    if (seen.has(pgno)) return `page ${pgno} is reached twice`;
    if (depth > MAX_DEPTH) return `a tree deeper than ${MAX_DEPTH} pages at page ${pgno}`;
    seen.add(pgno);
    const page = Buffer.alloc(pageSize);
    const unreadable = read(pgno, page);
    if (unreadable) return unreadable;
    const flags = page.readUInt16LE(18);
    const kind = flags & (P_BRANCH | P_LEAF | P_OVERFLOW | P_LEAF2);
    if (kind !== P_BRANCH && kind !== P_LEAF && kind !== (P_LEAF | P_LEAF2)) return `page ${pgno} is damaged (kind ${flags})`;
    const lower = page.readUInt16LE(20);
    const upper = page.readUInt16LE(22);
    if (lower % 2 !== 0 || lower > upper || upper > pageSize - HEADER) return `page ${pgno} is damaged (bounds ${lower}-${upper})`;
    if (kind === (P_LEAF | P_LEAF2)) return null; // fixed-size keys only, no nodes
    const children: bigint[] = [];
    for (let i = 0; i < lower / 2; i++) {
      const node = page.readUInt16LE(HEADER + 2 * i) + HEADER;
      if (node + NODE_HEADER > pageSize) return `page ${pgno} is damaged (node ${i} outside it)`;
      const lo = page.readUInt16LE(node);
      const hi = page.readUInt16LE(node + 2);
      const nodeFlags = page.readUInt16LE(node + 4);
      const data = node + NODE_HEADER + page.readUInt16LE(node + 6);
      if (data > pageSize) return `page ${pgno} is damaged (node ${i}'s key outside it)`;
      if (kind === P_BRANCH) {
        children.push(BigInt(lo) | (BigInt(hi) << 16n) | (BigInt(nodeFlags) << 32n));
        continue;
      }
      const size = lo | (hi << 16);
      if (data + (nodeFlags & F_BIGDATA ? 8 : size) > pageSize) return `page ${pgno} is damaged (node ${i}'s value outside it)`;
      if (nodeFlags & F_BIGDATA) {
        const problem = overflow(page.readBigUInt64LE(data), size);
        if (problem) return problem;
      } else if (nodeFlags & F_SUBDATA) {
        if (size < DB_RECORD) return `page ${pgno} is damaged (node ${i} is a database record of ${size} bytes)`;
        children.push(page.readBigUInt64LE(data + DB_ROOT));
      }
      // A node of inline duplicates (F_DUPDATA alone) lies inside this page's checked bounds.
    }
    for (const child of children) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return null;
  };

  for (const root of roots) {
    const problem = walk(root, 0);
    if (problem) return problem;
  }
  return null;
}
