// The review language profiles, from the one list of languages (parsers/registry.ts): a
// profile says which files it parses, with which grammar, and opens a file into review
// facts. Its query file is grammars/<lang>/review.scm (the capture vocabulary is in
// parsers/review/captures.ts), its adapter parsers/<lang>/review.ts, its binding and
// omission policy parsers/<lang>/binding.ts. parsers/README.md says how to add one.
// Machines stay language-neutral; workers/ only parses through this registry.
import type { GrammarName } from '../tree-sitter.js';
import { LANGUAGES } from '../registry.js';
import type { ReviewFile } from './facts.js';
import { SOURCE_CEILING } from './ceilings.js';

/** A review language's name (its folder's). */
export type ReviewLanguage = string;

/**
 * What a profile parses with: a tree-sitter grammar, or a grammar the language brings
 * in its own grammars/<lang>/ folder (an Ohm grammar), by a name its profile gives it.
 */
export type ProfileGrammar = GrammarName | (string & {});

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
  /** Module metadata file names captured under the same ceiling. */
  metadataFiles?: readonly string[];
}



/** The per-source capture ceiling of a path: its language's, its metadata's, else 256 KiB; never above `configured`. */
export function sourceCeiling(path: string, configured: number): number {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const owner = profileFor(path) ?? REVIEW_PROFILES.find((p) => p.metadataFiles?.includes(base));
  return Math.min(configured, owner?.sourceCeiling ?? SOURCE_CEILING);
}

/** Every language's review profile, in the registry's order. */
export const REVIEW_PROFILES: readonly ReviewProfile[] = LANGUAGES.flatMap((entry) => (entry.review ? [entry.review] : []));

/** The profile whose files include this path, if any. */
export function profileFor(path: string): ReviewProfile | null {
  return REVIEW_PROFILES.find((p) => p.grammarFor(path) !== null) ?? null;
}

/** Starts loading the grammars and queries these paths need, so they compile while start-up goes on. */
export function preloadProfiles(paths: string[]): void {
  for (const path of new Set(paths)) {
    const profile = profileFor(path);
    const grammar = profile?.grammarFor(path);
    if (profile && grammar) profile.preload(grammar);
  }
}
