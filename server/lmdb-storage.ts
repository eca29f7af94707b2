// The embedded storage: one LMDB environment in the data directory. A file's rows
// of one extractor are one value (purge = replace it); index databases answer
// search, callers and entity lookups by prefix scans. The search, qualified-name and
// edge-target indexes hold their row as the value, in answer order, so a read stops at
// its limit and never decodes a whole file. Every push is one write transaction, so a
// reader never sees half a push.
import { mkdirSync } from 'node:fs';
import { open, type Database, type RootDatabase } from 'lmdb';
import { UNRESOLVED_PREFIX, type Edge, type Entity, type IngestItem } from '../contracts/graph-push.js';
import {
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

const HIGH = '\uffff';
const MAP_SIZE = 2 ** 36;
/** Bumped when a database changes shape; an environment of another version is refused, never misread. */
const SCHEMA_VERSION = 2;

type FileValue = Omit<StoredFile, 'repo' | 'extractor' | 'path'>;
type FileKey = [string, string, string];
type RepoValue = Omit<RepoSummary, 'repo'>;

export class LmdbStorage implements GraphStorage {
  readonly kind = 'lmdb' as const;
  private readonly root: RootDatabase;
  /** [repo, extractor, path] -> the file's rows and sha. */
  private readonly files: Database<FileValue, FileKey>;
  /** [repo, path, extractor] -> null: the extractors that hold a file. */
  private readonly fileExtractors: Database<null, string[]>;
  private readonly repoDb: Database<RepoValue, string>;
  /** [lower-cased name, name, repo, extractor, path, id] -> the entity: names for prefix search. */
  private readonly byName: Database<Entity, string[]>;
  /** [repo, id, extractor, path] -> null: where an entity lives. */
  private readonly byEntity: Database<null, string[]>;
  /** [qualified name, repo, extractor, path, id] -> the entity. */
  private readonly byQualifiedName: Database<Entity, string[]>;
  /** [edge target, repo, extractor, path, n] -> the edge (n: its place in the file). */
  private readonly byTarget: Database<Edge, (string | number)[]>;
  /** [repo, source, seq] -> item. */
  private readonly memoryDb: Database<IngestItem, [string, string, number]>;
  private readonly meta: Database<number, string>;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.root = open({ path: dir, maxDbs: 32, compression: true, mapSize: MAP_SIZE });
    this.files = this.root.openDB({ name: 'files', encoding: 'msgpack' });
    this.fileExtractors = this.root.openDB({ name: 'file_extractors', encoding: 'msgpack' });
    this.repoDb = this.root.openDB({ name: 'repos', encoding: 'msgpack' });
    this.byName = this.root.openDB({ name: 'by_name', encoding: 'msgpack' });
    this.byEntity = this.root.openDB({ name: 'by_entity', encoding: 'msgpack' });
    this.byQualifiedName = this.root.openDB({ name: 'by_qualified_name', encoding: 'msgpack' });
    this.byTarget = this.root.openDB({ name: 'by_target', encoding: 'msgpack' });
    this.memoryDb = this.root.openDB({ name: 'memories', encoding: 'msgpack' });
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
        const key: FileKey = [push.repo, push.extractor, path];
        const old = this.files.get(key);
        if (old) {
          counts.purged_files += 1;
          this.unindex(key, old);
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
        this.index(key, value);
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
    for (const _ of this.fileExtractors.getKeys({ start: [repo, path], end: [repo, path, HIGH], limit: 1 })) return true;
    return false;
  }

  private index([repo, extractor, path]: FileKey, value: FileValue): void {
    this.fileExtractors.put([repo, path, extractor], null);
    for (const e of value.entities) {
      this.byName.put([e.name.toLowerCase(), e.name, repo, extractor, path, e.id], e);
      this.byEntity.put([repo, e.id, extractor, path], null);
      const qn = e.properties?.qualified_name;
      if (qn) this.byQualifiedName.put([qn, repo, extractor, path, e.id], e);
    }
    value.edges.forEach((e, n) => this.byTarget.put([e.to, repo, extractor, path, n], e));
  }

  private unindex([repo, extractor, path]: FileKey, value: FileValue): void {
    this.fileExtractors.remove([repo, path, extractor]);
    for (const e of value.entities) {
      this.byName.remove([e.name.toLowerCase(), e.name, repo, extractor, path, e.id]);
      this.byEntity.remove([repo, e.id, extractor, path]);
      const qn = e.properties?.qualified_name;
      if (qn) this.byQualifiedName.remove([qn, repo, extractor, path, e.id]);
    }
    value.edges.forEach((e, n) => this.byTarget.remove([e.to, repo, extractor, path, n]));
  }

  async fileShas(repo: string, extractor: string, paths: string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (const path of paths) {
      const value = this.files.get([repo, extractor, path]);
      if (value) out.set(path, value.sha);
    }
    return out;
  }

  async file(repo: string, path: string, extractor?: string): Promise<StoredFile[]> {
    const extractors = extractor !== undefined ? [extractor] : this.extractorsOf(repo, path);
    const out: StoredFile[] = [];
    for (const x of extractors) {
      const value = this.files.get([repo, x, path]);
      if (value) out.push({ repo, extractor: x, path, ...value });
    }
    return out;
  }

  private extractorsOf(repo: string, path: string): string[] {
    return [...this.fileExtractors.getKeys({ start: [repo, path], end: [repo, path, HIGH] })].map((k) => (k as string[])[2]!);
  }

  async repos(): Promise<RepoSummary[]> {
    const out: RepoSummary[] = [];
    for (const { key, value } of this.repoDb.getRange({})) out.push({ repo: key, ...value });
    return out;
  }

  async search(q: string, repo: string | undefined, limit: number): Promise<FoundEntity[]> {
    const needle = q.toLowerCase();
    const out: FoundEntity[] = [];
    // Keys come in answer order (lower-cased name, name, repo, ...): stop at the limit.
    const end = prefixEnd(needle);
    for (const { key, value } of this.byName.getRange({ start: [needle], ...(end !== null ? { end: [end] } : {}) })) {
      const [nameLc, , r, extractor] = key as string[];
      if (!nameLc!.startsWith(needle)) break;
      if (repo !== undefined && r !== repo) continue;
      out.push({ ...value, repo: r!, extractor: extractor! });
      if (out.length >= limit) break;
    }
    return out.sort(compareFound);
  }

  async entity(repo: string, id: string): Promise<FoundEntity | undefined> {
    for (const key of this.byEntity.getKeys({ start: [repo, id], end: [repo, id, HIGH] })) {
      const [, , extractor, path] = key as string[];
      const e = this.files.get([repo, extractor!, path!])?.entities.find((x) => x.id === id);
      if (e) return { ...e, repo, extractor: extractor! };
    }
    return undefined;
  }

  async twins(qualifiedName: string, exceptRepo: string, limit: number): Promise<Twin[]> {
    const out: Twin[] = [];
    for (const { key, value } of this.byQualifiedName.getRange({ start: [qualifiedName], end: [qualifiedName, HIGH] })) {
      const [, repo, extractor, path, id] = key as string[];
      if (repo === exceptRepo) continue;
      out.push({ repo: repo!, extractor: extractor!, file_path: path!, id: id!, name: value.name });
      if (out.length >= limit) break;
    }
    return out.sort(compareFound);
  }

  async edgesInto(targets: EdgeTargets, limit: number, relations?: ReadonlySet<string>): Promise<(Edge & { repo: string; extractor: string })[]> {
    const wanted = [...new Set(targets.ids)].map((to) => ({ to, notFrom: undefined as string | undefined }));
    for (const s of new Set(targets.specifiers)) wanted.push({ to: `${UNRESOLVED_PREFIX}${s}`, notFrom: targets.specifiersNotFrom });
    const out: (Edge & { repo: string; extractor: string })[] = [];
    for (const { to, notFrom } of wanted) {
      for (const { key, value } of this.byTarget.getRange({ start: [to], end: [to, HIGH] })) {
        const [, repo, extractor] = key as string[];
        if (repo === notFrom || (relations && !relations.has(value.relation))) continue;
        out.push({ ...value, repo: repo!, extractor: extractor! });
      }
    }
    return out.sort(compareEdges).slice(0, limit);
  }

  async bulkMemories(repo: string, reconcileFiles: string[], items: IngestItem[], _now: string): Promise<{ deleted: number; stored: number }> {
    let deleted = 0;
    await this.root.transaction(() => {
      for (const source of reconcileFiles) {
        for (const key of this.memoryDb.getKeys({ start: [repo, source], end: [repo, source, Number.MAX_SAFE_INTEGER] })) {
          this.memoryDb.remove(key as [string, string, number]);
          deleted += 1;
        }
      }
      let seq = this.meta.get('memory_seq') ?? 0;
      for (const item of items) this.memoryDb.put([repo, item.source ?? '', ++seq], item);
      this.meta.put('memory_seq', seq);
    });
    return { deleted, stored: items.length };
  }

  async memories(repo: string, source?: string): Promise<StoredMemory[]> {
    const range = source === undefined ? { start: [repo], end: [repo, HIGH] } : { start: [repo, source], end: [repo, source, Number.MAX_SAFE_INTEGER] };
    const out: StoredMemory[] = [];
    for (const { value } of this.memoryDb.getRange(range as never)) out.push({ ...(value as IngestItem), repo });
    return out;
  }

  async ping(): Promise<void> {
    this.meta.get('memory_seq');
  }

  async close(): Promise<void> {
    await this.root.close();
  }
}

function rowCount(v: FileValue): number {
  return v.entities.length + v.edges.length + v.symbols.length + v.hyperedges.length;
}
