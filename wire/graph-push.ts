// The index as GraphPush rows (contracts/graph-push.ts), one file at a time: a file's
// entities (its symbols and the file itself), the edges and unresolved call sites it
// holds, its exported symbols, and the hyperedges it owns. Pure reads of the store.
import { createHash } from 'node:crypto';
import type { Edge, Entity, Hyperedge, SymbolRow } from '../contracts/graph-push.js';
import { confidenceTier, UNRESOLVED_PREFIX } from '../contracts/graph-push.js';
import type { EdgeRecord, FileRecord, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import type { GraphStore } from '../store/index.js';

export interface FileRows {
  path: string;
  /** The file's content sha (sha256 of its bytes, as the index hashed them). */
  sha: string;
  entities: Entity[];
  edges: Edge[];
  symbols: SymbolRow[];
  hyperedges: Hyperedge[];
}

/** Statuses whose file could not be read or parsed: its rows are left out, never replaced by none. */
export const UNREAD_STATUSES: ReadonlySet<string> = new Set(['unreadable', 'parse_error']);

/** The id of a cairn symbol on the wire: scoped by repository so two repositories never collide. */
export const wireId = (repo: string, symbolId: string): string => `${repo}::${symbolId}`;

export function rowCount(rows: Pick<FileRows, 'entities' | 'edges' | 'symbols' | 'hyperedges'>): number {
  return rows.entities.length + rows.edges.length + rows.symbols.length + rows.hyperedges.length;
}

export function fileRows(graph: GraphStore, repo: string, file: FileRecord, capturedAt: string): FileRows {
  const symbols = graph.symbolsInFile(file.path);
  const fileSymbol = graph.symbol(`${file.path}::`);
  const all = fileSymbol ? [fileSymbol, ...symbols] : symbols;
  const entities = all.map((s) => entity(repo, s, capturedAt));
  const owned = graph.edgesOfFile(file.path);
  const edges = [
    ...owned.map((e) => edge(repo, e)),
    ...graph.unresolvedOfFile(file.path).map((u) => unresolvedEdge(repo, u)),
  ];
  const rows: SymbolRow[] = symbols
    .filter((s) => s.exported === true)
    .map((s) => ({
      name: s.name,
      qualified_name: s.qualified_name,
      kind: s.kind,
      entity_id: wireId(repo, s.id),
      file_path: s.file_path,
      line: s.start_line,
    }));
  return {
    path: file.path,
    sha: file.hash,
    entities,
    edges,
    symbols: rows,
    hyperedges: [...typeUnits(repo, file.path, symbols), ...routeUnits(graph, repo, file.path, symbols, owned)],
  };
}

/** What a push remembers of a file: changes when its rows or its bytes change (captured_at aside). */
export function rowsDigest(rows: FileRows): string {
  const stable = { sha: rows.sha, entities: rows.entities.map(({ captured_at: _, ...rest }) => rest), edges: rows.edges, symbols: rows.symbols, hyperedges: rows.hyperedges };
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
}

function entity(repo: string, s: SymbolRecord, capturedAt: string): Entity {
  const properties: Record<string, string> = { symbol_id: s.id };
  if (s.qualified_name) properties.qualified_name = s.qualified_name;
  if (s.language) properties.language = s.language;
  if (s.is_test) properties.is_test = 'true';
  if (s.exported !== undefined) properties.exported = String(s.exported);
  if (s.parent_id) properties.parent = wireId(repo, s.parent_id);
  if (s.owner_type) properties.owner_type = s.owner_type;
  if (s.bases && s.bases.length > 0) properties.bases = s.bases.join(',');
  return {
    id: wireId(repo, s.id),
    name: s.name,
    type: s.kind,
    file_path: s.file_path,
    line_start: s.start_line,
    line_end: s.end_line,
    captured_at: capturedAt,
    properties,
  };
}

function edge(repo: string, e: EdgeRecord): Edge {
  const properties: Record<string, string> = { resolution_kind: e.resolution_kind, line: String(e.line), column: String(e.column) };
  if (e.specifier) properties.specifier = e.specifier;
  if (e.target === null) {
    // A framework edge whose endpoint is not indexed: a placeholder, like an unresolved call.
    if (e.warning) properties.warning = e.warning;
    return {
      from: wireId(repo, e.source),
      to: `${UNRESOLVED_PREFIX}${e.specifier ?? ''}`,
      relation: e.relationship,
      src_file: e.file_path,
      confidence_score: 0,
      confidence_tier: 'AMBIGUOUS',
      properties,
    };
  }
  const score = e.confidence / 100;
  return {
    from: wireId(repo, e.source),
    to: wireId(repo, e.target),
    relation: e.relationship,
    src_file: e.file_path,
    confidence_score: score,
    confidence_tier: confidenceTier(score),
    properties,
  };
}

function unresolvedEdge(repo: string, u: UnresolvedRecord): Edge {
  const properties: Record<string, string> = {
    specifier: u.specifier,
    kind: u.kind,
    reason: u.reason,
    line: String(u.line),
    column: String(u.column),
  };
  if (u.note) properties.note = u.note;
  if (u.candidate_count !== undefined) properties.candidate_count = String(u.candidate_count);
  if (u.candidates && u.candidates.length > 0) properties.candidates = u.candidates.map((c) => wireId(repo, c)).join(' ');
  return {
    from: wireId(repo, u.source),
    to: `${UNRESOLVED_PREFIX}${u.specifier}`,
    relation: 'calls',
    src_file: u.file_path,
    confidence_score: 0,
    confidence_tier: 'AMBIGUOUS',
    properties,
  };
}

/**
 * A type and the members it declares form one unit (`form`), when it has two
 * members or more (so three entities in all). Owned by the file that declares them.
 */
function typeUnits(repo: string, path: string, symbols: SymbolRecord[]): Hyperedge[] {
  const members = new Map<string, string[]>();
  for (const s of symbols) {
    if (!s.parent_id) continue;
    const list = members.get(s.parent_id) ?? [];
    list.push(s.id);
    members.set(s.parent_id, list);
  }
  const out: Hyperedge[] = [];
  for (const owner of symbols) {
    const list = members.get(owner.id);
    if (!list || list.length < 2 || !TYPE_KINDS.has(owner.kind)) continue;
    out.push({
      id: wireId(repo, `${owner.id}#members`),
      label: `${owner.qualified_name} and its members`,
      relation: 'form',
      confidence_score: 1,
      src_file: path,
      members: [owner.id, ...list].map((id) => wireId(repo, id)),
      properties: { kind: owner.kind },
    });
  }
  return out;
}

const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'enum', 'trait', 'interface', 'record', 'impl', 'union', 'module', 'namespace', 'typedef']);

/**
 * A framework route, its handler and the handler's class take part in one
 * endpoint (`participate_in`): a Spring `@GetMapping` on a `@RestController`
 * method, say. Owned by the route's file; the confidence is the route edge's.
 */
function routeUnits(graph: GraphStore, repo: string, path: string, symbols: SymbolRecord[], owned: EdgeRecord[]): Hyperedge[] {
  const out: Hyperedge[] = [];
  for (const route of symbols) {
    if (route.kind !== 'route') continue;
    for (const e of owned) {
      if (e.source !== route.id || e.relationship !== 'route_handler' || e.target === null) continue;
      const owner = graph.symbol(e.target)?.parent_id;
      if (!owner) continue;
      out.push({
        id: wireId(repo, `${route.id}#route`),
        label: route.name,
        relation: 'participate_in',
        confidence_score: e.confidence / 100,
        src_file: path,
        members: [route.id, e.target, owner].map((id) => wireId(repo, id)),
        properties: { kind: 'route' },
      });
    }
  }
  return out;
}
