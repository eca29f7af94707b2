// Audit logs are bounded by age and size, as configured: the oldest go first, and only
// files named as review logs are ever removed.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../review/config.js';
import { pruneAuditLogs } from '../../workers/audit-log.js';
import { cleanup, workspace } from './helpers.js';

afterEach(cleanup);

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-06-30T12:00:00.000Z');
const nameAt = (t: number, seq: number) => `review-${new Date(t).toISOString().replace(/[:.]/g, '-')}-100-${seq}.jsonl`;

describe('audit retention', () => {
  test('logs older than maxAgeDays go, then the oldest until the rest fit in maxBytes; other files stay', () => {
    const ws = workspace({ 'src/a.ts': '' });
    const dir = join(ws, '.cairn', 'audit');
    mkdirSync(dir, { recursive: true });
    const ages = [40, 20, 3, 2, 1]; // days
    ages.forEach((days, i) => writeFileSync(join(dir, nameAt(NOW - days * DAY, i)), 'x'.repeat(1000)));
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(ws, 'kept.txt'), 'not a log');
    symlinkSync(join(ws, 'kept.txt'), join(dir, nameAt(NOW - 50 * DAY, 9)));
    expect(pruneAuditLogs(ws, { maxAgeDays: 30, maxBytes: 2500 }, NOW)).toEqual({ removed: 4, kept: 2 });
    // Past the age: the 40-day log and the 50-day link (removed as a link; what it points to stays). Of the rest the two newest fit.
    expect(readdirSync(dir).sort()).toEqual([nameAt(NOW - 2 * DAY, 3), nameAt(NOW - DAY, 4), 'notes.txt'].sort());
    expect(readFileSync(join(ws, 'kept.txt'), 'utf8')).toBe('not a log');
  });

  test('the retention is configurable, and validated', () => {
    const ws = workspace({ '.cairn.jsonc': '{ "audit": { "maxAgeDays": 7 } }' });
    expect(loadConfig(ws, { XDG_CONFIG_HOME: join(ws, 'none') }).audit).toEqual({ maxAgeDays: 7, maxBytes: 64 * 1024 * 1024 });
    writeFileSync(join(ws, '.cairn.jsonc'), '{ "audit": { "maxBytes": 0 } }');
    expect(() => loadConfig(ws, { XDG_CONFIG_HOME: join(ws, 'none') })).toThrow(/maxBytes is a positive whole number/);
  });
});
