// Resolving one file's call sites: a function of the stored graph alone (read through
// a StoreLookup), with no writes. The writer applies what it returns.
import type { EdgeRecord, FileRecord, SymbolRecord, UnresolvedRecord } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE, type Relationship } from '../contracts/tiers.js';
import type { Dbs } from './env.js';
import type { StoreLookup } from './lookup.js';
import { binderFor, resolveCallSite, type Resolution } from './resolve/index.js';
import { frameworkTier, REVERSED_RELATIONSHIPS } from '../parsers/java/spring-resolve.js';
import { NOT_CALLS } from './records.js';
import { fileDep, type StoredCallSite, WHOLE_FILE } from './schema.js';

export type Answer = EdgeRecord | UnresolvedRecord;

/**
 * Sites whose edge points from what the site names to the site's own symbol: the reversed
 * framework relationships, and `contains` (a Go method declared in another file than its
 * type: the type contains it).
 */
const REVERSED: ReadonlySet<Relationship> = new Set([...REVERSED_RELATIONSHIPS, 'contains']);

/** What resolving some of a file's call sites found: each site's answer, and what each consulted. */
export interface ResolvedSites {
  path: string;
  /** `[ord, answer]` in ord order; no answer for a type use outside the workspace (see answerFor). */
  answers: Array<[number, Answer | undefined]>;
  /** Dependencies, each with the ords that consulted it (WHOLE_FILE: every site of the file). */
  deps: Array<[string, number[]]>;
}

/**
 * Resolves the call sites of `path` (stored as `sites`; `slots` is its file_symbols list,
 * which names their callers) whose ords `wanted` holds, or all of them with WHOLE_FILE.
 */
export function resolveSites(dbs: Dbs, lookup: StoreLookup, path: string, slots: readonly string[], sites: StoredCallSite[], wanted: ReadonlySet<number>): ResolvedSites {
  const language = (dbs.files.get(path) as FileRecord).language;
  const binder = binderFor(language);
  const ords = wanted.has(WHOLE_FILE) ? sites.map((_, ord) => ord) : [...wanted].filter((o) => o >= 0 && o < sites.length).sort((a, b) => a - b);
  const deps = new Map<string, Set<number>>();
  const callers = new Map<string, SymbolRecord>();
  const answers: Array<[number, Answer | undefined]> = [];
  const own = fileDep(path);
  lookup.beginFile();
  for (const ord of ords) {
    const site = sites[ord];
    site.ord = ord;
    site.path = path;
    site.language = language;
    site.callerId = slots[site.callerSlot] ?? slots[0];
    let caller = callers.get(site.callerId);
    if (!caller) callers.set(site.callerId, (caller = dbs.symbols.get(site.callerId) as SymbolRecord));
    lookup.beginSite();
    answers.push([ord, answerFor(site, resolveCallSite({ site, caller }, lookup, binder))]);
    for (const dep of lookup.siteDeps) addDep(deps, dep, ord);
  }
  for (const dep of lookup.fileDeps) if (dep !== own) addDep(deps, dep, WHOLE_FILE);
  return { path, answers, deps: [...deps].map(([dep, set]) => [dep, [...set]]) };
}

function addDep(deps: Map<string, Set<number>>, dep: string, ord: number): void {
  const set = deps.get(dep);
  if (set) set.add(ord);
  else deps.set(dep, new Set([ord]));
}

/**
 * The edge or unresolved record of one site. A `references` site is a use of a type (Go's
 * `*pflag.FlagSet`, `error`: nothing in the workspace to point at), a `contains` site the
 * type a method belongs to: neither is a call, so neither leaves an unresolved record.
 */
function answerFor(site: StoredCallSite, resolution: Resolution): Answer | undefined {
  if (site.relationship !== undefined && NOT_CALLS.has(site.relationship) && resolution.kind !== 'edge') return undefined;
  if (site.relationship !== undefined && site.relationship !== 'calls') return frameworkAnswer(site, resolution);
  if (resolution.kind === 'edge') {
    return {
      source: site.callerId,
      target: resolution.target,
      relationship: resolution.relationship ?? 'calls',
      resolution_kind: resolution.tier,
      confidence: RESOLUTION_CONFIDENCE[resolution.tier],
      file_path: site.path,
      line: site.line,
      column: site.column,
      specifier: site.specifier,
    };
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
    record.candidate_count = resolution.candidate_count ?? resolution.candidates.length;
    record.candidates = resolution.candidates;
  }
  if (resolution.note !== undefined) record.note = resolution.note;
  return record;
}

/**
 * A framework site (parsers/java/spring-resolve.ts): its edge keeps the relationship, and points
 * from callee to caller for the reversed ones (`injected_into`, `consumes_event`). A
 * forward edge whose endpoint is not indexed keeps a null target with a warning; a
 * reversed one whose type is not indexed stays an unresolved record.
 */
function frameworkAnswer(site: StoredCallSite, resolution: Resolution): Answer {
  const relationship = site.relationship!;
  const reversed = REVERSED.has(relationship);
  const base = { relationship, file_path: site.path, line: site.line, column: site.column, specifier: site.specifier };
  if (resolution.kind === 'edge') {
    const tier = resolution.tier;
    const ends = reversed ? { source: resolution.target, target: site.callerId } : { source: site.callerId, target: resolution.target };
    return { ...ends, ...base, relationship, resolution_kind: tier, confidence: RESOLUTION_CONFIDENCE[tier] };
  }
  if (!reversed) {
    const tier = frameworkTier(relationship, site.specifier);
    const warning = resolution.reason === 'ambiguous_target' ? `ambiguous endpoint: ${site.calleeName}` : `endpoint not indexed: ${site.calleeName}`;
    return { source: site.callerId, target: null, ...base, resolution_kind: tier, confidence: RESOLUTION_CONFIDENCE[tier], warning };
  }
  const record: UnresolvedRecord = {
    source: site.callerId,
    specifier: site.specifier,
    kind: relationship,
    file_path: site.path,
    line: site.line,
    column: site.column,
    reason: resolution.reason,
    note: resolution.kind === 'unresolved' && resolution.note !== undefined ? resolution.note : `framework:${relationship}`,
  };
  if (resolution.candidates) {
    record.candidate_count = resolution.candidate_count ?? resolution.candidates.length;
    record.candidates = resolution.candidates;
  }
  return record;
}
