// Hand-written FileFacts for store tests: no parser involved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallSiteFact, FileFacts, ImportFact, Language, ModuleConfigFact, SymbolFact, SymbolKind } from '../../contracts/facts.js';
import type { IndexMeta } from '../../contracts/graph.js';
import type { StoreChange } from '../../store/index.js';

export interface SymbolSpec {
  name: string;
  kind?: SymbolKind;
  qualifiedName?: string;
  parent?: number | null;
  ownerType?: string;
  exported?: boolean;
  isTest?: boolean;
  disambiguator?: string;
  bases?: string[];
  attributes?: Record<string, string | string[]>;
  line?: number;
}

export interface CallSpec extends Partial<CallSiteFact> {
  calleeName: string;
  caller?: number | null;
  line?: number;
}

export interface FileSpec {
  path: string;
  language?: Language;
  symbols?: SymbolSpec[];
  calls?: CallSpec[];
  imports?: Partial<ImportFact>[];
  status?: FileFacts['status'];
  hash?: string;
}

const languageOf = (path: string): Language => (path.endsWith('.rs') ? 'rust' : path.endsWith('.tsx') ? 'tsx' : path.endsWith('.js') ? 'javascript' : 'typescript');

export function facts(spec: FileSpec): FileFacts {
  const symbols: SymbolFact[] = (spec.symbols ?? []).map((s, local) => {
    const line = s.line ?? (local + 1) * 10;
    const symbol: SymbolFact = {
      local,
      name: s.name,
      qualifiedName: s.qualifiedName ?? s.name,
      kind: s.kind ?? 'function',
      parent: s.parent ?? null,
      isTest: s.isTest ?? false,
      startLine: line,
      endLine: line + 5,
      startColumn: 0,
      endColumn: 1,
      startByte: line * 100,
      endByte: line * 100 + 50,
    };
    if (s.ownerType !== undefined) symbol.ownerType = s.ownerType;
    if (s.exported !== undefined) symbol.exported = s.exported;
    if (s.disambiguator !== undefined) symbol.disambiguator = s.disambiguator;
    if (s.bases !== undefined) symbol.bases = s.bases;
    if (s.attributes !== undefined) symbol.attributes = s.attributes;
    return symbol;
  });
  const callSites: CallSiteFact[] = (spec.calls ?? []).map((c, i) => {
    const { caller, line, ...rest } = c;
    return {
      caller: caller ?? null,
      specifier: c.specifier ?? c.calleeName,
      kind: 'call',
      line: line ?? 1000 + i,
      column: 4,
      ...rest,
    } as CallSiteFact;
  });
  const imports: ImportFact[] = (spec.imports ?? []).map((i) => ({
    source: i.source ?? '',
    imported: i.imported ?? '',
    local: i.local ?? i.imported ?? '',
    reexport: i.reexport ?? false,
    typeOnly: i.typeOnly ?? false,
    line: i.line ?? 1,
  }));
  return {
    path: spec.path,
    language: spec.language ?? languageOf(spec.path),
    size: 100,
    mtimeMs: 1,
    hash: spec.hash ?? `hash-${spec.path}`,
    status: spec.status ?? 'ok',
    symbols,
    callSites,
    imports,
    references: [],
  };
}

export const META: IndexMeta = {
  schema_version: 0,
  git_head: null,
  indexed_at: '2026-01-01T00:00:00.000Z',
  workspace: '.',
  options: { include_library: false },
  cairn_version: 'test',
};

export function change(upserts: FileSpec[], deletions: string[] = [], rebuild = false, configs?: ModuleConfigFact[]): StoreChange {
  return { upserts: upserts.map(facts), deletions, meta: META, unsupportedExtensions: {}, rebuild, ...(configs ? { configs } : {}) };
}

export function tempWorkspace(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-store-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

import type { GraphStore } from '../../store/index.js';
import { openStore } from '../../store/index.js';
import type { EdgeRecord, UnresolvedRecord } from '../../contracts/graph.js';

/** A store in a fresh temp workspace with `specs` applied as one init. */
export async function buildStore(specs: FileSpec[], configs?: ModuleConfigFact[]): Promise<{ store: GraphStore; dir: string; cleanup: () => Promise<void> }> {
  const ws = tempWorkspace();
  const store = openStore(ws.dir);
  await store.apply(change(specs, [], true, configs));
  return {
    store,
    dir: ws.dir,
    cleanup: async () => {
      await store.close();
      ws.cleanup();
    },
  };
}

/** The one answer (edge or unresolved record) for the call site at `line` in `path`. */
export function answerAt(store: GraphStore, path: string, line: number): EdgeRecord | UnresolvedRecord {
  const edges = [...store.edges()].filter((e) => e.relationship === 'calls' && e.file_path === path && e.line === line);
  const unresolved = [...store.unresolved(path)].filter((u) => u.line === line);
  if (edges.length + unresolved.length !== 1) throw new Error(`expected one answer at ${path}:${line}, got ${edges.length} edges and ${unresolved.length} unresolved`);
  return edges[0] ?? unresolved[0];
}

/** Every record of the graph, for comparing two stores. */
export function dump(store: GraphStore) {
  return {
    files: [...store.files()],
    symbols: [...store.symbols()],
    edges: [...store.edges()],
    unresolved: [...store.unresolved()],
    stats: store.stats(),
    configs: store.moduleConfigs(),
    incoming: [...store.symbols()].map((s) => [s.id, store.incoming(s.id)]),
    incoming_refs: [...store.symbols()].map((s) => [s.id, store.incomingRefs(s.id)]),
    incoming_from_tests: [...store.symbols()].map((s) => [s.id, store.incomingFromTests(s.id)]),
    test_kinds: [...store.symbols()].map((s) => [s.id, store.testKind(s.id) ?? null]),
    tests_in_files: [...store.files()].map((f) => [f.path, store.testsInFile(f.path)]),
    tests_named_after: [...store.symbols()].map((s) => [s.id, store.testsNamedAfter(s.name, 1000)]),
  };
}
