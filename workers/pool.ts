// The analysis pool: piscina threads running parse.worker. Small batches, and whole
// repositories under a thousand files unless threads are asked for, are analysed in
// the calling thread instead, where a pool's start-up would cost more than it saves.
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import type { FileFacts } from '../contracts/facts.js';
import type { Gate } from '../gate/gate.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';
import { tuneForShortRun } from './short-run.js';

/** Files per task: large enough to amortise messaging, small enough to balance. */
const BATCH = 64;
/** Below this many files the main thread parses alone. */
export const IN_PROCESS_THRESHOLD = 48;
/**
 * Below this many files, and no thread count asked for, the main thread parses alone
 * too. Each thread loads the modules and grammars again (bench/results/profile-before.md:
 * about 9% of a worker's time on rust-tokio, 420 files) and threads contend with the
 * writes in the main thread; on rust-tokio one thread took 7-18% less CPU than two
 * (bench/results/index-speed.md).
 */
export const IN_PROCESS_FILES = 1000;

export interface AnalysisPool {
  /** Analyses the files, handing each batch of facts to `onBatch` as it completes; keeps none of them. */
  analyse(files: AnalyseRequest[], onBatch: (facts: FileFacts[]) => void): Promise<void>;
  close(): Promise<void>;
}

export function defaultJobs(): number {
  return Math.max(1, availableParallelism());
}

/** Threads for `files` files when none were asked for: one (the calling thread) for small repositories. */
export function jobsFor(files: number): number {
  return files < IN_PROCESS_FILES ? 1 : defaultJobs();
}

function workerFile(): URL {
  // After tsc the worker is .js; under a TypeScript loader it is .ts.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./parse.worker${ext}`, import.meta.url);
}

/** `jobs`: threads asked for; undefined chooses from the amount of work of each analysis (jobsFor). */
export function createAnalysisPool(gate: Gate, jobs: number | undefined, signal?: AbortSignal): AnalysisPool {
  let pool: Piscina | undefined;
  // One listener for the whole run, not one per task: a stopped run ends the threads.
  signal?.addEventListener('abort', () => void pool?.destroy(), { once: true });
  let starting: Promise<Piscina> | undefined;
  // piscina is loaded only when threads run: a small repository or a sync never pays for it.
  const getPool = (threads: number) =>
    (starting ??= import('piscina').then(({ Piscina }) => {
      pool = new Piscina({ filename: workerFile().href, minThreads: threads, maxThreads: threads, idleTimeout: 60_000 });
      if (signal?.aborted) void pool.destroy();
      return pool;
    }));
  return {
    async analyse(files, onBatch) {
      const threads = jobs ?? jobsFor(files.length);
      if (threads <= 1 || files.length < IN_PROCESS_THRESHOLD) {
        if (files.length < IN_PROCESS_FILES) tuneForShortRun();
        for (let i = 0; i < files.length; i += BATCH) {
          onBatch(await analyseBatch(gate, files.slice(i, i + BATCH)));
          // Reads here are synchronous: a turn of the event loop lets a SIGINT be heard.
          await new Promise((resolve) => setImmediate(resolve));
          if (signal?.aborted) throw signal.reason;
        }
        return;
      }
      const runner = await getPool(threads);
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
