// The bounded queue of pushes: one runs at a time (a push is one write transaction),
// at most `capacity` wait or run. A full queue refuses at once, so the HTTP layer
// can answer 429 with Retry-After instead of letting requests pile up in memory.
export class PushQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly capacity: number,
    private readonly concurrency = 1,
  ) {}

  /** Pushes waiting or running. */
  get size(): number {
    return this.running + this.waiting.length;
  }

  get full(): boolean {
    return this.size >= this.capacity;
  }

  /** Runs `task` in turn; undefined (and `task` never runs) when the queue is full. */
  async offer<T>(task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.full) return undefined;
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
