// The embedded storage: one LMDB environment in the data directory. A file's rows
// of one extractor are one value (purge = replace it); index databases answer
// search, callers and entity lookups by prefix scans. Each index holds its row as the
// value, keyed in answer order (lmdb-keys.ts: any valid push fits LMDB's key size,
// and a long field that a key cuts is kept whole in the value and checked), so a read
// stops at its limit, never sorts all matches and never decodes a whole file. Callers
// merge one ordered stream per target. Every push is one write transaction, so a
// reader never sees half a push.
import { mkdirSync } from 'node:fs';
import { open, type Database, type RootDatabase } from 'lmdb';
import { LIMITS, UNRESOLVED_PREFIX, type Edge, type Entity, type IngestItem } from '../contracts/graph-push.js';
import { firstOfMerged, inAnswerOrder, KeyShape, type Keyed } from './lmdb-keys.js';
import {
  compareCodePoints,
  compareEdges,
  compareFound,
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

const MAP_SIZE = 2 ** 36;
/** Bumped when a database changes shape; an environment of another version is refused, never misread. */
const SCHEMA_VERSION = 3;

const STRUCTURES = Buffer.of(0xff);
/** Keys as given bytes; a key read back is not materialised. */
const WRITE_ONLY_KEYS = {
  writeKey: (key: Buffer, target: Buffer, start: number): number => {
    target.set(key, start);
    return start + key.length;
  },
  readKey: (): null => null,
};

type Found = FoundEntity;
type Into = Edge & { repo: string; extractor: string };

type FileValue = Omit<StoredFile, 'repo' | 'extractor' | 'path'>;
type RepoValue = Omit<RepoSummary, 'repo'>;

// Key shapes (lmdb-keys.ts): caps in bytes, at the contract's limits where a key must
// pin a value exactly, smaller where only order is at stake (a cut value ties, and the
// reader orders the tie). Each shape is checked against LMDB's key size when declared.
const FILE = new KeyShape('file', [LIMITS.repo, LIMITS.extractor, LIMITS.path]);
const FILE_EXTRACTOR = new KeyShape('file extractor', [LIMITS.repo, LIMITS.path, LIMITS.extractor]);
/** Lower-casing grows a name by at most half (U+0130 is 2 bytes, its lower case 3). */
const BY_NAME = new KeyShape('by-name', [LIMITS.name * 1.5, LIMITS.name, LIMITS.repo, LIMITS.extractor, 400, 622]);
const BY_ENTITY = new KeyShape('by-entity', [LIMITS.repo, LIMITS.id, LIMITS.extractor, LIMITS.path]);
const BY_QUALIFIED_NAME = new KeyShape('by-qualified-name', [LIMITS.qualifiedName, LIMITS.repo, LIMITS.extractor, 400, 750]);
const BY_TARGET = new KeyShape('by-target', [LIMITS.id, LIMITS.repo, LIMITS.extractor, 320, 319]);
const MEMORY = new KeyShape('memory', [LIMITS.repo, LIMITS.path]);

// An index row is its answer row whole (whatever its key cut), and the row's tie group when its key cut a field.
type Named = [Found, string?];
type Qualified = [Twin, (string | null)?, string?];
type Targeted = [Into, string?];


export class LmdbStorage implements GraphStorage {
  readonly kind = 'lmdb' as const;
  private readonly root: RootDatabase;
  /** [repo, extractor, path] -> the file's rows and sha. */
  private readonly files: Database<FileValue, Buffer>;
  /** [repo, path, extractor] -> extractor: the extractors that hold a file. */
  private readonly fileExtractors: Database<string, Buffer>;
  private readonly repoDb: Database<RepoValue, string>;
  /** [lower-cased name, name, repo, extractor, path, id] row -> the entity: names for prefix search, in answer order. */
  private readonly byName: Database<Named, Buffer>;
  /** [repo, id, extractor, path] row -> the entity: an entity by id without reading its file. */
  private readonly byEntity: Database<Found, Buffer>;
  /** [qualified name, repo, extractor, path, id] row -> where the entity is: twins in selection order. */
  private readonly byQualifiedName: Database<Qualified, Buffer>;
  /** [edge target, repo, extractor, src_file, from] row -> the edge: callers in answer order. */
  private readonly byTarget: Database<Targeted, Buffer>;
  /** [repo, source] seq -> item. */
  private readonly memoryDb: Database<IngestItem, Buffer>;
  private readonly meta: Database<number, string>;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.root = open({ path: dir, maxDbs: 32, compression: true, mapSize: MAP_SIZE });
    // Shared structures: a row's field names are stored once per database, not in every
    // value (about a fifth less to store, and faster to decode). Their key, 0xff, is
    // above every row's key (UTF-8 never holds that byte).
    const binary = <V>(name: string) => this.root.openDB<V, Buffer>({ name, encoding: 'msgpack', keyEncoding: 'binary', sharedStructuresKey: STRUCTURES });
    // The indexes' keys are written, never read back (a row holds all it answers):
    // their reads skip copying each key into a new buffer. lmdb-js would need a read
    // key only to reposition a cursor held across a tick; every scan here runs to its
    // end or is closed within one synchronous call.
    // (lmdb-js reads `keyEncoder` on every database; its types declare it on the root only.)
    const index = <V>(name: string) => {
      const options = { name, encoding: 'msgpack' as const, keyEncoder: WRITE_ONLY_KEYS, sharedStructuresKey: STRUCTURES };
      return this.root.openDB<V, Buffer>(options);
    };
    this.files = binary('files');
    this.fileExtractors = binary('file_extractors');
    this.repoDb = this.root.openDB({ name: 'repos', encoding: 'msgpack' });
    this.byName = index('by_name');
    this.byEntity = index('by_entity');
    this.byQualifiedName = index('by_qualified_name');
    this.byTarget = index('by_target');
    this.memoryDb = binary('memories');
    this.meta = this.root.openDB({ name: 'meta', encoding: 'msgpack' });
    const version = this.meta.get('schema_version');
    if (version === undefined && this.repoDb.getKeysCount() > 0) throw new Error(`${dir} holds an older cairn graph (schema version 1); serve a new directory and push the repositories again`);
    if (version !== undefined && version !== SCHEMA_VERSION) throw new Error(`${dir} holds a cairn graph of schema version ${version}, this server reads version ${SCHEMA_VERSION}`);
    if (version === undefined) this.meta.putSync('schema_version', SCHEMA_VERSION);
  }

  async applyPush(push: CheckedPush, now: string): Promise<PushCounts> {
    const counts: PushCounts = { files: push.files.length, purged_files: 0, entities: 0, edges: 0, symbols: 0, hyperedges: 0 };
    const fresh = new Map<string, FileValue>();
    for (const path of push.files) fresh.set(path, { sha: push.file_shas[path] ?? null, entities: [], edges: [], symbols: [], hyperedges: [] });
    for (const e of push.entities) fresh.get(e.file_path)!.entities.push(e);
    for (const e of push.edges) fresh.get(e.src_file)!.edges.push(e);
    for (const s of push.symbols) fresh.get(s.file_path)!.symbols.push(s);
    for (const h of push.hyperedges) fresh.get(h.src_file)!.hyperedges.push(h);
    await this.root.transaction(() => {
      const repo = this.repoDb.get(push.repo) ?? { commit: null, pushed_at: now, files: 0, entities: 0, edges: 0, hyperedges: 0 };
      for (const [path, value] of fresh) {
        const key = FILE.key([push.repo, push.extractor, path]).key;
        const old = this.files.get(key);
        if (old) {
          counts.purged_files += 1;
          this.unindex(push.repo, push.extractor, path, old);
          if (!this.held(push.repo, path)) repo.files -= 1;
          repo.entities -= old.entities.length;
          repo.edges -= old.edges.length;
          repo.hyperedges -= old.hyperedges.length;
          this.files.remove(key);
        }
        // A file listed with no rows and no sha is gone: nothing is kept of it.
        if (value.sha === null && rowCount(value) === 0) continue;
        if (!this.held(push.repo, path)) repo.files += 1;
        this.files.put(key, value);
        this.index(push.repo, push.extractor, path, value);
        repo.entities += value.entities.length;
        repo.edges += value.edges.length;
        repo.hyperedges += value.hyperedges.length;
        counts.entities += value.entities.length;
        counts.edges += value.edges.length;
        counts.symbols += value.symbols.length;
        counts.hyperedges += value.hyperedges.length;
      }
      repo.pushed_at = now;
      if (push.commit) repo.commit = push.commit;
      this.repoDb.put(push.repo, repo);
    });
    return counts;
  }

  /** Whether any extractor holds this file (repo counts are of distinct paths). */
  private held(repo: string, path: string): boolean {
    const { start, end } = FILE_EXTRACTOR.prefix([repo, path]);
    for (const _ of this.fileExtractors.getKeys({ start, end, limit: 1 })) return true;
    return false;
  }

  private index(repo: string, extractor: string, path: string, value: FileValue): void {
    this.fileExtractors.put(FILE_EXTRACTOR.key([repo, path, extractor]).key, extractor);
    value.entities.forEach((e, n) => {
      const found: Found = { ...e, repo, extractor };
      const named = BY_NAME.key([e.name.toLowerCase(), e.name, repo, extractor, path, e.id], n);
      this.byName.put(named.key, named.cut === undefined ? [found] : [found, named.cut]);
      this.byEntity.put(BY_ENTITY.key([repo, e.id, extractor, path], n).key, found);
      const qn = e.properties?.qualified_name;
      if (qn) {
        const qualified = BY_QUALIFIED_NAME.key([qn, repo, extractor, path, e.id], n);
        const twin: Twin = { repo, extractor, file_path: path, id: e.id, name: e.name };
        this.byQualifiedName.put(qualified.key, BY_QUALIFIED_NAME.prefix([qn]).exact ? (qualified.cut === undefined ? [twin] : [twin, qualified.cut]) : [twin, qualified.cut ?? null, qn]);
      }
    });
    value.edges.forEach((e, n) => {
      const target = BY_TARGET.key([e.to, repo, extractor, path, e.from], n);
      const into: Into = { ...e, repo, extractor };
      this.byTarget.put(target.key, target.cut === undefined ? [into] : [into, target.cut]);
    });
  }

  private unindex(repo: string, extractor: string, path: string, value: FileValue): void {
    this.fileExtractors.remove(FILE_EXTRACTOR.key([repo, path, extractor]).key);
    value.entities.forEach((e, n) => {
      this.byName.remove(BY_NAME.key([e.name.toLowerCase(), e.name, repo, extractor, path, e.id], n).key);
      this.byEntity.remove(BY_ENTITY.key([repo, e.id, extractor, path], n).key);
      const qn = e.properties?.qualified_name;
      if (qn) this.byQualifiedName.remove(BY_QUALIFIED_NAME.key([qn, repo, extractor, path, e.id], n).key);
    });
    value.edges.forEach((e, n) => this.byTarget.remove(BY_TARGET.key([e.to, repo, extractor, path, e.from], n).key));
  }

  async fileShas(repo: string, extractor: string, paths: string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const path of paths) {
      const value = this.files.get(FILE.key([repo, extractor, path]).key);
      if (value) out.set(path, value.sha);
    }
    return out;
  }

  async file(repo: string, path: string, extractor?: string): Promise<StoredFile[]> {
    const extractors = extractor !== undefined ? [extractor] : this.extractorsOf(repo, path);
    const out: StoredFile[] = [];
    for (const x of extractors) {
      const value = this.files.get(FILE.key([repo, x, path]).key);
      if (value) out.push({ repo, extractor: x, path, ...value });
    }
    return out;
  }

  private extractorsOf(repo: string, path: string): string[] {
    const { start, end } = FILE_EXTRACTOR.prefix([repo, path]);
    return [...this.fileExtractors.getRange({ start, end })].map(({ value }) => value);
  }

  async repos(): Promise<RepoSummary[]> {
    const out: RepoSummary[] = [];
    for (const { key, value } of this.repoDb.getRange({})) out.push({ repo: key, ...value });
    return out;
  }

  async search(q: string, repo: string | undefined, limit: number): Promise<RowJson[]> {
    const needle = q.toLowerCase();
    const { start, end, exact } = BY_NAME.startsWith(needle);
    const byName = this.byName;
    function* matches(): Generator<Keyed<Found>> {
      for (const { value } of byName.getRange({ start, end })) {
        const [row, cut] = value;
        if (repo !== undefined && row.repo !== repo) continue;
        // Past the key's cap of the name, the range holds names that only start alike.
        if (!exact && !row.name.toLowerCase().startsWith(needle)) continue;
        yield { row, cut };
      }
    }
    return take(inAnswerOrder(matches(), compareFound), limit).map((row) => JSON.stringify(row));
  }

  async entity(repo: string, id: string): Promise<FoundEntity | undefined> {
    const { start, end } = BY_ENTITY.prefix([repo, id]);
    // Keys of one id come by extractor, then file: the first is the answer (a cut id ties with others, so check it).
    for (const { value } of this.byEntity.getRange({ start, end })) if (value.id === id) return value;
    return undefined;
  }

  async twins(qualifiedName: string, exceptRepo: string, limit: number): Promise<Twin[]> {
    const { start, end, exact } = BY_QUALIFIED_NAME.prefix([qualifiedName]);
    const byQualifiedName = this.byQualifiedName;
    function* twins(): Generator<Keyed<Twin>> {
      for (const { value } of byQualifiedName.getRange({ start, end })) {
        const [row, cut, qn] = value;
        if (row.repo === exceptRepo || (!exact && qn !== qualifiedName)) continue;
        yield { row, cut: cut ?? undefined };
      }
    }
    return take(inAnswerOrder(twins(), selectTwin), limit).sort(compareFound);
  }

  async edgesInto(targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<EdgeInto[]> {
    const wanted = [...new Set(targets.ids)].map((to) => ({ to, notFrom: undefined as string | undefined }));
    for (const s of new Set(targets.specifiers)) wanted.push({ to: `${UNRESOLVED_PREFIX}${s}`, notFrom: targets.specifiersNotFrom });
    const byTarget = this.byTarget;
    // One stream a target, each in answer order; merged, they stop at the limit.
    const streams = wanted.map(({ to, notFrom }) => {
      const { start, end, exact } = BY_TARGET.prefix([to]);
      function* into(): Generator<Keyed<Into>> {
        for (const { value } of byTarget.getRange({ start, end })) {
          const [row, cut] = value;
          if (row.repo === notFrom || (relations && !relations.has(row.relation)) || (!exact && row.to !== to)) continue;
          yield { row, cut };
        }
      }
      return inAnswerOrder(into(), compareEdges, sameCaller);
    });
    return firstOfMerged(streams, compareEdges, limit).map((row) => ({ to: row.to, json: JSON.stringify(row) }));
  }

  async bulkMemories(repo: string, reconcileFiles: string[], items: IngestItem[], _now: string): Promise<{ deleted: number; stored: number }> {
    let deleted = 0;
    await this.root.transaction(() => {
      for (const source of reconcileFiles) {
        const { start, end } = MEMORY.prefix([repo, source]);
        for (const key of this.memoryDb.getKeys({ start, end })) {
          this.memoryDb.remove(key);
          deleted += 1;
        }
      }
      let seq = this.meta.get('memory_seq') ?? 0;
      for (const item of items) this.memoryDb.put(MEMORY.key([repo, item.source ?? ''], ++seq).key, item);
      this.meta.put('memory_seq', seq);
    });
    return { deleted, stored: items.length };
  }

  /** A repo's memories by source, then in the order they were stored. */
  async memories(repo: string, source?: string): Promise<StoredMemory[]> {
    const { start, end } = MEMORY.prefix(source === undefined ? [repo] : [repo, source]);
    const out: StoredMemory[] = [];
    for (const { value } of this.memoryDb.getRange({ start, end })) out.push({ ...value, repo });
    return out;
  }

  async ping(): Promise<void> {
    this.meta.get('memory_seq');
  }

  async close(): Promise<void> {
    await this.root.close();
  }
}

/** The order twins are picked in (the first `limit` by place), before they are answered in `compareFound` order. */
function selectTwin(a: Twin, b: Twin): number {
  const c = compareCodePoints;
  return c(a.repo, b.repo) || c(a.extractor, b.extractor) || c(a.file_path, b.file_path) || c(a.id, b.id);
}

/** Edges keyed alike in the by-target index (their call sites' lines and columns are not in the key). */
function sameCaller(a: Into, b: Into): boolean {
  return a.to === b.to && a.repo === b.repo && a.extractor === b.extractor && a.src_file === b.src_file && a.from === b.from;
}

/** The first `n` of a lazy sequence (the rest is never read). */
function take<T>(rows: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  if (n <= 0) return out;
  for (const row of rows) {
    out.push(row);
    if (out.length >= n) break;
  }
  return out;
}

function rowCount(v: FileValue): number {
  return v.entities.length + v.edges.length + v.symbols.length + v.hyperedges.length;
}
