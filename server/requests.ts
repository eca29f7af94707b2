// Request bodies checked against the contract's schemas (contracts/graph-push.ts),
// with a 400 that names the row and field at fault, then the contract's defaults:
// extractor "" reads as "ast", an edge's omitted confidence as 1.0 / EXTRACTED, a
// hyperedge's as 1.0, omitted optional arrays as empty.
import type { z } from 'zod';
import {
  BulkMemoriesRequestSchema,
  confidenceTier,
  GraphPushSchema,
  LIMITS,
  SemanticMissesRequestSchema,
  type ConfidenceTier,
  type Edge,
  type IngestItem,
} from '../contracts/graph-push.js';
import type { CheckedPush } from './storage.js';

export class BadRequest extends Error {}

/** A GraphPush checked against the contract, or a BadRequest naming the first row and field at fault. */
export function checkPush(body: unknown): CheckedPush {
  const push = parse(GraphPushSchema, body, 'the push');
  const checked: CheckedPush = {
    repo: push.repo,
    extractor: extractorOf(push.extractor, 'ast'),
    files: push.files,
    entities: push.entities,
    edges: push.edges.map(withConfidence),
    symbols: push.symbols ?? [],
    hyperedges: (push.hyperedges ?? []).map((h) => ({ ...h, confidence_score: h.confidence_score ?? 1 })),
    file_shas: push.file_shas ?? {},
  };
  if (push.commit) checked.commit = push.commit;
  return checked;
}

/** The request with its extractor decided ("semantic" unless named) and each path once. */
export function checkMisses(body: unknown): { repo: string; extractor: string; files: { path: string; content_sha: string }[] } {
  const request = parse(SemanticMissesRequestSchema, body, 'the request');
  return { repo: request.repo, extractor: extractorOf(request.extractor, 'semantic'), files: request.files };
}

/**
 * The bulk request as an object, or a bare array of items (back-compat). The repo:
 * top-level, else the query's `repo` (the contract's struct has no repo field, so a
 * reconcile-only request of it names none), else the items' metadata.
 */
export function checkMemories(body: unknown, queryRepo?: string): { repo: string; reconcile_files: string[]; items: IngestItem[] } {
  const request = parse(BulkMemoriesRequestSchema, Array.isArray(body) ? { items: body } : body, 'the request');
  const repos = new Set(request.items.map((item) => item.metadata?.repo).filter((r): r is string => r !== undefined));
  const named = request.repo ?? queryRepo;
  if (named === undefined && repos.size > 1) throw new BadRequest('items name more than one repo in metadata.repo; push one repo at a time');
  const repo = named ?? [...repos][0];
  if (repo === undefined) throw new BadRequest('no repo: give a top-level repo, ?repo= or metadata.repo on the items');
  checkQuery('metadata.repo', repo, LIMITS.repo);
  return { repo, reconcile_files: request.reconcile_files ?? [], items: request.items };
}

/** An extractor named in a query string: "" and "ast" are one. */
export function checkExtractor(value: string, where = 'extractor'): string {
  if (value !== '' && value !== 'ast' && value !== 'semantic') throw new BadRequest(`${where} must be "", "ast" or "semantic" (not ${JSON.stringify(value)})`);
  return extractorOf(value, 'ast');
}

/** A query parameter's value: bounded, and never NUL (which the PostgreSQL storage cannot compare). */
export function checkQuery(name: string, value: string, max: number = LIMITS.id): string {
  if (value.includes('\0')) throw new BadRequest(`${name} must not contain a NUL character`);
  if (Buffer.byteLength(value) > max) throw new BadRequest(`${name} is longer than ${max} bytes`);
  return value;
}

const extractorOf = (x: string | undefined, fallback: string): string => (x === undefined ? fallback : x === '' ? 'ast' : x);

/**
 * Both omitted: 1.0 / EXTRACTED (the contract's default). One omitted: the other
 * decides it (a Go producer's `omitempty` drops a score of exactly 0.0, so a tier
 * without a score reads as 0.0 unless the tier is EXTRACTED).
 */
function withConfidence(e: Edge): Edge {
  const { confidence_score: score, confidence_tier: tier } = e;
  if (score === undefined && tier === undefined) return { ...e, confidence_score: 1, confidence_tier: 'EXTRACTED' };
  if (score === undefined) return { ...e, confidence_score: tier === 'EXTRACTED' ? 1 : 0, confidence_tier: tier };
  return { ...e, confidence_score: score, confidence_tier: tier ?? confidenceTier(score) } as Edge & { confidence_tier: ConfidenceTier };
}

function parse<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw new BadRequest(describe(result.error.issues[0]!, what));
}

/** One issue as a sentence that starts with where it is: `entities[3].type must be one of ...`. */
export function describe(issue: z.core.$ZodIssue, what: string): string {
  const where = issue.path.length === 0 ? what : issue.path.map((k, i) => (typeof k === 'number' ? `[${k}]` : /^[A-Za-z_]\w*$/.test(String(k)) ? `${i ? '.' : ''}${String(k)}` : `[${JSON.stringify(String(k))}]`)).join('');
  // Messages this project wrote start lower-case; zod's own are rewritten by code.
  if (/^[a-z(]/.test(issue.message)) return `${where} ${issue.message}`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${where} is required`;
      if (issue.input === null) return `${where} must not be null`;
      return `${where} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `${where} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')} (not ${JSON.stringify(issue.input)})`;
    case 'unrecognized_keys':
      return `${where} has ${issue.keys.length === 1 ? 'a field' : 'fields'} the contract does not define: ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  boolean: 'a boolean',
};
