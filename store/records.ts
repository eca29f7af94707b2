// Pure conversion of one file's facts into the records the store keeps: file record,
// symbol records with stable ids, and the raw call sites with their caller ids.
import type { FileFacts, SymbolFact } from '../contracts/facts.js';
import type { FileRecord, SymbolRecord } from '../contracts/graph.js';
import type { StoredCallSite } from './schema.js';

/** Id of the file symbol that owns file-scope code. */
export const fileSymbolId = (path: string) => `${path}::`;

/**
 * Symbol ids in `facts.symbols` order: `<path>::<qualified_name>`, then
 * `#<disambiguator>` when the adapter gave one; otherwise duplicates of one
 * qualified name are numbered `#2`, `#3` in source order (the first stays plain).
 */
export function symbolIds(path: string, symbols: readonly SymbolFact[]): string[] {
  const ids = new Array<string>(symbols.length);
  const taken = new Set<string>();
  const bySource = symbols
    .map((s, index) => ({ s, index }))
    .sort((a, b) => a.s.startByte - b.s.startByte || a.index - b.index);
  // Adapter-given disambiguators first, so numbering never steals one.
  for (const { s, index } of bySource) {
    if (s.disambiguator === undefined) continue;
    let id = `${path}::${s.qualifiedName}#${s.disambiguator}`;
    for (let n = 2; taken.has(id); n++) id = `${path}::${s.qualifiedName}#${s.disambiguator}~${n}`;
    taken.add(id);
    ids[index] = id;
  }
  const seen = new Map<string, number>();
  for (const { s, index } of bySource) {
    if (s.disambiguator !== undefined) continue;
    const base = `${path}::${s.qualifiedName}`;
    let n = seen.get(base) ?? 0;
    let id: string;
    do {
      n += 1;
      id = n === 1 ? base : `${base}#${n}`;
    } while (taken.has(id));
    seen.set(base, n);
    taken.add(id);
    ids[index] = id;
  }
  return ids;
}

export function fileRecord(facts: FileFacts): FileRecord {
  const record: FileRecord = {
    path: facts.path,
    language: facts.language,
    size: facts.size,
    mtime_ms: facts.mtimeMs,
    hash: facts.hash,
    status: facts.status,
    symbols: facts.status === 'ok' ? facts.symbols.length : 0,
    call_sites: facts.status === 'ok' ? callCount(facts.callSites) : 0,
  };
  if (facts.reason !== undefined) record.reason = facts.reason;
  if (facts.module !== undefined) record.module = facts.module;
  return record;
}

export function fileSymbol(facts: FileFacts): SymbolRecord {
  const slash = facts.path.lastIndexOf('/');
  return {
    id: fileSymbolId(facts.path),
    name: facts.path.slice(slash + 1),
    qualified_name: '',
    kind: 'file',
    file_path: facts.path,
    start_line: 1,
    end_line: 1,
    start_column: 0,
    end_column: 0,
    start_byte: 0,
    end_byte: facts.size,
    is_test: false,
    language: facts.language,
    parent_id: null,
  };
}

export function symbolRecords(facts: FileFacts, ids: readonly string[]): SymbolRecord[] {
  return facts.symbols.map((s, i) => {
    const record: SymbolRecord = {
      id: ids[i],
      name: s.name,
      qualified_name: s.qualifiedName,
      kind: s.kind,
      file_path: facts.path,
      start_line: s.startLine,
      end_line: s.endLine,
      start_column: s.startColumn,
      end_column: s.endColumn,
      start_byte: s.startByte,
      end_byte: s.endByte,
      is_test: s.isTest,
      language: facts.language,
      parent_id: s.parent === null ? null : (ids[s.parent] ?? null),
    };
    if (s.ownerType !== undefined) record.owner_type = s.ownerType;
    if (s.wrappingMacro !== undefined) record.wrapping_macro = s.wrappingMacro;
    if (s.exported !== undefined) record.exported = s.exported;
    if (s.bases !== undefined && s.bases.length > 0) record.bases = s.bases;
    if (s.attributes !== undefined) record.attributes = s.attributes;
    return record;
  });
}

/**
 * The call sites as stored: the facts, each caller as its slot in the file's file_symbols
 * list (`symbolSlots[i]` for symbol i). The site's context (ord, path, language, caller id) is
 * not written: resolution sets it when it reads the sites back.
 */
export function storedCallSites(facts: FileFacts, symbolSlots: readonly number[]): StoredCallSite[] {
  const out = new Array<StoredCallSite>(facts.callSites.length);
  facts.callSites.forEach((site, ord) => {
    const stored = {
      callerSlot: site.caller === null ? 0 : (symbolSlots[site.caller] ?? 0),
      calleeName: site.calleeName,
      specifier: site.specifier,
      kind: site.kind,
      line: site.line,
      column: site.column,
    } as StoredCallSite;
    if (site.receiver !== undefined) stored.receiver = site.receiver;
    if (site.receiverType !== undefined) stored.receiverType = site.receiverType;
    if (site.qualifier !== undefined) stored.qualifier = site.qualifier;
    if (site.indirect) stored.indirect = true;
    if (site.argumentCount !== undefined) stored.argumentCount = site.argumentCount;
    if (site.argumentLabels !== undefined) stored.argumentLabels = site.argumentLabels;
    if (site.argumentTypes !== undefined) stored.argumentTypes = site.argumentTypes;
    if (site.relationship !== undefined) stored.relationship = site.relationship;
    out[ord] = stored;
  });
  return out;
}

/**
 * What resolution can see of a symbol: everything but its position. Two versions of a
 * file whose symbols of one name have equal signatures resolve every call alike.
 */
export function resolutionSignature(s: SymbolRecord): string {
  return JSON.stringify([s.id, s.name, s.qualified_name, s.kind, s.parent_id, s.owner_type, s.exported, s.is_test, s.wrapping_macro, s.bases, s.attributes]);
}

/**
 * Sites that are no calls: a use of a type (`references`), a method's type declared in
 * another file (`contains`). They become edges when they resolve and leave nothing when
 * they do not, and no call count includes them.
 */
export const NOT_CALLS: ReadonlySet<string> = new Set(['references', 'contains']);

/** How many of `sites` are calls. */
export function callCount(sites: ReadonlyArray<{ relationship?: string }>): number {
  let n = 0;
  for (const site of sites) if (site.relationship === undefined || !NOT_CALLS.has(site.relationship)) n++;
  return n;
}
