// The graph wire contract (GraphPush) as schemas: what `cairn export --format
// graph-push` writes, what `cairn push` sends, and what `cairn serve` accepts. The
// TypeScript types, the server's validation and the drift tests against the
// contract's Go structs (test/graph-push/contract-drift.test.ts, and the Go program
// under test/interop/) all come from these schemas. Field names and JSON types
// mirror the Go structs; a field the structs mark `omitempty` is optional here; a
// slice without `omitempty` may arrive as `null` (Go marshals a nil slice so) and
// reads as empty.
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
import { z } from 'zod';
import { SYMBOL_KINDS } from './facts.js';
import { RELATIONSHIPS } from './tiers.js';

/** Bounds in UTF-8 bytes: they keep every index key of the embedded store under LMDB's key size. */
export const LIMITS = {
  repo: 256,
  extractor: 32,
  path: 512,
  id: 1024,
  name: 256,
  qualifiedName: 512,
  label: 1024,
  sha: 128,
  text: 1 << 16,
  memory: 1 << 20,
  files: 10_000,
  rows: 200_000,
} as const;

// ---- vocabularies ------------------------------------------------------------

/** Code entity types: cairn's symbol kinds and the file itself. */
export const CODE_ENTITY_TYPES = ['file', ...SYMBOL_KINDS] as const;

/** The contract's document and semantic entity types. */
export const ENTITY_DOC_TYPES = ['doc_file', 'doc_section', 'concept', 'rationale'] as const;
export const ENTITY_TYPES = [...CODE_ENTITY_TYPES, ...ENTITY_DOC_TYPES] as const;

export const SEMANTIC_RELATIONS = ['conceptually_related_to', 'semantically_similar_to', 'rationale_for', 'shares_data_with', 'cites'] as const;
/** The relation constants: the structural relations cairn extracts, then the contract's semantic ones. */
export const RELATIONS = [...RELATIONSHIPS, ...SEMANTIC_RELATIONS] as const;
export const HYPEREDGE_RELATIONS = ['participate_in', 'implement', 'form'] as const;
export const CONFIDENCE_TIERS = ['EXTRACTED', 'INFERRED', 'AMBIGUOUS'] as const;
/** "" means "ast". */
export const EXTRACTORS = ['', 'ast', 'semantic'] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];
export type Relation = (typeof RELATIONS)[number];
export type HyperedgeRelation = (typeof HYPEREDGE_RELATIONS)[number];
export type ConfidenceTier = (typeof CONFIDENCE_TIERS)[number];

/** The placeholder `to` of an unresolved call site's edge. */
export const UNRESOLVED_PREFIX = 'unresolved:';

/** The contract's tier mapping: 1.0 EXTRACTED, (0.3, 1) INFERRED, at or below 0.3 AMBIGUOUS. */
export function confidenceTier(score: number): ConfidenceTier {
  if (score >= 1) return 'EXTRACTED';
  if (score > 0.3) return 'INFERRED';
  return 'AMBIGUOUS';
}

// ---- field builders ----------------------------------------------------------

const byteLength = (s: string): number => Buffer.byteLength(s);

/**
 * A string field within `max` UTF-8 bytes, never holding NUL (PostgreSQL's text
 * cannot store it, and both storages must answer alike). Empty only where `empty`.
 */
function text(max: number, empty = false) {
  return z
    .string()
    .refine((s) => empty || s.length > 0, 'must not be empty')
    .refine((s) => !s.includes('\0'), 'must not contain a NUL character')
    .refine((s) => byteLength(s) <= max, `is longer than ${max} bytes`);
}

/** The largest line a storage keeps (a 32-bit integer column): no source file comes near it. */
export const MAX_LINE = 2 ** 31 - 1;
const line = () => z.int('must be an integer').min(1, 'must be 1 or more').max(MAX_LINE, `must be at most ${MAX_LINE}`);
const score = () => z.number('must be a number from 0 to 1').min(0, 'must be a number from 0 to 1').max(1, 'must be a number from 0 to 1');
const stringMap = (valueMax: number) => z.record(text(LIMITS.text), text(valueMax, true));
/** A Go slice without `omitempty`: `null` when the producer's slice is nil; read as empty. */
const goSlice = <T extends z.ZodType>(element: T) =>
  z
    .array(element)
    .nullable()
    .transform((v) => v ?? []);

