// Audit logs: one JSONL file per review run under .cairn/audit/. Each line is a
// machine input, an event, the commands of a step, a final output, or the record of
// a review unit (digests and fingerprints of what it used); none of them holds
// source text. `cairn replay` reads them back.
import { mkdirSync, writeFileSync } from 'node:fs';
import { checkJsonDepth, MAX_AUDIT_LOG_BYTES, readInput } from '../gate/bounds.js';
import { join } from 'node:path';
import type { UnitAuditRecord } from '../contracts/review-audit.js';
import type { AuditLine } from '../machines/audit.js';
import type { UnitResult } from './run.js';

let written = 0;

export function writeAuditLog(workspace: string, lines: AuditLine[]): string {
  const dir = join(workspace, '.cairn', 'audit');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // pid and a per-process sequence: a review server writes many logs, some in the same millisecond.
  const name = `review-${stamp}-${process.pid}-${++written}.jsonl`;
  // 'wx': never overwrite another run's log.
  writeFileSync(join(dir, name), lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { flag: 'wx' });
  return `.cairn/audit/${name}`;
}

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

/** Reads an audit log: bounded in size (the file) and depth (each line), as every input is. */
export function readAuditLog(file: string): AuditLine[] {
  return readInput(file, 'audit log', MAX_AUDIT_LOG_BYTES)
    .split('\n')
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.trim() !== '')
    .map(({ l, i }) => {
      checkJsonDepth(l, `line ${i + 1}`);
      try {
        return JSON.parse(l) as AuditLine;
      } catch {
        throw new Error(`line ${i + 1} is not JSON`);
      }
    });
}
