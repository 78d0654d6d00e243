/**
 * A gate for expensive work shared by many members (decoding uploaded photos): at most
 * `concurrency` jobs run at once in all and one per key (a member), at most `perKeyQueue`
 * wait per key and `maxQueued` in all; a freed slot goes to the waiting keys in turn
 * (round-robin), so one member's burst cannot hold the shared slots or the queue.
 *
 * `lightSlots` more slots take only jobs marked light (a small photo): while heavy jobs hold
 * every slot of `concurrency`, a light job of another key still starts at once instead of
 * waiting for a heavy one to end. A light job takes a shared slot first when one is free.
 */

export interface FairGateOptions {
  /** Jobs running at once, all keys together (light jobs beyond them: `lightSlots`). */
  concurrency: number;
  /** Jobs of one key waiting behind its running one. */
  perKeyQueue: number;
  /** Jobs waiting, all keys together. */
  maxQueued: number;
  /** Slots for light jobs only, besides `concurrency` (default 0). */
  lightSlots?: number;
}

/** The key's queue or the whole queue is full: the job was not started. */
export class GateFull extends Error {
  constructor() {
    super('the gate is full');
    this.name = 'GateFull';
  }
}

type Slot = 'shared' | 'light';

interface Waiting {
  light: boolean;
  resume: (slot: Slot) => void;
}

export class FairGate {
  private shared = 0;
  private lightRunning = 0;
  private queued = 0;
  private readonly active = new Set<string>();
  /** Waiting jobs per key; the Map's order is the turn order. */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(private readonly options: FairGateOptions) {}

  /**
   * Runs `job` when its turn comes; rejects with GateFull at once when it may not wait.
   * A `light` job may also take one of the `lightSlots`.
   */
  async run<T>(key: string, job: () => Promise<T>, light = false): Promise<T> {
    const slot = await this.acquire(key, light);
    try {
      return await job();
    } finally {
      this.release(key, slot);
    }
  }

  /**
   * Whether a job of `key` would be refused now (its queue or the whole queue is full): lets
   * a caller refuse before any other work. `run` decides again; this only answers early.
   */
  isFull(key: string): boolean {
    if (!this.active.has(key) && this.freeSlot(true)) return false;
    return (this.waiting.get(key)?.length ?? 0) >= this.options.perKeyQueue || this.queued >= this.options.maxQueued;
  }

  /** Jobs running and waiting now (tests, monitoring). */
  get load(): { running: number; queued: number } {
    return { running: this.shared + this.lightRunning, queued: this.queued };
  }

  /** The slot a job may take now, if any. */
  private freeSlot(light: boolean): Slot | null {
    if (this.shared < this.options.concurrency) return 'shared';
    if (light && this.lightRunning < (this.options.lightSlots ?? 0)) return 'light';
    return null;
  }

  private acquire(key: string, light: boolean): Promise<Slot> {
    const slot = this.active.has(key) ? null : this.freeSlot(light);
    if (slot) {
      this.start(key, slot);
      return Promise.resolve(slot);
    }
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= this.options.perKeyQueue || this.queued >= this.options.maxQueued) {
      return Promise.reject(new GateFull());
    }
    return new Promise((resolve) => {
      queue.push({ light, resume: resolve });
      this.waiting.set(key, queue);
      this.queued += 1;
    });
  }

  private start(key: string, slot: Slot): void {
    this.active.add(key);
    if (slot === 'shared') this.shared += 1;
    else this.lightRunning += 1;
  }

  private release(key: string, slot: Slot): void {
    this.active.delete(key);
    if (slot === 'shared') this.shared -= 1;
    else this.lightRunning -= 1;
    // The freed slot (and any other free one) goes to the waiting keys in turn.
    for (const [next, queue] of this.waiting) {
      if (this.active.has(next)) continue;
      const first = queue[0];
      const free = first ? this.freeSlot(first.light) : null;
      if (!first || !free) continue;
      queue.shift();
      // Its turn is taken: the key goes to the end of the turn order.
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      this.queued -= 1;
      this.start(next, free);
      first.resume(free);
      return;
    }
  }
}
