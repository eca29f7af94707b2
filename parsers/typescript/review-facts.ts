// Facts the TypeScript review profile reports about one file, beside the facts
// every profile shares (parsers/review/facts.ts): import bindings and re-exports.
import type { ReviewFacts } from '../review/facts.js';

export type { OutboundReference, ReviewDeclaration, TopLevelMaterial } from '../review/facts.js';

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

export interface ReviewFileFacts extends ReviewFacts {
  imports: ImportBinding[];
  reExports: ReExport[];
  /** `export { a as b }` without a source: exported name -> local name. */
  localExports: Record<string, string>;
}
