// The seam between the shared resolution engine (store/resolve/) and each language's
// binding rules (parsers/<lang>/resolve.ts): the lookups the store provides, and what a
// language answers. A language folder sees the store only through this interface.
//
// A language binder answers only what its scoping rules can prove (import bindings,
// qualified paths, `self`/`this` receivers, module globs). It returns a Binding, or
// undefined to let the engine apply the language-neutral tiers (same_file, then
// name_only). Every lookup goes through the ResolveContext: the context records
// what a call site consulted, and that record is what tells an incremental apply
// which call sites to re-resolve. A binder that reads the store any other way
// breaks "incremental equals fresh".
import type { CallSiteFact, ImportFact, Language, ModuleConfigFact } from './facts.js';
import type { FileRecord, SymbolRecord } from './graph.js';
import type { ResolutionKind, UnresolvedReason } from './tiers.js';

/**
 * A call site as kept in the store: the fact, with its enclosing symbol named by its slot
 * in the file's file_symbols list (0, the file symbol, for file-scope code). The last
 * four fields are the site's context, set when it is read back for resolution
 * (store/resolve-file.ts) and never stored: its index in the file's list, the file's path
 * and language, and the enclosing symbol's id.
 */
export interface StoredCallSite extends Omit<CallSiteFact, 'caller'> {
  callerSlot: number;
  ord: number;
  path: string;
  language: Language | null;
  callerId: string;
}

export interface ResolveContext {
  /** Workspace symbols with exactly this name (no file symbols). */
  byName(name: string): SymbolRecord[];
  /** The indexed file at this path, if any. */
  file(path: string): FileRecord | undefined;
  /** Symbols of a file in source order (no file symbol). */
  symbolsInFile(path: string): SymbolRecord[];
  /** The import/re-export facts of a file. */
  imports(path: string): ImportFact[];
  /** The module configuration file (tsconfig.json, package.json) at this path, if the workspace has one. */
  config(path: string): ModuleConfigFact | undefined;
  /** A symbol by id. */
  symbol(id: string): SymbolRecord | undefined;
  /**
   * `compute()`, memoised under `key` for the rest of the resolution: compute must be a
   * function of this context's lookups alone. A hit records again the dependencies the
   * first computation recorded, so memoising never hides what a call site consulted.
   */
  memo<T>(key: string, compute: () => T): T;
}

/** What the engine resolves: one stored call site and the symbol that contains it. */
export interface SiteInput {
  site: StoredCallSite;
  /** The caller's record (the file symbol for file-scope code). */
  caller: SymbolRecord;
}

export type Binding =
  /** One candidate becomes an edge at `tier`; several become ambiguous_target; none is missing_target. */
  | { kind: 'candidates'; tier: ResolutionKind; candidates: SymbolRecord[] }
  /** A definite answer that is not an edge (an external import, a receiver with no such member). */
  | { kind: 'unresolved'; reason: UnresolvedReason; note?: string };

export interface LanguageBinder {
  /** Tiers only this language's scoping can answer; undefined hands over to same_file / name_only. */
  bind(input: SiteInput, ctx: ResolveContext): Binding | undefined;
  /**
   * Method names of the language's standard types (`push`, `map`, `unwrap`, ...). A member
   * call on a receiver of unknown type with one of these names is `builtin` instead
   * of binding by name: the likely target is outside the workspace.
   */
  readonly builtinMethods: ReadonlySet<string>;
  /** Macros of the language's standard library (`println`, `vec`): `builtin`, not `macro_or_function`. */
  readonly builtinMacros?: ReadonlySet<string>;
  /** Receiver expressions that mean "the enclosing type" (`self`, `this`). */
  readonly selfReceivers: ReadonlySet<string>;
}

export type Resolution =
  | { kind: 'edge'; target: string; tier: ResolutionKind }
  | { kind: 'unresolved'; reason: UnresolvedReason; candidate_count?: number; candidates?: string[]; note?: string };
