// Audit logs: one JSONL file per recorded run under .cairn/audit/, named after its kind
// (review, impact, freshness). Each line is a machine input, an event, the commands of a
// step, a final output, or (in a review's log) the record of a review unit; none holds
// source text. `cairn replay` reads them back through the same machines. Logs are
// bounded when written (no larger than replay reads) and pruned per kind by age and size.
import { lstatSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_AUDIT_RETENTION, type AuditKind, type AuditRetention } from '../contracts/audit-log.js';
import { CairnError } from '../contracts/errors.js';
import { checkJsonDepth, MAX_AUDIT_LOG_BYTES, readInput } from '../gate/bounds.js';
import { makeCairnDirectory } from '../gate/cairn-paths.js';
import type { AuditLine } from '../machines/audit.js';

let written = 0;

const logName = (kind: AuditKind) => new RegExp(`^${kind}-(\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z)-\\d+-\\d+\\.jsonl$`);

/**
 * Removes the logs of one kind past the retention: those older than maxAgeDays (by the
 * time in their name), then the oldest until the rest fit in maxBytes. Only files named
 * as this module names that kind's logs are touched, and never through a symlink.
 */
export function pruneAuditLogs(workspace: string, retention: AuditRetention, now = Date.now(), kind: AuditKind = 'review'): { removed: number; kept: number } {
  const dir = join(workspace, '.cairn', 'audit');
  const pattern = logName(kind);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => pattern.test(n)).sort(); // ISO stamps sort by time
  } catch {
    return { removed: 0, kept: 0 };
  }
  const cutoff = now - retention.maxAgeDays * 24 * 3600 * 1000;
  const stampOf = (name: string) => {
    const [, stamp] = name.match(pattern)!;
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

/** Writes one run's log; its workspace-relative path. A log larger than replay reads is refused (Error). */
export function writeAuditLog(workspace: string, lines: AuditLine[], kind: AuditKind = 'review'): string {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  if (Buffer.byteLength(text) > MAX_AUDIT_LOG_BYTES) throw new Error(`the ${kind} log would pass the audit log bound of ${MAX_AUDIT_LOG_BYTES} bytes`);
  const dir = makeCairnDirectory(workspace, 'audit');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // pid and a per-process sequence: a review server writes many logs, some in the same millisecond.
  const name = `${kind}-${stamp}-${process.pid}-${++written}.jsonl`;
  // 'wx': never overwrite another run's log. A write cut short (a full disk) leaves no part of a log.
  try {
    writeFileSync(join(dir, name), text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') rmSync(join(dir, name), { force: true });
    throw error;
  }
  return `.cairn/audit/${name}`;
}

/**
 * Keeps an impact walk's or a sync's freshness run for `cairn replay`, within the default
 * retention of its kind. Record-keeping never fails the answer it records: a planted link
 * under .cairn/ stops the command as every opener does, anything else (a read-only or full
 * disk, a log past the bound) only loses the log; null then.
 */
export function recordRun(workspace: string, kind: Exclude<AuditKind, 'review'>, lines: AuditLine[]): string | null {
  try {
    const log = writeAuditLog(workspace, lines, kind);
    pruneAuditLogs(workspace, DEFAULT_AUDIT_RETENTION, Date.now(), kind);
    return log;
  } catch (error) {
    if (error instanceof CairnError && error.code === 'cairn_path_refused') throw error;
    return null;
  }
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
