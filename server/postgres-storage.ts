// The team storage: PostgreSQL, which several `cairn serve` processes can share.
// An entity or edge is stored as its answer's JSON text (`body`: the row as pushed,
// with its repo and extractor), beside the columns that queries filter and order
// on: reads hand the server text it splices into answers, not columns it must decode
// and encode again (`npm run bench:graph-org` at 1,000 repositories, the same readers:
// 1.35 ms of server CPU a read that way, 0.82 to 0.85 after). The price is bytes: a
// row's text fields are stored twice (788 MB per million edges then, 1,116 after).
// A push is one transaction that first takes an advisory lock on its repo, so two
// servers never interleave the purge-then-insert of the same files.
//
// Indexes follow the reads: search walks its answer order (name_lc, name, repo,
// extractor, file, id) and stops at its limit; callers read each target's edges in
// (target, repo, extractor, file) order and merge them up to their limit,
// and find twins in an index that holds everything a twin answers with, in answer
// order; a purge finds a file's rows by (repo, extractor, file).
import pg from 'pg';
import { UNRESOLVED_PREFIX, type Edge, type Entity, type Hyperedge, type IngestItem, type SymbolRow } from '../contracts/graph-push.js';
import {
  callPosition,
  compareFound,
  prefixEnd,
  type CheckedPush,
  type EdgeInto,
  type EdgeTargets,
  type FoundEntity,
  type GraphStorage,
  type PushCounts,
  type RepoSummary,
  type RowJson,
  type StoredFile,
  type StoredMemory,
  type Twin,
} from './storage.js';

