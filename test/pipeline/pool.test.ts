// The analysis pool's size: chosen from the amount of work unless asked for, and the
// graph does not depend on it.
import { afterEach, describe, expect, it } from 'vitest';
import { defaultJobs, IN_PROCESS_FILES, planFor, THREADS_ONLY_FILES } from '../../workers/pool.js';
import { SHARED_RESOLVE_SITES } from '../../store/rebuild.js';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const fixtures: Fixture[] = [];
afterEach(() => fixtures.splice(0).forEach((f) => f.remove()));

describe('analysis pool size', () => {
  it('a few files are analysed in the calling thread; a mid-sized repository by it and the other cores; a large one by threads only', () => {
    expect(planFor(1, 2)).toEqual({ threads: 0, callingThread: true });
    expect(planFor(IN_PROCESS_FILES - 1, 2)).toEqual({ threads: 0, callingThread: true });
    expect(planFor(IN_PROCESS_FILES, 2)).toEqual({ threads: 1, callingThread: true });
    expect(planFor(420, 4)).toEqual({ threads: 3, callingThread: true });
    expect(planFor(THREADS_ONLY_FILES - 1, 2)).toEqual({ threads: 1, callingThread: true });
    expect(planFor(THREADS_ONLY_FILES, 2)).toEqual({ threads: 2, callingThread: false });
    expect(planFor(14_000, 2)).toEqual({ threads: 2, callingThread: false });
    // One core, or one thread asked for: the calling thread alone, whatever the size.
    expect(planFor(14_000, 1)).toEqual({ threads: 0, callingThread: true });
  });

  it('by default, one analysing thread per core', () => {
    expect(defaultJobs(2)).toBe(2);
    expect(defaultJobs(8)).toBe(8);
    expect(defaultJobs(0)).toBe(1);
  });

  it('threads or none, init writes the same graph', () => {
    const count = IN_PROCESS_FILES + 20;
    const files: Record<string, string> = {};
    // Above the in-process threshold, so a pool thread and the calling thread share the
    // analysis; and enough call sites (40 a file) that they share the resolution too.
    for (let i = 0; i < count; i++) {
      const calls = Array.from({ length: 40 }, (_, k) => `f${(i + k) % count}(x)`).join(' + ');
      files[`src/m${i}.ts`] =
        `import { helper } from './m${(i + 1) % count}';\n` +
        `export function f${i}(x: number): number { return helper(x) + ${calls}; }\n` +
        `export function helper(y: number) { return y; }\n`;
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
    expect(pooled.stats.files).toBe(count);
    expect(pooled.stats.call_sites).toBeGreaterThan(SHARED_RESOLVE_SITES);
    expect(pooled.stats).toEqual(inProcess.stats);
    expect(pooled.records).toEqual(inProcess.records);
  });
});
