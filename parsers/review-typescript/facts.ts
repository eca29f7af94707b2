// Facts the TypeScript review adapter reports about one file. Plain data: the
// machines see only ids, kinds and coordinates derived from these, never source.

/** Kinds of top-level declarations the adapter recognises. */
export type DeclarationKind =
  | 'interface'
  | 'type'
  | 'function'
  | 'const-callable'
  | 'class'
  | 'enum'
  | 'namespace'
  | 'variable'
  | 'ambient';

/** Why a declaration cannot be a review root (or a supporting node). */
export type IneligibleReason =
  | 'declaration-merging'
  | 'duplicate-name'
  | 'function-overload'
  | 'unsupported-callable'
  | 'not-a-root';

export interface ReviewDeclaration {
  /** Position among the file's top-level declarations (0-based): its identity within a snapshot. */
  index: number;
  name: string;
  kind: DeclarationKind;
  /** The review branch this declaration can be a root of, or null. */
  rootKind: 'type' | 'function' | null;
  ineligible: IneligibleReason | null;
  exported: boolean;
  /** Half-open UTF-16 offsets of the whole declaration, `export` included. */
  start: number;
  end: number;
  /** 1-based inclusive lines. */
  startLine: number;
  endLine: number;
}

/** A top-level stretch that belongs to no declaration (imports, statements, comments). */
export interface TopLevelMaterial {
  start: number;
  end: number;
  comment: boolean;
}

export interface ImportBinding {
  local: string;
  /** Exported name in the source module; '*' for `import * as ns`, 'default' for default imports. */
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

export interface ReExport {
  /** Name this module exports; '*' for `export * from`. */
  exported: string;
  /** Name in the source module; '*' for star forms. */
  imported: string;
  specifier: string;
}

export interface ReviewFileFacts {
  declarations: ReviewDeclaration[];
  material: TopLevelMaterial[];
  imports: ImportBinding[];
  reExports: ReExport[];
  /** `export { a as b }` without a source: exported name -> local name. */
  localExports: Record<string, string>;
  syntaxErrors: boolean;
}

/** One outbound reference of a declaration, in source order. */
export interface OutboundReference {
  kind: 'type' | 'call';
  name: string;
  /** Set for `ns.Member` forms. */
  member?: string;
  offset: number;
}
