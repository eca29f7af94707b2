// The audit logs under .cairn/audit/: one JSONL file per recorded run, named after what
// ran (a review, an impact walk, a sync's freshness decision), and how many of each kind
// are kept (the `audit` key of the review configuration sets it for reviews).

/** What a log records; its file name starts with it. */
export type AuditKind = 'review' | 'impact' | 'freshness';

/** How much of .cairn/audit/ is kept, per kind: logs older than maxAgeDays go, then the oldest until the rest fit in maxBytes. */
export interface AuditRetention {
  maxAgeDays: number;
  maxBytes: number;
}

/** A review's log is about 20 KB: 64 MiB holds some 3,000 runs. */
export const DEFAULT_AUDIT_RETENTION: AuditRetention = { maxAgeDays: 30, maxBytes: 64 * 1024 * 1024 };
