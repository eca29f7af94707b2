// `cairn impact` and `cairn sync` keep their machine runs in .cairn/audit/ as a review
// does (impact-*.jsonl, freshness-*.jsonl), written by the same recorder, and
// `cairn replay` replays each identically; a log whose recorded facts were changed
// diverges. Each kind is pruned by its own retention, never another kind's logs.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAuditLogs } from '../../workers/audit-log.js';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

let fx: Fixture;
const auditDir = () => join(fx.root, '.cairn', 'audit');
const logsOf = (kind: string) => readdirSync(auditDir()).filter((n) => n.startsWith(`${kind}-`)).sort();

beforeAll(() => {
  fx = makeFixture({ 'src/lib.rs': 'pub fn root() { helper(); }\npub fn helper() { leaf(); }\npub fn leaf() {}\n' });
  expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
});
afterAll(() => fx.remove());

describe('impact and sync runs are recorded and replay as reviews do', () => {
  it('cairn impact writes one impact log, which replays identically', () => {
    const { code, body } = cairnJson(['impact', 'helper', '-C', fx.root]);
    expect(code).toBe(0);
    expect(body.data.nodes.length).toBeGreaterThan(0);
    const [log] = logsOf('impact');
    expect(logsOf('impact')).toHaveLength(1);
    const lines = readFileSync(join(auditDir(), log), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ run: 1, machine: 'impact-traversal' });
    const replayed = cairnJson(['replay', join(auditDir(), log), '-C', fx.root]);
    expect(replayed.code).toBe(0);
    expect(replayed.body.data).toMatchObject({ runs: 1, divergences: [] });
    expect(replayed.body.data.steps).toBeGreaterThan(2);
  });

  it('cairn sync writes one freshness log, which replays identically; a changed fact diverges', () => {
    fx.write('src/lib.rs', 'pub fn root() { helper(); }\npub fn helper() { leaf(); }\npub fn leaf() { other(); }\npub fn other() {}\n');
    fx.write('src/more.rs', 'pub fn more() {}\n');
    const { code, body } = cairnJson(['sync', '-C', fx.root]);
    expect(code).toBe(0);
    expect(body.data.files).toMatchObject({ added: 1, changed: 1 });
    const [log] = logsOf('freshness');
    expect(logsOf('freshness')).toHaveLength(1);
    const path = join(auditDir(), log);
    const replayed = cairnJson(['replay', path, '-C', fx.root]);
    expect(replayed.code).toBe(0);
    expect(replayed.body.data).toMatchObject({ runs: 1, divergences: [] });

    // The inventory said the changed file kept its indexed size and time: the machine decides otherwise than recorded.
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const indexed = lines[0].input.indexed.find((s: { path: string }) => s.path === 'src/lib.rs');
    const asIndexed = (e: { path: string }) => (e.path === 'src/lib.rs' ? { ...e, size: indexed.size, mtimeMs: indexed.mtime_ms } : e);
    const tampered = lines.map((l) => (l.event?.type === 'INVENTORY' ? { ...l, event: { ...l.event, entries: l.event.entries.map(asIndexed) } } : l));
    const tamperedPath = join(fx.root, 'tampered.jsonl');
    writeFileSync(tamperedPath, tampered.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const diverged = cairnJson(['replay', tamperedPath, '-C', fx.root]);
    expect(diverged.code).toBe(1);
    expect(diverged.body.data.divergences.length).toBeGreaterThan(0);
  });

  it('a sync with nothing to do still records its decision; init records none', () => {
    const before = logsOf('freshness').length;
    expect(cairnJson(['sync', '-C', fx.root]).code).toBe(0);
    expect(logsOf('freshness')).toHaveLength(before + 1);
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    expect(logsOf('freshness')).toHaveLength(before + 1);
  });

  it('each kind is pruned by its own retention, never touching another kind', () => {
    const dir = auditDir();
    mkdirSync(dir, { recursive: true });
    const old = (kind: string) => `${kind}-2020-01-01T00-00-00-000Z-1-1.jsonl`;
    for (const kind of ['review', 'impact', 'freshness']) writeFileSync(join(dir, old(kind)), 'x');
    expect(pruneAuditLogs(fx.root, { maxAgeDays: 30, maxBytes: 1 << 20 }, Date.now(), 'impact').removed).toBe(1);
    const left = readdirSync(dir);
    expect(left).toContain(old('review'));
    expect(left).toContain(old('freshness'));
    expect(left).not.toContain(old('impact'));
  });
});
