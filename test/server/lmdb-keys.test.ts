// The embedded store's keys: bounded, and in answer order except inside a tie group.
import { describe, expect, it } from 'vitest';
import { firstOfMerged, inAnswerOrder, KeyShape, MAX_KEY_BYTES } from '../../server/lmdb-keys.js';
import { compareCodePoints } from '../../server/storage.js';

/** A small deterministic generator, so a failure names the case that failed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const ALPHABET = ['a', 'b', 'é', '\u0001', '\uFF01', '\u{1F600}', 'Z'];
const utf8 = (s: string) => Buffer.from(s, 'utf8');
const tupleOrder = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) {
    const c = Buffer.compare(utf8(a[i]!), utf8(b[i]!));
    if (c !== 0) return c;
  }
  return 0;
};

describe('index keys', () => {
  const shape = new KeyShape('test', [6, 4, 5]);
  const next = random(7);
  const word = () => Array.from({ length: Math.floor(next() * 9) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  const tuples = Array.from({ length: 250 }, () => [word(), word(), word()]);

  it('sort as their fields do (code points, field by field) whenever their tie groups differ', () => {
    let compared = 0;
    for (const a of tuples) {
      for (const b of tuples) {
        const ka = shape.key(a, 1);
        const kb = shape.key(b, 2);
        // One tie group: the same cut prefix, or nothing cut and the same fields.
        if (ka.cut !== undefined || kb.cut !== undefined ? ka.cut === kb.cut : tupleOrder(a, b) === 0) continue;
        compared += 1;
        expect(Math.sign(Buffer.compare(ka.key, kb.key)), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(Math.sign(tupleOrder(a, b)));
      }
    }
    expect(compared).toBeGreaterThan(40_000);
  });

  it('stay unique when fields are cut, and a prefix range holds every key of those first fields', () => {
    const keys = new Set(tuples.map((t) => shape.key(t).key.toString('hex')));
    expect(keys.size).toBe(new Set(tuples.map((t) => JSON.stringify(t))).size);
    for (const t of tuples.slice(0, 50)) {
      const { start, end, exact } = shape.prefix([t[0]!]);
      const inside = tuples.filter((u) => {
        const k = shape.key(u).key;
        return Buffer.compare(k, start) >= 0 && Buffer.compare(k, end) < 0;
      });
      expect(inside.filter((u) => u[0] === t[0])).toEqual(tuples.filter((u) => u[0] === t[0]));
      if (exact) expect(inside.every((u) => u[0] === t[0])).toBe(true);
    }
  });

  it('refuse a shape that could pass LMDB\'s key size', () => {
    expect(() => new KeyShape('too wide', [1000, 1000])).toThrow(/more than LMDB's 1978/);
    expect(MAX_KEY_BYTES).toBe(1978);
    const widest = new KeyShape('widest', [1000, 950]);
    expect(widest.key(['x'.repeat(4000), 'y'.repeat(4000)], 2 ** 40).key.length).toBeLessThanOrEqual(MAX_KEY_BYTES);
  });

  it('come back in answer order: tie groups sorted, streams merged, stopping at the limit', () => {
    const rows = tuples.map((t, i) => ({ ...shape.key(t, i), row: t }));
    rows.sort((a, b) => Buffer.compare(a.key, b.key));
    expect(rows.some((r) => r.cut !== undefined)).toBe(true);
    const ordered = [...inAnswerOrder(rows, tupleOrder)];
    expect(ordered).toEqual([...tuples].sort(tupleOrder));
    const halves = [ordered.filter((_, i) => i % 2 === 0), ordered.filter((_, i) => i % 2 === 1)];
    let read = 0;
    const counted = (xs: string[][]) => (function* () { for (const x of xs) { read += 1; yield x; } })();
    expect(firstOfMerged(halves.map(counted), tupleOrder, 25)).toEqual(ordered.slice(0, 25));
    expect(read).toBeLessThanOrEqual(27);
  });

  it('compare strings by code point, as UTF-8 bytes do', () => {
    const words = ['', 'a', '\uFFFF', '\u{10000}', '\u{1F600}', '\uE000', '\uD7FF', 'ab', '\u{10FFFF}'];
    for (const a of words) for (const b of words) expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(Buffer.compare(utf8(a), utf8(b))));
  });
});
