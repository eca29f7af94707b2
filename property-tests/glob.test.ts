// Simple globs compile to a regular expression; they must mean exactly what
// picomatch (dot files included) means by them, for any path.
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, test } from 'vitest';
import { globMatcher, simpleGlobSource } from '../gate/glob.js';

const segmentChar = fc.constantFrom('a', 'b', '.', '-', '_', 'x', 'A');
// Workspace paths never hold `.` or `..` segments (they are normalised, and `..` is refused before matching).
const literal = fc.string({ unit: segmentChar, minLength: 1, maxLength: 3 }).filter((s) => s !== '.' && s !== '..');
const globSegment = fc.oneof(
  literal,
  fc.constant('**'),
  fc.constant('*'),
  fc.tuple(literal, fc.constantFrom('*', '?'), fc.string({ unit: segmentChar, maxLength: 2 })).map(([a, w, b]) => `${a}${w}${b}`),
  fc.tuple(fc.constantFrom('*', '?'), literal).map(([w, b]) => `${w}${b}`),
);
const glob = fc.array(globSegment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
const path = fc.array(literal, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));

describe('simple globs', () => {
  test('match as picomatch matches, for any path', () => {
    fc.assert(
      fc.property(glob, fc.array(path, { minLength: 1, maxLength: 8 }), fc.boolean(), (g, paths, nocase) => {
        const mine = globMatcher([g], { nocase });
        const reference = picomatch(g, { dot: true, nocase });
        for (const p of paths) expect([g, p, mine(p)]).toEqual([g, p, reference(p)]);
      }),
      { numRuns: 3000 },
    );
  });

  test('paths built to match a glob do match it', () => {
    const cases: Array<[string, string, boolean]> = [
      ['**', 'a/b/c.ts', true],
      ['src/**', 'src', true],
      ['src/**', 'src/a/b.ts', true],
      ['src/**', 'srcx/a.ts', false],
      ['**/node_modules/**', 'node_modules/x/y.js', true],
      ['**/node_modules/**', 'a/node_modules/y.js', true],
      ['**/node_modules/**', 'a/node_modules_x/y.js', false],
      ['.cairn/**', '.cairn/graph/data.mdb', true],
      ['*.pem', 'server.pem', true],
      ['*.pem', 'certs/server.pem', false],
      ['a/**/b', 'a/b', true],
      ['a/**/b', 'a/x/y/b', true],
    ];
    for (const [g, p, expected] of cases) {
      expect([g, p, globMatcher([g])(p)]).toEqual([g, p, expected]);
      expect([g, p, picomatch(g, { dot: true })(p)]).toEqual([g, p, expected]);
    }
  });

  test('the default selections and protected names take the fast path', () => {
    for (const g of ['**', '**/node_modules/**', '.cairn/**', 'src/**', '.env.*', '*.pem', 'id_rsa*', '*credential*']) expect(simpleGlobSource(g)).not.toBeNull();
  });

  test('anything richer goes to picomatch', () => {
    for (const g of ['src/{a,b}/**', '[ab].ts', '!(x).ts', 'src/', './src/**', 'a\\*b', '+(a).ts', 'a**b', '**/**', 'a*/**']) expect(simpleGlobSource(g)).toBeNull();
    expect(globMatcher(['src/{a,b}/**'])('src/b/c.ts')).toBe(true);
    expect(globMatcher(['src/{a,b}/**'])('src/c/c.ts')).toBe(false);
  });
});
