// The embedded store's keys as bytes, built so that any valid push fits LMDB's key
// size and byte order is answer order.
//
// A key is a list of string components, each written as its UTF-8 bytes (whose byte
// order is code point order, the order PostgreSQL's COLLATE "C" answers in) and a
// terminator: 0x00 after a whole component, 0x01 after one cut at its cap. Strings
// never hold NUL (the contract refuses it), so a whole component sorts before every
// longer string it starts, and two keys that differ in a component sort as the full
// values do. Only components cut to the same bytes tie: every key that shares a
// prefix up to and including a cut component is one "tie group", in no particular
// order inside. A key holding a cut component ends in a digest of its full values (so
// it stays unique); every key may end in a row number. Readers keep the full values in
// the record, check them, and order a tie group themselves (`inAnswerOrder`).
import { createHash } from 'node:crypto';

/** lmdb-js's default (and here only) maximum key size, in bytes. */
export const MAX_KEY_BYTES = 1978;
const WHOLE = 0x00;
const CUT = 0x01;
const DIGEST_BYTES = 16;
const ROW_BYTES = 6;

/** The caps of a key's components, in bytes; checked against LMDB's key size once, when declared. */
export class KeyShape {
  constructor(
    readonly name: string,
    readonly caps: readonly number[],
  ) {
    const longest = caps.reduce((n, cap) => n + cap + 1, 0) + DIGEST_BYTES + ROW_BYTES;
    if (longest > MAX_KEY_BYTES) throw new Error(`the ${name} key can reach ${longest} bytes, more than LMDB's ${MAX_KEY_BYTES}`);
  }

  /**
   * The key of a row: its components, then a digest when one was cut, then its row
   * number when given. `cut` names the row's tie group when a component was cut (its
   * key's bytes up to and including that component, as a latin1 string); a reader keeps
   * it with the row, since rows of one group come in no particular order.
   */
  key(parts: readonly string[], row?: number): { key: Buffer; cut?: string } {
    const { length, group, cut } = this.write(parts);
    let end = length;
    if (cut) end += createHash('sha256').update(parts.join('\0')).digest().copy(scratch, end, 0, DIGEST_BYTES);
    if (row !== undefined) end = scratch.writeUIntBE(row, end, ROW_BYTES);
    const key = Buffer.from(scratch.subarray(0, end));
    return cut ? { key, cut: scratch.toString('latin1', 0, group) } : { key };
  }

  /**
   * The bytes every key whose first components are `parts` starts with, and whether
   * they pin those components exactly (false when one was cut: the range then holds
   * other values with the same first bytes, which the reader must filter out).
   */
  prefix(parts: readonly string[]): { start: Buffer; end: Buffer; exact: boolean } {
    const { length, cut } = this.write(parts);
    const start = Buffer.from(scratch.subarray(0, length));
    return { start, end: above(start), exact: !cut };
  }

  /**
   * The range of keys whose first component starts with `text` (a prefix search): the
   * bytes of `text` up to the first component's cap. Past the cap the range holds
   * more than the matches; the reader checks the full value.
   */
  startsWith(text: string): { start: Buffer; end: Buffer; exact: boolean } {
    const bytes = Buffer.from(text, 'utf8');
    const cap = this.caps[0]!;
    const start = bytes.length > cap ? bytes.subarray(0, cap) : bytes;
    return { start, end: above(start), exact: bytes.length <= cap };
  }

  /** Writes the components into `scratch` (one buffer for every key: a key is copied out before the next is written). */
  private write(parts: readonly string[]): { length: number; group: number; cut: boolean } {
    let length = 0;
    let group = -1;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const cap = this.caps[i]!;
      // UTF-8 takes at most 3 bytes a UTF-16 code unit: a string that surely fits is written without measuring it.
      const surely = part.length * 3 <= cap;
      const size = surely ? scratch.write(part, length, 'utf8') : Buffer.byteLength(part, 'utf8');
      if (size <= cap) {
        if (!surely) scratch.write(part, length, 'utf8');
        length += size;
        scratch[length++] = WHOLE;
      } else {
        Buffer.from(part, 'utf8').copy(scratch, length, 0, cap);
        length += cap;
        scratch[length++] = CUT;
        if (group < 0) group = length;
      }
    }
    return { length, group: group < 0 ? length : group, cut: group >= 0 };
  }
}

/** Where keys are written: room for the longest key a shape allows. */
const scratch = Buffer.alloc(MAX_KEY_BYTES);

/** The least key above every key that starts with `prefix`: UTF-8 and the terminators never hold 0xff. */
function above(prefix: Buffer): Buffer {
  return Buffer.concat([prefix, Buffer.of(0xff)]);
}

/** One row read from an index, with its tie group when its key cut a component. */
export interface Keyed<T> {
  row: T;
  cut?: string;
}

/**
 * Rows of one index range in answer order. Keys come in order between tie groups;
 * inside one, `compare` orders the rows (a whole group is read before any is given).
 * Rows whose keys cut nothing are of one group when `sameGroup` says their keyed
 * fields are equal (by default: when `compare` finds them equal).
 */
export function* inAnswerOrder<T>(rows: Iterable<Keyed<T>>, compare: (a: T, b: T) => number, sameGroup: (a: T, b: T) => boolean = (a, b) => compare(a, b) === 0): Generator<T> {
  let last: Keyed<T> | undefined;
  let held: T[] = [];
  for (const keyed of rows) {
    if (last !== undefined && (keyed.cut !== undefined || last.cut !== undefined ? keyed.cut === last.cut : sameGroup(last.row, keyed.row))) {
      held.push(keyed.row);
      continue;
    }
    if (held.length > 1) held.sort(compare);
    yield* held;
    last = keyed;
    held = [keyed.row];
  }
  if (held.length > 1) held.sort(compare);
  yield* held;
}

/**
 * The first `limit` rows of several streams, each already in answer order: a merge
 * (a binary heap of the streams' next rows) that stops at the limit, so a reader reads
 * about what it answers.
 */
export function firstOfMerged<T>(streams: Iterator<T>[], compare: (a: T, b: T) => number, limit: number): T[] {
  const heap: { row: T; from: Iterator<T> }[] = [];
  const less = (i: number, j: number) => compare(heap[i]!.row, heap[j]!.row) < 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && less(l, least)) least = l;
      if (r < heap.length && less(r, least)) least = r;
      if (least === i) return;
      swap(i, least);
      i = least;
    }
  };
  for (const from of streams) {
    const next = from.next();
    if (!next.done) heap.push({ row: next.value, from });
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const out: T[] = [];
  while (out.length < limit && heap.length > 0) {
    const head = heap[0]!;
    out.push(head.row);
    const next = head.from.next();
    if (next.done) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    } else head.row = next.value;
    if (heap.length > 0) down(0);
  }
  for (const { from } of heap) from.return?.(undefined);
  return out;
}
