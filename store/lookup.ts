// The resolver's view of the store inside a write transaction. Every lookup records
// a dependency of the call site being resolved, so a later apply knows which call
// sites to re-resolve: `n:<name>` for name lookups (per call site), `f:<path>` for a
// file's existence, symbols or imports (per file: import resolution is shared by all
// call sites of a file), and `f:<path>` too for a module configuration file's facts or
// absence (tsconfig.json, package.json: config paths are never source paths).
import type { ImportFact, ModuleConfigFact } from '../contracts/facts.js';
import type { FileRecord, SymbolRecord } from '../contracts/graph.js';
import type { Dbs } from './env.js';
import type { ResolveContext } from '../contracts/resolve.js';
import { fileDep, nameDep, prefixRange } from './schema.js';

const CACHE_LIMIT = 20_000;

/** The dependencies one memoised computation recorded. */
interface Recorded {
  site: Set<string>;
  file: Set<string>;
}

export class StoreLookup implements ResolveContext {
  private readonly nameCache = new Map<string, SymbolRecord[]>();
  private readonly fileSymbolCache = new Map<string, SymbolRecord[]>();
  private readonly importCache = new Map<string, ImportFact[]>();
  private readonly fileCache = new Map<string, FileRecord | null>();
  private readonly configCache = new Map<string, ModuleConfigFact | null>();
  private readonly memos = new Map<string, { value: unknown; recorded: Recorded }>();
  /** Memoised computations under way, innermost last: each records what it consults. */
  private readonly recording: Recorded[] = [];
  /** Dependencies recorded for the current call site and file, read by the writer. */
  readonly siteDeps = new Set<string>();
  readonly fileDeps = new Set<string>();

  constructor(private readonly dbs: Dbs) {}

  beginFile(): void {
    this.fileDeps.clear();
  }

  beginSite(): void {
    this.siteDeps.clear();
  }

  memo<T>(key: string, compute: () => T): T {
    const hit = this.memos.get(key);
    if (hit) {
      for (const dep of hit.recorded.site) this.noteSiteDep(dep);
      for (const dep of hit.recorded.file) this.noteFileDep(dep);
      return hit.value as T;
    }
    const recorded: Recorded = { site: new Set(), file: new Set() };
    this.recording.push(recorded);
    let value: T;
    try {
      value = compute();
    } finally {
      this.recording.pop();
    }
    if (this.memos.size >= CACHE_LIMIT) this.memos.clear();
    this.memos.set(key, { value, recorded });
    return value;
  }

  private noteSiteDep(dep: string): void {
    this.siteDeps.add(dep);
    for (const r of this.recording) r.site.add(dep);
  }

  private noteFileDep(dep: string): void {
    this.fileDeps.add(dep);
    for (const r of this.recording) r.file.add(dep);
  }

  byName(name: string): SymbolRecord[] {
    this.noteSiteDep(nameDep(name));
    return cached(this.nameCache, name, () => {
      const hit: SymbolRecord[] = [];
      for (const key of this.dbs.names.getKeys(prefixRange(name.toLowerCase(), name))) {
        const record = this.dbs.symbols.get((key as string[])[2]) as SymbolRecord | undefined;
        if (record) hit.push(record);
      }
      return hit;
    });
  }

  file(path: string): FileRecord | undefined {
    this.noteFileDep(fileDep(path));
    return cached(this.fileCache, path, () => (this.dbs.files.get(path) as FileRecord | undefined) ?? null) ?? undefined;
  }

  symbolsInFile(path: string): SymbolRecord[] {
    this.noteFileDep(fileDep(path));
    return cached(this.fileSymbolCache, path, () => {
      const hit: SymbolRecord[] = [];
      const ids = (this.dbs.file_symbols.get(path) as string[] | undefined) ?? [];
      for (let i = 1; i < ids.length; i++) {
        const record = this.dbs.symbols.get(ids[i]) as SymbolRecord | undefined;
        if (record) hit.push(record);
      }
      return hit;
    });
  }

  imports(path: string): ImportFact[] {
    this.noteFileDep(fileDep(path));
    return cached(this.importCache, path, () => (this.dbs.imports.get(path) as ImportFact[] | undefined) ?? []);
  }

  config(path: string): ModuleConfigFact | undefined {
    this.noteFileDep(fileDep(path));
    return cached(this.configCache, path, () => (this.dbs.configs.get(path) as ModuleConfigFact | undefined) ?? null) ?? undefined;
  }

  symbol(id: string): SymbolRecord | undefined {
    const record = this.dbs.symbols.get(id) as SymbolRecord | undefined;
    if (record) this.noteFileDep(fileDep(record.file_path));
    return record;
  }
}

/** The cached value for `key`, loaded on a miss (absence is cached as null or []); a full cache starts over. */
function cached<V>(cache: Map<string, V>, key: string, load: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = load();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

