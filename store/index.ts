// The LMDB graph store. Layout and keys: schema.ts; per-file reconcile and
// re-resolution: writer.ts; the resolver: resolve/. The store knows nothing of the CLI.
import type { DocChange, StoredDoc } from '../contracts/docs.js';
import type { FileFacts, ModuleConfigFact } from '../contracts/facts.js';
import type { EdgeRecord, GraphReader, IndexMeta, UnresolvedRecord } from '../contracts/graph.js';
import type { RebuildSession } from './rebuild.js';

export type { RebuildSession };

/** `unusable`: an index is there but cannot be read at all (a damaged file); `unusableReason()` says why. */
export type SchemaState = 'missing' | 'compatible' | 'incompatible' | 'unusable';

/** What one sync hands the store: files to (re)write, files that are gone, and run metadata. */
export interface StoreChange {
  upserts: FileFacts[];
  deletions: string[];
  meta: IndexMeta;
  /** Files seen but not parsed (known source languages cairn does not index), by extension. */
  unsupportedExtensions: Record<string, number>;
  /** Drop the whole previous graph first (init); still one transaction, so a failed init keeps the old index. */
  rebuild?: boolean;
  /**
   * Every module configuration file of the workspace now (tsconfig.json, package.json, go.mod);
   * the call sites that consulted one that changed are re-resolved. Absent: unchanged.
   */
  configs?: ModuleConfigFact[];
  /** The workspace's documents that are new, changed or gone. Absent: unchanged. */
  docs?: DocChange;
}

/** What freshness needs about an indexed file: its stat fast path and content hash. */
export interface IndexedFileState {
  path: string;
  size: number;
  mtime_ms: number;
  hash: string;
  status: string;
}

export interface GraphStore extends GraphReader {
  schemaState(): SchemaState;
  /** Why the index cannot be read, when schemaState() is `unusable`. */
  unusableReason(): string | undefined;
  /** The stored schema version, if any. */
  storedSchemaVersion(): number | undefined;
  fileStates(): Iterable<IndexedFileState>;
  /** The edges whose call sites a file holds (contains edges first), from that file's record alone. */
  edgesOfFile(path: string): EdgeRecord[];
  /** The unresolved records of a file's call sites, in line, column, specifier order. */
  unresolvedOfFile(path: string): UnresolvedRecord[];
  /** The module configuration files the index was resolved with, in path order. */
  moduleConfigs(): ModuleConfigFact[];
  /** The workspace's documents as the last init or sync read them, in path order. */
  docs(): StoredDoc[];
  /** Reconcile files and re-resolve affected call sites atomically: all of it lands or none. */
  apply(change: StoreChange): Promise<void>;
  /** A full rebuild fed in batches, swapped in whole when finished (init on large trees). */
  beginRebuild(): RebuildSession;
  close(): Promise<void>;
}



export { openStore, LmdbGraphStore, type OpenStoreOptions } from './store.js';
export { SCHEMA_VERSION } from './schema.js';
export { graphPath } from './env.js';
export { asUnusable, damageReason, unusableIndex } from './damage.js';
export { asDiskFull, refuseFullDisk } from './disk-space.js';
export { fileSymbolId, symbolIds } from './records.js';
