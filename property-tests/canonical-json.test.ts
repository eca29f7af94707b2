// Properties of the canonical encoding (RFC 8785): key order, unicode and numbers.
// Fingerprints, the evidence budget and the bytes a backend receives all rest on it.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalJson } from '../review/canonical.js';

/** The keys of a flat object's encoding, in the order they were written (values are numbers, so every string is a key). */
const writtenKeys = (encoded: string): string[] => [...encoded.matchAll(/"(?:[^"\\]|\\.)*":/g)].map((m) => JSON.parse(m[0].slice(0, -1)) as string);

/** UTF-16 code unit order, which RFC 8785 prescribes for keys (not code point order). */
const byCodeUnits = (a: string, b: string): number => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.charCodeAt(i) - b.charCodeAt(i);
  return a.length - b.length;
};

const reversedKeys = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));

describe('canonical JSON: key order', () => {
  test.prop([fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.integer())])('keys are written once each, in UTF-16 code unit order', (dict) => {
    const encoded = canonicalJson(dict);
    expect(writtenKeys(encoded)).toEqual(Object.keys(dict).sort(byCodeUnits));
  });

  test.prop([fc.jsonValue({ stringUnit: 'binary' })])('is independent of insertion order and stable under re-parsing', (value) => {
    const encoded = canonicalJson(value);
    expect(canonicalJson(reversedKeys(value))).toBe(encoded);
    expect(canonicalJson(JSON.parse(encoded))).toBe(encoded);
    expect(canonicalBytes(value)).toBe(Buffer.byteLength(encoded, 'utf8'));
  });

  test.prop([fc.jsonValue({ stringUnit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' })])('an object nested in another is encoded exactly as on its own', (inner, other) => {
    // What lets a backend recompute the fingerprint of the review input from the request it received.
    expect(canonicalJson({ input: inner, rules: other, version: 1 })).toBe(`{"input":${canonicalJson(inner)},"rules":${canonicalJson(other)},"version":1}`);
  });

  it('sorts the RFC 8785 example keys by code units, so U+1F600 comes before U+FB33', () => {
    const value = { '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\ufb33': 'Hebrew Letter Dalet With Dagesh', '1': 'One', '\ud83d\ude00': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' };
    expect(writtenKeys(canonicalJson(value))).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });
});

describe('canonical JSON: unicode', () => {
  test.prop([fc.string({ unit: 'binary' })])('a string round-trips; only quote, backslash and control characters are escaped', (text) => {
    const encoded = canonicalJson(text);
    expect(JSON.parse(encoded)).toBe(text);
    expect(encoded).not.toMatch(/[\u0000-\u001f]/);
    // Everything past ASCII is written as itself in UTF-8, never as \u escapes.
    const body = encoded.slice(1, -1);
    expect(body.replace(/\\(["\\/bfnrt]|u00[01][0-9a-f])/g, '')).not.toContain('\\');
    for (const ch of text) if (ch.codePointAt(0)! >= 0x7f) expect(body).toContain(ch);
  });

  it('uses the short escapes where JSON has them and lowercase \\u00xx for other control characters', () => {
    expect(canonicalJson('\b\t\n\f\r"\\\u0001\u001f\u007f/')).toBe('"\\b\\t\\n\\f\\r\\"\\\\\\u0001\\u001f\u007f/"');
  });

  it('refuses a lone surrogate, which has no UTF-8 form', () => {
    expect(() => canonicalJson('\ud800')).toThrow();
    expect(() => canonicalJson({ ['\udc00']: 1 })).toThrow();
  });
});

describe('canonical JSON: numbers', () => {
  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])('a finite number is written in its shortest round-trip form', (n) => {
    const encoded = canonicalJson(n);
    expect(Object.is(JSON.parse(encoded), n) || (n === 0 && encoded === '0')).toBe(true);
    expect(encoded).toBe(Object.is(n, -0) ? '0' : String(n));
    expect(encoded).not.toMatch(/^-?0\d|\.$|\.e|E|\+\d*\.|e\+?0/);
  });

  it('writes the RFC 8785 sample values as the RFC does', () => {
    const samples: Array<[number, string]> = [
      [0, '0'],
      [-0, '0'],
      [5e-324, '5e-324'],
      [-5e-324, '-5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [9007199254740992, '9007199254740992'],
      [-9007199254740992, '-9007199254740992'],
      [295147905179352830000, '295147905179352830000'],
      [1e21, '1e+21'],
      [1e20, '100000000000000000000'],
      [0.000001, '0.000001'],
      [1e-7, '1e-7'],
      [333333333.3333333, '333333333.3333333'],
      [9.999999999999997e22, '9.999999999999997e+22'],
      [1e23, '1e+23'],
    ];
    for (const [value, text] of samples) expect(canonicalJson(value)).toBe(text);
  });

  it('refuses NaN and the infinities, which JSON cannot carry', () => {
    for (const n of [NaN, Infinity, -Infinity]) expect(() => canonicalJson({ n })).toThrow();
  });
});
