// The graph wire contract (GraphPush): what `cairn export --format graph-push` writes,
// what `cairn push` sends, and what `cairn serve` accepts on POST /v1/graph. Field
// names and JSON types mirror the contract's Go structs exactly; the drift test
// (test/graph-push/contract-drift.test.ts) reads the structs out of the spec and
// compares. Fields the structs mark `omitempty` are optional here.
//
// cairn's choices where the contract leaves room (also in the README):
// - Ids are `<repo>::<cairn symbol id>`, so two repositories never collide
//   (a repo label may not contain `::`).
// - An unresolved call site is an edge with confidence 0.0 / AMBIGUOUS whose `to`
//   is `unresolved:<specifier>`: a placeholder that names no entity. Its
//   properties carry `specifier`, `reason`, `kind`, `line`, `column` (and `note`,
//   `candidates` when known).
// - Entities carry `qualified_name` (and `kind`, `language`) in `properties`: the
//   graph server matches callers across repositories by it.

export interface Entity {
  id: string;
  name: string;
  type: string;
  description?: string;
  file_path: string;
  line_start?: number;
  line_end?: number;
  source_url?: string;
  author?: string;
  captured_at?: string;
  properties?: Record<string, string>;
}

export interface Edge {
  from: string;
  to: string;
  relation: string;
  src_file: string;
  confidence_score?: number;
  confidence_tier?: ConfidenceTier;
  properties?: Record<string, string>;
}

export interface Hyperedge {
  id: string;
  label: string;
  relation: HyperedgeRelation | string;
  confidence_score?: number;
  src_file: string;
  /** Entity ids, three or more. */
  members: string[];
  properties?: Record<string, string>;
}

/**
 * The contract names `SymbolRow` without defining it. cairn's row: one per exported
 * declaration of a file (its public surface), pointing at the entity that holds it.
 * Owned by `file_path`, which must be listed in `files` like every other row.
 */
export interface SymbolRow {
  name: string;
  qualified_name: string;
  kind: string;
  entity_id: string;
  file_path: string;
  line: number;
}

export interface GraphPush {
  repo: string;
  commit?: string;
  /** "" or "ast" (the default) or "semantic": the rows of one extractor never clobber another's. */
  extractor?: string;
  files: string[];
  entities: Entity[];
  edges: Edge[];
  symbols?: SymbolRow[];
  hyperedges?: Hyperedge[];
  /** path -> content sha of files listed in `files`. */
  file_shas?: Record<string, string>;
}

export type ConfidenceTier = 'EXTRACTED' | 'INFERRED' | 'AMBIGUOUS';
export type HyperedgeRelation = 'participate_in' | 'implement' | 'form';

export const ENTITY_DOC_TYPES = ['doc_file', 'doc_section', 'concept', 'rationale'] as const;
export const SEMANTIC_RELATIONS = [
  'conceptually_related_to',
  'semantically_similar_to',
  'rationale_for',
  'shares_data_with',
  'cites',
] as const;

/** The placeholder `to` of an unresolved call site's edge. */
export const UNRESOLVED_PREFIX = 'unresolved:';

/** The contract's tier mapping: 1.0 EXTRACTED, (0.3, 1) INFERRED, at or below 0.3 AMBIGUOUS. */
export function confidenceTier(score: number): ConfidenceTier {
  if (score >= 1) return 'EXTRACTED';
  if (score > 0.3) return 'INFERRED';
  return 'AMBIGUOUS';
}

/** POST /v1/semantic-misses: which of these files lack rows of `extractor` at this sha. */
export interface SemanticMissesRequest {
  repo: string;
  /** Not in the contract's request; cairn's server reads it, defaulting to "semantic". */
  extractor?: string;
  files: { path: string; content_sha: string }[];
}

/** One memory item. The contract leaves its shape to the consumer; this is cairn's. */
export interface IngestItem {
  content: string;
  /** The file the memory came from: `reconcile_files` deletes by it. */
  source?: string;
  metadata?: Record<string, string>;
}

export interface BulkMemoriesRequest {
  /** Not in the contract's struct (it allows "a top-level repo field if added"); else items' metadata.repo. */
  repo?: string;
  reconcile_files?: string[];
  items: IngestItem[];
}

/**
 * The wire shapes as data, for the drift test: each field's JSON type, `?` when the
 * contract's struct marks it `omitempty`. The `satisfies` clauses make the compiler
 * hold this table to the interfaces above (every field, and optional exactly when
 * the interface says so), and the drift test holds it to the spec's Go structs.
 */
type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];
type FieldTable<T> = { [K in keyof Required<T>]: K extends OptionalKeys<T> ? `${string}?` : string };

export const WIRE_FIELDS = {
  Entity: {
    id: 'string',
    name: 'string',
    type: 'string',
    description: 'string?',
    file_path: 'string',
    line_start: 'int?',
    line_end: 'int?',
    source_url: 'string?',
    author: 'string?',
    captured_at: 'string?',
    properties: 'map?',
  } satisfies FieldTable<Entity>,
  Edge: {
    from: 'string',
    to: 'string',
    relation: 'string',
    src_file: 'string',
    confidence_score: 'float?',
    confidence_tier: 'string?',
    properties: 'map?',
  } satisfies FieldTable<Edge>,
  Hyperedge: {
    id: 'string',
    label: 'string',
    relation: 'string',
    confidence_score: 'float?',
    src_file: 'string',
    members: 'string[]',
    properties: 'map?',
  } satisfies FieldTable<Hyperedge>,
  GraphPush: {
    repo: 'string',
    commit: 'string?',
    extractor: 'string?',
    files: 'string[]',
    entities: 'Entity[]',
    edges: 'Edge[]',
    symbols: 'SymbolRow[]?',
    hyperedges: 'Hyperedge[]?',
    file_shas: 'map?',
  } satisfies FieldTable<GraphPush>,
  SymbolRow: {
    name: 'string',
    qualified_name: 'string',
    kind: 'string',
    entity_id: 'string',
    file_path: 'string',
    line: 'int',
  } satisfies FieldTable<SymbolRow>,
  BulkMemoriesRequest: {
    repo: 'string?',
    reconcile_files: 'string[]?',
    items: 'IngestItem[]',
  } satisfies FieldTable<BulkMemoriesRequest>,
} as const;

/** Fields cairn adds to a struct of the contract, where the contract leaves room for them. */
export const WIRE_EXTENSIONS: Record<string, string[]> = { BulkMemoriesRequest: ['repo'] };
