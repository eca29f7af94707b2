// Properties of the Go build-constraint parser and evaluator: any line (valid,
// garbage, deep, long) gets a typed answer without a throw, within the bounds, the
// same answer twice; and on valid expressions the three-valued evaluator agrees with
// a plain boolean reference written here, for every target of a small table and
// every set of user tags.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  MAX_CONSTRAINT_BYTES,
  MAX_CONSTRAINT_NESTING,
  MAX_CONSTRAINT_TOKENS,
  evaluate,
  parseBuildLine,
  readHeader,
  type BuildExpr,
  type GoTarget,
} from '../parsers/go/review-facts.js';

type Tree = { tag: string } | { not: Tree } | { and: [Tree, Tree] } | { or: [Tree, Tree] };

// Tags whose value a target decides, and tags this profile never decides.
const OS_TAGS = ['linux', 'windows', 'darwin', 'android', 'solaris', 'illumos', 'ios', 'unix'];
const ARCH_TAGS = ['amd64', 'arm64', '386'];
const USER_TAGS = ['integration', 'e2e', 'ignore'];
const UNSUPPORTED_TAGS = ['cgo', 'go1.21', 'goexperiment.arenas', 'amd64.v3', 'gc', 'gccgo'];

const tree = (tags: string[]) =>
  fc.letrec<{ t: Tree }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(...tags).map((tag) => ({ tag })),
      tie('t').map((t) => ({ not: t })),
      fc.tuple(tie('t'), tie('t')).map((p) => ({ and: p as [Tree, Tree] })),
      fc.tuple(tie('t'), tie('t')).map((p) => ({ or: p as [Tree, Tree] })),
    ),
  })).t;

const space = fc.constantFrom('', ' ', '  ', '\t');

/** Renders a tree with the fewest parentheses the precedence needs, plus some extra ones. */
function render(t: Tree, pick: () => string, extra: () => boolean): string {
  const prec = (x: Tree) => ('or' in x ? 1 : 'and' in x ? 2 : 3);
  const wrap = (x: Tree, min: number) => {
    const s = render(x, pick, extra);
    return prec(x) < min || ('not' in t && !('tag' in x)) || (!('tag' in x) && extra()) ? `(${pick()}${s}${pick()})` : s;
  };
  if ('tag' in t) return t.tag;
  if ('not' in t) return `!${pick()}${wrap(t.not, 3)}`;
  // Left-associative: the right operand of an operator of the same level needs parentheses.
  if ('and' in t) return `${wrap(t.and[0], 2)}${pick()}&&${pick()}${wrap(t.and[1], 3)}`;
  return `${wrap(t.or[0], 1)}${pick()}||${pick()}${wrap(t.or[1], 2)}`;
}

const shape = (e: BuildExpr): unknown =>
  e.kind === 'tag' ? e.name : e.kind === 'not' ? { not: shape(e.operand) } : { [e.kind]: [shape(e.left), shape(e.right)] };
const treeShape = (t: Tree): unknown =>
  'tag' in t ? t.tag : 'not' in t ? { not: treeShape(t.not) } : 'and' in t ? { and: t.and.map(treeShape) } : { or: t.or.map(treeShape) };

