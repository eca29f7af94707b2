// The consumer rules a push must pass before anything of it is stored: a repo, a
// non-empty `files`, every row's file listed in `files`, well-typed fields within
// size bounds. Confidence defaults (1.0 / EXTRACTED) apply only to omitted fields.
import {
  confidenceTier,
  type BulkMemoriesRequest,
  type ConfidenceTier,
  type Edge,
  type Entity,
  type Hyperedge,
  type IngestItem,
  type SemanticMissesRequest,
  type SymbolRow,
} from '../contracts/graph-push.js';
import type { CheckedPush } from './storage.js';

export class BadRequest extends Error {}

/** Bounds in UTF-8 bytes: they keep every index key of the embedded store under LMDB's key size. */
export const LIMITS = { repo: 256, extractor: 32, path: 512, id: 1024, name: 256, qualifiedName: 512, files: 10_000, rows: 200_000 } as const;

const TIERS: ReadonlySet<string> = new Set(['EXTRACTED', 'INFERRED', 'AMBIGUOUS']);

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(where: string, value: unknown, max: number, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') throw new BadRequest(`${where} must be a string`);
  if (!optional && value.length === 0) throw new BadRequest(`${where} must not be empty`);
  if (Buffer.byteLength(value) > max) throw new BadRequest(`${where} is longer than ${max} bytes`);
  return value;
}

function int(where: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new BadRequest(`${where} must be an integer`);
  return value;
}

function properties(where: string, value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) throw new BadRequest(`${where} must be an object of strings`);
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'string') throw new BadRequest(`${where}.${k} must be a string`);
  return value as Record<string, string>;
}

function array(where: string, value: unknown, optional: boolean): unknown[] {
  if (value === undefined && optional) return [];
  if (!Array.isArray(value)) throw new BadRequest(`${where} must be an array`);
  return value;
}

export function checkExtractor(value: unknown, where = 'extractor'): string {
  const x = text(where, value, LIMITS.extractor, true) ?? '';
  if (x === '') return 'ast';
  if (!/^[a-z][a-z0-9_-]*$/.test(x)) throw new BadRequest(`${where} "${x}" must be lower-case letters, digits, "_" or "-"`);
  return x;
}

/** A GraphPush checked against the contract, or a BadRequest naming the first row at fault. */
export function checkPush(body: unknown): CheckedPush {
  if (!isObject(body)) throw new BadRequest('a push is a JSON object');
  const repo = text('repo', body.repo, LIMITS.repo)!;
  const commit = text('commit', body.commit, 256, true);
  const extractor = checkExtractor(body.extractor);
  const fileList = array('files', body.files, false);
  if (fileList.length === 0) throw new BadRequest('files is empty: a push lists the files whose rows it replaces');
  if (fileList.length > LIMITS.files) throw new BadRequest(`files lists ${fileList.length} files; at most ${LIMITS.files} a push`);
  const files = fileList.map((f, i) => text(`files[${i}]`, f, LIMITS.path)!);
  const listed = new Set(files);
  if (listed.size !== files.length) throw new BadRequest('files lists a path twice');
  const owned = (where: string, path: string, field: string) => {
    if (!listed.has(path)) throw new BadRequest(`${where} has ${field} "${path}", which is not listed in files`);
  };

  const rawEntities = array('entities', body.entities, false);
  const rawEdges = array('edges', body.edges, false);
  const rawSymbols = array('symbols', body.symbols, true);
  const rawHyperedges = array('hyperedges', body.hyperedges, true);
  const rows = rawEntities.length + rawEdges.length + rawSymbols.length + rawHyperedges.length;
  if (rows > LIMITS.rows) throw new BadRequest(`the push holds ${rows} rows; at most ${LIMITS.rows} a push`);

  const entities = rawEntities.map((raw, i): Entity => {
    const where = `entities[${i}]`;
    if (!isObject(raw)) throw new BadRequest(`${where} must be an object`);
    const e: Entity = {
      ...(raw as object),
      id: text(`${where}.id`, raw.id, LIMITS.id)!,
      name: text(`${where}.name`, raw.name, LIMITS.name, true) ?? '',
      type: text(`${where}.type`, raw.type, 64)!,
      file_path: text(`${where}.file_path`, raw.file_path, LIMITS.path)!,
    } as Entity;
    int(`${where}.line_start`, raw.line_start);
    int(`${where}.line_end`, raw.line_end);
    for (const k of ['description', 'source_url', 'author', 'captured_at'] as const) text(`${where}.${k}`, raw[k], 1 << 16, true);
    const props = properties(`${where}.properties`, raw.properties);
    if (props?.qualified_name !== undefined) text(`${where}.properties.qualified_name`, props.qualified_name, LIMITS.qualifiedName);
    owned(`${where} (id "${e.id}")`, e.file_path, 'file_path');
    return e;
  });

  const edges = rawEdges.map((raw, i): Edge => {
    const where = `edges[${i}]`;
    if (!isObject(raw)) throw new BadRequest(`${where} must be an object`);
    const e = {
      ...(raw as object),
      from: text(`${where}.from`, raw.from, LIMITS.id)!,
      to: text(`${where}.to`, raw.to, LIMITS.id)!,
      relation: text(`${where}.relation`, raw.relation, 64)!,
      src_file: text(`${where}.src_file`, raw.src_file, LIMITS.path)!,
    } as Edge;
    properties(`${where}.properties`, raw.properties);
    owned(`${where} (${e.from} -> ${e.to})`, e.src_file, 'src_file');
    const { score, tier } = confidence(where, raw.confidence_score, raw.confidence_tier);
    e.confidence_score = score;
    e.confidence_tier = tier;
    return e;
  });

  const symbols = rawSymbols.map((raw, i): SymbolRow => {
    const where = `symbols[${i}]`;
    if (!isObject(raw)) throw new BadRequest(`${where} must be an object`);
    const path = text(`${where}.file_path`, raw.file_path, LIMITS.path)!;
    text(`${where}.name`, raw.name, LIMITS.name);
    owned(where, path, 'file_path');
    return raw as unknown as SymbolRow;
  });

  const hyperedges = rawHyperedges.map((raw, i): Hyperedge => {
    const where = `hyperedges[${i}]`;
    if (!isObject(raw)) throw new BadRequest(`${where} must be an object`);
    const h = {
      ...(raw as object),
      id: text(`${where}.id`, raw.id, LIMITS.id)!,
      label: text(`${where}.label`, raw.label, 1024, true) ?? '',
      relation: text(`${where}.relation`, raw.relation, 64)!,
      src_file: text(`${where}.src_file`, raw.src_file, LIMITS.path)!,
    } as Hyperedge;
    const members = array(`${where}.members`, raw.members, false).map((m, j) => text(`${where}.members[${j}]`, m, LIMITS.id)!);
    if (members.length < 3) throw new BadRequest(`${where} (id "${h.id}") has ${members.length} members; a hyperedge has three or more`);
    h.members = members;
    if (raw.confidence_score === undefined) h.confidence_score = 1;
    else if (typeof raw.confidence_score !== 'number' || !(raw.confidence_score >= 0 && raw.confidence_score <= 1)) throw new BadRequest(`${where}.confidence_score must be a number from 0 to 1`);
    properties(`${where}.properties`, raw.properties);
    owned(`${where} (id "${h.id}")`, h.src_file, 'src_file');
    return h;
  });

  let fileShas: Record<string, string> = {};
  if (body.file_shas !== undefined) {
    fileShas = properties('file_shas', body.file_shas)!;
    for (const [path, sha] of Object.entries(fileShas)) {
      owned(`file_shas`, path, 'path');
      text(`file_shas["${path}"]`, sha, 128);
    }
  }
  const push: CheckedPush = { repo, extractor, files, entities, edges, symbols, hyperedges, file_shas: fileShas };
  if (commit) push.commit = commit;
  return push;
}

