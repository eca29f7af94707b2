// The analysis pool's size: chosen from the amount of work unless asked for, and the
// graph does not depend on it.
import { afterEach, describe, expect, it } from 'vitest';
import { Gate } from '../../gate/gate.js';
import { createAnalysisPool, defaultJobs, IN_PROCESS_FILES, jobsFor } from '../../workers/pool.js';
import { tunedForShortRun } from '../../workers/short-run.js';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { graphOf } from '../helpers/graph.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));

describe('analysis pool size', () => {
  it('a repository under a thousand files is analysed in the calling thread; a larger one by every available thread', () => {
    expect(jobsFor(1)).toBe(1);
    expect(jobsFor(420)).toBe(1);
    expect(jobsFor(IN_PROCESS_FILES - 1)).toBe(1);
    expect(jobsFor(IN_PROCESS_FILES)).toBe(defaultJobs());
    expect(jobsFor(14_000)).toBe(defaultJobs());
  });

  it('a short run, analysed in the calling thread, tunes V8 for short runs for the rest of the process', async () => {
    const fx = makeFixture({ 'a.ts': 'export function a() { return 1; }\n' });
    fixtures.push(fx);
    const pool = createAnalysisPool(new Gate(fx.root, { privacy: [] }), undefined);
    const facts: string[] = [];
    await pool.analyse([{ path: 'a.ts', language: 'typescript' }], (batch) => facts.push(...batch.map((f) => f.status)));
    await pool.close();
    expect(facts).toEqual(['ok']);
    expect(tunedForShortRun()).toBe(true);
  });

  it('threads or none, init writes the same graph', () => {
    const files: Record<string, string> = {};
    // Above the in-process batch threshold, so two threads really run a pool.
    for (let i = 0; i < 80; i++) {
      files[`src/m${i}.ts`] = `import { helper } from './m${(i + 1) % 80}';\nexport function f${i}(x: number) { return helper(x) + f${(i + 7) % 80}(x); }\nexport function helper(y: number) { return y; }\n`;
    }
    const graph = (jobs: string) => {
      const fx = makeFixture(files);
      fixtures.push(fx);
      const init = cairnJson(['init', '-C', fx.root, '--jobs', jobs]);
      expect(init.code, init.stderr).toBe(0);
      const status = cairnJson(['status', '-C', fx.root]);
      expect(status.code, status.stderr).toBe(0);
      return { stats: status.body.data.stats, records: graphOf(fx.root) };
    };
    const pooled = graph('2');
    const inProcess = graph('1');
    expect(pooled.stats.files).toBe(80);
    expect(pooled.stats.call_sites).toBeGreaterThan(80);
    expect(pooled.stats).toEqual(inProcess.stats);
    expect(pooled.records).toEqual(inProcess.records);
  });
});
