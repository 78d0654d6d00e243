/**
 * The photo workers: every upload's pixel work (render.ts) runs in one of them, not in the
 * API's thread, so a huge decode neither stalls the event loop every request needs nor fills
 * the API's heap (docs/security.md "Chat photos were decoded for free"). Which decodes run,
 * and in what order, is the fair gate's choice (decoding.ts); a pool has as many workers as
 * the gate lets its decodes run at once, so a job waits here only when called outside the
 * gate. A pool's workers are threads, or child processes of a lower CPU priority
 * (`niceness`, photo-runner.ts).
 *
 * The workers start with the first render, are kept for the next photo, and end after
 * `idleMs` without work; an idle worker does not keep the process alive (unref), so vitest and
 * a stopping server exit without closing the pool. A thread gets the upload's bytes
 * transferred, not copied (only a view into a larger or untransferable buffer is copied
 * first), and the variants come back transferred. A worker past `timeoutMs`, or out of its
 * heap limit, is ended and replaced.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { startRunner, type Runner } from './photo-runner.ts';
import type { RenderInput, RenderResult } from './render.ts';

export interface PhotoPoolOptions {
  /** Workers at most (renders at once). */
  size: number;
  /** Child processes of this lower CPU priority instead of threads (0 or absent: threads). */
  niceness?: number;
  /** Renders waiting for a worker; more are refused as busy. */
  maxQueue: number;
  /** A render not done after this long ends its worker and is refused. */
  timeoutMs: number;
  /** An idle worker is ended after this long. */
  idleMs: number;
  /** V8 limits of each worker (the pixels live outside the V8 heap). */
  resourceLimits?: ResourceLimits;
  /** The worker script (tests point this at a misbehaving one). */
  workerUrl?: URL;
}

/** Why a render did not answer. */
export type PhotoWorkerFailure = 'busy' | 'timeout' | 'crashed' | 'closed';

export class PhotoWorkerError extends Error {
  readonly reason: PhotoWorkerFailure;
  constructor(reason: PhotoWorkerFailure) {
    super(`photo worker failed: ${reason}`);
    this.name = 'PhotoWorkerError';
    this.reason = reason;
  }
}

/** Heap limits of a photo worker: sharp's pixels are native memory, not this. */
export const PHOTO_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

const WORKER_URL = new URL('./photo-worker.ts', import.meta.url);

interface Job {
  input: RenderInput;
  resolve: (result: RenderResult) => void;
  reject: (error: PhotoWorkerError) => void;
}

interface Thread {
  worker: Runner;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class PhotoWorkerPool {
  private readonly threads = new Set<Thread>();
  private readonly waiting: Job[] = [];
  private closed = false;

  constructor(private readonly options: PhotoPoolOptions) {}

  /**
   * Renders the variants in a worker. The input's pixel buffer is moved to a worker thread:
   * the caller's `bytes` (or `data`) may be detached and must not be used again.
   */
  render(input: RenderInput): Promise<RenderResult> {
    if (this.closed) return Promise.reject(new PhotoWorkerError('closed'));
    return new Promise((resolve, reject) => {
      const job = { input, resolve, reject };
      const thread = this.freeThread();
      this.warm();
      if (thread) this.start(thread, job);
      else if (this.waiting.length >= this.options.maxQueue) reject(new PhotoWorkerError('busy'));
      else this.waiting.push(job);
    });
  }

  /** Workers alive now (tests, monitoring). */
  get size(): number {
    return this.threads.size;
  }

  /** Ends every worker (resolves with how many there were); renders running or waiting are refused. */
  async close(): Promise<number> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new PhotoWorkerError('closed'));
    const threads = [...this.threads];
    await Promise.all(threads.map((thread) => this.end(thread, new PhotoWorkerError('closed'))));
    return threads.length;
  }

  /** An idle worker, or a new one while there are fewer than `size`. */
  private freeThread(): Thread | null {
    for (const thread of this.threads) if (!thread.job) return thread;
    return this.threads.size < this.options.size ? this.spawn() : null;
  }

  /**
   * Starts the missing workers with the first render: a worker takes a few hundred ms to
   * start (sharp loaded in its thread), which a photo should not wait for when two members
   * send at once.
   */
  private warm(): void {
    while (this.threads.size < this.options.size) this.idle(this.spawn());
  }

  private spawn(): Thread {
    const worker = startRunner(
      {
        url: this.options.workerUrl ?? WORKER_URL,
        limits: this.options.resourceLimits ?? PHOTO_WORKER_LIMITS,
        niceness: this.options.niceness ?? 0,
      },
      {
        message: (result) => this.finish(thread, result),
        failure: () => void this.end(thread, new PhotoWorkerError('crashed')),
      },
    );
    const thread: Thread = { worker, job: null, timer: null };
    this.threads.add(thread);
    return thread;
  }

  private start(thread: Thread, job: Job): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.job = job;
    // A running render keeps the process alive until it answers.
    thread.worker.hold(true);
    thread.timer = setTimeout(() => void this.end(thread, new PhotoWorkerError('timeout')), this.options.timeoutMs);
    thread.worker.send(job.input);
  }

  private finish(thread: Thread, result: RenderResult): void {
    const job = thread.job;
    if (!job) return;
    if (thread.timer) clearTimeout(thread.timer);
    thread.job = null;
    job.resolve(result);
    const next = this.waiting.shift();
    if (next) this.start(thread, next);
    else this.idle(thread);
  }

  /** An idle worker holds nothing up and ends after `idleMs`. */
  private idle(thread: Thread): void {
    thread.worker.hold(false);
    thread.timer = setTimeout(() => void this.end(thread, null), this.options.idleMs);
    thread.timer.unref();
  }

  /** Ends a worker (idle, or failing its job with `error`) and starts a waiting job anew. */
  private async end(thread: Thread, error: PhotoWorkerError | null): Promise<void> {
    if (!this.threads.delete(thread)) return;
    if (thread.timer) clearTimeout(thread.timer);
    const job = thread.job;
    thread.job = null;
    if (job) job.reject(error ?? new PhotoWorkerError('crashed'));
    const ending = thread.worker.end();
    const next = this.closed ? undefined : this.waiting.shift();
    if (next) {
      const fresh = this.freeThread();
      if (fresh) this.start(fresh, next);
      else this.waiting.unshift(next);
    }
    await ending;
  }
}
