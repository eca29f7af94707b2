// The team storage: PostgreSQL, which several `cairn serve` processes can share.
// Each row's fields live in typed columns; what no query filters on (an edge's
// properties, an entity's description, source, author and properties) is kept as
// JSON in `rest`, so no text is stored twice. Rows are returned as pushed: the
// columns and `rest` put back together. A push is one transaction that first takes
// an advisory lock on its repo, so two servers never interleave the purge-then-insert
// of the same files.
//
// Indexes follow the reads: search walks its answer order (name_lc, name, repo,
// extractor, file, id) and stops at its limit; callers read each target's edges in
// answer order (target, then repo, extractor, file) and merge them up to their limit,
// and find twins in an index that holds everything a twin answers with, in answer
// order; a purge finds a file's rows by (repo, extractor, file).
import pg from 'pg';
import { UNRESOLVED_PREFIX, type Edge, type Entity, type Hyperedge, type IngestItem, type SymbolRow } from '../contracts/graph-push.js';
import {
  compareCodePoints,
  compareEdges,
  compareFound,
  prefixEnd,
  type CheckedPush,
  type EdgeTargets,
  type FoundEntity,
  type GraphStorage,
  type PushCounts,
  type RepoSummary,
  type StoredFile,
  type StoredMemory,
  type Twin,
} from './storage.js';

