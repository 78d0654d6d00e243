/**
 * A gate for expensive work shared by many members (decoding uploaded photos): at most
 * `concurrency` jobs run at once in all and one per key (a member), at most `perKeyQueue`
 * wait per key and `maxQueued` in all; a freed slot goes to the waiting keys in turn
 * (round-robin), so one member's burst cannot hold the shared slots or the queue.
 *
 * `lightSlots` more slots take only jobs marked light (a small photo): while heavy jobs hold
 * every slot of `concurrency`, a light job of another key still starts at once instead of
 * waiting for a heavy one to end. A light job takes a shared slot first when one is free.
 *
 * `share` caps the work each key may ask for over time, not only its place in the queue: each
 * job has a cost (for photos, its megapixels), taken from its key's balance when it starts; a
 * balance holds at most `burst` and comes back at `perSecond`. A key whose balance is below
 * zero waits (its job holds no slot) until it is back at zero, and a job that would wait longer
 * than `maxWaitMs` is refused. So a few jobs now and then start at once, while one key's
 * back-to-back jobs get no more than `perSecond` of work done for it, whatever their size. */

export interface FairGateOptions {
  /** Jobs running at once, all keys together (light jobs beyond them: `lightSlots`). */
  concurrency: number;
  /** Jobs of one key waiting behind its running one. */
  perKeyQueue: number;
  /** Jobs waiting, all keys together. */
  maxQueued: number;
  /** Slots for light jobs only, besides `concurrency` (default 0). */
  lightSlots?: number;
  /** Each key's share of running time (none: a key's jobs are limited by the queue only). */
  share?: FairShare;
  /** The clock (tests); `performance.now()` by default. */
  now?: () => number;
}

export interface FairShare {
  /** The cost a key may ask for at once from a full balance. */
  burst: number;
  /** The cost given back per second: the key's lasting rate of work. */
  perSecond: number;
  /** A job whose key would wait longer than this for its balance is refused. */
  maxWaitMs: number;
}

/** The key's queue or the whole queue is full: the job was not started. */
export class GateFull extends Error {
  constructor() {
    super('the gate is full');
    this.name = 'GateFull';
  }
}

type Slot = 'shared' | 'light';

/** Balances kept before the first sweep of the full ones. */
const SWEEP_FROM = 1_000;

interface Waiting {
  light: boolean;
  cost: number;
  resume: (slot: Slot) => void;
}

export class FairGate {
  private shared = 0;
  private lightRunning = 0;
  private queued = 0;
  private readonly active = new Set<string>();
  /** Waiting jobs per key; the Map's order is the turn order. */
  private readonly waiting = new Map<string, Waiting[]>();
  /** The balance per key (`share`), as of `at`; a key back at a full balance is forgotten. */
  private readonly balances = new Map<string, { left: number; at: number }>();
  /** Wakes the gate when the first waiting key in debt is back at zero. */
  private wake: { timer: NodeJS.Timeout; at: number } | null = null;
  private readonly now: () => number;
  /** The number of balances at which the next sweep runs. */
  private sweepAt = SWEEP_FROM;

  constructor(private readonly options: FairGateOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * Runs `job` when its turn comes; rejects with GateFull at once when it may not wait.
   * A `light` job may also take one of the `lightSlots`; its `cost` is taken from the key's
   * balance (`share`) when it starts.
   */
  async run<T>(key: string, job: () => Promise<T>, light = false, cost = 0): Promise<T> {
    const slot = await this.acquire(key, light, cost);
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
    if (this.debtWait(key) > (this.options.share?.maxWaitMs ?? Infinity)) return true;
    if (!this.active.has(key) && this.debtWait(key) === 0 && this.freeSlot(true)) return false;
    return (this.waiting.get(key)?.length ?? 0) >= this.options.perKeyQueue || this.queued >= this.options.maxQueued;
  }

  /** How long `key` must wait before its balance is back at zero (0: it may start now). */
  debtWait(key: string): number {
    const share = this.options.share;
    const balance = share ? this.balance(key) : 0;
    return balance >= 0 || !share ? 0 : -balance / (share.perSecond / 1000);
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

  private acquire(key: string, light: boolean, cost: number): Promise<Slot> {
    const wait = this.debtWait(key);
    if (wait > (this.options.share?.maxWaitMs ?? Infinity)) return Promise.reject(new GateFull());
    const slot = this.active.has(key) || wait > 0 ? null : this.freeSlot(light);
    if (slot) {
      this.start(key, slot, cost);
      return Promise.resolve(slot);
    }
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= this.options.perKeyQueue || this.queued >= this.options.maxQueued) {
      return Promise.reject(new GateFull());
    }
    const waiting = new Promise<Slot>((resolve) => {
      queue.push({ light, cost, resume: resolve });
      this.waiting.set(key, queue);
      this.queued += 1;
    });
    // A key in debt with a free slot waits for its balance only.
    this.dispatch();
    return waiting;
  }

  /** The key's balance now (`share`): up to `burst`, below zero in debt. */
  balance(key: string): number {
    const share = this.options.share;
    const entry = this.balances.get(key);
    if (!share || !entry) return share?.burst ?? 0;
    return Math.min(share.burst, entry.left + (this.now() - entry.at) * (share.perSecond / 1000));
  }

  /** Takes a cost from the key's balance (a job's when it starts; tests and monitoring too). */
  charge(key: string, cost: number): void {
    const share = this.options.share;
    if (!share || cost <= 0) return;
    this.balances.set(key, { left: this.balance(key) - cost, at: this.now() });
    // Keys back at a full balance hold no information: forget them when the map has doubled
    // since the last sweep, so a sweep costs each charge a constant share however many keys.
    if (this.balances.size > this.sweepAt) {
      for (const [other] of this.balances) if (this.balance(other) >= share.burst) this.balances.delete(other);
      this.sweepAt = Math.max(SWEEP_FROM, 2 * this.balances.size);
    }
  }

  private start(key: string, slot: Slot, cost: number): void {
    this.charge(key, cost);
    this.active.add(key);
    if (slot === 'shared') this.shared += 1;
    else this.lightRunning += 1;
  }

  private release(key: string, slot: Slot): void {
    this.active.delete(key);
    if (slot === 'shared') this.shared -= 1;
    else this.lightRunning -= 1;
    this.dispatch();
  }

  /**
   * Free slots go to the waiting keys in turn, skipping keys running a job or in debt; when
   * only keys in debt wait, the gate wakes when the first of them is back at zero.
   */
  private dispatch(): void {
    let soonest = Infinity;
    let started = true;
    while (started) {
      started = false;
      for (const [next, queue] of this.waiting) {
        if (this.active.has(next)) continue;
        const wait = this.debtWait(next);
        if (wait > 0) {
          soonest = Math.min(soonest, wait);
          continue;
        }
        const first = queue[0];
        const free = first ? this.freeSlot(first.light) : null;
        if (!first || !free) continue;
        queue.shift();
        // Its turn is taken: the key goes to the end of the turn order.
        this.waiting.delete(next);
        if (queue.length > 0) this.waiting.set(next, queue);
        this.queued -= 1;
        this.start(next, free, first.cost);
        first.resume(free);
        started = true;
        break;
      }
    }
    const at = this.now() + soonest;
    if (soonest === Infinity || (this.wake && this.wake.at <= at)) return;
    if (this.wake) clearTimeout(this.wake.timer);
    const timer = setTimeout(
      () => {
        this.wake = null;
        this.dispatch();
      },
      Math.ceil(soonest) + 1,
    );
    this.wake = { timer, at };
  }
}
