// The analysis pool: piscina threads running parse.worker. Small batches are
// analysed in the calling thread instead, where a pool's start-up would cost more
// than it saves.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { FileFacts } from '../contracts/facts.js';
import type { Gate } from '../gate/gate.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';

/** Files per task: large enough to amortise messaging, small enough to balance. */
const BATCH = 64;
/** Below this many files the main thread parses alone. */
export const IN_PROCESS_THRESHOLD = 48;

export interface AnalysisPool {
  /** Analyses the files, handing each batch of facts to `onBatch` as it completes; keeps none of them. */
  analyse(files: AnalyseRequest[], onBatch: (facts: FileFacts[]) => void): Promise<void>;
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

export function createAnalysisPool(gate: Gate, jobs: number, signal?: AbortSignal): AnalysisPool {
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
        for (let i = 0; i < files.length; i += BATCH) onBatch(await analyseBatch(gate, files.slice(i, i + BATCH)));
        return;
      }
      const runner = getPool();
      const tasks: Array<Promise<void>> = [];
      // The facts go to onBatch and are not kept here, so a large tree never sits in memory.
      for (let i = 0; i < files.length; i += BATCH) {
        tasks.push(runner.run({ root: gate.root, privacy: gate.privacyGlobs, files: files.slice(i, i + BATCH) }).then((facts: FileFacts[]) => onBatch(facts)));
      }
      await Promise.all(tasks);
    },
    async close() {
      if (pool) await pool.destroy();
    },
  };
}