/**
 * Both omitted: 1.0 / EXTRACTED (the contract's default). One omitted: the other
 * decides it (a Go producer's `omitempty` drops a score of exactly 0.0, so a tier
 * without a score reads as 0.0 unless the tier is EXTRACTED).
 */
function confidence(where: string, rawScore: unknown, rawTier: unknown): { score: number; tier: ConfidenceTier } {
  if (rawScore !== undefined && (typeof rawScore !== 'number' || !(rawScore >= 0 && rawScore <= 1))) {
    throw new BadRequest(`${where}.confidence_score must be a number from 0 to 1`);
  }
  if (rawTier !== undefined && (typeof rawTier !== 'string' || !TIERS.has(rawTier))) {
    throw new BadRequest(`${where}.confidence_tier must be EXTRACTED, INFERRED or AMBIGUOUS`);
  }
  if (rawScore === undefined && rawTier === undefined) return { score: 1, tier: 'EXTRACTED' };
  if (rawScore === undefined) return { score: rawTier === 'EXTRACTED' ? 1 : 0, tier: rawTier as ConfidenceTier };
  if (rawTier === undefined) return { score: rawScore as number, tier: confidenceTier(rawScore as number) };
  return { score: rawScore as number, tier: rawTier as ConfidenceTier };
}

export function checkMisses(body: unknown): Required<SemanticMissesRequest> {
  if (!isObject(body)) throw new BadRequest('a semantic-misses request is a JSON object');
  const repo = text('repo', body.repo, LIMITS.repo)!;
  const extractor = body.extractor === undefined ? 'semantic' : checkExtractor(body.extractor);
  const files = array('files', body.files, false).map((raw, i) => {
    if (!isObject(raw)) throw new BadRequest(`files[${i}] must be an object`);
    return { path: text(`files[${i}].path`, raw.path, LIMITS.path)!, content_sha: text(`files[${i}].content_sha`, raw.content_sha, 128, true) ?? '' };
  });
  if (files.length > LIMITS.files) throw new BadRequest(`files lists ${files.length} files; at most ${LIMITS.files} a request`);
  return { repo, extractor, files };
}

/** The bulk request as an object, or a bare array of items (back-compat). The repo: top-level, else the items' metadata. */
export function checkMemories(body: unknown): { repo: string; reconcile_files: string[]; items: IngestItem[] } {
  const request: BulkMemoriesRequest = Array.isArray(body) ? { items: body as IngestItem[] } : (body as BulkMemoriesRequest);
  if (!isObject(request)) throw new BadRequest('a bulk memories request is an object or an array of items');
  const items = array('items', request.items, false).map((raw, i): IngestItem => {
    if (!isObject(raw)) throw new BadRequest(`items[${i}] must be an object`);
    text(`items[${i}].content`, raw.content, 1 << 20);
    text(`items[${i}].source`, raw.source, LIMITS.path, true);
    properties(`items[${i}].metadata`, raw.metadata);
    return raw as unknown as IngestItem;
  });
  const reconcile = array('reconcile_files', request.reconcile_files, true).map((f, i) => text(`reconcile_files[${i}]`, f, LIMITS.path)!);
  const repos = new Set(items.map((item) => item.metadata?.repo).filter((r): r is string => r !== undefined));
  if (request.repo === undefined && repos.size > 1) throw new BadRequest('items name more than one repo in metadata.repo; push one repo at a time');
  const named = request.repo ?? [...repos][0];
  if (named === undefined) throw new BadRequest('no repo: give a top-level repo or metadata.repo on the items');
  return { repo: text('repo', named, LIMITS.repo)!, reconcile_files: reconcile, items };
}
