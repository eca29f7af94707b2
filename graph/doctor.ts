// Graph-quality diagnostics for `doctor`, from the store's counters plus one pass
// over the files and one over the unresolved records and low-tier edges. Every
// array is bounded: the rows with the most weight are kept, then sorted as the
// contract says, with the full count beside them.
import type { CollisionReason, CollisionRow, GraphQuality, LowQualityRow } from '../contracts/doctor.js';
import type { GraphReader } from '../contracts/graph.js';
import { RESOLUTION_CONFIDENCE, type ResolutionKind } from '../contracts/tiers.js';
import { compareStrings } from './views.js';

/** Rows kept per diagnostic array. */
export const DOCTOR_MAX_ROWS = 50;
export const LOW_QUALITY_MIN_CALL_SITES = 5;
export const LOW_QUALITY_MIN_RATE = 0.2;
/** Reasons that say the resolver could not bind a call (macros, indirect calls, and calls into
 * other packages or the language's own library, are unbindable here by nature). */
const RESOLVER_MISSES = new Set(['missing_target', 'ambiguous_target']);
const LOW_TIERS = new Set(['name_only', 'same_file']);

/** A diagnostic list that kept only its heaviest rows. */
export interface CutList {
  list: 'collision_prone_names' | 'low_quality_locations';
  shown: number;
  total: number;
}

export interface QualityResult {
  quality: GraphQuality;
  /** What was cut, list by list: the answer is truncated when this is not empty. */
  cut: CutList[];
  /** Whether any file or folder of the whole index is a low-quality location (the verdict's, whatever the prefix). */
  lowQualityAnywhere: boolean;
}

export interface QualityOptions {
  /** Rows kept per diagnostic list. */
  maxRows?: number;
  /** Only call sites in files under this path prefix feed the two lists (`doctor --in`). */
  prefix?: string;
}

export function emptyQuality(verdict: GraphQuality['trust_verdict']): GraphQuality {
  return {
    trust_verdict: verdict,
    verdict_causes: [],
    resolution_tiers: [],
    unresolved: { missing_target: 0, ambiguous_target: 0, macro_or_function: 0, indirect_call: 0, excluded: 0, total: 0 },
    outside_workspace: { external: 0, builtin: 0, total: 0 },
    collision_prone_names: [],
    low_quality_locations: [],
    unsupported_extensions: [],
    totals: { collision_prone_names: 0, low_quality_locations: 0, unsupported_extensions: 0 },
  };
}