/** Bumped when a table changes shape; a database of another version is refused, never misread. */
const SCHEMA_VERSION = 3;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cairn_schema (version integer NOT NULL);
CREATE TABLE IF NOT EXISTS cairn_repos (
  repo text PRIMARY KEY, commit text, pushed_at text NOT NULL,
  entities bigint NOT NULL DEFAULT 0, edges bigint NOT NULL DEFAULT 0, hyperedges bigint NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS cairn_files (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', path text NOT NULL, sha text,
  PRIMARY KEY (repo, extractor, path));
CREATE INDEX IF NOT EXISTS cairn_files_path ON cairn_files (repo, path);
CREATE TABLE IF NOT EXISTS cairn_entities (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', file_path text NOT NULL, ord integer NOT NULL,
  id text NOT NULL, name text NOT NULL, name_lc text NOT NULL, type text NOT NULL, qualified_name text,
  line_start integer, line_end integer, captured_at text, rest text);
CREATE INDEX IF NOT EXISTS cairn_entities_file ON cairn_entities (repo, extractor, file_path);
DROP INDEX IF EXISTS cairn_entities_search;
CREATE INDEX IF NOT EXISTS cairn_entities_by_name ON cairn_entities
  (name_lc COLLATE "C", name COLLATE "C", repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C");
CREATE INDEX IF NOT EXISTS cairn_entities_id ON cairn_entities (repo, id);
DROP INDEX IF EXISTS cairn_entities_qn;
CREATE INDEX IF NOT EXISTS cairn_entities_twins ON cairn_entities
  (qualified_name, repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C") INCLUDE (name);
CREATE TABLE IF NOT EXISTS cairn_edges (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', src_file text NOT NULL, ord integer NOT NULL,
  from_id text NOT NULL, to_id text NOT NULL, relation text NOT NULL,
  confidence_score double precision NOT NULL DEFAULT 1.0, confidence_tier text NOT NULL DEFAULT 'EXTRACTED',
  call_line integer, call_column integer, properties text);
CREATE INDEX IF NOT EXISTS cairn_edges_file ON cairn_edges (repo, extractor, src_file);
DROP INDEX IF EXISTS cairn_edges_to;
CREATE INDEX IF NOT EXISTS cairn_edges_into ON cairn_edges (to_id, repo COLLATE "C", extractor COLLATE "C", src_file COLLATE "C");
CREATE TABLE IF NOT EXISTS cairn_symbols (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', file_path text NOT NULL, ord integer NOT NULL,
  name text NOT NULL, qualified_name text NOT NULL, kind text NOT NULL, entity_id text NOT NULL, line integer NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_symbols_file ON cairn_symbols (repo, extractor, file_path);
CREATE TABLE IF NOT EXISTS cairn_hyperedges (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', src_file text NOT NULL, ord integer NOT NULL,
  id text NOT NULL, label text NOT NULL, relation text NOT NULL, confidence_score double precision NOT NULL DEFAULT 1.0,
  body text NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_hyperedges_file ON cairn_hyperedges (repo, extractor, src_file);
CREATE TABLE IF NOT EXISTS cairn_hyperedge_members (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', src_file text NOT NULL,
  hyperedge_id text NOT NULL, ord integer NOT NULL, member text NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_hyperedge_members_file ON cairn_hyperedge_members (repo, extractor, src_file);
CREATE INDEX IF NOT EXISTS cairn_hyperedge_members_member ON cairn_hyperedge_members (member);
CREATE TABLE IF NOT EXISTS cairn_memories (
  seq bigserial PRIMARY KEY, repo text NOT NULL, source text NOT NULL, body text NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_memories_source ON cairn_memories (repo, source);
`;

/** Any fixed number: the advisory lock that serialises schema creation between servers. */
const SCHEMA_LOCK = 0x63616972;

export class PostgresStorage implements GraphStorage {
  readonly kind = 'postgres' as const;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string): Promise<PostgresStorage> {
    const pool = new pg.Pool({ ...sessionOptions(connectionString), max: 4 });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await createSchema(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
    } catch (error) {
      client.release();
      await pool.end();
      throw error;
    }
    client.release();
    return new PostgresStorage(pool);
  }

  async applyPush(push: CheckedPush, now: string): Promise<PushCounts> {
    const { repo, extractor, files } = push;
    const counts: PushCounts = { files: files.length, purged_files: 0, entities: 0, edges: 0, symbols: 0, hyperedges: 0 };
    const withRows = new Set<string>();
    for (const e of push.entities) withRows.add(e.file_path);
    for (const e of push.edges) withRows.add(e.src_file);
    for (const s of push.symbols) withRows.add(s.file_path);
    for (const h of push.hyperedges) withRows.add(h.src_file);
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [repo]);
      const scope = [repo, extractor, files];
      const purged = await client.query('DELETE FROM cairn_files WHERE repo = $1 AND extractor = $2 AND path = ANY($3::text[])', scope);
      counts.purged_files = purged.rowCount ?? 0;
      const entities = await client.query('DELETE FROM cairn_entities WHERE repo = $1 AND extractor = $2 AND file_path = ANY($3::text[])', scope);
      const edges = await client.query('DELETE FROM cairn_edges WHERE repo = $1 AND extractor = $2 AND src_file = ANY($3::text[])', scope);
      await client.query('DELETE FROM cairn_symbols WHERE repo = $1 AND extractor = $2 AND file_path = ANY($3::text[])', scope);
      const hyperedges = await client.query('DELETE FROM cairn_hyperedges WHERE repo = $1 AND extractor = $2 AND src_file = ANY($3::text[])', scope);
      await client.query('DELETE FROM cairn_hyperedge_members WHERE repo = $1 AND extractor = $2 AND src_file = ANY($3::text[])', scope);

      // A file listed with no rows and no sha is gone: nothing is kept of it.
      const kept = files.filter((f) => withRows.has(f) || push.file_shas[f] !== undefined);
      await client.query(
        'INSERT INTO cairn_files (repo, extractor, path, sha) SELECT $1, $2, p, s FROM unnest($3::text[], $4::text[]) AS t(p, s)',
        [repo, extractor, kept, kept.map((f) => push.file_shas[f] ?? null)],
      );
      await insertEntities(client, repo, extractor, push.entities);
      await insertEdges(client, repo, extractor, push.edges);
      await insertSymbols(client, repo, extractor, push.symbols);
      await insertHyperedges(client, repo, extractor, push.hyperedges);
      await client.query(
        // The repo's row counts move by what the push stored less what it purged: /v1/repos never counts rows.
        `INSERT INTO cairn_repos (repo, commit, pushed_at, entities, edges, hyperedges) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (repo) DO UPDATE SET commit = COALESCE(EXCLUDED.commit, cairn_repos.commit), pushed_at = EXCLUDED.pushed_at,
           entities = cairn_repos.entities + EXCLUDED.entities, edges = cairn_repos.edges + EXCLUDED.edges, hyperedges = cairn_repos.hyperedges + EXCLUDED.hyperedges`,
        [
          repo,
          push.commit || null,
          now,
          push.entities.length - (entities.rowCount ?? 0),
          push.edges.length - (edges.rowCount ?? 0),
          push.hyperedges.length - (hyperedges.rowCount ?? 0),
        ],
      );
    });
    counts.entities = push.entities.length;
    counts.edges = push.edges.length;
    counts.symbols = push.symbols.length;
    counts.hyperedges = push.hyperedges.length;
    return counts;
  }

  async fileShas(repo: string, extractor: string, paths: string[]): Promise<Map<string, string | null>> {
    const r = await this.pool.query('SELECT path, sha FROM cairn_files WHERE repo = $1 AND extractor = $2 AND path = ANY($3::text[])', [repo, extractor, paths]);
    return new Map(r.rows.map((row) => [row.path as string, row.sha as string | null]));
  }

  async file(repo: string, path: string, extractor?: string): Promise<StoredFile[]> {
    const files = await this.pool.query(
      `SELECT extractor, sha FROM cairn_files WHERE repo = $1 AND path = $2 ${extractor !== undefined ? 'AND extractor = $3' : ''} ORDER BY extractor COLLATE "C"`,
      extractor !== undefined ? [repo, path, extractor] : [repo, path],
    );
    const out: StoredFile[] = [];
    for (const row of files.rows) {
      const args = [repo, row.extractor, path];
      const rows = async (columns: string, table: string, column: string) =>
        (await this.pool.query(`SELECT ${columns} FROM ${table} WHERE repo = $1 AND extractor = $2 AND ${column} = $3 ORDER BY ord`, args)).rows;
      out.push({
        repo,
        extractor: row.extractor as string,
        path,
        sha: row.sha as string | null,
        entities: (await rows(ENTITY_COLUMNS, 'cairn_entities', 'file_path')).map(entityOf),
        edges: (await rows(EDGE_COLUMNS, 'cairn_edges', 'src_file')).map(edgeOf),
        symbols: (await rows(SYMBOL_COLUMNS, 'cairn_symbols', 'file_path')).map(symbolOf),
        hyperedges: (await rows('body', 'cairn_hyperedges', 'src_file')).map((r) => JSON.parse(r.body as string) as Hyperedge),
      });
    }
    return out;
  }

  async repos(): Promise<RepoSummary[]> {
    const r = await this.pool.query(`
      SELECT r.repo, r.commit, r.pushed_at,
        (SELECT count(DISTINCT path) FROM cairn_files f WHERE f.repo = r.repo)::int AS files,
        r.entities::int, r.edges::int, r.hyperedges::int
      FROM cairn_repos r ORDER BY r.repo COLLATE "C"`);
    return r.rows.map((row) => ({
      repo: row.repo,
      commit: row.commit,
      pushed_at: row.pushed_at,
      files: row.files,
      entities: row.entities,
      edges: row.edges,
      hyperedges: row.hyperedges,
    }));
  }

  async search(q: string, repo: string | undefined, limit: number): Promise<FoundEntity[]> {
    // The prefix as a range of the index, which holds the whole answer order: only the
    // rows up to the limit are read. (With only a leading part of the order in the index,
    // a name that every repository has once was estimated at one row, and the planner
    // read all 1,000 rows and sorted them rather than stopping at 100.)
    const low = q.toLowerCase();
    const high = prefixEnd(low);
    const values: unknown[] = [low, limit];
    const conditions = ['name_lc COLLATE "C" >= $1'];
    if (high !== null) conditions.push(`name_lc COLLATE "C" < $${values.push(high)}`);
    if (repo !== undefined) conditions.push(`repo = $${values.push(repo)}`);
    const r = await this.pool.query({
      name: `cairn_search_${high !== null ? 'to' : 'open'}_${repo !== undefined ? 'repo' : 'all'}`,
      text: `SELECT ${ENTITY_COLUMNS}, repo, extractor FROM cairn_entities WHERE ${conditions.join(' AND ')}
       ORDER BY name_lc COLLATE "C", name COLLATE "C", repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C" LIMIT $2`,
      values,
    });
    return r.rows.map(found).sort(compareFound);
  }

  async entity(repo: string, id: string): Promise<FoundEntity | undefined> {
    const r = await this.pool.query({
      name: 'cairn_entity',
      text: `SELECT ${ENTITY_COLUMNS}, repo, extractor FROM cairn_entities WHERE repo = $1 AND id = $2 ORDER BY extractor COLLATE "C", file_path COLLATE "C" LIMIT 1`,
      values: [repo, id],
    });
    return r.rows[0] ? found(r.rows[0]) : undefined;
  }

  async twins(qualifiedName: string, exceptRepo: string, limit: number): Promise<Twin[]> {
    // Every column asked is in the twins index, in this order: an index-only scan that stops at the limit.
    const r = await this.pool.query({
      name: 'cairn_twins',
      text: `SELECT repo, extractor, file_path, id, name FROM cairn_entities WHERE qualified_name = $1 AND repo <> $2
       ORDER BY repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C" LIMIT $3`,
      values: [qualifiedName, exceptRepo, limit],
    });
    return (r.rows as Twin[]).sort(compareFound);
  }

  async edgesInto(targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<(Edge & { repo: string; extractor: string })[]> {
    const ids = [...new Set(targets.ids)];
    const specifiers = [...new Set(targets.specifiers.map((s) => `${UNRESOLVED_PREFIX}${s}`))];
    if (ids.length + specifiers.length === 0 || limit <= 0) return [];
    const statement = edgesIntoStatement(slots(ids.length), slots(specifiers.length), relations !== undefined);
    // The statement names only the parameters it uses: $1 the limit, then the ids, the specifiers and the repo they must not come from, the relations.
    const values: unknown[] = [limit];
    if (ids.length > 0) values.push(ids);
    if (specifiers.length > 0) values.push(specifiers, targets.specifiersNotFrom);
    if (relations) values.push([...relations]);
    const r = await this.pool.query({ ...statement, values });
    return firstInOrder(r.rows, limit)
      .map((row) => Object.assign(edgeOf(row), { repo: row.repo as string, extractor: row.extractor as string }))
      .sort(compareEdges);
  }

  async bulkMemories(repo: string, reconcileFiles: string[], items: IngestItem[], _now: string): Promise<{ deleted: number; stored: number }> {
    let deleted = 0;
    await this.transaction(async (client) => {
      const d = await client.query('DELETE FROM cairn_memories WHERE repo = $1 AND source = ANY($2::text[])', [repo, reconcileFiles]);
      deleted = d.rowCount ?? 0;
      await client.query(
        'INSERT INTO cairn_memories (repo, source, body) SELECT $1, s, b FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(s, b, n) ORDER BY n',
        [repo, items.map((i) => i.source ?? ''), items.map((i) => JSON.stringify(i))],
      );
    });
    return { deleted, stored: items.length };
  }

  async memories(repo: string, source?: string): Promise<StoredMemory[]> {
    const r =
      source === undefined
        ? await this.pool.query('SELECT body FROM cairn_memories WHERE repo = $1 ORDER BY source COLLATE "C", seq', [repo])
        : await this.pool.query('SELECT body FROM cairn_memories WHERE repo = $1 AND source = $2 ORDER BY seq', [repo, source]);
    return r.rows.map((row) => ({ ...(JSON.parse(row.body) as IngestItem), repo }));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async transaction(body: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await body(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * The sessions' settings. Every query here is short:
 * - JIT off: at ten million edges the planner's estimates pass JIT's threshold, so a
 *   callers query paid for compiling (34.6 ms of PostgreSQL CPU a request at 1,000
 *   repositories, 4 to 10 without);
 * - generic plans: each statement has a fixed shape, and planning the callers query's
 *   128 branches took longer than running it; a named statement is planned once per
 *   connection;
 * - no parallel workers: starting them costs more than these queries.
 * The URL's own `options` (which would replace these) are moved beside them.
 */
function sessionOptions(connectionString: string): { connectionString: string; options: string } {
  let given = '';
  const rest = connectionString.replace(/([?&])options=([^&#]*)&?/, (_all, sep: string, value: string) => {
    given = decodeURIComponent(value.replace(/\+/g, ' '));
    return sep;
  });
  return { connectionString: rest.replace(/[?&]$/, ''), options: `${given} -c jit=off -c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0`.trim() };
}

async function createSchema(client: pg.PoolClient): Promise<void> {
  const existing = await client.query("SELECT to_regclass('cairn_edges') IS NOT NULL AS tables, to_regclass('cairn_schema') IS NOT NULL AS versioned");
  const { tables, versioned } = existing.rows[0] as { tables: boolean; versioned: boolean };
  const version = versioned ? ((await client.query('SELECT max(version) AS v FROM cairn_schema')).rows[0].v as number | null) : null;
  if (tables && version !== SCHEMA_VERSION) {
    throw new Error(`the database holds cairn tables of schema version ${version ?? 1}, this server writes version ${SCHEMA_VERSION}; serve a new database and push the repositories again`);
  }
  await client.query(SCHEMA);
  if (version === null) await client.query('INSERT INTO cairn_schema (version) VALUES ($1)', [SCHEMA_VERSION]);
}

// ---- rows to columns and back ------------------------------------------------

const ENTITY_COLUMNS = 'id, name, type, file_path, line_start, line_end, captured_at, rest';
const EDGE_COLUMNS = 'from_id, to_id, relation, src_file, confidence_score, confidence_tier, properties';
const SYMBOL_COLUMNS = 'name, qualified_name, kind, entity_id, file_path, line';

/** An entity's fields that have no column of their own (null when it has none). */
function entityRest(e: Entity): string | null {
  const { id: _id, name: _name, type: _type, file_path: _file, line_start: _start, line_end: _end, captured_at: _captured, ...rest } = e;
  return Object.keys(rest).length > 0 ? JSON.stringify(rest) : null;
}

function entityOf(row: Record<string, unknown>): Entity {
  const e = { id: row.id, name: row.name, type: row.type, file_path: row.file_path } as Entity;
  if (row.line_start !== null) e.line_start = row.line_start as number;
  if (row.line_end !== null) e.line_end = row.line_end as number;
  if (row.captured_at !== null) e.captured_at = row.captured_at as string;
  return row.rest === null ? e : { ...e, ...(JSON.parse(row.rest as string) as Partial<Entity>) };
}

function found(row: Record<string, unknown>): FoundEntity {
  return Object.assign(entityOf(row), { repo: row.repo as string, extractor: row.extractor as string });
}

function edgeOf(row: Record<string, unknown>): Edge {
  const e: Edge = {
    from: row.from_id as string,
    to: row.to_id as string,
    relation: row.relation as Edge['relation'],
    src_file: row.src_file as string,
    confidence_score: row.confidence_score as number,
    confidence_tier: row.confidence_tier as Edge['confidence_tier'],
  };
  if (row.properties !== null) e.properties = JSON.parse(row.properties as string) as Record<string, string>;
  return e;
}

function symbolOf(row: Record<string, unknown>): SymbolRow {
  return { name: row.name, qualified_name: row.qualified_name, kind: row.kind, entity_id: row.entity_id, file_path: row.file_path, line: row.line } as SymbolRow;
}

/** A call site's line or column as the edge order reads it (properties hold text), when it is an integer column's value. */
function position(value: string | undefined): number | null {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && Math.abs(n) < 2 ** 31 ? n : null;
}

async function insertEntities(client: pg.PoolClient, repo: string, extractor: string, rows: Entity[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_entities (repo, extractor, file_path, ord, id, name, name_lc, type, qualified_name, line_start, line_end, captured_at, rest)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[], $11::int[], $12::text[], $13::text[])`,
    [
      repo,
      extractor,
      rows.map((e) => e.file_path),
      rows.map((_, i) => i),
      rows.map((e) => e.id),
      rows.map((e) => e.name),
      rows.map((e) => e.name.toLowerCase()),
      rows.map((e) => e.type),
      rows.map((e) => e.properties?.qualified_name ?? null),
      rows.map((e) => e.line_start ?? null),
      rows.map((e) => e.line_end ?? null),
      rows.map((e) => e.captured_at ?? null),
      rows.map(entityRest),
    ],
  );
}

async function insertEdges(client: pg.PoolClient, repo: string, extractor: string, rows: Edge[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_edges (repo, extractor, src_file, ord, from_id, to_id, relation, confidence_score, confidence_tier, call_line, call_column, properties)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::text[], $10::int[], $11::int[], $12::text[])`,
    [
      repo,
      extractor,
      rows.map((e) => e.src_file),
      rows.map((_, i) => i),
      rows.map((e) => e.from),
      rows.map((e) => e.to),
      rows.map((e) => e.relation),
      rows.map((e) => e.confidence_score!),
      rows.map((e) => e.confidence_tier!),
      rows.map((e) => position(e.properties?.line)),
      rows.map((e) => position(e.properties?.column)),
      rows.map((e) => (e.properties === undefined ? null : JSON.stringify(e.properties))),
    ],
  );
}

async function insertSymbols(client: pg.PoolClient, repo: string, extractor: string, rows: SymbolRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_symbols (repo, extractor, file_path, ord, name, qualified_name, kind, entity_id, line)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[])`,
    [
      repo,
      extractor,
      rows.map((s) => s.file_path),
      rows.map((_, i) => i),
      rows.map((s) => s.name),
      rows.map((s) => s.qualified_name),
      rows.map((s) => s.kind),
      rows.map((s) => s.entity_id),
      rows.map((s) => s.line),
    ],
  );
}

async function insertHyperedges(client: pg.PoolClient, repo: string, extractor: string, rows: Hyperedge[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_hyperedges (repo, extractor, src_file, ord, id, label, relation, confidence_score, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::text[])`,
    [
      repo,
      extractor,
      rows.map((h) => h.src_file),
      rows.map((_, i) => i),
      rows.map((h) => h.id),
      rows.map((h) => h.label),
      rows.map((h) => h.relation),
      rows.map((h) => h.confidence_score ?? 1),
      rows.map((h) => JSON.stringify(h)),
    ],
  );
  const members = rows.flatMap((h) => h.members.map((m, i) => ({ h, m, i })));
  await client.query(
    `INSERT INTO cairn_hyperedge_members (repo, extractor, src_file, hyperedge_id, ord, member)
     SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::int[], $6::text[])`,
    [repo, extractor, members.map((x) => x.h.src_file), members.map((x) => x.h.id), members.map((x) => x.i), members.map((x) => x.m)],
  );
}

// ---- callers: edges into many targets, read in answer order ----------------

/** What every edges-into branch selects: an edge's columns, its place, and its call site's position. */
const EDGE_INTO_COLUMNS = `${EDGE_COLUMNS}, repo, extractor, call_line, call_column`;
/** The leading part of the answer order that the index `cairn_edges_into` holds after `to_id`. */
const EDGE_FILE_ORDER = 'repo COLLATE "C", extractor COLLATE "C", src_file COLLATE "C"';

/** A statement's number of target slots: the next power of two, so a few shapes serve every count (0 for none). */
export function slots(count: number): number {
  return count === 0 ? 0 : 2 ** Math.ceil(Math.log2(count));
}

const edgesIntoStatements = new Map<string, { name: string; text: string }>();

/**
 * Edges into up to `idSlots` ids and `specifierSlots` unresolved specifiers (from
 * other repositories than the one named), the first $1 by (repo, extractor, file)
 * with the ties of the last one, of the asked relations only when asked. Each target
 * is its own branch, an index range of `cairn_edges_into` already in that order, and
 * the branches are merged (Merge Append) and cut once: a request reads about what it
 * answers, not every edge of every target before a sort. A slot past its array's end
 * is NULL and matches nothing. The sessions use generic plans, so a shape is planned
 * once per connection, not on every request.
 */
function edgesIntoStatement(idSlots: number, specifierSlots: number, ofRelations: boolean): { name: string; text: string } {
  const name = `cairn_edges_into_${idSlots}_${specifierSlots}${ofRelations ? '_of' : ''}`;
  let statement = edgesIntoStatements.get(name);
  if (!statement) {
    let n = 1;
    const ids = idSlots > 0 ? `$${++n}::text[]` : '';
    const specifiers = specifierSlots > 0 ? `$${++n}::text[]` : '';
    const notFrom = specifierSlots > 0 ? `$${++n}` : '';
    const relation = ofRelations ? ` AND relation = ANY($${++n}::text[])` : '';
    const branch = (target: string, filter: string) =>
      `(SELECT ${EDGE_INTO_COLUMNS} FROM cairn_edges WHERE to_id = ${target}${filter}${relation} ORDER BY ${EDGE_FILE_ORDER} FETCH FIRST $1 ROWS WITH TIES)`;
    const branches = [
      ...Array.from({ length: idSlots }, (_, i) => branch(`(${ids})[${i + 1}]`, '')),
      ...Array.from({ length: specifierSlots }, (_, i) => branch(`(${specifiers})[${i + 1}]`, ` AND repo <> ${notFrom}`)),
    ];
    statement = { name, text: `SELECT ${EDGE_INTO_COLUMNS} FROM (${branches.join(' UNION ALL ')}) e ORDER BY ${EDGE_FILE_ORDER} FETCH FIRST $1 ROWS WITH TIES` };
    edgesIntoStatements.set(name, statement);
  }
  return statement;
}

/**
 * The first `limit` rows in the full answer order (repo, extractor, file, from, to,
 * call line, call column; strings as COLLATE "C" orders them), from rows in (repo,
 * extractor, file) order that hold the ties of the last file: only that last file's
 * rows need ordering to know which of them make the cut.
 */
function firstInOrder(rows: Record<string, unknown>[], limit: number): Record<string, unknown>[] {
  if (rows.length <= limit) return rows;
  const last = rows[limit - 1]!;
  let start = limit - 1;
  while (start > 0 && sameFile(rows[start - 1]!, last)) start -= 1;
  const boundary = rows.slice(start).sort(
    (a, b) =>
      compareCodePoints(a.from_id as string, b.from_id as string) ||
      compareCodePoints(a.to_id as string, b.to_id as string) ||
      ((a.call_line as number | null) ?? 0) - ((b.call_line as number | null) ?? 0) ||
      ((a.call_column as number | null) ?? 0) - ((b.call_column as number | null) ?? 0),
  );
  return rows.slice(0, start).concat(boundary.slice(0, limit - start));
}

const sameFile = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => a.repo === b.repo && a.extractor === b.extractor && a.src_file === b.src_file;
