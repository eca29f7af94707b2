// `data` of `cairn review --json`: the run's units, findings and coverage, the audit log
// it wrote and where it ran. A unit's audit record is contracts/review-audit.ts; the
// unit, coverage and host rows are typed by review/ (the parameters below).
import { keysOf } from './keys.js';

export interface Finding {
  ruleId: string;
  title: string;
  message: string;
  path: string;
  kind: 'type' | 'function';
  name: string;
  line: number;
  probability: number;
  rationale: string;
}

export interface ReviewData<Unit = unknown, Coverage = unknown, HostInfo = unknown, Fact = unknown> {
  host: HostInfo | null;
  dryRun: boolean;
  backend: string;
  units: Unit[];
  findings: Finding[];
  /** What the graph-facts backend found (structural evidence, not findings: review/graph-facts.ts); empty for every other backend. */
  facts: Fact[];
  coverage: Coverage[];
  /** The audit log's workspace-relative path, null when it could not be written. */
  auditLog: string | null;
  runner: 'process' | 'server';
}

export const REVIEW_DATA_KEYS = {
  data: keysOf<ReviewData>()(['host', 'dryRun', 'backend', 'units', 'findings', 'facts', 'coverage', 'auditLog', 'runner']),
  finding: keysOf<Finding>()(['ruleId', 'title', 'message', 'path', 'kind', 'name', 'line', 'probability', 'rationale']),
} as const;