// ---- the wire shapes -----------------------------------------------------------

const EntityFields = z.strictObject({
    id: text(LIMITS.id),
    name: text(LIMITS.name, true),
    type: z.enum(ENTITY_TYPES),
    description: text(LIMITS.text, true).optional(),
    file_path: text(LIMITS.path),
    line_start: line().optional(),
    line_end: line().optional(),
    source_url: text(LIMITS.text, true).optional(),
    author: text(LIMITS.text, true).optional(),
    captured_at: text(LIMITS.text, true).optional(),
    properties: stringMap(LIMITS.text)
      .refine((p) => p.qualified_name === undefined || byteLength(p.qualified_name) <= LIMITS.qualifiedName, `qualified_name is longer than ${LIMITS.qualifiedName} bytes`)
      .optional(),
});
export const EntitySchema = EntityFields.refine((e) => e.line_start === undefined || e.line_end === undefined || e.line_end >= e.line_start, { message: 'ends before it starts', path: ['line_end'] });

export const EdgeSchema = z.strictObject({
  from: text(LIMITS.id),
  to: text(LIMITS.id),
  relation: z.enum(RELATIONS),
  src_file: text(LIMITS.path),
  confidence_score: score().optional(),
  confidence_tier: z.enum(CONFIDENCE_TIERS).optional(),
  properties: stringMap(LIMITS.text).optional(),
});

const HyperedgeFields = z.strictObject({
  id: text(LIMITS.id),
  label: text(LIMITS.label, true),
  relation: z.enum(HYPEREDGE_RELATIONS),
  confidence_score: score().optional(),
  src_file: text(LIMITS.path),
  /** Entity ids, three or more. */
  members: goSlice(text(LIMITS.id)),
  properties: stringMap(LIMITS.text).optional(),
});
export const HyperedgeSchema = HyperedgeFields.superRefine((h, ctx) => {
    if (h.members.length < 3) ctx.addIssue({ code: 'custom', path: [], message: `(id "${h.id}") has ${h.members.length} members; a hyperedge has three or more` });
  });

/**
 * The contract names `SymbolRow` without defining it. cairn's row: one per exported
 * declaration of a file (its public surface), pointing at the entity that holds it.
 * Owned by `file_path`, which must be listed in `files` like every other row.
 */
export const SymbolRowSchema = z.strictObject({
  name: text(LIMITS.name),
  qualified_name: text(LIMITS.qualifiedName, true),
  kind: text(64),
  entity_id: text(LIMITS.id),
  file_path: text(LIMITS.path),
  line: line(),
});

export const GraphPushSchema = z
  .strictObject({
    repo: text(LIMITS.repo),
    commit: text(256, true).optional(),
    /** "" or "ast" (the default) or "semantic": the rows of one extractor never clobber another's. */
    extractor: z.enum(EXTRACTORS).optional(),
    files: goSlice(text(LIMITS.path))
      .refine((f) => f.length > 0, 'is empty: a push lists the files whose rows it replaces')
      .refine((f) => f.length <= LIMITS.files, `lists more than ${LIMITS.files} files; split the push`)
      .refine((f) => new Set(f).size === f.length, 'lists a path twice'),
    entities: goSlice(EntitySchema),
    edges: goSlice(EdgeSchema),
    symbols: z.array(SymbolRowSchema).optional(),
    hyperedges: z.array(HyperedgeSchema).optional(),
    /** path -> content sha of files listed in `files`. */
    file_shas: z.record(text(LIMITS.path), text(LIMITS.sha)).optional(),
  })
  .superRefine((push, ctx) => {
    const rows = push.entities.length + push.edges.length + (push.symbols?.length ?? 0) + (push.hyperedges?.length ?? 0);
    if (rows > LIMITS.rows) ctx.addIssue({ code: 'custom', path: [], message: `holds ${rows} rows; at most ${LIMITS.rows} a push` });
    const listed = new Set(push.files);
    const owned = (path: (string | number)[], what: string, field: string, file: string) => {
      if (!listed.has(file)) ctx.addIssue({ code: 'custom', path, message: `${what}has ${field} "${file}", which is not listed in files` });
    };
    push.entities.forEach((e, i) => owned(['entities', i], `(id "${e.id}") `, 'file_path', e.file_path));
    push.edges.forEach((e, i) => owned(['edges', i], `(${e.from} -> ${e.to}) `, 'src_file', e.src_file));
    push.symbols?.forEach((s, i) => owned(['symbols', i], '', 'file_path', s.file_path));
    push.hyperedges?.forEach((h, i) => owned(['hyperedges', i], `(id "${h.id}") `, 'src_file', h.src_file));
    for (const path of Object.keys(push.file_shas ?? {})) owned(['file_shas'], '', 'path', path);
  });

