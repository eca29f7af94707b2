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
//     (`f:<path>`: import targets, module probes, re-export chains).
// The dependency records are written by StoreLookup while resolving, so this set is
// exact for what the binders actually read, and the result equals a fresh build.
import type { FileFacts } from '../contracts/facts.js';
import type { EdgeRecord, FileRecord, GraphStats, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE } from '../contracts/tiers.js';
import type { Dbs } from './env.js';
import { StoreLookup } from './lookup.js';
import { fileRecord, fileSymbol, resolutionSignature, storedCallSites, symbolIds, symbolRecords } from './records.js';
import { binderFor, resolveCallSite, type Resolution } from './resolve/index.js';
import { fileDep, nameDep, prefixRange, type StoredCallSite, WHOLE_FILE } from './schema.js';
import { bump } from './stats.js';

/** Longest specifier kept in an unresolved record's key (LMDB keys are bounded). */
const KEY_SPECIFIER_MAX = 200;

export const edgeKey = (e: EdgeRecord, ord: number) => [e.source, e.relationship, e.line, e.column, ord];
const incomingKey = (e: EdgeRecord, ord: number) => [e.target, e.relationship, e.source, e.line, e.column, ord];
export const unresolvedKey = (u: UnresolvedRecord, ord: number) => [u.file_path, u.line, u.column, u.specifier.slice(0, KEY_SPECIFIER_MAX), ord];

type Signatures = Map<string, string[]>;

export class GraphWriter {
  private readonly lookup: StoreLookup;

  constructor(
    private readonly dbs: Dbs,
    private readonly stats: GraphStats,
  ) {
    this.lookup = new StoreLookup(dbs);
  }

  // ---- edges and unresolved records, with their counters

  private putEdge(edge: EdgeRecord, ord: number): void {
    this.dbs.outgoing.putSync(edgeKey(edge, ord), edge);
    if (edge.target !== null) this.dbs.incoming.putSync(incomingKey(edge, ord), null);
    bump(this.stats.edges_by_relationship, edge.relationship, 1);
    bump(this.stats.edges_by_resolution, edge.resolution_kind, 1);
  }

  private removeEdge(edge: EdgeRecord, ord: number): void {
    this.dbs.outgoing.removeSync(edgeKey(edge, ord));
    if (edge.target !== null) this.dbs.incoming.removeSync(incomingKey(edge, ord));
    bump(this.stats.edges_by_relationship, edge.relationship, -1);
    bump(this.stats.edges_by_resolution, edge.resolution_kind, -1);
  }

  private putUnresolved(record: UnresolvedRecord, ord: number): void {
    this.dbs.unresolved.putSync(unresolvedKey(record, ord), record);
    bump(this.stats.unresolved_by_reason, record.reason, 1);
  }

  private removeUnresolvedAt(key: unknown[]): void {
    const old = this.dbs.unresolved.get(key) as UnresolvedRecord | undefined;
    if (!old) return;
    this.dbs.unresolved.removeSync(key);
    bump(this.stats.unresolved_by_reason, old.reason, -1);
  }

  // ---- per-file reconcile

  /** Deletes everything `path` owns; returns the resolution signatures of its symbols by name. */
  purgeFile(path: string): Signatures {
    const signatures: Signatures = new Map();
    const file = this.dbs.files.get(path) as FileRecord | undefined;
    if (file) {
      this.stats.files -= 1;
      bump(this.stats.files_by_status, file.status, -1);
      bump(this.stats.files_by_language, file.language ?? 'unknown', -1);
      this.dbs.files.removeSync(path);
    }
    for (const { key, value } of [...this.dbs.file_symbols.getRange(prefixRange(path))]) {
      const id = value as string;
      const symbol = this.dbs.symbols.get(id) as SymbolRecord | undefined;
      if (symbol && symbol.kind !== 'file') {
        this.dbs.names.removeSync([symbol.name.toLowerCase(), symbol.name, id]);
        this.stats.symbols -= 1;
        addSignature(signatures, symbol);
      }
      for (const { key: edgeKeyFound, value: edge } of [...this.dbs.outgoing.getRange(prefixRange(id))]) {
        const ord = (edgeKeyFound as unknown[])[4] as number;
        this.removeEdge(edge as EdgeRecord, ord);
      }
      this.dbs.symbols.removeSync(id);
      this.dbs.file_symbols.removeSync(key);
    }
    for (const key of [...this.dbs.unresolved.getKeys(prefixRange(path))]) this.removeUnresolvedAt(key as unknown[]);
    for (const key of [...this.dbs.call_sites.getKeys(prefixRange(path))]) {
      this.dbs.call_sites.removeSync(key);
      this.stats.call_sites -= 1;
    }
    for (const key of [...this.dbs.dependencies.getKeys(prefixRange(path))]) {
      const [, ord, dep] = key as [string, number, string];
      this.dbs.dependents.removeSync([dep, path, ord]);
      this.dbs.dependencies.removeSync(key);
    }
    this.dbs.imports.removeSync(path);
    return signatures;
  }

