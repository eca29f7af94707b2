// The LMDB graph store: one environment at `<workspace>/.cairn/graph`, read through
// MVCC snapshots, written by `apply` in a single write transaction.
import { rmSync } from 'node:fs';
import * as lmdb from 'lmdb';
import { CairnError } from '../contracts/errors.js';
import type { StoredDoc } from '../contracts/docs.js';
import type { ModuleConfigFact } from '../contracts/facts.js';
import type { EdgeRecord, EdgeRef, FileRecord, GraphStats, IndexMeta, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import type { Relationship } from '../contracts/tiers.js';
import { envExists, envProblem, graphPath, openEnv, stampEnv, type Dbs, type GraphEnv } from './env.js';
import { readersFullError } from './readers.js';
import type { GraphStore, IndexedFileState, SchemaState, StoreChange } from './index.js';
import { readAnswers } from './file-answers.js';
import { fileDep, type FileAnswers, HIGH, isUnresolved, nameDep, prefixRange, SCHEMA_VERSION, WHOLE_FILE } from './schema.js';
import { knownFromIncomingKey, restoreKnown, type IncomingKey } from './known-values.js';
import { normalisedName } from './name-words.js';
import { nearestNames } from './similar-names.js';
import { emptyStats, sortedStats } from './stats.js';
import { beginRebuild, recoverSwap, type RebuildSession } from './rebuild.js';
import { changedNames, GraphWriter, type Signatures } from './writer.js';

export interface OpenStoreOptions {
  /** Never create or write the index (a stamp of a checked file may be left beside it: env.ts); a workspace without an index reads as `missing`. */
  readOnly?: boolean;
}

export function openStore(workspace: string, options: OpenStoreOptions = {}): GraphStore {
  return new LmdbGraphStore(graphPath(workspace), options.readOnly ?? false);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** lmdb-js's key decoder (exported at runtime, missing from its type declarations). */
const decodeKey = (lmdb as unknown as { bufferToKeyValue(buffer: Buffer): lmdb.Key }).bufferToKeyValue;

/** The incoming-key references into `id` of an index keyed like `incoming`. */
function edgeRefs(db: lmdb.Database, id: string): EdgeRef[] {
  const out: EdgeRef[] = [];
  for (const key of db.getKeys(prefixRange(id))) {
    const [target, relationship, source, line, column, ord, confidence] = key as [string, Relationship, string, number, number, number, number];
    out.push({ source, target, relationship, confidence, line, column, ord });
  }
  return out;
}

function fileEdges(answers: FileAnswers | undefined): EdgeRecord[] {
  if (!answers) return [];
  return [...answers.contains, ...answers.sites.filter((a): a is EdgeRecord => a !== null && a !== undefined && !isUnresolved(a))];
}

function fileUnresolved(answers: FileAnswers | undefined): UnresolvedRecord[] {
  if (!answers) return [];
  const ords = answers.sites.map((_, ord) => ord).filter((ord) => answers.sites[ord] && isUnresolved(answers.sites[ord]));
  const byPosition = (a: number, b: number) => {
    const x = answers.sites[a] as UnresolvedRecord;
    const y = answers.sites[b] as UnresolvedRecord;
    return x.line - y.line || x.column - y.column || (x.specifier < y.specifier ? -1 : x.specifier > y.specifier ? 1 : 0) || a - b;
  };
  return ords.sort(byPosition).map((ord) => answers.sites[ord] as UnresolvedRecord);
}

export class LmdbGraphStore implements GraphStore {
  private env: GraphEnv | undefined;
  /** Read-only stores: the environment whose schema was found compatible. */
  private compatibleEnv: GraphEnv | undefined;

  constructor(
    private readonly path: string,
    private readonly readOnly: boolean,
  ) {
    if (!readOnly) recoverSwap(path);
    if (!envExists(path)) return;
    this.problem = envProblem(path) ?? undefined;
    if (this.problem) return;
    try {
      this.env = openEnv(path, readOnly);
      this.env.dbs.meta.get('schema_version');
    } catch (error) {
      void this.env?.root.close();
      this.env = undefined;
      const busy = readersFullError(error);
      if (busy) throw busy;
      this.problem = `the index cannot be read: ${(error as Error).message}`;
    }
  }

  /** Why an index that is there cannot be read (a damaged data.mdb). */
  private problem: string | undefined;

  unusableReason(): string | undefined {
    return this.problem;
  }

  /**
   * A rebuild in batches (`init`): see rebuild.ts. The live environment stays readable
   * until the new one is complete; it is closed just before the swap.
   */
  beginRebuild(): RebuildSession {
    if (this.readOnly) throw new Error('store opened read-only');
    return beginRebuild(
      this.path,
      async () => {
        const env = this.env;
        this.env = undefined;
        await env?.root.close();
      },
      () => {
        this.env = openEnv(this.path, false);
        this.problem = undefined;
      },
    );
  }

  // ---- schema

  storedSchemaVersion(): number | undefined {
    return this.env?.dbs.meta.get('schema_version') as number | undefined;
  }

  schemaState(): SchemaState {
    if (this.problem) return 'unusable';
    const stored = this.storedSchemaVersion();
    if (stored === undefined) return 'missing';
    return stored === SCHEMA_VERSION ? 'compatible' : 'incompatible';
  }

  /** The databases, or undefined when there is no index yet; throws on another schema version. */
  private readable() {
    if (!this.env) return undefined;
    if (this.compatibleEnv === this.env) return this.env.dbs;
    const state = this.schemaState();
    if (state === 'missing') return undefined;
    if (state === 'incompatible') {
      throw new CairnError(
        'index_incompatible',
        `the index was written with schema ${this.storedSchemaVersion()}, this cairn reads schema ${SCHEMA_VERSION}: run \`cairn init\` to rebuild it`,
        1,
        'cairn init',
      );
    }
    // A reader's environment keeps its schema while open (an init swaps in a new
    // directory, a sync keeps the version), so one check serves every later read;
    // a writer checks each time, as its own apply may rebuild.
    if (this.readOnly) this.compatibleEnv = this.env;
    return this.env.dbs;
  }

  // ---- reads

  meta(): IndexMeta | undefined {
    return this.readable()?.meta.get('meta') as IndexMeta | undefined;
  }

  stats(): GraphStats {
    const stats = this.readable()?.meta.get('stats') as GraphStats | undefined;
    return sortedStats(stats ?? emptyStats());
  }

  file(path: string): FileRecord | undefined {
    return this.readable()?.files.get(path) as FileRecord | undefined;
  }

  *files(prefix?: string): Iterable<FileRecord> {
    const dbs = this.readable();
    if (!dbs) return;
    const range = prefix ? { start: prefix, end: prefix + HIGH } : {};
    for (const { value } of dbs.files.getRange(range)) yield value as FileRecord;
  }

  filesInDirectory(dir: string, limit: number): string[] {
    const dbs = this.readable();
    const out: string[] = [];
    if (!dbs || limit <= 0) return out;
    const end = dir + HIGH;
    let start = dir;
    // Keys only; a subdirectory is skipped by seeking past it (`a/b/` ends before `a/b0`).
    for (let more = true; more; ) {
      more = false;
      for (const key of dbs.files.getKeys({ start, end })) {
        const path = key as string;
        const slash = path.indexOf('/', dir.length);
        if (slash >= 0) {
          start = `${path.slice(0, slash)}0`;
          more = true;
          break;
        }
        out.push(path);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  *fileStates(): Iterable<IndexedFileState> {
    for (const f of this.files()) yield { path: f.path, size: f.size, mtime_ms: f.mtime_ms, hash: f.hash, status: f.status };
  }

  symbol(id: string): SymbolRecord | undefined {
    return this.readable()?.symbols.get(id) as SymbolRecord | undefined;
  }

  symbolsInFile(path: string): SymbolRecord[] {
    const dbs = this.readable();
    if (!dbs) return [];
    const ids = (dbs.file_symbols.get(path) as string[] | undefined) ?? [];
    return this.symbolsFor(ids.slice(1));
  }

  /** The file symbol `<path>::` that owns file-scope code (not in symbolsInFile or the name index). */
  fileSymbol(path: string): SymbolRecord | undefined {
    return this.symbol(`${path}::`);
  }

  symbolsByName(name: string): SymbolRecord[] {
    const dbs = this.readable();
    if (!dbs) return [];
    return this.symbolsFor(dbs.names.getKeys(prefixRange(name.toLowerCase(), name)));
  }

  search(query: string, limit: number): SymbolRecord[] {
    const dbs = this.readable();
    const q = query.trim().toLowerCase();
    if (!dbs || q === '' || limit <= 0) return [];
    const ids: string[] = [];
    const take = (key: unknown) => {
      ids.push((key as [string, string, string])[2]);
      return ids.length >= limit;
    };
    // Exact (case-insensitive), then prefix, then substring: the name index is ordered by
    // lowercased name, so the first two are range scans and the third a scan of keys only.
    for (const key of dbs.names.getKeys(prefixRange(q))) if (take(key)) return this.symbolsFor(ids);
    for (const key of dbs.names.getKeys({ start: [q, HIGH], end: [q + HIGH] })) if (take(key)) return this.symbolsFor(ids);
    // Substring: test the raw key bytes first (the lowercased name is stored as UTF-8 in
    // the key) and decode only the keys that contain the query somewhere.
    const needle = Buffer.from(q, 'utf8');
    for (const raw of this.env!.rawNames.getKeys({})) {
      if (raw.indexOf(needle) < 0) continue;
      const key = decodeKey(raw) as [string, string, string];
      if (key[0].includes(q) && !key[0].startsWith(q) && take(key)) break;
    }
    return this.symbolsFor(ids);
  }

  similarNames(query: string, limit: number): string[] {
    const dbs = this.readable();
    if (!dbs || query.trim() === '' || limit <= 0) return [];
    // Keys are ordered by lowercased name, so each distinct name is measured once.
    let last = '';
    const distinct = function* (keys: Iterable<unknown>): Iterable<[string, string]> {
      for (const key of keys) {
        const [lower, name] = key as [string, string, string];
        if (lower === last) continue;
        last = lower;
        yield [lower, name];
      }
    };
    return nearestNames(query.trim(), distinct(dbs.names.getKeys({})), limit);
  }

  private symbolsFor(keys: Iterable<unknown>): SymbolRecord[] {
    const dbs = this.readable()!;
    const out: SymbolRecord[] = [];
    for (const key of keys) {
      const id = Array.isArray(key) ? (key[2] as string) : (key as string);
      const record = dbs.symbols.get(id) as SymbolRecord | undefined;
      if (record) out.push(record);
    }
    return out;
  }

  /** Edges out of a symbol: `contains` edges in source order, then calls in call-site order. */
  outgoing(id: string): EdgeRecord[] {
    const symbol = this.symbol(id);
    if (!symbol) return [];
    return fileEdges(this.answersOf(symbol.file_path)).filter((e) => e.source === id);
  }

  /** Edges into a symbol, ordered by relationship, then source id and position. */
  incoming(id: string): EdgeRecord[] {
    const dbs = this.readable();
    if (!dbs) return [];
    const out: EdgeRecord[] = [];
    for (const { key, value } of dbs.incoming.getRange(prefixRange(id))) out.push(restoreKnown(value as EdgeRecord, knownFromIncomingKey(key as IncomingKey)));
    return out;
  }

  /** Keys only: the walk reads no edge record (the key holds the confidence). */
  incomingRefs(id: string): EdgeRef[] {
    const dbs = this.readable();
    return dbs ? edgeRefs(dbs.incoming, id) : [];
  }

  incomingFromTests(id: string): EdgeRef[] {
    const dbs = this.readable();
    // Most symbols have no test caller: one get answers that without a range scan.
    if (!dbs || dbs.tested.get(id) === undefined) return [];
    return edgeRefs(dbs.test_incoming, id);
  }

  edge(ref: EdgeRef): EdgeRecord | undefined {
    const key: IncomingKey = [ref.target, ref.relationship, ref.source, ref.line, ref.column, ref.ord, ref.confidence];
    const stored = this.readable()?.incoming.get(key) as EdgeRecord | undefined;
    return stored && restoreKnown(stored, knownFromIncomingKey(key));
  }

  testKind(id: string): string | undefined {
    return this.readable()?.test_symbols.get(id) as string | undefined;
  }

  testsInFile(path: string): { id: string; kind: string }[] {
    const dbs = this.readable();
    if (!dbs) return [];
    const out: { id: string; kind: string }[] = [];
    for (const { key, value } of dbs.file_tests.getRange(prefixRange(path))) out.push({ id: (key as [string, string])[1], kind: value as string });
    return out;
  }

  testsNamedAfter(name: string, budget: number): { ids: string[]; complete: boolean } {
    const dbs = this.readable();
    const needle = normalisedName(name);
    if (!dbs || needle === '') return { ids: [], complete: true };
    const ids = new Set<string>();
    let read = 0;
    // Keys only, from the first suffix that starts with the needle to the last.
    for (const key of dbs.test_words.getKeys({ start: [needle], end: [needle + HIGH] })) {
      if (read >= budget) return { ids: [...ids].sort(compareIds), complete: false };
      read += 1;
      ids.add((key as [string, string])[1]);
    }
    return { ids: [...ids].sort(compareIds), complete: true };
  }

  unresolvedFrom(id: string): UnresolvedRecord[] {
    const symbol = this.symbol(id);
    if (!symbol) return [];
    return fileUnresolved(this.answersOf(symbol.file_path)).filter((u) => u.source === id);
  }

  /** The edges a file owns (their call sites are in it): contains edges, then calls in call-site order. */
  edgesOfFile(path: string): EdgeRecord[] {
    return fileEdges(this.answersOf(path));
  }

  /** The unresolved records of a file's call sites, in line, column, specifier order. */
  unresolvedOfFile(path: string): UnresolvedRecord[] {
    return fileUnresolved(this.answersOf(path));
  }

  private answersOf(path: string): FileAnswers | undefined {
    const dbs = this.readable();
    const stored = dbs?.answers.get(path) as FileAnswers | undefined;
    return stored && readAnswers(path, dbs!.file_symbols.get(path) as string[], stored);
  }

  private *allAnswers(prefix?: string): Iterable<FileAnswers> {
    const dbs = this.readable();
    if (!dbs) return;
    const range = prefix ? { start: prefix, end: prefix + HIGH } : {};
    for (const { key, value } of dbs.answers.getRange(range)) yield readAnswers(key as string, dbs.file_symbols.get(key) as string[], value as FileAnswers);
  }

  /** Unresolved records in path, line, column, specifier order. */
  *unresolved(prefix?: string): Iterable<UnresolvedRecord> {
    for (const answers of this.allAnswers(prefix)) yield* fileUnresolved(answers);
  }

  /** Every edge, file by file in path order (contains edges, then calls in call-site order). */
  *edges(): Iterable<EdgeRecord> {
    for (const answers of this.allAnswers()) yield* fileEdges(answers);
  }

  /** Every symbol, file symbols included, in id order. */
  *symbols(): Iterable<SymbolRecord> {
    const dbs = this.readable();
    if (!dbs) return;
    for (const { value } of dbs.symbols.getRange({})) yield value as SymbolRecord;
  }

  /** The module configuration files the index was resolved with, in path order. */
  moduleConfigs(): ModuleConfigFact[] {
    const dbs = this.readable();
    if (!dbs) return [];
    return [...dbs.configs.getRange({})].map(({ value }) => value as ModuleConfigFact);
  }

  docs(): StoredDoc[] {
    const dbs = this.readable();
    if (!dbs) return [];
    return [...dbs.docs.getRange({})].map(({ value }) => value as StoredDoc);
  }

  // ---- writes

  async apply(change: StoreChange): Promise<void> {
    if (this.readOnly) throw new Error('store opened read-only');
    if (this.problem) {
      if (!change.rebuild) throw new CairnError('index_unusable', `the index is unusable (${this.problem}): run \`cairn init\``, 1, 'cairn init');
      // A damaged index holds nothing to keep: start a new environment.
      rmSync(this.path, { recursive: true, force: true });
      this.problem = undefined;
    }
    if (this.env && this.schemaState() === 'incompatible') {
      if (!change.rebuild) {
        throw new CairnError('index_incompatible', 'the index was written with another schema version: run `cairn init`', 1, 'cairn init');
      }
      // Nothing in an index of another schema is usable: start a new environment.
      await this.env.root.close();
      this.env = undefined;
      rmSync(this.path, { recursive: true, force: true });
    }
    this.env ??= openEnv(this.path, false);
    const { root, dbs } = this.env;
    const rebuild = change.rebuild === true || this.schemaState() === 'missing';

    try {
      root.transactionSync(() => this.applyInTransaction(change, dbs, rebuild));
      this.wrote = true;
    } catch (error) {
      // The record shapes the failed transaction minted are still in its encoders'
      // memory but not on disk (env.ts: STRUCTURES): reopen before anything is written again.
      this.env = undefined;
      await root.close();
      this.env = openEnv(this.path, false);
      throw error;
    }
  }

  private applyInTransaction(change: StoreChange, dbs: Dbs, rebuild: boolean): void {
    if (rebuild) for (const db of Object.values(dbs)) db.clearSync();
    const stats = rebuild ? emptyStats() : structuredClone((dbs.meta.get('stats') as GraphStats | undefined) ?? emptyStats());
    const writer = new GraphWriter(dbs, stats);

    const upserts = new Map(change.upserts.map((f) => [f.path, f]));
    const touched = [...new Set([...upserts.keys(), ...change.deletions])].sort();
    const before: Signatures = new Map();
    const after: Signatures = new Map();
    if (!rebuild) for (const path of touched) writer.purgeFile(path, before);
    for (const path of [...upserts.keys()].sort()) writer.insertFile(upserts.get(path)!, rebuild ? undefined : after);

    const targets = new Map<string, Set<number>>();
    for (const [path, facts] of upserts) if (facts.status === 'ok' && facts.callSites.length > 0) targets.set(path, new Set([WHOLE_FILE]));
    if (change.configs) writer.replaceConfigs(change.configs, rebuild ? undefined : targets);
    writer.setExcludedFolders(change.meta, rebuild ? undefined : targets);
    if (!rebuild) {
      for (const path of touched) writer.collectDependents(fileDep(path), targets);
      for (const name of changedNames(before, after)) writer.collectDependents(nameDep(name), targets);
    }
    writer.resolve(targets, new Set(upserts.keys()));
    if (change.docs) writer.applyDocs(change.docs);

    stats.unsupported_extensions = { ...change.unsupportedExtensions };
    dbs.meta.putSync('stats', sortedStats(stats));
    dbs.meta.putSync('meta', { ...change.meta, schema_version: SCHEMA_VERSION });
    dbs.meta.putSync('schema_version', SCHEMA_VERSION);
  }

  /** A write committed since this store was opened: closing stamps the file (env.ts). */
  private wrote = false;

  async close(): Promise<void> {
    const env = this.env;
    this.env = undefined;
    await env?.root.close();
    if (env && this.wrote) stampEnv(this.path);
  }
}
