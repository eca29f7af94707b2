// The team storage: PostgreSQL, which several `cairn serve` processes can share.
// Rows keep their wire JSON in a `body` column (returned as pushed) beside the typed
// columns queries filter on. A push is one transaction that first takes an
// advisory lock on its repo, so two servers never interleave the purge-then-insert
// of the same files.
import pg from 'pg';
import type { Edge, Entity, Hyperedge, IngestItem, SymbolRow } from '../contracts/graph-push.js';
import {
  compareEdges,
  compareFound,
  type CheckedPush,
  type FoundEntity,
  type GraphStorage,
  type PushCounts,
  type RepoSummary,
  type StoredFile,
  type StoredMemory,
} from './storage.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cairn_repos (
  repo text PRIMARY KEY, commit text, pushed_at text NOT NULL);
CREATE TABLE IF NOT EXISTS cairn_files (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', path text NOT NULL, sha text,
  PRIMARY KEY (repo, extractor, path));
CREATE INDEX IF NOT EXISTS cairn_files_path ON cairn_files (repo, path);
CREATE TABLE IF NOT EXISTS cairn_entities (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', file_path text NOT NULL, ord integer NOT NULL,
  id text NOT NULL, name text NOT NULL, name_lc text NOT NULL, type text NOT NULL, qualified_name text,
  line_start integer, line_end integer, captured_at text, body text NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_entities_file ON cairn_entities (repo, extractor, file_path);
CREATE INDEX IF NOT EXISTS cairn_entities_name ON cairn_entities (name_lc COLLATE "C");
CREATE INDEX IF NOT EXISTS cairn_entities_id ON cairn_entities (repo, id);
CREATE INDEX IF NOT EXISTS cairn_entities_qn ON cairn_entities (qualified_name);
CREATE TABLE IF NOT EXISTS cairn_edges (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', src_file text NOT NULL, ord integer NOT NULL,
  from_id text NOT NULL, to_id text NOT NULL, relation text NOT NULL,
  confidence_score double precision NOT NULL DEFAULT 1.0, confidence_tier text NOT NULL DEFAULT 'EXTRACTED',
  body text NOT NULL);
CREATE INDEX IF NOT EXISTS cairn_edges_file ON cairn_edges (repo, extractor, src_file);
CREATE INDEX IF NOT EXISTS cairn_edges_to ON cairn_edges (to_id);
CREATE TABLE IF NOT EXISTS cairn_symbols (
  repo text NOT NULL, extractor text NOT NULL DEFAULT 'ast', file_path text NOT NULL, ord integer NOT NULL,
  name text NOT NULL, entity_id text, body text NOT NULL);
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
    const pool = new pg.Pool({ connectionString, max: 4 });
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await client.query(SCHEMA);
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
      await client.query('DELETE FROM cairn_entities WHERE repo = $1 AND extractor = $2 AND file_path = ANY($3::text[])', scope);
      await client.query('DELETE FROM cairn_edges WHERE repo = $1 AND extractor = $2 AND src_file = ANY($3::text[])', scope);
      await client.query('DELETE FROM cairn_symbols WHERE repo = $1 AND extractor = $2 AND file_path = ANY($3::text[])', scope);
      await client.query('DELETE FROM cairn_hyperedges WHERE repo = $1 AND extractor = $2 AND src_file = ANY($3::text[])', scope);
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
        `INSERT INTO cairn_repos (repo, commit, pushed_at) VALUES ($1, $2, $3)
         ON CONFLICT (repo) DO UPDATE SET commit = COALESCE(EXCLUDED.commit, cairn_repos.commit), pushed_at = EXCLUDED.pushed_at`,
        [repo, push.commit || null, now],
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
      const bodies = async (table: string, column: string) =>
        (await this.pool.query(`SELECT body FROM ${table} WHERE repo = $1 AND extractor = $2 AND ${column} = $3 ORDER BY ord`, args)).rows.map((r) =>
          JSON.parse(r.body as string),
        );
      out.push({
        repo,
        extractor: row.extractor as string,
        path,
        sha: row.sha as string | null,
        entities: (await bodies('cairn_entities', 'file_path')) as Entity[],
        edges: (await bodies('cairn_edges', 'src_file')) as Edge[],
        symbols: (await bodies('cairn_symbols', 'file_path')) as SymbolRow[],
        hyperedges: (await bodies('cairn_hyperedges', 'src_file')) as Hyperedge[],
      });
    }
    return out;
  }

  async repos(): Promise<RepoSummary[]> {
    const r = await this.pool.query(`
      SELECT r.repo, r.commit, r.pushed_at,
        (SELECT count(DISTINCT path) FROM cairn_files f WHERE f.repo = r.repo)::int AS files,
        (SELECT count(*) FROM cairn_entities e WHERE e.repo = r.repo)::int AS entities,
        (SELECT count(*) FROM cairn_edges e WHERE e.repo = r.repo)::int AS edges,
        (SELECT count(*) FROM cairn_hyperedges h WHERE h.repo = r.repo)::int AS hyperedges
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
    const needle = q.toLowerCase();
    const r = await this.pool.query(
      `SELECT repo, extractor, body FROM cairn_entities
       WHERE name_lc COLLATE "C" >= $1 AND starts_with(name_lc, $1) ${repo !== undefined ? 'AND repo = $3' : ''}
       ORDER BY name_lc COLLATE "C", name COLLATE "C", repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C" LIMIT $2`,
      repo !== undefined ? [needle, limit, repo] : [needle, limit],
    );
    return r.rows.map(found).sort(compareFound);
  }

  async entity(repo: string, id: string): Promise<FoundEntity | undefined> {
    const r = await this.pool.query('SELECT repo, extractor, body FROM cairn_entities WHERE repo = $1 AND id = $2 ORDER BY extractor COLLATE "C", file_path COLLATE "C" LIMIT 1', [repo, id]);
    return r.rows[0] ? found(r.rows[0]) : undefined;
  }

  async entitiesByQualifiedName(qualifiedName: string, exceptRepo: string, limit: number): Promise<FoundEntity[]> {
    const r = await this.pool.query(`SELECT repo, extractor, body FROM cairn_entities WHERE qualified_name = $1 AND repo <> $2
       ORDER BY repo COLLATE "C", extractor COLLATE "C", file_path COLLATE "C", id COLLATE "C" LIMIT $3`, [qualifiedName, exceptRepo, limit]);
    return r.rows.map(found).sort(compareFound);
  }

  async edgesInto(ids: string[], specifiers: string[], limit: number, relations?: ReadonlySet<string>): Promise<(Edge & { repo: string; extractor: string })[]> {
    const targets = [...new Set([...ids, ...specifiers.map((s) => `unresolved:${s}`)])];
    const r = await this.pool.query('SELECT repo, extractor, body FROM cairn_edges WHERE to_id = ANY($1::text[])', [targets]);
    return r.rows
      .map((row) => ({ ...(JSON.parse(row.body) as Edge), repo: row.repo as string, extractor: row.extractor as string }))
      .filter((e) => !relations || relations.has(e.relation))
      .sort(compareEdges)
      .slice(0, limit);
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

function found(row: { repo: string; extractor: string; body: string }): FoundEntity {
  return { ...(JSON.parse(row.body) as Entity), repo: row.repo, extractor: row.extractor };
}

async function insertEntities(client: pg.PoolClient, repo: string, extractor: string, rows: Entity[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_entities (repo, extractor, file_path, ord, id, name, name_lc, type, qualified_name, line_start, line_end, captured_at, body)
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
      rows.map((e) => JSON.stringify(e)),
    ],
  );
}

async function insertEdges(client: pg.PoolClient, repo: string, extractor: string, rows: Edge[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_edges (repo, extractor, src_file, ord, from_id, to_id, relation, confidence_score, confidence_tier, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::text[], $10::text[])`,
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
      rows.map((e) => JSON.stringify(e)),
    ],
  );
}

async function insertSymbols(client: pg.PoolClient, repo: string, extractor: string, rows: SymbolRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO cairn_symbols (repo, extractor, file_path, ord, name, entity_id, body)
     SELECT $1, $2, * FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[])`,
    [repo, extractor, rows.map((s) => s.file_path), rows.map((_, i) => i), rows.map((s) => s.name), rows.map((s) => s.entity_id ?? null), rows.map((s) => JSON.stringify(s))],
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
