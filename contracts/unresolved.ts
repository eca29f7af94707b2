// `data` of `cairn unresolved --json`: call sites that did not become trusted edges,
// with the reason, and the count of those outside the workspace by nature.
import { keysOf } from './keys.js';

export interface UnresolvedRow {
  source: string;
  specifier: string;
  kind: string;
  file_path: string;
  line: number;
  column: number;
  reason: string;
  candidate_count?: number;
  candidates?: string[];
}

export interface UnresolvedResult {
  references: UnresolvedRow[];
  truncated: boolean;
  /** Call sites outside the workspace by nature under the prefix, listed or not. */
  outside_workspace: { external: number; builtin: number };
}

/** What the command prints: the references, the reasons it listed, the outside count. */
export type UnresolvedData = Pick<UnresolvedResult, 'references' | 'outside_workspace'> & { reasons: string[] };

export const UNRESOLVED_DATA_KEYS = {
  data: keysOf<UnresolvedData>()(['references', 'reasons', 'outside_workspace']),
  row: keysOf<UnresolvedRow>()(['source', 'specifier', 'kind', 'file_path', 'line', 'column', 'reason', 'candidate_count', 'candidates']),
} as const;
