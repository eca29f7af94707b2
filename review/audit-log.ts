// The audit record of a review unit, the line a review's log ends with for each unit
// (workers/audit-log.ts writes, prunes and reads the logs themselves).
import type { UnitAuditRecord } from '../contracts/review-audit.js';
import type { UnitResult } from './run.js';

/** The audit line of one review unit: its result without the input, the omissions or the decisions' rationale. */
export function unitAuditLine(u: UnitResult): { unit: UnitAuditRecord } {
  return {
    unit: {
      path: u.path,
      kind: u.kind,
      name: u.name,
      startLine: u.startLine,
      endLine: u.endLine,
      status: u.status,
      code: u.code,
      sources: u.sources,
      declarations: u.declarations,
      completeness: u.completeness,
      projectionFingerprint: u.projectionFingerprint,
      inputBytes: u.inputBytes,
      inputDigest: u.inputDigest,
      rules: u.rules,
    },
  };
}
