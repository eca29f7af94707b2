// The audit log's record of one review unit: a line `{"unit": …}` after the machine runs
// of a review. It says what was reviewed and with which exact bytes, by digests and
// sizes: never source. An auditor matches it with a backend's request through
// `inputDigest` and with the work tree through the file digests and declaration fingerprints.
import { keysOf } from './keys.js';
import type { Completeness, DeclarationFingerprint } from './review-input.js';

/** Whether one rule ran on a unit, and if not, why. */
export interface RuleOutcome {
  ruleId: string;
  runs: boolean;
  completeness: Completeness | null;
  /** Why it does not run: the first omitted edge it needed, or the path/kind mismatch. */
  blockedBy: { reason: string | null; relation: string; depth: number; name: string } | null;
}

export interface UnitAuditRecord {
  path: string;
  kind: 'type' | 'function';
  name: string;
  startLine: number;
  endLine: number;
  status: 'advised' | 'clear' | 'dry-run' | 'skipped';
  code: string | null;
  /** Digest of the exact bytes captured from each contributing file. */
  sources: Array<{ path: string; digest: string }>;
  /** Fingerprint of the exact bytes of each declaration used: the root, then the evidence nodes. */
  declarations: DeclarationFingerprint[];
  completeness: Completeness | null;
  projectionFingerprint: string | null;
  inputBytes: number | null;
  inputDigest: string | null;
  /** Which rules ran, and for those that did not, the first omitted evidence they needed. */
  rules: RuleOutcome[];
}

export const UNIT_AUDIT_KEYS = keysOf<UnitAuditRecord>()([
  'path',
  'kind',
  'name',
  'startLine',
  'endLine',
  'status',
  'code',
  'sources',
  'declarations',
  'completeness',
  'projectionFingerprint',
  'inputBytes',
  'inputDigest',
  'rules',
]);
