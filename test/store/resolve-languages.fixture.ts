// Real extraction into a real store, for the language resolution tests: every file
// of an inline fixture is extracted by its adapter and applied as one init.
import type { FileFacts, Language, ModuleConfigFact } from '../../contracts/facts.js';
import type { EdgeRecord, UnresolvedRecord } from '../../contracts/graph.js';
import { extractFacts, languageForPath } from '../../parsers/index.js';
import { openStore, type GraphStore } from '../../store/index.js';
import { META, tempWorkspace } from './facts.js';

export async function extractAll(files: Record<string, string>): Promise<FileFacts[]> {
  const out: FileFacts[] = [];
  for (const [path, source] of Object.entries(files)) {
    const language = languageForPath(path) as Language;
    const extracted = await extractFacts(path, source, language);
    const facts: FileFacts = {
      path,
      language,
      size: Buffer.byteLength(source),
      mtimeMs: 1,
      hash: `hash-${path}`,
      status: 'ok',
      symbols: [],
      callSites: [],
      imports: [],
      references: [],
    };
    Object.assign(facts, extracted);
    delete (facts as { syntaxErrors?: number }).syntaxErrors;
    out.push(facts);
  }
  return out;
}

export interface IndexedFixture {
  store: GraphStore;
  /** The one answer for the call site in `path` whose specifier is `specifier` (the nth when repeated). */
  answer(path: string, specifier: string, nth?: number): EdgeRecord | UnresolvedRecord;
  edges(relationship: string): EdgeRecord[];
  cleanup(): Promise<void>;
}

export async function indexFiles(files: Record<string, string>, configs?: ModuleConfigFact[]): Promise<IndexedFixture> {
  const ws = tempWorkspace();
  const store = openStore(ws.dir);
  await store.apply({ upserts: await extractAll(files), deletions: [], meta: META, unsupportedExtensions: {}, rebuild: true, ...(configs ? { configs } : {}) });
  const all = [...store.edges()];
  const unresolved = [...store.unresolved()];
  return {
    store,
    answer(path, specifier, nth = 0) {
      const hits: Array<EdgeRecord | UnresolvedRecord> = [
        ...all.filter((e) => e.relationship === 'calls' && e.file_path === path && e.specifier === specifier),
        ...unresolved.filter((u) => u.file_path === path && u.specifier === specifier),
      ].sort((a, b) => a.line - b.line || a.column - b.column);
      if (!hits[nth]) throw new Error(`no answer for ${specifier} in ${path}`);
      return hits[nth];
    },
    edges: (relationship) => all.filter((e) => e.relationship === relationship),
    async cleanup() {
      await store.close();
      ws.cleanup();
    },
  };
}

/** `target (tier)` of an edge or `reason` (+ note) of an unresolved record. */
export function describeAnswer(a: EdgeRecord | UnresolvedRecord): string {
  if ('target' in a) return `${a.target} (${a.resolution_kind})`;
  return a.note ? `${a.reason} ${a.note}` : a.reason;
}
