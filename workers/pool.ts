// The analysis pool: piscina threads running parse.worker, and the calling thread.
// Which threads analyse is chosen from the amount of work (planFor): a few files are
// analysed in the calling thread alone, where a thread's start-up (modules and
// grammars loaded again) would cost more than it saves; a mid-sized repository is
// shared between the calling thread and the other cores' threads, the calling thread
// taking the next batch whenever it has nothing to store; a large one goes to threads
// only, and the calling thread stores what they hand over.
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Piscina } from 'piscina';
import type { FileFacts } from '../contracts/facts.js';
import type { Gate } from '../gate/gate.js';
import type { ResolveElsewhere } from '../store/index.js';
import { analyseBatch, type AnalyseRequest } from './analyse-file.js';

/** Files per thread task: large enough to amortise messaging, small enough to balance. */
const BATCH = 64;
/** Batches kept queued per thread, so a thread never waits for the calling thread to hand it the next one. */
const IN_FLIGHT = 2;
/** Below this many files the calling thread analyses alone (bench/results/index-speed.md). */
export const IN_PROCESS_FILES = 128;
/**
 * From this many files the calling thread only stores: on Kubernetes- and Linux-sized
 * trees, storing and resolving keep it busy, and it would hold batches back.
 */
export const THREADS_ONLY_FILES = 1000;

export interface AnalysisPlan {
  /** Pool threads. */
  threads: number;
  /** Whether the calling thread analyses too. */
  callingThread: boolean;
}

export interface AnalysisPool {
  /** Analyses the files, handing each batch of facts to `onBatch` as it completes; keeps none of them. */
  analyse(files: AnalyseRequest[], onBatch: (facts: FileFacts[]) => void): Promise<void>;
  /**
   * The pool's threads as resolvers of a rebuild's files, when they shared the analysis
   * with the calling thread. Not on trees analysed by threads only: there each thread's
   * lookups would cache about as much as the calling thread's (go-kubernetes: peak RSS
   * 1.31 GB with the calling thread resolving alone, 1.72 GB shared).
   */
  resolvers(): ResolveElsewhere | undefined;
  close(): Promise<void>;
}

/**
 * One analysing thread per core. On a machine whose cores are already busy a second
 * thread only adds its start-up (modules and grammars loaded again) and contention (at a
 * load average of 6 on this project's 2-vCPU machine, rust-tokio took 3.7 CPU s and
 * 4.7 s with the calling thread alone, 4.2-5.5 CPU s and 5.4 s with a second thread):
 * there `--jobs 1` is faster. The load average is not used to choose: it lags by a
 * minute, so the run just before (a build, a previous index) would count as busy.
 */
export function defaultJobs(cores = availableParallelism()): number {
  return Math.max(1, cores);
}

/** Who analyses `files` files; `jobs` (analysing threads, the calling thread included when it takes part) overrides the core count. */
export function planFor(files: number, jobs?: number): AnalysisPlan {
  const threads = jobs ?? defaultJobs();
  if (threads <= 1 || files < IN_PROCESS_FILES) return { threads: 0, callingThread: true };
  if (files >= THREADS_ONLY_FILES) return { threads, callingThread: false };
  return { threads: threads - 1, callingThread: true };
}

function workerFile(name: 'parse' | 'resolve'): URL {
  // After tsc the worker is .js; under a TypeScript loader it is .ts.
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./${name}.worker${ext}`, import.meta.url);
}

/** `jobs`: analysing threads asked for; undefined chooses from the amount of work of each analysis (planFor). */
export function createAnalysisPool(gate: Gate, jobs: number | undefined, signal?: AbortSignal): AnalysisPool {
  let pool: Piscina | undefined;
  /** Whether the last analysis was shared between the calling thread and pool threads. */
  let shared = false;
  // One listener for the whole run, not one per task: a stopped run ends the threads.
  signal?.addEventListener('abort', () => void pool?.destroy(), { once: true });
  const getPool = (threads: number) =>
    (pool ??= new Piscina({
      filename: workerFile('parse').href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 60_000,
    }));
  return {
    async analyse(files, onBatch) {
      const plan = planFor(files.length, jobs);
      shared = plan.callingThread && plan.threads > 0;
      // Smaller batches when the calling thread takes part: its batch delays the storing of what the threads hand over.
      const size = plan.callingThread ? Math.max(8, Math.min(BATCH, Math.ceil(files.length / ((plan.threads + 1) * 8)))) : BATCH;
      const batches: AnalyseRequest[][] = [];
      for (let i = 0; i < files.length; i += size) batches.push(files.slice(i, i + size));
      let next = 0;
      const take = () => (next < batches.length ? batches[next++] : undefined);
      const loops: Array<Promise<void>> = [];
      if (plan.threads > 0) {
        const runner = getPool(plan.threads);
        const threadLoop = async () => {
          for (let batch = take(); batch; batch = take()) {
            onBatch(await runner.run({ root: gate.root, privacy: gate.privacyGlobs, files: batch }));
          }
        };
        for (let i = 0; i < plan.threads * IN_FLIGHT; i++) loops.push(threadLoop());
      }
      if (plan.callingThread) {
        loops.push(
          (async () => {
            for (let batch = take(); batch; batch = take()) {
              onBatch(await analyseBatch(gate, batch));
              // Lets the facts the threads handed over be stored before the next batch.
              await yieldToEvents();
            }
          })(),
        );
      }
      await Promise.all(loops);
    },
    resolvers() {
      if (!pool || !shared) return undefined;
      const runner = pool;
      const filename = workerFile('resolve').href;
      return { threads: runner.options.maxThreads, resolve: (envPath, paths) => runner.run({ envPath, paths }, { filename }) };
    },
    async close() {
      if (pool) await pool.destroy();
    },
  };
}
