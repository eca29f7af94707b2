// Facts every review language profile reports about one file. Plain data: the
// machines see only ids, kinds and coordinates derived from these, never source.
// A profile adds its own binding facts (imports, module declarations) beside them.

export interface ReviewDeclaration {
  /** Position among the file's top-level declarations (0-based): its identity within a snapshot. */
  index: number;
  name: string;
  /** The profile's own kind name (`interface`, `struct`, `class`, ...). */
  kind: string;
  /** The review branch this declaration can be a root of, or null. */
  rootKind: 'type' | 'function' | null;
  /** Null when the declaration can be a root (or a supporting node); otherwise why not. */
  ineligible: string | null;
  /** Visible to other modules (`export`, `pub`, a public Python name). */
  exported: boolean;
  /** Half-open UTF-16 offsets of the whole declaration (export marker, attributes, decorators included). */
  start: number;
  end: number;
  /** 1-based inclusive lines. */
  startLine: number;
  endLine: number;
  /**
   * Stretches inside the declaration whose edit alone does not change the root (Python
   * methods): a span wholly inside one selects nothing.
   */
  inert?: Array<{ start: number; end: number }>;
}

/** A top-level stretch that belongs to no declaration (imports, statements, comments). */
export interface TopLevelMaterial {
  start: number;
  end: number;
  comment: boolean;
}

/** One outbound reference of a declaration, in source order. */
export interface OutboundReference {
  kind: 'type' | 'call';
  /** The name as written; for a qualified reference, its first segment. */
  name: string;
  /** Set for `ns.Member` forms (TypeScript): the member after the one qualifier. */
  member?: string;
  /** Set for longer qualified paths (`crate::a::T`, `pkg.mod.T`): every segment, `name` first. */
  path?: string[];
  offset: number;
  /** Set when the reference is syntax the profile does not establish: the omission's reason. */
  unsupported?: string;
}

export interface ReviewFacts {
  declarations: ReviewDeclaration[];
  material: TopLevelMaterial[];
  syntaxErrors: boolean;
}

/** A parsed file: its facts, and the references of any of its declarations. Call dispose() when done. */
export interface ReviewFile<F extends ReviewFacts = ReviewFacts> {
  facts: F;
  references(declaration: ReviewDeclaration): OutboundReference[];
  dispose(): void;
}

export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
}

/** One observation of a directory's direct entries. */
export interface DirectoryObservation {
  entries: DirectoryEntry[];
  /** More entries existed than were observed (the inventory is incomplete). */
  truncated: boolean;
}
