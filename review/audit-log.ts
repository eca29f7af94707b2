// Audit logs: one JSONL file per review run under .cairn/audit/. Each line is a
// machine input, an event, the commands of a step, a final output, or the record of
// a review unit (digests and fingerprints of what it used); none of them holds
// source text. `cairn replay` reads them back.
import { lstatSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { checkJsonDepth, MAX_AUDIT_LOG_BYTES, readInput } from '../gate/bounds.js';
import { join } from 'node:path';
import { makeCairnDirectory } from '../gate/cairn-paths.js';
import type { UnitAuditRecord } from '../contracts/review-audit.js';
import type { AuditLine } from '../machines/audit.js';
import type { UnitResult } from './run.js';

let written = 0;

/** How much of .cairn/audit/ is kept (review/config.ts sets it from `audit` in the configuration). */
export interface AuditRetention {
  maxAgeDays: number;
  maxBytes: number;
}

const LOG_NAME = /^review-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-\d+-\d+\.jsonl$/;

/**
 * Removes the audit logs past the retention: those older than maxAgeDays (by the time in
 * their name), then the oldest until the rest fit in maxBytes. Only files named as this
 * module names them are touched, and never through a symlink.
 */
export function pruneAuditLogs(workspace: string, retention: AuditRetention, now = Date.now()): { removed: number; kept: number } {
  const dir = join(workspace, '.cairn', 'audit');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => LOG_NAME.test(n)).sort(); // ISO stamps sort by time
  } catch {
    return { removed: 0, kept: 0 };
  }
  const cutoff = now - retention.maxAgeDays * 24 * 3600 * 1000;
  const stampOf = (name: string) => {
    const [, stamp] = name.match(LOG_NAME)!;
    return Date.parse(stamp.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));
  };
  const doomed = new Set(names.filter((n) => stampOf(n) < cutoff));
  let total = 0;
  for (const name of [...names].reverse()) {
    if (doomed.has(name)) continue;
    const stat = lstatSync(join(dir, name), { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    total += stat.size;
    if (total > retention.maxBytes) doomed.add(name);
  }
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return { removed: doomed.size, kept: names.length - doomed.size };
}

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
