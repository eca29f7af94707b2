// Three-valued evaluation of Go build constraints against a frozen analysis target.
// A tag is true, false or unknown; unknown is absorbing: an expression that mentions
// an unknown tag is unknown as a whole, even where `&&` or `||` would otherwise
// short-circuit past it (the review spec keeps unsupported facts unknown in every
// branch). Pure functions over facts.
import type { BuildTarget } from '../../contracts/review-binding.js';
import type { BuildExpr } from './build-constraint.js';
import { COMPILER_TAGS, KNOWN_ARCH, KNOWN_OS, UNIX_OS, osSatisfies } from './platforms.js';

/** The frozen Go analysis configuration: never the host's Go environment. */
/** The target build constraints are evaluated against (its shape lives in contracts/). */
export type GoTarget = BuildTarget;

export type TagClass =
  | 'os' // a GOOS name
  | 'unix' // the `unix` tag
  | 'arch' // a GOARCH name
  | 'language' // go1.N release tags
  | 'experiment' // goexperiment.* (and its old name boringcrypto)
  | 'arch-feature' // amd64.v3, arm.7, ...
  | 'compiler' // gc, gccgo
  | 'cgo'
  | 'user';

/** Why a constraint or a file's membership is unknown. */
export type UnknownReason =
  | 'language-tag'
  | 'experiment-tag'
  | 'arch-feature-tag'
  | 'compiler-tag'
  | 'cgo'
  | 'no-target' // no frozen Go configuration: target and user tags are not known
  | 'plus-build' // legacy `// +build` lines
  | 'block-comment-header'
  | 'multiple-go-build'
  | 'header-too-long'
  | 'too-many-bytes'
  | 'too-many-tokens'
  | 'too-deep'
  | 'syntax';

export type Tri = true | false | 'unknown';

export interface Evaluation {
  value: Tri;
  /** Why the value is unknown, each reason once, in first-seen order; empty when known. */
  reasons: UnknownReason[];
}

export function classifyTag(tag: string): TagClass {
  if (KNOWN_OS.has(tag)) return 'os';
  if (tag === 'unix') return 'unix';
  if (KNOWN_ARCH.has(tag)) return 'arch';
  if (tag.startsWith('go1.')) return 'language';
  if (tag.startsWith('goexperiment.') || tag === 'boringcrypto') return 'experiment';
  const dot = tag.indexOf('.');
  if (dot > 0 && KNOWN_ARCH.has(tag.slice(0, dot))) return 'arch-feature';
  if (COMPILER_TAGS.has(tag)) return 'compiler';
  if (tag === 'cgo') return 'cgo';
  return 'user';
}

const UNSUPPORTED: Partial<Record<TagClass, UnknownReason>> = {
  language: 'language-tag',
  experiment: 'experiment-tag',
  'arch-feature': 'arch-feature-tag',
  compiler: 'compiler-tag',
  cgo: 'cgo',
};

/** One tag's value under a target (null: no Go configuration at all). */
export function evaluateTag(tag: string, target: GoTarget | null): Evaluation {
  const cls = classifyTag(tag);
  const unsupported = UNSUPPORTED[cls];
  if (unsupported) return { value: 'unknown', reasons: [unsupported] };
  if (!target) return { value: 'unknown', reasons: ['no-target'] };
  switch (cls) {
    case 'os':
      return known(osSatisfies(target.goos, tag));
    case 'unix':
      return known(UNIX_OS.has(target.goos));
    case 'arch':
      return known(target.goarch === tag);
    default:
      return known(target.tags.includes(tag));
  }
}

const known = (value: boolean): Evaluation => ({ value, reasons: [] });

/** Evaluates a parsed constraint. Unknown anywhere makes the whole expression unknown. */
export function evaluate(expr: BuildExpr, target: GoTarget | null): Evaluation {
  const reasons: UnknownReason[] = [];
  const walk = (e: BuildExpr): boolean => {
    switch (e.kind) {
      case 'tag': {
        const r = evaluateTag(e.name, target);
        for (const why of r.reasons) if (!reasons.includes(why)) reasons.push(why);
        return r.value === true;
      }
      case 'not':
        return !walk(e.operand);
      case 'and': {
        // Both sides are always walked, so every unknown tag is seen.
        const l = walk(e.left);
        const r = walk(e.right);
        return l && r;
      }
      case 'or': {
        const l = walk(e.left);
        const r = walk(e.right);
        return l || r;
      }
    }
  };
  const value = walk(expr);
  return reasons.length > 0 ? { value: 'unknown', reasons } : known(value);
}
