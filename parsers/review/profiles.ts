// The review language profiles: a static registry from file extension to the profile
// that parses it. A profile is a query file in grammars/<lang>/review.scm, a pure
// adapter in parsers/review-<lang>/ and a module-authority probe; its binding policy
// lives in review/binding/<lang>.ts (registered in review/binding/index.ts).
//
// Adding a language profile:
//   1. grammars/<lang>/review.scm: captures from the vocabulary in parsers/review/captures.ts
//      (declarations, references, binders, imports, modules, uncertain constructs).
//   2. parsers/review-<lang>/index.ts: `open(source, grammar)` returning a ReviewFile whose
//      facts extend ReviewFacts (declarations with rootKind/ineligible, top-level material,
//      the language's binding facts) and `references(declaration)`. Facts only: no file
//      system, no policy. A module-authority probe (manifest or layout facts from text)
//      sits beside it.
//   3. review/binding/<lang>.ts: a LanguageBinder (what a name binds to, builtins, which
//      constructs are omissions and why), asking the BindingHost for stats and gated
//      authority captures. Register it in review/binding/index.ts.
//   4. Add the language to ANALYZED_LANGUAGES (review/rules.ts) and to the inputs of the
//      shipped rules that apply; add a profile entry below.
// Machines stay language-neutral; workers/ only parses through this registry.
import { parserFor, type GrammarName } from '../tree-sitter.js';
import { reviewQuery } from './captures.js';
import type { ReviewFile } from './facts.js';

export type ReviewLanguage = 'typescript' | 'rust' | 'python' | 'go' | 'bend';

/** What a profile parses with: a tree-sitter grammar, or an Ohm grammar in grammars/ (Bend). */
export type ProfileGrammar = GrammarName | 'bend-type';

export interface ReviewProfile {
  language: ReviewLanguage;
  /** The grammar a file of this profile parses with (roots or supporting evidence), or null. */
  grammarFor(path: string): ProfileGrammar | null;
  /** May a file at this path hold review roots (supporting-only forms such as `.d.ts` and `.pyi` may not)? */
  rootPath(path: string): boolean;
  open(source: string, grammar: ProfileGrammar): Promise<ReviewFile>;
  /** Tiny files by path, parsed once when a review server starts so its first answer is warm. */
  samples: Record<string, string>;
  /** Starts loading what parsing needs (grammar, review query) without waiting. */
  preload(grammar: ProfileGrammar): void;
  /** The largest source file of this language a review captures (a lower configured fileBytes wins). */
  sourceCeiling: number;
}

/** The spec's per-source ceilings: 256 KiB, and 2 MiB where the Python and Go sections allow it. */
const KIB_256 = 256 * 1024;
const MIB_2 = 2 * 1024 * 1024;

const typescript: ReviewProfile = {
  language: 'typescript',
  sourceCeiling: KIB_256,
  grammarFor: (path) => (path.endsWith('.tsx') ? 'tsx' : /\.(ts|mts|cts)$/.test(path) ? 'typescript' : null),
  rootPath: (path) => /\.(ts|tsx|mts|cts)$/.test(path) && !/\.d\.(m|c)?ts$/.test(path),
  open: async (source, grammar) => (await import('../review-typescript/index.js')).openReviewFile(source, grammar as 'typescript' | 'tsx'),
  samples: { 'warm.ts': 'export type Warm = string;\n', 'warm.tsx': 'export type Warm = string;\n' },
  preload: (grammar) => void import('../review-typescript/index.js').then((m) => m.preloadGrammar(grammar as 'typescript' | 'tsx')).catch(() => undefined),
};

const rust: ReviewProfile = {
  language: 'rust',
  sourceCeiling: KIB_256,
  grammarFor: (path) => (path.endsWith('.rs') ? 'rust' : null),
  rootPath: (path) => path.endsWith('.rs'),
  open: async (source) => (await import('../review-rust/index.js')).openRustFile(source),
  samples: { 'warm.rs': 'pub struct Warm { a: String }\n' },
  preload: () => void Promise.all([parserFor('rust'), reviewQuery('rust', 'rust')]).catch(() => undefined),
};

const python: ReviewProfile = {
  language: 'python',
  sourceCeiling: MIB_2,
  grammarFor: (path) => (path.endsWith('.py') || path.endsWith('.pyi') ? 'python' : null),
  rootPath: (path) => path.endsWith('.py'),
  open: async (source) => (await import('../review-python/index.js')).openPythonFile(source),
  samples: { 'warm.py': 'class Warm:\n    a: str\n' },
  preload: () => void Promise.all([parserFor('python'), reviewQuery('python', 'python')]).catch(() => undefined),
};

const go: ReviewProfile = {
  language: 'go',
  sourceCeiling: MIB_2,
  grammarFor: (path) => (path.endsWith('.go') ? 'go' : null),
  // Production files only: `_test.go` and dot- or underscore-prefixed files are not package members.
  rootPath: (path) => path.endsWith('.go') && !path.endsWith('_test.go') && !/(^|\/)[._][^/]*$/.test(path),
  open: async (source) => (await import('../review-go/adapter.js')).openGoReviewFile(source),
  samples: { 'warm.go': 'package warm\n\ntype Warm string\n' },
  preload: () => void import('../review-go/adapter.js').then((m) => m.preloadGo()).catch(() => undefined),
};

const bend: ReviewProfile = {
  language: 'bend',
  sourceCeiling: KIB_256,
  grammarFor: (path) => (path.endsWith('.bend') ? 'bend-type' : null),
  rootPath: (path) => path.endsWith('.bend'),
  open: async (source) => (await import('../review-bend/adapter.js')).openBendReviewFile(source),
  samples: { 'warm.bend': 'type Warm is Data:\n  Warm{}\n' },
  preload: () => void import('../review-bend/adapter.js').catch(() => undefined),
};

export const REVIEW_PROFILES: readonly ReviewProfile[] = [typescript, rust, python, go, bend];

/** The profile whose files include this path, if any. */
export function profileFor(path: string): ReviewProfile | null {
  return REVIEW_PROFILES.find((p) => p.grammarFor(path) !== null) ?? null;
}

/** Python's and Go's module metadata, captured under their language's ceiling. */
const METADATA_CEILINGS: Record<string, number> = { 'go.mod': MIB_2, 'pyproject.toml': MIB_2, 'setup.cfg': MIB_2 };

/** The per-source capture ceiling of a path: its language's, its metadata's, else 256 KiB; never above `configured`. */
export function sourceCeiling(path: string, configured: number): number {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return Math.min(configured, profileFor(path)?.sourceCeiling ?? METADATA_CEILINGS[base] ?? KIB_256);
}

/** Starts loading the grammars and queries these paths need, so they compile while start-up goes on. */
export function preloadProfiles(paths: string[]): void {
  for (const path of new Set(paths)) {
    const profile = profileFor(path);
    const grammar = profile?.grammarFor(path);
    if (profile && grammar) profile.preload(grammar);
  }
}
