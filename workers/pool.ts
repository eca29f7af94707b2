// The analysis pool: piscina threads running parse.worker. Small batches are
// analysed in the calling thread instead, where a pool's start-up would cost more
// than it saves.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { FileFacts } from '../contracts/facts.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';

/** Files per task: large enough to amortise messaging, small enough to balance. */
const BATCH = 64;
/** Below this many files the main thread parses alone. */
export const IN_PROCESS_THRESHOLD = 48;

export interface AnalysisPool {
  analyse(files: AnalyseRequest[], onBatch?: (facts: FileFacts[]) => void): Promise<FileFacts[]>;
  close(): Promise<void>;
}

export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}

function workerFile(): URL {
  // After tsc the worker is .js; under a TypeScript loader it is .ts.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./parse.worker${ext}`, import.meta.url);
}

export function createAnalysisPool(root: string, jobs: number, signal?: AbortSignal): AnalysisPool {
  let pool: Piscina | undefined;
  // One listener for the whole run, not one per task: a stopped run ends the threads.
  signal?.addEventListener('abort', () => void pool?.destroy(), { once: true });
  const getPool = () =>
    (pool ??= new Piscina({
      filename: workerFile().href,
      minThreads: jobs,
      maxThreads: jobs,
      idleTimeout: 60_000,
    }));
  return {
    async analyse(files, onBatch) {
      if (jobs <= 1 || files.length < IN_PROCESS_THRESHOLD) {
        const results: FileFacts[] = [];
        for (let i = 0; i < files.length; i += BATCH) {
          const facts = await analyseBatch(root, files.slice(i, i + BATCH));
          onBatch?.(facts);
          results.push(...facts);
        }
        return results;
      }
      const runner = getPool();
      const tasks: Array<Promise<FileFacts[]>> = [];
      for (let i = 0; i < files.length; i += BATCH) {
        const batch = files.slice(i, i + BATCH);
        tasks.push(
          runner.run({ root, files: batch }).then((facts: FileFacts[]) => {
            onBatch?.(facts);
            return facts;
          }),
        );
      }
      return (await Promise.all(tasks)).flat();
    },
    async close() {
      if (pool) await pool.destroy();
    },
  };
}
