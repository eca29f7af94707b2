// One apply: per-file reconcile, then re-resolution of every call site whose answer
// can have changed. Runs inside a single write transaction (see store.ts), so a
// failure anywhere leaves the previous graph untouched.
//
// Which call sites are re-resolved:
//   - every call site of an upserted file;
//   - call sites that looked up a name (`n:<name>`) whose symbols changed in a
//     resolution-visible way (added, removed, kind/owner/export changed: see
//     resolutionSignature), which covers "bound to a symbol that disappeared",
//     "unresolved but could now bind" and "a name became ambiguous";
//   - call sites of files that consulted a changed, added or deleted file
//     (`f:<path>`: import targets, module probes, re-export chains), or a changed,
//     added or deleted module configuration file (tsconfig.json, package.json).
// The dependency records are written by StoreLookup while resolving, so this set
// covers whatever the binders read, and the result equals a fresh build.
import type { DocChange } from '../contracts/docs.js';
import type { FileFacts, ModuleConfigFact } from '../contracts/facts.js';
import { TEST_CASE_KINDS, type EdgeRecord, type FileRecord, type GraphStats, type IndexMeta, type SymbolRecord, type UnresolvedRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import type { Dbs } from './env.js';
import { EXCLUDED_FOLDERS_DEP, StoreLookup } from './lookup.js';
import { wordSuffixes } from './name-words.js';
import { callCount, fileRecord, fileSymbol, resolutionSignature, storedCallSites, symbolIds, symbolRecords } from './records.js';
import { readAnswers, slotsById, storedAnswers } from './file-answers.js';
import { knownFromIncomingKey, omitKnown, type IncomingKey } from './known-values.js';
import { resolveSites, type ResolvedSites } from './resolve-file.js';
import { fileDep, type FileAnswers, isUnresolved, nameDep, prefixRange, type StoredCallSite } from './schema.js';
import { bump } from './stats.js';

export const incomingKey = (e: EdgeRecord, ord: number): IncomingKey => [e.target!, e.relationship, e.source, e.line, e.column, ord, e.confidence];

export type Signatures = Map<string, string[]>;

export class GraphWriter {
  private readonly lookup: StoreLookup;
  /** Files inserted by this apply: their sites, answers and file_symbols list stay in memory until resolved. */
  private readonly pending = new Map<string, { sites: StoredCallSite[]; answers: FileAnswers; slots: string[] }>();

  /** keepPending: hold inserted call sites in memory until resolved (one-transaction applies); a batched rebuild reads them back instead. */
  private readonly keepPending: boolean;

  constructor(
    private readonly dbs: Dbs,
    private readonly stats: GraphStats,
    options: { keepPending?: boolean } = {},
  ) {
    this.lookup = new StoreLookup(dbs);
    this.keepPending = options.keepPending ?? true;
  }

  // ---- answers (edges and unresolved records) with their counters

  private countAnswer(answer: EdgeRecord | UnresolvedRecord, delta: number): void {
    if (isUnresolved(answer)) bump(this.stats.unresolved_by_reason, answer.reason, delta);
    else {
      bump(this.stats.edges_by_relationship, answer.relationship, delta);
      bump(this.stats.edges_by_resolution, answer.resolution_kind, delta);
    }
  }

  private addAnswer(answer: EdgeRecord | UnresolvedRecord, ord: number): void {
    if (!isUnresolved(answer) && answer.target !== null) {
      const key = incomingKey(answer, ord);
      this.dbs.incoming.putSync(key, omitKnown(answer, knownFromIncomingKey(key)));
      if (this.dbs.test_symbols.get(answer.source) !== undefined) {
        this.dbs.test_incoming.putSync(key, null);
        this.dbs.tested.putSync(answer.target, null);
      }
    }
    this.countAnswer(answer, 1);
  }

  private dropAnswer(answer: EdgeRecord | UnresolvedRecord | undefined, ord: number): void {
    if (!answer) return;
    if (!isUnresolved(answer) && answer.target !== null) {
      const key = incomingKey(answer, ord);
      this.dbs.incoming.removeSync(key);
      // Whatever the source is now: it may have stopped being a test since.
      if (this.dbs.test_incoming.removeSync(key) && !hasKeys(this.dbs.test_incoming, answer.target)) this.dbs.tested.removeSync(answer.target);
    }
    this.countAnswer(answer, -1);
  }

  // ---- per-file reconcile

  /** Deletes everything `path` owns; adds the resolution signatures of its symbols, by name, to `signatures`. */
  purgeFile(path: string, signatures: Signatures): void {
    const file = this.dbs.files.get(path) as FileRecord | undefined;
    if (!file) return;
    this.stats.files -= 1;
    bump(this.stats.files_by_status, file.status, -1);
    bump(this.stats.files_by_language, file.language ?? 'unknown', -1);
    this.dbs.files.removeSync(path);

    const slots = (this.dbs.file_symbols.get(path) as string[] | undefined) ?? [];
    for (const id of slots) {
      const symbol = this.dbs.symbols.get(id) as SymbolRecord | undefined;
      if (symbol && symbol.kind !== 'file') {
        this.dbs.names.removeSync([symbol.name.toLowerCase(), symbol.name, id]);
        if (symbol.is_test) this.dropTest(symbol);
        this.stats.symbols -= 1;
        addSignature(signatures, symbol);
      }
      this.dbs.symbols.removeSync(id);
    }
    this.dbs.file_symbols.removeSync(path);

    const stored = this.dbs.answers.get(path) as FileAnswers | undefined;
    if (stored) {
      const answers = readAnswers(path, slots, stored);
      answers.contains.forEach((edge, i) => this.dropAnswer(edge, -1 - i));
      answers.sites.forEach((answer, ord) => this.dropAnswer(answer, ord));
      this.dbs.answers.removeSync(path);
    }
    const sites = this.dbs.call_sites.get(path) as StoredCallSite[] | undefined;
    if (sites) {
      this.stats.call_sites -= callCount(sites);
      this.dbs.call_sites.removeSync(path);
    }
    for (const dep of (this.dbs.dependencies.get(path) as string[] | undefined) ?? []) this.dbs.dependents.removeSync([dep, path]);
    this.dbs.dependencies.removeSync(path);
    this.dbs.imports.removeSync(path);
  }

  /**
   * Writes one file's facts (call sites not yet resolved). With `signatures`, adds the
   * resolution signatures of its symbols by name to it (a rebuild has nothing to compare).
   */
  insertFile(facts: FileFacts, signatures?: Signatures): void {
    const record = fileRecord(facts);
    this.dbs.files.putSync(facts.path, record);
    this.stats.files += 1;
    bump(this.stats.files_by_status, record.status, 1);
    bump(this.stats.files_by_language, record.language ?? 'unknown', 1);
    if (facts.status !== 'ok') return;

    const ids = symbolIds(facts.path, facts.symbols);
    const symbols = symbolRecords(facts, ids);
    const file = fileSymbol(facts);
    this.dbs.symbols.putSync(file.id, file);
    const order = symbols.map((_, i) => i).sort((a, b) => symbols[a].start_byte - symbols[b].start_byte || a - b);
    const contains: EdgeRecord[] = [];
    for (const index of order) {
      const symbol = symbols[index];
      this.dbs.symbols.putSync(symbol.id, symbol);
      this.dbs.names.putSync([symbol.name.toLowerCase(), symbol.name, symbol.id], null);
      if (symbol.is_test) this.addTest(symbol);
      this.stats.symbols += 1;
      if (signatures) addSignature(signatures, symbol);
      if (symbol.parent_id !== null) {
        const edge: EdgeRecord = {
          source: symbol.parent_id,
          target: symbol.id,
          relationship: 'contains',
          resolution_kind: 'exact',
          confidence: RESOLUTION_CONFIDENCE.exact,
          file_path: facts.path,
          line: symbol.start_line,
          column: symbol.start_column,
        };
        this.addAnswer(edge, -1 - contains.length);
        contains.push(edge);
      }
    }
    const slots = [file.id, ...order.map((i) => ids[i])];
    this.dbs.file_symbols.putSync(facts.path, slots);
    const symbolSlots = new Array<number>(order.length);
    order.forEach((index, position) => (symbolSlots[index] = position + 1));
    const sites = storedCallSites(facts, symbolSlots);
    if (sites.length > 0) {
      this.dbs.call_sites.putSync(facts.path, sites);
      this.stats.call_sites += callCount(sites);
    }
    const answers: FileAnswers = { contains, sites: [] };
    if (sites.length > 0 && this.keepPending) this.pending.set(facts.path, { sites, answers, slots });
    else if (contains.length > 0) this.dbs.answers.putSync(facts.path, storedAnswers(facts.path, slotsById(slots), answers));
    if (facts.imports.length > 0) this.dbs.imports.putSync(facts.path, facts.imports);
  }

  // ---- the test indexes (schema.ts: test_symbols, file_tests, test_words)

  private addTest(symbol: SymbolRecord): void {
    this.dbs.test_symbols.putSync(symbol.id, symbol.kind);
    this.dbs.file_tests.putSync([symbol.file_path, symbol.id], symbol.kind);
    if (!TEST_CASE_KINDS.has(symbol.kind)) return;
    for (const suffix of wordSuffixes(symbol.name)) this.dbs.test_words.putSync([suffix, symbol.id], symbol.kind);
  }

  private dropTest(symbol: SymbolRecord): void {
    this.dbs.test_symbols.removeSync(symbol.id);
    this.dbs.file_tests.removeSync([symbol.file_path, symbol.id]);
    if (!TEST_CASE_KINDS.has(symbol.kind)) return;
    for (const suffix of wordSuffixes(symbol.name)) this.dbs.test_words.removeSync([suffix, symbol.id]);
  }

  // ---- module configuration files

  /**
   * Makes the stored module configuration files exactly `configs`. With `targets`, the call
   * sites that consulted a file that changed, appeared or went away are added to it.
   */
  replaceConfigs(configs: readonly ModuleConfigFact[], targets?: Map<string, Set<number>>): void {
    const next = new Map(configs.map((c) => [c.path, c]));
    for (const { key, value } of this.dbs.configs.getRange({})) {
      const path = key as string;
      const now = next.get(path);
      if (now && JSON.stringify(now) === JSON.stringify(value)) {
        next.delete(path);
        continue;
      }
      if (!now) this.dbs.configs.removeSync(path);
      if (targets) this.collectDependents(fileDep(path), targets);
    }
    for (const [path, config] of next) {
      this.dbs.configs.putSync(path, config);
      if (targets) this.collectDependents(fileDep(path), targets);
    }
  }

  /** Documents are kept per file like code, and nothing resolves through them: a put or a remove each. */
  applyDocs(change: DocChange): void {
    for (const path of change.deletions) this.dbs.docs.removeSync(path);
    for (const doc of change.upserts) this.dbs.docs.putSync(doc.path, doc);
  }

  /**
   * The folders the index leaves out, as the run's meta lists them. With `targets`, and
   * when they differ from the ones stored, the call sites that asked about them are added.
   */
  setExcludedFolders(meta: IndexMeta, targets?: Map<string, Set<number>>): void {
    const folders = (meta.skipped_folders ?? []).map((f) => f.path);
    const stored = ((this.dbs.meta.get('meta') as IndexMeta | undefined)?.skipped_folders ?? []).map((f) => f.path);
    if (targets && JSON.stringify(folders) !== JSON.stringify(stored)) this.collectDependents(EXCLUDED_FOLDERS_DEP, targets);
    this.lookup.setExcludedFolders(folders);
  }

  // ---- resolution

  /** Re-resolves the given call sites (`WHOLE_FILE` = all of a file's); `fresh` files have no dependencies recorded yet. */
  resolve(targets: Map<string, Set<number>>, fresh: ReadonlySet<string>): void {
    for (const path of [...targets.keys()].sort()) {
      const pending = this.pending.get(path);
      const sites = pending?.sites ?? (this.dbs.call_sites.get(path) as StoredCallSite[] | undefined);
      if (!sites) continue;
      // Read once: resolution names callers by it, and the answers are stored by it.
      const slots = pending?.slots ?? ((this.dbs.file_symbols.get(path) as string[] | undefined) ?? []);
      this.applyResolved(resolveSites(this.dbs, this.lookup, path, slots, sites, targets.get(path)!), slots, fresh.has(path));
    }
  }

  /** Writes what resolving some of a file's call sites found, in place of their previous answers; `slots` is its file_symbols list. */
  private applyResolved(resolved: ResolvedSites, slots: string[], fresh: boolean): void {
    const { path } = resolved;
    const answers = this.pending.get(path)?.answers ?? this.storedAnswersOf(path, slots);
    for (const [ord, answer] of resolved.answers) {
      this.dropAnswer(answers.sites[ord], ord);
      answers.sites[ord] = answer;
      if (answer) this.addAnswer(answer, ord);
    }
    this.dbs.answers.putSync(path, storedAnswers(path, slotsById(slots), answers));
    this.writeDeps(path, resolved.deps, fresh);
    this.pending.delete(path);
  }

  /** A file's answers as the store holds them, made whole. */
  private storedAnswersOf(path: string, slots: readonly string[]): FileAnswers {
    const stored = this.dbs.answers.get(path) as FileAnswers | undefined;
    return stored ? readAnswers(path, slots, stored) : { contains: [], sites: [] };
  }

  /** Dependencies only grow between purges of a file: an over-approximation that never misses a re-resolution. */
  private writeDeps(path: string, deps: ReadonlyArray<[string, number[]]>, fresh: boolean): void {
    const known = fresh ? [] : ((this.dbs.dependencies.get(path) as string[] | undefined) ?? []);
    const all = new Set(known);
    for (const [dep, ords] of deps) {
      const previous = fresh ? undefined : (this.dbs.dependents.get([dep, path]) as number[] | undefined);
      const merged = previous ? [...new Set([...previous, ...ords])] : [...ords];
      merged.sort((a, b) => a - b);
      this.dbs.dependents.putSync([dep, path], merged);
      all.add(dep);
    }
    if (all.size > 0 && (fresh || all.size !== known.length)) this.dbs.dependencies.putSync(path, [...all]);
  }

  /** Call sites that depend on `dep`, added to `targets`. */
  collectDependents(dep: string, targets: Map<string, Set<number>>): void {
    for (const { key, value } of this.dbs.dependents.getRange(prefixRange(dep))) {
      const path = (key as [string, string])[1];
      let set = targets.get(path);
      if (!set) targets.set(path, (set = new Set()));
      for (const ord of value as number[]) set.add(ord);
    }
  }
}

/** True when `db` (keyed by tuples) holds a key starting with `first`. */
function hasKeys(db: Dbs[keyof Dbs], first: string): boolean {
  for (const _ of db.getKeys({ ...prefixRange(first), limit: 1 })) return true;
  return false;
}

function addSignature(signatures: Signatures, symbol: SymbolRecord): void {
  const list = signatures.get(symbol.name);
  const signature = resolutionSignature(symbol);
  if (list) list.push(signature);
  else signatures.set(symbol.name, [signature]);
}

/** Names whose resolution-visible symbols differ between two versions of the changed files. */
export function changedNames(before: Signatures, after: Signatures): Set<string> {
  const names = new Set<string>();
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = (before.get(name) ?? []).slice().sort().join('\n');
    const b = (after.get(name) ?? []).slice().sort().join('\n');
    if (a !== b) names.add(name);
  }
  return names;
}

export { nameDep, fileDep };
