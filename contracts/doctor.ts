// `data` of `cairn doctor --json`: the review preflight. Every diagnostic list is
// bounded (its heaviest rows, then sorted as the contract says) with its full count
// in `totals`; a list cut short is named by the `diagnostics_truncated` warning.
import { keysOf } from './keys.js';

export interface CollisionRow {
  name: string;
  definitions: number;
  /** name_only and same_file edges into symbols of this name. */
  low_confidence_edges: number;
  ambiguous_call_sites: number;
  /** Why the row is here: several definitions, and/or edges bound by name alone. */
  reasons: CollisionReason[];
}

export type CollisionReason = 'several_definitions' | 'name_only_edges' | 'same_file_edges';

export interface LowQualityRow {
  path: string;
  reason: 'high_unresolved_rate';
  rate: number;
  call_sites: number;
  unresolved: number;
}

export interface GraphQuality {
  trust_verdict: 'trusted' | 'degraded' | 'unusable';
  /** What makes the verdict degraded, one line per cause (`<diagnostic>: <its heaviest instance>`); empty when trusted. */
  verdict_causes: string[];
  resolution_tiers: { kind: string; confidence: number; edges: number }[];
  /** Call sites the code leaves unresolved; `total` is their sum and what the rates count. */
  /** `excluded`: calls into folders the index leaves out (library folders not taken in). */
  unresolved: { missing_target: number; ambiguous_target: number; macro_or_function: number; indirect_call: number; excluded: number; total: number };
  /** Calls into packages outside the workspace or the language's own library: listed apart, never in a rate. */
  outside_workspace: { external: number; builtin: number; total: number };
  collision_prone_names: CollisionRow[];
  low_quality_locations: LowQualityRow[];
  unsupported_extensions: { extension: string; files: number }[];
  totals: { collision_prone_names: number; low_quality_locations: number; unsupported_extensions: number };
}

export interface DoctorData {
  /** `reason`: why an index that is there cannot be read (then freshness and the verdict are `unusable`). */
  index: { present: boolean; path: string; reason: string | null };
  schema: { expected: number; actual: number | null; match: boolean };
  git: { head: string | null; baseline: string | null; dirty: boolean | null };
  freshness: 'fresh' | 'stale' | 'missing' | 'incompatible' | 'unusable';
  graph_quality: GraphQuality;
  /** Folders the library rule left out that hold source files, as the last index run found them (`--include-library` takes them in). */
  skipped_folders: { path: string; files: number; at_least?: true }[];
}

export const DOCTOR_DATA_KEYS = {
  data: keysOf<DoctorData>()(['index', 'schema', 'git', 'freshness', 'graph_quality', 'skipped_folders']),
  index: keysOf<DoctorData['index']>()(['present', 'path', 'reason']),
  schema: keysOf<DoctorData['schema']>()(['expected', 'actual', 'match']),
  git: keysOf<DoctorData['git']>()(['head', 'baseline', 'dirty']),
  graph_quality: keysOf<GraphQuality>()(['trust_verdict', 'verdict_causes', 'resolution_tiers', 'unresolved', 'outside_workspace', 'collision_prone_names', 'low_quality_locations', 'unsupported_extensions', 'totals']),
  resolution_tier: keysOf<GraphQuality['resolution_tiers'][number]>()(['kind', 'confidence', 'edges']),
  unresolved: keysOf<GraphQuality['unresolved']>()(['missing_target', 'ambiguous_target', 'macro_or_function', 'indirect_call', 'excluded', 'total']),
  outside_workspace: keysOf<GraphQuality['outside_workspace']>()(['external', 'builtin', 'total']),
  collision_row: keysOf<CollisionRow>()(['name', 'definitions', 'low_confidence_edges', 'ambiguous_call_sites', 'reasons']),
  low_quality_row: keysOf<LowQualityRow>()(['path', 'reason', 'rate', 'call_sites', 'unresolved']),
  unsupported_extension: keysOf<GraphQuality['unsupported_extensions'][number]>()(['extension', 'files']),
  totals: keysOf<GraphQuality['totals']>()(['collision_prone_names', 'low_quality_locations', 'unsupported_extensions']),
} as const;