/** One file of a semantic-misses request: the sha the producer would extract from. */
export const SemanticMissFileSchema = z.strictObject({ path: text(LIMITS.path), content_sha: text(LIMITS.sha) });

/** POST /v1/semantic-misses: which of these files lack rows of `extractor` at this sha. */
export const SemanticMissesRequestSchema = z.strictObject({
  repo: text(LIMITS.repo),
  /** Not in the contract's request; cairn's server reads it, defaulting to "semantic". */
  extractor: z.enum(EXTRACTORS).optional(),
  files: goSlice(SemanticMissFileSchema).refine(
    (f) => f.length <= LIMITS.files,
    `lists more than ${LIMITS.files} files; split the request`,
  ),
});

/** One memory item. The contract leaves its shape to the consumer; this is cairn's. */
export const IngestItemSchema = z.strictObject({
  content: text(LIMITS.memory),
  /** The file the memory came from: `reconcile_files` deletes by it. */
  source: text(LIMITS.path, true).optional(),
  metadata: stringMap(LIMITS.text).optional(),
});

export const BulkMemoriesRequestSchema = z.strictObject({
  /** Not in the contract's struct (it allows "a top-level repo field if added"); else items' metadata.repo. */
  repo: text(LIMITS.repo).optional(),
  reconcile_files: z.array(text(LIMITS.path)).optional(),
  items: goSlice(IngestItemSchema),
});

/** GET /v1/file: one file's stored rows, each tagged with the extractor that pushed it. */
const stored = <T extends z.ZodObject>(row: T) => row.extend({ extractor: z.string() });
export const FileAnswerSchema = z.strictObject({
  repo: z.string(),
  path: z.string(),
  extractors: z.array(z.strictObject({ extractor: z.string(), sha: z.string().nullable() })),
  entities: z.array(stored(EntityFields)),
  edges: z.array(stored(EdgeSchema)),
  hyperedges: z.array(stored(HyperedgeFields)),
  symbols: z.array(stored(SymbolRowSchema)),
});

export type Entity = z.output<typeof EntitySchema>;
export type Edge = z.output<typeof EdgeSchema>;
export type Hyperedge = z.output<typeof HyperedgeSchema>;
export type SymbolRow = z.output<typeof SymbolRowSchema>;
export type GraphPush = z.output<typeof GraphPushSchema>;
export type SemanticMissesRequest = z.output<typeof SemanticMissesRequestSchema>;
export type IngestItem = z.output<typeof IngestItemSchema>;
export type BulkMemoriesRequest = z.output<typeof BulkMemoriesRequestSchema>;
export type FileAnswer = z.output<typeof FileAnswerSchema>;

/** The wire shapes by their Go struct names, for the drift tests. */
export const WIRE_SCHEMAS = {
  Entity: EntitySchema,
  Edge: EdgeSchema,
  Hyperedge: HyperedgeSchema,
  GraphPush: GraphPushSchema,
  SymbolRow: SymbolRowSchema,
  IngestItem: IngestItemSchema,
  BulkMemoriesRequest: BulkMemoriesRequestSchema,
  SemanticMissesRequest: SemanticMissesRequestSchema,
  SemanticMissFile: SemanticMissFileSchema,
} as const;

/** Fields cairn adds to a struct of the contract, where the contract leaves room for them. */
export const WIRE_EXTENSIONS: Record<string, string[]> = { BulkMemoriesRequest: ['repo'] };
