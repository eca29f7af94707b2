// Whether a review is moving. Every machine step it records is a step; a wait on
// something with its own deadline (a backend call) counts as moving until that
// deadline. The review server sends its heartbeat only while its review moves, so a
// heartbeat proves the review is getting somewhere, not merely that the process lives.
export class ReviewProgress {
  private lastStepAt = performance.now();
  private waitEndsAt = 0;

  step(): void {
    this.lastStepAt = performance.now();
  }

  /** Waits for `work`, which ends within `ms` by its own deadline; the review counts as moving meanwhile. */
  async waitAtMost<T>(ms: number, work: Promise<T>): Promise<T> {
    this.waitEndsAt = performance.now() + ms;
    try {
      return await work;
    } finally {
      this.waitEndsAt = 0;
      this.step();
    }
  }

  /** True when the review stepped within the last `stallMs`, or waits on something whose deadline has not passed. */
  moving(stallMs: number, now = performance.now()): boolean {
    return now - this.lastStepAt < stallMs || now < this.waitEndsAt;
  }
}