  /** Writes one file's facts (not yet resolved); returns the resolution signatures of its symbols by name. */
  insertFile(facts: FileFacts): Signatures {
    const signatures: Signatures = new Map();
    const record = fileRecord(facts);
    this.dbs.files.putSync(facts.path, record);
    this.stats.files += 1;
    bump(this.stats.files_by_status, record.status, 1);
    bump(this.stats.files_by_language, record.language ?? 'unknown', 1);
    if (facts.status !== 'ok') return signatures;

    const ids = symbolIds(facts.path, facts.symbols);
    const symbols = symbolRecords(facts, ids);
    const file = fileSymbol(facts);
    this.dbs.symbols.putSync(file.id, file);
    this.dbs.file_symbols.putSync([facts.path, 0], file.id);
    const order = symbols.map((_, i) => i).sort((a, b) => symbols[a].start_byte - symbols[b].start_byte || a - b);
    order.forEach((index, position) => {
      const symbol = symbols[index];
      this.dbs.symbols.putSync(symbol.id, symbol);
      this.dbs.file_symbols.putSync([facts.path, position + 1], symbol.id);
      this.dbs.names.putSync([symbol.name.toLowerCase(), symbol.name, symbol.id], null);
      this.stats.symbols += 1;
      addSignature(signatures, symbol);
      if (symbol.parent_id !== null) {
        this.putEdge(
          {
            source: symbol.parent_id,
            target: symbol.id,
            relationship: 'contains',
            resolution_kind: 'exact',
            confidence: RESOLUTION_CONFIDENCE.exact,
            file_path: facts.path,
            line: symbol.start_line,
            column: symbol.start_column,
          },
          -1 - position,
        );
      }
    });
    for (const site of storedCallSites(facts, ids)) {
      this.dbs.call_sites.putSync([facts.path, site.ord], site);
      this.stats.call_sites += 1;
    }
    if (facts.imports.length > 0) this.dbs.imports.putSync(facts.path, facts.imports);
    return signatures;
  }

  // ---- resolution

  /** Re-resolves the given call sites (`WHOLE_FILE` = all of a file's); `fresh` files have no old answers to remove. */
  resolve(targets: Map<string, Set<number>>, fresh: ReadonlySet<string>): void {
    const paths = [...targets.keys()].sort();
    for (const path of paths) {
      const ords = targets.get(path)!;
      const sites: StoredCallSite[] = [];
      if (ords.has(WHOLE_FILE)) {
        for (const { value } of this.dbs.call_sites.getRange(prefixRange(path))) sites.push(value as StoredCallSite);
      } else {
        for (const ord of [...ords].sort((a, b) => a - b)) {
          const site = this.dbs.call_sites.get([path, ord]) as StoredCallSite | undefined;
          if (site) sites.push(site);
        }
      }
      for (const site of sites) {
        if (!fresh.has(path)) this.forget(site);
        this.resolveOne(site);
      }
      this.flushFileDeps(path);
    }
  }

  private forget(site: StoredCallSite): void {
    for (const relationship of ['calls'] as const) {
      const key = [site.callerId, relationship, site.line, site.column, site.ord];
      const old = this.dbs.outgoing.get(key) as EdgeRecord | undefined;
      if (old) this.removeEdge(old, site.ord);
    }
    this.removeUnresolvedAt([site.path, site.line, site.column, site.specifier.slice(0, KEY_SPECIFIER_MAX), site.ord]);
  }

  private resolveOne(site: StoredCallSite): void {
    const caller = this.dbs.symbols.get(site.callerId) as SymbolRecord;
    this.lookup.beginSite(site.path, site.ord);
    const resolution = resolveCallSite({ site, caller }, this.lookup, binderFor(site.language));
    this.record(site, resolution);
    for (const dep of this.lookup.siteDeps) {
      this.dbs.dependents.putSync([dep, site.path, site.ord], null);
      this.dbs.dependencies.putSync([site.path, site.ord, dep], null);
    }
  }

  private flushFileDeps(path: string): void {
    const own = fileDep(path);
    for (const dep of this.lookup.fileDeps) {
      if (dep === own) continue;
      this.dbs.dependents.putSync([dep, path, WHOLE_FILE], null);
      this.dbs.dependencies.putSync([path, WHOLE_FILE, dep], null);
    }
    this.lookup.fileDeps.clear();
  }

  private record(site: StoredCallSite, resolution: Resolution): void {
    if (resolution.kind === 'edge') {
      const edge: EdgeRecord = {
        source: site.callerId,
        target: resolution.target,
        relationship: 'calls',
        resolution_kind: resolution.tier,
        confidence: RESOLUTION_CONFIDENCE[resolution.tier],
        file_path: site.path,
        line: site.line,
        column: site.column,
        specifier: site.specifier,
      };
      this.putEdge(edge, site.ord);
      return;
    }
    const record: UnresolvedRecord = {
      source: site.callerId,
      specifier: site.specifier,
      kind: site.kind,
      file_path: site.path,
      line: site.line,
      column: site.column,
      reason: resolution.reason,
    };
    if (resolution.candidates) {
      record.candidate_count = resolution.candidates.length;
      record.candidates = resolution.candidates;
    }
    if (resolution.note !== undefined) record.note = resolution.note;
    this.putUnresolved(record, site.ord);
  }

  /** Call sites that depend on `dep`, added to `targets`. */
  collectDependents(dep: string, targets: Map<string, Set<number>>): void {
    for (const key of this.dbs.dependents.getKeys(prefixRange(dep))) {
      const [, path, ord] = key as [string, string, number];
      let set = targets.get(path);
      if (!set) targets.set(path, (set = new Set()));
      set.add(ord);
    }
  }
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
