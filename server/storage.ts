// The graph server's one storage interface. Two implementations keep the same
// behaviour: an embedded LMDB environment (lmdb-storage.ts) and PostgreSQL
// (postgres-storage.ts). The HTTP layer validates a push before it gets here, so a
// storage only applies the reconcile rule: per (repo, src_file, extractor), purge
// everything the file owns, then insert its rows; one transaction per push.
import type { Edge, Entity, GraphPush, Hyperedge, IngestItem, SymbolRow } from '../contracts/graph-push.js';

/** A push after validation: extractor and confidences filled in, every row's file listed. */
export interface CheckedPush extends Omit<GraphPush, 'extractor' | 'symbols' | 'hyperedges' | 'file_shas'> {
  /** "ast" or "semantic" ("" has become "ast"). */
  extractor: string;
  symbols: SymbolRow[];
  hyperedges: Hyperedge[];
  file_shas: Record<string, string>;
}

/** One file's rows of one extractor, as stored. */
export interface StoredFile {
  repo: string;
  extractor: string;
  path: string;
  sha: string | null;
  entities: Entity[];
  edges: Edge[];
  symbols: SymbolRow[];
  hyperedges: Hyperedge[];
}

export interface PushCounts {
  files: number;
  purged_files: number;
  entities: number;
  edges: number;
  symbols: number;
  hyperedges: number;
}

export interface RepoSummary {
  repo: string;
  commit: string | null;
  pushed_at: string;
  /** Distinct paths some extractor holds rows or a sha for. */
  files: number;
  entities: number;
  edges: number;
  hyperedges: number;
}

export interface FoundEntity extends Entity {
  repo: string;
  extractor: string;
}

/** Another repository's entity of the same qualified name: where it is, and what orders it. */
export type Twin = Pick<FoundEntity, 'repo' | 'extractor' | 'file_path' | 'id' | 'name'>;

/**
 * A row of an answer as its JSON text (an object), written once where the row is stored
 * or read: the server splices rows into its answers rather than decode and encode them
 * again (a callers answer of 1,000 rows is 420 kB of JSON).
 */
export type RowJson = string;

/** An edge into a target as its JSON text (`Edge` with its repo and extractor), and the target it reaches. */
export interface EdgeInto {
  to: string;
  json: RowJson;
}

export interface CallerEdge extends Edge {
  repo: string;
  extractor: string;
  /** How it reached the entity: its id; another repository's entity of the same qualified name; an unresolved call naming it. */
  match: 'id' | 'qualified_name' | 'unresolved_specifier';
}

/** What callers look for: edges into any of `ids` (any repo), and unresolved calls naming one of `specifiers` from other repos than `specifiersNotFrom`. */
export interface EdgeTargets {
  ids: string[];
  specifiers: string[];
  specifiersNotFrom: string;
}

export interface StoredMemory extends IngestItem {
  repo: string;
}

export interface GraphStorage {
  readonly kind: 'lmdb' | 'postgres';
  applyPush(push: CheckedPush, now: string): Promise<PushCounts>;
  /** The files (and their sha) the server holds rows or a sha for, for this repo and extractor. */
  fileShas(repo: string, extractor: string, paths: string[]): Promise<Map<string, string | null>>;
  /** One file's stored rows, per extractor (all extractors when none is named), in extractor order. */
  file(repo: string, path: string, extractor?: string): Promise<StoredFile[]>;
  repos(): Promise<RepoSummary[]>;
  /** Entities whose name starts with `q` (case-insensitive), exact names first, at most `limit`, in `compareFound` order: each a `FoundEntity`'s JSON. */
  search(q: string, repo: string | undefined, limit: number): Promise<RowJson[]>;
  /** The entity with this id in this repo, from any extractor. */
  entity(repo: string, id: string): Promise<FoundEntity | undefined>;
  /** The first `limit` edges (in `compareEdges` order) into the targets; only of these relations when given. */
  edgesInto(targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<EdgeInto[]>;
  /** Entities of other repositories than `except` with this qualified name: the first `limit` by (repo, extractor, file, id), in `compareFound` order. */
  twins(qualifiedName: string, except: string, limit: number): Promise<Twin[]>;
  /** Deletes the memories of each reconciled source, then stores the items; one transaction. */
  bulkMemories(repo: string, reconcileFiles: string[], items: IngestItem[], now: string): Promise<{ deleted: number; stored: number }>;
  memories(repo: string, source?: string): Promise<StoredMemory[]>;
  /** Throws when the storage cannot answer (GET /healthz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The order every storage returns found entities in: lower-cased name, name, repo,
 * extractor, file, id, each in code point order (UTF-8 bytes, as a Go client's
 * sort.Strings orders them): the order both storages' indexes already hold.
 */
export function compareFound(a: Twin, b: Twin): number {
  const c = compareCodePoints;
  return c(a.name.toLowerCase(), b.name.toLowerCase()) || c(a.name, b.name) || c(a.repo, b.repo) || c(a.extractor, b.extractor) || c(a.file_path, b.file_path) || c(a.id, b.id);
}

/**
 * The least string above every string that starts with `prefix`, in code point order
 * (the byte order of UTF-8: PostgreSQL's COLLATE "C", LMDB's keys): its last code point that can
 * grow, grown by one. Null when none can (a prefix of U+10FFFF only).
 */
export function prefixEnd(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return points.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
}

/** Code point order of two strings: UTF-8 byte order, the order of PostgreSQL's COLLATE "C" and of LMDB's byte keys; JavaScript's own order differs only for surrogates. */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return lift(x) - lift(y);
  }
  return a.length - b.length;
}

/** A UTF-16 code unit moved so that surrogates (U+D800 to U+DFFF) sort above every other unit, as their code points do. */
const lift = (unit: number): number => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

type PlacedEdge = Edge & { repo: string; extractor: string };

/**
 * The order every storage returns edges into an entity in: repo, extractor, src_file,
 * from, to (code points), then the call site's line and column (`callPosition`).
 */
export function compareEdges(a: PlacedEdge, b: PlacedEdge): number {
  const c = compareCodePoints;
  return (
    c(a.repo, b.repo) ||
    c(a.extractor, b.extractor) ||
    c(a.src_file, b.src_file) ||
    c(a.from, b.from) ||
    c(a.to, b.to) ||
    callPosition(a.properties?.line) - callPosition(b.properties?.line) ||
    callPosition(a.properties?.column) - callPosition(b.properties?.column)
  );
}

/** A call site's line or column as edges are ordered by it (an integer column in PostgreSQL): the number, or 0 when it is none or not a 32-bit integer. */
export function callPosition(value: string | undefined): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : 0;
}
