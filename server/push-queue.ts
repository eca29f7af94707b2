// The bounded queue of pushes: one runs at a time (a push is one write transaction),
// at most `capacity` wait or run. A full queue refuses at once, so the HTTP layer
// can answer 429 with Retry-After instead of letting requests pile up in memory. On
// shutdown the queue closes: it takes nothing new, and what waits either runs or,
// past the deadline, is refused before it starts (a push never stops half-stored).
export class QueueClosed extends Error {}

export class PushQueue {
  private running = 0;
  private readonly waiting: { go: () => void; refuse: (e: Error) => void }[] = [];
  private closed = false;
  private readonly idleWaiters: (() => void)[] = [];

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

  get isClosed(): boolean {
    return this.closed;
  }

  /** Runs `task` in turn; undefined (and `task` never runs) when the queue is full; QueueClosed once it is closed. */
  async offer<T>(task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.closed) throw new QueueClosed('the server is shutting down');
    if (this.full) return undefined;
    if (this.running >= this.concurrency) await new Promise<void>((go, refuse) => this.waiting.push({ go, refuse }));
    else this.running += 1;
    try {
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      if (next) next.go();
      else {
        this.running -= 1;
        if (this.running === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      }
    }
  }

  /** Takes nothing new; resolves when nothing runs or waits. */
  close(): Promise<void> {
    this.closed = true;
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Refuses every push that has not started (the running ones finish). */
  refuseWaiting(): void {
    for (const w of this.waiting.splice(0)) w.refuse(new QueueClosed('the server is shutting down'));
  }
}