const lastName = (id: string) => {
  const qualified = id.slice(id.indexOf('::') + 2).replace(/#.*$/, '');
  const parts = qualified.split(/::|\./);
  return parts[parts.length - 1] ?? qualified;
};

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.');

/**
 * The verdict and what causes it: degraded when stale or when a diagnostic fires anywhere
 * in the index, each cause named with its heaviest instance; trusted when none does.
 */
export function judge(quality: GraphQuality, fresh: boolean, lowQualityAnywhere = quality.low_quality_locations.length > 0): void {
  const causes: string[] = [];
  if (!fresh) causes.push('stale: indexed files changed since the last sync');
  if (lowQualityAnywhere) {
    const files = quality.low_quality_locations.filter((l) => !l.path.endsWith('/'));
    const worst = [...(files.length > 0 ? files : quality.low_quality_locations)].sort((a, b) => b.unresolved - a.unresolved || compareStrings(a.path, b.path))[0];
    const others = quality.totals.low_quality_locations - 1;
    causes.push(
      worst
        ? `low_quality_locations: ${worst.path} leaves ${worst.unresolved} of ${worst.call_sites} call sites with a missing or ambiguous target${others > 0 ? ` (and ${others} more location${others === 1 ? '' : 's'})` : ''}`
        : `low_quality_locations: a location outside the prefix leaves at least ${LOW_QUALITY_MIN_RATE * 100}% of its call sites with a missing or ambiguous target`,
    );
  }
  if (quality.unsupported_extensions.length > 0) {
    causes.push(`unsupported_extensions: source files cairn does not parse (${quality.unsupported_extensions.map((u) => `${u.extension} ${u.files}`).join(', ')})`);
  }
  quality.trust_verdict = causes.length > 0 ? 'degraded' : 'trusted';
  quality.verdict_causes = causes;
}

/** Quality of a readable, schema-compatible graph. `fresh` false makes the verdict at best degraded. */
export function graphQuality(graph: GraphReader, fresh: boolean, options: QualityOptions = {}): QualityResult {
  const { maxRows = DOCTOR_MAX_ROWS, prefix = '' } = options;
  const stats = graph.stats();
  const quality = emptyQuality('trusted');
  const cut: CutList[] = [];

  quality.resolution_tiers = Object.entries(stats.edges_by_resolution)
    .map(([kind, edges]) => ({ kind, confidence: RESOLUTION_CONFIDENCE[kind as ResolutionKind] ?? 0, edges }))
    .sort((a, b) => b.confidence - a.confidence || compareStrings(a.kind, b.kind));

  const byReason = stats.unresolved_by_reason;
  quality.unresolved = {
    missing_target: byReason.missing_target ?? 0,
    ambiguous_target: byReason.ambiguous_target ?? 0,
    macro_or_function: byReason.macro_or_function ?? 0,
    indirect_call: byReason.indirect_call ?? 0,
    excluded: byReason.excluded ?? 0,
    total: 0,
  };
  const u = quality.unresolved;
  u.total = u.missing_target + u.ambiguous_target + u.macro_or_function + u.indirect_call + u.excluded;
  const external = byReason.external ?? 0;
  const builtin = byReason.builtin ?? 0;
  quality.outside_workspace = { external, builtin, total: external + builtin };

  // One pass over unresolved records: misses per file and ambiguous names.
  const missesByFile = new Map<string, number>();
  const names = new Map<string, CollisionRow & { name_only: number; same_file: number }>();
  const row = (name: string) => {
    let r = names.get(name);
    if (!r) names.set(name, (r = { name, definitions: 0, low_confidence_edges: 0, ambiguous_call_sites: 0, reasons: [], name_only: 0, same_file: 0 }));
    return r;
  };
  for (const u of graph.unresolved()) {
    // A call into a package outside the workspace has no target to find here.
    if (!RESOLVER_MISSES.has(u.reason)) continue;
    missesByFile.set(u.file_path, (missesByFile.get(u.file_path) ?? 0) + 1);
    if (u.reason === 'ambiguous_target' && u.file_path.startsWith(prefix)) {
      const r = row(lastName(`x::${u.specifier}`));
      r.ambiguous_call_sites += 1;
      r.definitions = Math.max(r.definitions, u.candidate_count ?? 2);
    }
  }
  // The edge scan runs only when the counters say there are low-tier edges to find.
  const lowTierEdges = [...LOW_TIERS].reduce((n, k) => n + (stats.edges_by_resolution[k] ?? 0), 0);
  if (lowTierEdges > 0) {
    for (const e of graph.edges()) {
      if (!LOW_TIERS.has(e.resolution_kind) || !e.target || !e.file_path.startsWith(prefix)) continue;
      const r = row(lastName(e.target));
      r.low_confidence_edges += 1;
      if (e.resolution_kind === 'name_only') r.name_only += 1;
      else r.same_file += 1;
    }
  }
  const collisions = [...names.values()].sort(
    (a, b) => b.low_confidence_edges + b.ambiguous_call_sites - (a.low_confidence_edges + a.ambiguous_call_sites) || compareStrings(a.name, b.name),
  );
  quality.totals.collision_prone_names = collisions.length;
  if (collisions.length > maxRows) cut.push({ list: 'collision_prone_names', shown: maxRows, total: collisions.length });
  quality.collision_prone_names = collisions.slice(0, maxRows).map(({ name_only, same_file, ...r }) => {
    const definitions = Math.max(r.definitions, graph.symbolsByName(r.name).filter((s) => s.kind !== 'file').length);
    const reasons: CollisionReason[] = [];
    if (definitions > 1) reasons.push('several_definitions');
    if (name_only > 0) reasons.push('name_only_edges');
    if (same_file > 0) reasons.push('same_file_edges');
    return { ...r, definitions, reasons };
  });
  quality.collision_prone_names.sort((a, b) => compareStrings(a.name, b.name));

  // Files and their directories with enough call sites and a high miss rate.
  const sites = new Map<string, { call_sites: number; unresolved: number }>();
  const bump = (path: string, callSites: number, misses: number) => {
    const s = sites.get(path) ?? { call_sites: 0, unresolved: 0 };
    s.call_sites += callSites;
    s.unresolved += misses;
    sites.set(path, s);
  };
  for (const file of graph.files()) {
    if (file.call_sites === 0) continue;
    const misses = missesByFile.get(file.path) ?? 0;
    bump(file.path, file.call_sites, misses);
    bump(`${dirOf(file.path)}/`, file.call_sites, misses);
  }
  const low: LowQualityRow[] = [];
  let lowQualityAnywhere = false;
  for (const [path, s] of sites) {
    if (s.call_sites < LOW_QUALITY_MIN_CALL_SITES) continue;
    const rate = s.unresolved / s.call_sites;
    if (rate < LOW_QUALITY_MIN_RATE) continue;
    lowQualityAnywhere = true;
    if (!path.startsWith(prefix)) continue;
    low.push({ path, reason: 'high_unresolved_rate', rate: Math.round(rate * 1000) / 1000, call_sites: s.call_sites, unresolved: s.unresolved });
  }
  low.sort((a, b) => b.unresolved - a.unresolved || compareStrings(a.path, b.path));
  quality.totals.low_quality_locations = low.length;
  if (low.length > maxRows) cut.push({ list: 'low_quality_locations', shown: maxRows, total: low.length });
  quality.low_quality_locations = low.slice(0, maxRows).sort((a, b) => compareStrings(a.path, b.path));

  quality.unsupported_extensions = Object.entries(stats.unsupported_extensions)
    .filter(([, files]) => files > 0)
    .map(([extension, files]) => ({ extension, files }))
    .sort((a, b) => compareStrings(a.extension, b.extension));
  quality.totals.unsupported_extensions = quality.unsupported_extensions.length;

  judge(quality, fresh, lowQualityAnywhere);
  return { quality, cut, lowQualityAnywhere };
}
