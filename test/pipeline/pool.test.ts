// The analysis pool's size: chosen from the amount of work unless asked for, and the
// graph does not depend on it.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultJobs, IN_PROCESS_FILES, jobsFor } from '../../workers/pool.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

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
      const exported = cairn(['export', '--format', 'jsonl', '-C', fx.root]);
      expect(exported.code, exported.stderr).toBe(0);
      // Everything but the meta line (when, at which head) and the files' modification times.
      const records = exported.stdout.split('\n').filter((l) => l && !l.startsWith('{"type":"meta"'));
      return { stats: status.body.data.stats, records: records.map((l) => l.replace(/"mtime_ms":[\d.]+,/, '')) };
    };
    const pooled = graph('2');
    const inProcess = graph('1');
    expect(pooled.stats.files).toBe(80);
    expect(pooled.stats.call_sites).toBeGreaterThan(80);
    expect(pooled.stats).toEqual(inProcess.stats);
    expect(pooled.records).toEqual(inProcess.records);
  });
});
