// What a language's binding and omission policy (parsers/<lang>/binding.ts) sees of the
// world, and what it answers: the interface between review/ and each language.
// Policy is pure code: it asks the host for parsed files it captured, for stats (is there
// a file here?) and for authority files (tsconfig.json, Cargo.toml, __init__.py) through
// the path gate; it never opens a file itself.
import type { DirectoryObservation, OutboundReference, ReviewFacts, ReviewFile } from './review-facts.js';

/** Where a reference leads, as far as the adapter could tell without reading another file. */
export type ReferenceTarget =
  | { kind: 'decl'; key: string; path: string }
  | { kind: 'module'; path: string; name: string; alternatives?: string[] }
  | { kind: 'omitted'; reason: string };

/** A build target a language's file membership is evaluated against (Go: GOOS, GOARCH and the true tags). */
export interface BuildTarget {
  goos: string;
  goarch: string;
  /** The complete list of user tags; a tag not listed is false. */
  tags: readonly string[];
}

/**
 * Frozen analysis settings from the configuration that a binder may need: each
 * language's own setting under its key (contracts/review-language.ts), as the Go target
 * build constraints are evaluated against (null: none configured).
 */
export type AnalysisSettings = Readonly<Record<string, unknown>>;

/** A captured authority file: its text, or why it could not be had. */
export type AuthorityCapture = { ok: true; text: string } | { ok: false; reason: string };

export interface BindingHost {
  /** The parsed file at a path the traversal captured already. */
  file(path: string): Promise<ReviewFile>;
  /** Is there a regular file / a directory here? A stat, never a read (a probe of module alternatives). */
  isFile(path: string): boolean;
  /**
   * isFile for an alternative whose absence the binding relies on (`child/mod.rs` beside
   * `child.rs`, `x/__init__.py` beside `x.py`): an absent one becomes a freshness
   * dependency, so creating it later makes the review stale. Checked by stat only.
   */
  probe(path: string): boolean;
  isDirectory(path: string): boolean;
  /**
   * Captures a file that decides which files may bind a name, through the path gate and
   * within the unit's file and read budgets; it becomes a freshness dependency of the unit.
   * `as: 'config'` checks containment, protection, privacy and ignore rules only (project
   * metadata); `as: 'context'` also context selection (source files such as module ancestors).
   */
  authority(path: string, as: 'config' | 'context'): Promise<AuthorityCapture>;
  /** Parses an authority file captured as context with its language's profile. */
  parsed(path: string): Promise<ReviewFile | null>;
  /**
   * The names and kinds of a directory's direct entries, at most `max` of them (a package
   * inventory), after a containment, protection, privacy and ignore check of the
   * directory; null when it may not be listed. Lists names only, reads no file.
   */
  listDirectory(path: string, max: number): DirectoryObservation | null;
  analysis: AnalysisSettings;
}

/** A language's binding and omission policy. */
export interface LanguageBinder {
  language: string;
  /** Where a reference leads, without reading another source file. Null: a builtin, not an edge. */
  resolveReference(host: BindingHost, path: string, file: ReviewFile, reference: OutboundReference): Promise<ReferenceTarget | null>;
  /** What a captured module binds `name` to: a declaration, another module (a re-export hop), or an omission. */
  resolveExport(host: BindingHost, path: string, name: string, relation: 'type' | 'call'): Promise<ReferenceTarget>;
  /**
   * Why every reference of this file's declarations is uncertain (macros, attributes,
   * extern crates), or null. Roots stay selectable; the omission blocks closure rules.
   */
  scopeUncertainty(facts: ReviewFacts): string | null;
  /** The reference as the evidence names it (`ns.T`, `a::T`, `m.T`). */
  display(reference: OutboundReference): string;
  /**
   * The source of a bundled library file this language ships (Bend's Base catalog) at a
   * `bundled:` path its resolveReference returned, or null. Bundled files are parsed like
   * captured ones but never captured: they have no workspace path and never become roots.
   */
  bundledSource?(path: string): string | null;
}

/** Paths of bundled library declarations start with this; no workspace-relative path does. */
export const BUNDLED_PREFIX = 'bundled:';