// The reference: a target's tags written out by hand from the toolchain's documented rules.
const UNIX = ['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'linux', 'netbsd', 'openbsd', 'solaris'];
const ALSO: Record<string, string> = { android: 'linux', illumos: 'solaris', ios: 'darwin' };
function referenceTag(tag: string, target: GoTarget): boolean {
  if (tag === 'unix') return UNIX.includes(target.goos);
  if (OS_TAGS.includes(tag)) return target.goos === tag || ALSO[target.goos] === tag;
  if (ARCH_TAGS.includes(tag)) return target.goarch === tag;
  return target.tags.includes(tag);
}
const reference = (t: Tree, target: GoTarget): boolean =>
  'tag' in t ? referenceTag(t.tag, target) : 'not' in t ? !reference(t.not, target) : 'and' in t ? reference(t.and[0], target) && reference(t.and[1], target) : reference(t.or[0], target) || reference(t.or[1], target);
const mentions = (t: Tree, tags: string[]): boolean =>
  'tag' in t ? tags.includes(t.tag) : 'not' in t ? mentions(t.not, tags) : 'and' in t ? t.and.some((x) => mentions(x, tags)) : t.or.some((x) => mentions(x, tags));

const TARGETS: Array<[string, string]> = [
  ['linux', 'amd64'], ['linux', 'arm64'], ['windows', 'amd64'], ['windows', '386'], ['darwin', 'arm64'],
  ['android', 'arm64'], ['illumos', 'amd64'], ['ios', 'arm64'], ['solaris', 'amd64'],
];
const SUBSETS = Array.from({ length: 1 << USER_TAGS.length }, (_, m) => USER_TAGS.filter((_, i) => m & (1 << i)));

describe('go:build parser', () => {
  test.prop([tree([...OS_TAGS, ...ARCH_TAGS, ...USER_TAGS, ...UNSUPPORTED_TAGS]), fc.infiniteStream(space), fc.infiniteStream(fc.boolean())], { numRuns: 150 })(
    'a rendered expression parses back to its own tree, or stops at a bound',
    (t, spaces, extras) => {
      const line = `//go:build ${render(t, () => spaces.next().value, () => extras.next().value)}`;
      const p = parseBuildLine(line);
      if (p.ok) expect(shape(p.expr)).toEqual(treeShape(t));
      else expect(['too-many-bytes', 'too-many-tokens', 'too-deep']).toContain(p.failure);
    },
  );

  const token = fc.oneof(
    fc.constantFrom('(', ')', '!', '&&', '||', '&', '|', ' ', '\t', 'linux', 'go1.2', 'a_b', 'é', '-', '"', '//go:build', '\u0000', '\u{1F600}'),
    fc.string({ maxLength: 3 }),
  );
  const garbage = fc.oneof(
    fc.array(token, { maxLength: 60 }).map((ts) => `//go:build ${ts.join('')}`),
    fc.array(token, { maxLength: 60 }).map((ts) => ts.join('')),
    fc.integer({ min: 1, max: 120 }).map((n) => `//go:build ${'('.repeat(n)}a${')'.repeat(n)}`),
    fc.integer({ min: 1, max: 120 }).map((n) => `//go:build ${'!('.repeat(n)}a${')'.repeat(n)}`),
    fc.integer({ min: 1, max: 700 }).map((n) => `//go:build ${Array(n).fill('a').join(' || ')}`),
    fc.integer({ min: 1, max: 1200 }).map((n) => `//go:build ${'x'.repeat(n)}`),
  );

  test.prop([garbage], { numRuns: 200 })('never throws, respects its bounds and answers the same twice', (line) => {
    const p = parseBuildLine(line);
    expect(parseBuildLine(line)).toEqual(p);
    if (p.ok) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_CONSTRAINT_BYTES);
      expect(p.tokens).toBeLessThanOrEqual(MAX_CONSTRAINT_TOKENS);
      expect(p.nesting).toBeLessThanOrEqual(MAX_CONSTRAINT_NESTING);
    } else {
      expect(['too-many-bytes', 'too-many-tokens', 'too-deep', 'syntax']).toContain(p.failure);
    }
  });

  test.prop([fc.string({ maxLength: 400 }), fc.array(fc.constantFrom('//go:build linux\n', '// +build x\n', '/* c */\n', '\n', 'package p\n', '// c\n', '\r\n'), { maxLength: 8 })])(
    'the header reader never throws on any text',
    (text, lines) => {
      const header = readHeader(lines.join('') + text);
      expect(['none', 'go-build', 'unreadable']).toContain(header.kind);
    },
  );
});

describe('go:build evaluator', () => {
  test.prop([tree([...OS_TAGS, ...ARCH_TAGS, ...USER_TAGS])], { numRuns: 100 })(
    'with only decidable tags: equals the reference for every target and every set of user tags',
    (t) => {
      const p = parseBuildLine(`//go:build ${render(t, () => ' ', () => false)}`);
      fc.pre(p.ok);
      if (!p.ok) return;
      for (const [goos, goarch] of TARGETS) {
        for (const tags of SUBSETS) {
          const target = { goos, goarch, tags };
          expect(evaluate(p.expr, target)).toEqual({ value: reference(t, target), reasons: [] });
        }
      }
      expect(evaluate(p.expr, null).value).toBe('unknown');
    },
  );

  test.prop([tree([...OS_TAGS, ...ARCH_TAGS, ...USER_TAGS, ...UNSUPPORTED_TAGS])], { numRuns: 100 })(
    'with any tag: unknown exactly when an unsupported tag appears, else the reference value',
    (t) => {
      const p = parseBuildLine(`//go:build ${render(t, () => ' ', () => false)}`);
      fc.pre(p.ok);
      if (!p.ok) return;
      const unsupported = mentions(t, UNSUPPORTED_TAGS);
      for (const [goos, goarch] of TARGETS) {
        for (const tags of SUBSETS) {
          const target = { goos, goarch, tags };
          const got = evaluate(p.expr, target);
          if (unsupported) {
            expect(got.value).toBe('unknown');
            expect(got.reasons.length).toBeGreaterThan(0);
          } else expect(got).toEqual({ value: reference(t, target), reasons: [] });
        }
      }
    },
  );
});