/** Bumped when a table changes shape; a database of another version is refused, never misread. */
const SCHEMA_VERSION = 4;

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
  id text NOT NULL, name text NOT NULL, name_lc text NOT NULL, qualified_name text, body text NOT NULL);
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
  call_line integer NOT NULL, call_column integer NOT NULL, body text NOT NULL);
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
    // Connections stay open while the server runs (no idle timeout): each keeps the
    // statements it prepared and planned, and planning a callers statement of 128
    // targets costs 13 to 26 ms, which a reopened connection would pay again.
    const pool = new pg.Pool({ ...sessionOptions(connectionString), max: 4, idleTimeoutMillis: 0 });
    // An idle connection can still be cut (the database restarts, an administrator ends
    // it): the pool drops it and the next request opens another; unheard, the error
    // would end the server.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL closed an idle connection (${error.message}); the next request opens another\n`));
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
        entities: (await rows('body', 'cairn_entities', 'file_path')).map((r) => unplaced<Entity>(r.body as string)),
        edges: (await rows('body', 'cairn_edges', 'src_file')).map((r) => unplaced<Edge>(r.body as string)),
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

  async search(q: string, repo: string | undefined, limit: number): Promise<RowJson[]> {
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
    const r = await this.pool.query<[string]>({
      name: `cairn_search_${high !== null ? 'to' : 'open'}_${repo !== undefined ? 'repo' : 'all'}`,
      text: `SELECT body FROM cairn_entities WHERE ${conditions.join(' AND ')}
       ORDER BY name_lc COLLATE "C", name COLLATE "C", repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C" LIMIT $2`,
      values,
      rowMode: 'array',
    });
    return r.rows.map((row) => row[0]);
  }

  async entity(repo: string, id: string): Promise<FoundEntity | undefined> {
    const r = await this.pool.query({
      name: 'cairn_entity',
      text: `SELECT body FROM cairn_entities WHERE repo = $1 AND id = $2 ORDER BY extractor COLLATE "C", file_path COLLATE "C" LIMIT 1`,
      values: [repo, id],
    });
    return r.rows[0] ? (JSON.parse(r.rows[0].body as string) as FoundEntity) : undefined;
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

  async edgesInto(targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<EdgeInto[]> {
    const ids = [...new Set(targets.ids)];
    const specifiers = [...new Set(targets.specifiers.map((s) => `${UNRESOLVED_PREFIX}${s}`))];
    if (ids.length + specifiers.length === 0 || limit <= 0) return [];
    const statement = edgesIntoStatement(slots(ids.length), slots(specifiers.length), relations !== undefined);
    // The statement names only the parameters it uses: $1 the limit, then the ids, the specifiers and the repo they must not come from, the relations.
    const values: unknown[] = [limit];
    if (ids.length > 0) values.push(ids);
    if (specifiers.length > 0) values.push(specifiers, targets.specifiersNotFrom);
    if (relations) values.push([...relations]);
    const r = await this.pool.query<[string, string]>({ ...statement, values, rowMode: 'array' });
    return r.rows.map(([json, to]) => ({ json, to }));
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

// ---- rows as stored, and read back -------------------------------------------

const SYMBOL_COLUMNS = 'name, qualified_name, kind, entity_id, file_path, line';

/** A row's stored JSON (`body`: the row with its repo and extractor) as the row alone. */
function unplaced<T>(body: string): T {
  const { repo: _repo, extractor: _extractor, ...row } = JSON.parse(body) as T & { repo: string; extractor: string };
  return row as T;
}

/** A row as stored: its own fields, then its repo and extractor (what search and callers answer with). */
const placed = (row: Entity | Edge, repo: string, extractor: string): string => JSON.stringify({ ...row, repo, extractor });

function symbolOf(row: Record<string, unknown>): SymbolRow {
  return { name: row.name, qualified_name: row.qualified_name, kind: row.kind, entity_id: row.entity_id, file_path: row.file_path, line: row.line } as SymbolRow;
}

async function insertEntities(client: pg.PoolClient, repo: string, extractor: string, rows: Entity[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_entities (repo, extractor, file_path, ord, id, name, name_lc, qualified_name, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])`,
    [
      repo,
      extractor,
      rows.map((e) => e.file_path),
      rows.map((_, i) => i),
      rows.map((e) => e.id),
      rows.map((e) => e.name),
      rows.map((e) => e.name.toLowerCase()),
      rows.map((e) => e.properties?.qualified_name ?? null),
      rows.map((e) => placed(e, repo, extractor)),
    ],
  );
}

async function insertEdges(client: pg.PoolClient, repo: string, extractor: string, rows: Edge[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_edges (repo, extractor, src_file, ord, from_id, to_id, relation, call_line, call_column, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::text[])`,
    [
      repo,
      extractor,
      rows.map((e) => e.src_file),
      rows.map((_, i) => i),
      rows.map((e) => e.from),
      rows.map((e) => e.to),
      rows.map((e) => e.relation),
      rows.map((e) => callPosition(e.properties?.line)),
      rows.map((e) => callPosition(e.properties?.column)),
      rows.map((e) => placed(e, repo, extractor)),
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

/** What every edges-into branch selects: the stored row, its target, and what orders it. */
const EDGE_INTO_COLUMNS = 'body, to_id, repo, extractor, src_file, from_id, call_line, call_column';
/** The leading part of the answer order that the index `cairn_edges_into` holds after `to_id`. */
const EDGE_FILE_ORDER = 'repo COLLATE "C", extractor COLLATE "C", src_file COLLATE "C"';
/** The whole answer order (`compareEdges`). */
const EDGE_ORDER = `${EDGE_FILE_ORDER}, from_id COLLATE "C", to_id COLLATE "C", call_line, call_column`;

/** A statement's number of target slots: the next power of two, so a few shapes serve every count (0 for none). */
export function slots(count: number): number {
  return count === 0 ? 0 : 2 ** Math.ceil(Math.log2(count));
}

const edgesIntoStatements = new Map<string, { name: string; text: string }>();

/**
 * Edges into up to `idSlots` ids and `specifierSlots` unresolved specifiers (from
 * other repositories than the one named), the first $1 in answer order, of the asked
 * relations only when asked. Each target is its own branch, an index range of
 * `cairn_edges_into` already in (repo, extractor, file) order, cut at $1 with the ties
 * of its last file; the branches are merged in that order (Merge Append), and
 * the merged rows are sorted by the rest of the order a few files at a time
 * (Incremental Sort) until $1 are out: a request reads about what it answers, not every edge of
 * every target before a sort. A slot past its array's end is NULL and matches
 * nothing. The sessions use generic plans, so a shape is planned once per connection.
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
    statement = { name, text: `SELECT body, to_id FROM (${branches.join(' UNION ALL ')}) e ORDER BY ${EDGE_ORDER} FETCH FIRST $1 ROWS ONLY` };
    edgesIntoStatements.set(name, statement);
  }
  return statement;
}
