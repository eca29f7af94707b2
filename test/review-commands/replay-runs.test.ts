// Impact and freshness runs go through the same interpreter and recorder as review
// runs (machines/audit.ts): a recorded run replays through `replay()` and through
// `cairn replay` with the same commands, events and output, and a changed recording
// is a divergence.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTraversal } from '../../graph/run-traversal.js';
import { AuditRecorder, replay } from '../../machines/audit.js';
import { decideFreshness } from '../../workers/freshness-check.js';
import { cairnJson } from '../helpers/cli.js';

const graph: Record<string, string[]> = { r: ['a', 't'], a: ['t'], t: ['x'] };
const neighbours = (request: { node: string }) => ({
  steps: (graph[request.node] ?? []).map((to) => ({ edge: `${request.node}>${to}`, to })),
  boundaries: request.node === 'a' ? ['a@3:4 missing'] : [],
});

async function recordedRuns(): Promise<AuditRecorder> {
  const recorder = new AuditRecorder();
  runTraversal({ root: 'r', maxDepth: 2, maxNodes: 50, maxEdges: 100, maxPaths: 100 }, neighbours, Number.POSITIVE_INFINITY, recorder);
  const indexed = [
    { path: 'a.rs', size: 10, mtime_ms: 1, hash: 'ha', status: 'ok' as const },
    { path: 'b.rs', size: 20, mtime_ms: 2, hash: 'hb', status: 'ok' as const },
  ];
  const entries = [
    { path: 'a.rs', size: 10, mtimeMs: 1 },
    { path: 'b.rs', size: 20, mtimeMs: 5 },
    { path: 'c.rs', size: 3, mtimeMs: 1 },
  ];
  await decideFreshness(indexed, entries, 1000, async (paths) => paths.map((path) => ({ path, hash: 'changed' })), recorder);
  return recorder;
}

describe('impact and freshness runs replay as review runs do', () => {
  it('replays identically, and a changed recording diverges', async () => {
    const recorder = await recordedRuns();
    const machines = recorder.lines.flatMap((l) => ('machine' in l ? [l.machine] : []));
    expect(machines).toEqual(['impact-traversal', 'freshness']);
    const report = replay(recorder.lines);
    expect(report.runs).toBe(2);
    expect(report.divergences).toEqual([]);
    expect(report.steps.length).toBeGreaterThan(3);

    const tampered = recorder.lines.map((l) => ('event' in l && l.event.type === 'VERIFIED' ? { ...l, event: { ...l.event, results: [] } } : l));
    expect(replay(tampered).divergences.length).toBeGreaterThan(0);
  });

  it('cairn replay reads such a log', async () => {
    const recorder = await recordedRuns();
    const dir = mkdtempSync(join(tmpdir(), 'cairn-replay-'));
    try {
      const log = join(dir, 'runs.jsonl');
      writeFileSync(log, recorder.lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      const { code, body } = cairnJson(['replay', log, '-C', dir]);
      expect(code).toBe(0);
      expect(body.data).toMatchObject({ runs: 2, divergences: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
