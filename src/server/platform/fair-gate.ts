/**
 * A gate for expensive work shared by many members (decoding uploaded photos): at most
 * `concurrency` jobs run at once in all and one per key (a member), at most `perKeyQueue`
 * wait per key and `maxQueued` in all; a freed slot goes to the waiting keys in turn
 * (round-robin), so one member's burst cannot hold the shared slots or the queue.
 */

export interface FairGateOptions {
  /** Jobs running at once, all keys together. */
  concurrency: number;
  /** Jobs of one key waiting behind its running one. */
  perKeyQueue: number;
  /** Jobs waiting, all keys together. */
  maxQueued: number;
}

/** The key's queue or the whole queue is full: the job was not started. */
export class GateFull extends Error {
  constructor() {
    super('the gate is full');
    this.name = 'GateFull';
  }
}

export class FairGate {
  private running = 0;
  private queued = 0;
  private readonly active = new Set<string>();
  /** Waiting jobs per key; the Map's order is the turn order. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly options: FairGateOptions) {}

  /** Runs `job` when its turn comes; rejects with GateFull at once when it may not wait. */
  async run<T>(key: string, job: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await job();
    } finally {
      this.release(key);
    }
  }

  /** Jobs running and waiting now (tests, monitoring). */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queued };
  }

  private acquire(key: string): Promise<void> {
    if (!this.active.has(key) && this.running < this.options.concurrency) {
      this.start(key);
      return Promise.resolve();
    }
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= this.options.perKeyQueue || this.queued >= this.options.maxQueued) {
      return Promise.reject(new GateFull());
    }
    return new Promise((resolve) => {
      queue.push(resolve);
      this.waiting.set(key, queue);
      this.queued += 1;
    });
  }

  private start(key: string): void {
    this.active.add(key);
    this.running += 1;
  }

  private release(key: string): void {
    this.active.delete(key);
    this.running -= 1;
    for (const [next, queue] of this.waiting) {
      if (this.active.has(next)) continue;
      const resume = queue.shift();
      // Its turn is taken: the key goes to the end of the turn order.
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      if (!resume) continue;
      this.queued -= 1;
      this.start(next);
      resume();
      return;
    }
  }
}
