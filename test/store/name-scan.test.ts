// The name keys a long-lived reader keeps in one buffer answer a substring scan exactly
// as a walk of every key does: same keys, same order, no match across two keys, and a
// new version of the index is walked again.
import { describe, expect, it } from 'vitest';
import { NameScan } from '../../store/name-scan.js';

const keys = (names: string[]) => names.map((n) => Buffer.from(n, 'utf8'));
const naive = (all: Buffer[], needle: Buffer) => all.filter((k) => k.indexOf(needle) >= 0).map(String);

describe('NameScan', () => {
  it('finds the keys a walk finds, on its first scan and from its buffer after, never a match across two keys', () => {
    const all = keys(['abc', 'cde', 'parse', 'parser', 'xparsey', 'é-parse', 'zz']);
    let walks = 0;
    const walk = () => (walks++, all);
    const scan = new NameScan();
    for (const q of ['parse', 'cc', 'cd', 'z', 'é', 'abccde', 'q']) {
      const needle = Buffer.from(q, 'utf8');
      expect([...scan.containing('v1', needle, walk)].map(String), q).toEqual(naive(all, needle));
    }
    // The first scan walked, the second walked once more to build the buffer, the rest read it.
    expect(walks).toBe(2);
    // 'abccde' spans the keys 'abc' and 'cde' in the buffer: not a match.
    expect([...scan.containing('v1', Buffer.from('ccd'), walk)]).toEqual([]);
  });

  it('walks the keys again for a new version of the index', () => {
    let all = keys(['alpha', 'beta']);
    const scan = new NameScan();
    const walk = () => all;
    for (let i = 0; i < 3; i++) expect([...scan.containing('v1', Buffer.from('a'), walk)].map(String)).toEqual(['alpha', 'beta']);
    all = keys(['alpha', 'beta', 'gamma']);
    for (let i = 0; i < 3; i++) expect([...scan.containing('v2', Buffer.from('mm'), walk)].map(String)).toEqual(['gamma']);
  });
});
