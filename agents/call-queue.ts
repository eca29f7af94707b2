// At most a fixed number of tool calls run at once; the rest wait their turn in the
// order they came. An agent may send hundreds of calls together: each running call
// holds the index open (an LMDB reader), so running them all at once would exhaust
// the reader table, and queueing costs them only time.
export class CallQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiting call, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
