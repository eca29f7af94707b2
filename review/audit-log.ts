// Audit logs: one JSONL file per review run under .cairn/audit/. Each line is a
// machine input, an event, the commands of a step, or a final output; none of them
// holds source text. `cairn replay` reads them back.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditLine } from '../machines/audit.js';

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

export function readAuditLog(file: string): AuditLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      try {
        return JSON.parse(l) as AuditLine;
      } catch {
        throw new Error(`line ${i + 1} is not JSON`);
      }
    });
}
