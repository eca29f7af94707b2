// Audit logs: one JSONL file per review run under .cairn/audit/. Each line is a
// machine input, an event, the commands of a step, a final output, or the record of
// a review unit (digests and fingerprints of what it used); none of them holds
// source text. `cairn replay` reads them back.
import { writeFileSync } from 'node:fs';
import { checkJsonDepth, MAX_AUDIT_LOG_BYTES, readInput } from '../gate/bounds.js';
import { join } from 'node:path';
import { makeCairnDirectory } from '../gate/cairn-paths.js';
import type { UnitAuditRecord } from '../contracts/review-audit.js';
import type { AuditLine } from '../machines/audit.js';
import type { UnitResult } from './run.js';

let written = 0;

export function writeAuditLog(workspace: string, lines: AuditLine[]): string {
  const dir = makeCairnDirectory(workspace, 'audit');
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

const EXPECTED = 'an audit log (.cairn/audit/*.jsonl) has one JSON object a line: {run, machine, input}, {run, event}, {run, commands}, {run, output} or {unit}';

/**
 * The lines of an audit log, bounded in size (the file) and depth (each line), as every
 * input is; throws, saying what was expected, on anything that is not one.
 */
export function readAuditLog(file: string): AuditLine[] {
  const lines = readInput(file, 'audit log', MAX_AUDIT_LOG_BYTES)
    .split('\n')
    .map((text, i) => ({ text, number: i + 1 }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, number }) => {
      checkJsonDepth(text, `line ${number}`);
      let line: unknown;
      try {
        line = JSON.parse(text);
      } catch {
        throw new Error(`line ${number} is not JSON; ${EXPECTED}`);
      }
      if (!isAuditLine(line)) throw new Error(`line ${number} is not an audit log line; ${EXPECTED}`);
      return line;
    });
  if (!lines.some((l) => 'machine' in l)) throw new Error(`it records no machine run; ${EXPECTED}`);
  return lines;
}

function isAuditLine(value: unknown): value is AuditLine {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const line = value as Record<string, unknown>;
  if ('unit' in line) return typeof line.unit === 'object' && line.unit !== null;
  if (typeof line.run !== 'number') return false;
  if (typeof line.machine === 'string') return 'input' in line;
  if ('event' in line) return typeof (line.event as { type?: unknown } | null)?.type === 'string';
  if ('commands' in line) return Array.isArray(line.commands);
  return 'output' in line;
}
