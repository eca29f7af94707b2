// V8 tuning for a run short enough to be analysed in the calling thread (a repository
// under IN_PROCESS_FILES, or a sync's few files). V8's optimising compiler spends as
// much CPU as a third of such a run on a background thread, most of it on the large
// functions of extraction and resolution, into which it inlines up to 920 bytes of
// callees' bytecode. Inlining less makes it compile less and sooner: on rust-tokio,
// 1.43 s of optimising-compiler time became 1.12 s, and init took 6-11% less CPU (ts-zod
// 3-6%; medians of 8 to 14 interleaved rounds, bench/results/index-speed.md;
// scripts/bench-jit.mjs measures the compiler's time against another revision). Long runs
// keep V8's defaults: on go-kubernetes the steady-state code is what counts, and
// resolution took about 5% longer with these limits.
//
// A short run also waits four times longer (V8's interrupt budget, 66 KB of bytecode by
// default) before it asks for a function to be optimised, so code that runs briefly
// stays in the baseline tiers: `scripts/bench-jit.mjs rust-tokio --compare 3a41a77` put
// the compiler's time at 377-429 ms against 795-868 ms, and init took about 5% less CPU
// on both corpora at the same wall time (10 interleaved rounds by hand; eight times
// longer cost wall time, index-speed.md).
import { setFlagsFromString } from 'node:v8';

let tuned = false;

/** Whether this process runs with the short-run limits. */
export const tunedForShortRun = (): boolean => tuned;

/** Lowers V8's inlining limits and raises its interrupt budget for the rest of this process; once is enough. */
export function tuneForShortRun(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString('--max-inlined-bytecode-size=100');
  setFlagsFromString('--max-inlined-bytecode-size-cumulative=150');
  setFlagsFromString('--interrupt-budget=270336');
}
