/**
 * HEIC decoding off the main thread. libheif (WebAssembly) decodes synchronously and can
 * take seconds on a large or hostile file; on the main thread that would stop every other
 * request. Each photo is decoded in its own worker thread with V8 heap limits; at most
 * `concurrency` run at a time, at most `maxQueue` wait, and a worker that has not answered
 * after `timeoutMs` is terminated. A fresh worker per photo gives its memory back when done.
 */
import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { HeicJob, HeicResult } from './heic-worker.ts';

export interface HeicPoolOptions {
  /** Decodes running at the same time. */
  concurrency: number;
  /** Decodes waiting for a free slot; more are refused as busy. */
  maxQueue: number;
  /** A decode not done after this long is terminated and refused. */
  timeoutMs: number;
  /** The most pixels a decoded image may have (checked before the pixels are allocated). */
  maxPixels: number;
  /** V8 limits of each worker (the decoded pixels live outside the V8 heap). */
  resourceLimits?: ResourceLimits;
  /** The worker script (tests point this at a misbehaving one). */
  workerUrl?: URL;
}

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

/** Why a decode did not give an image. */
export type HeicFailure = 'busy' | 'timeout' | 'crashed' | 'too_large' | 'unreadable';

export class HeicDecodeError extends Error {
  constructor(readonly reason: HeicFailure) {
    super(`HEIC decode failed: ${reason}`);
    this.name = 'HeicDecodeError';
  }
}

/** Heap limits of a decoding worker: libheif's memory is WebAssembly memory, not this. */
export const HEIC_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 96,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

const WORKER_URL = new URL('./heic-worker.ts', import.meta.url);

export class HeicDecoderPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: HeicPoolOptions) {}

  /** Decodes the first top-level image of a HEIC file in a worker. */
  async decode(bytes: Uint8Array): Promise<DecodedHeic> {
    await this.slot();
    try {
      return await this.runWorker(bytes);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Waits for a free slot; refuses when the queue is full. */
  private slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxQueue) return Promise.reject(new HeicDecodeError('busy'));
    // The finishing decode hands its slot over: `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private runWorker(bytes: Uint8Array): Promise<DecodedHeic> {
    // The worker gets its own copy, transferred: the caller's buffer stays usable.
    const copy = new Uint8Array(bytes);
    const job: HeicJob = { bytes: copy, maxPixels: this.options.maxPixels };
    return new Promise((resolve, reject) => {
      const worker = new Worker(this.options.workerUrl ?? WORKER_URL, {
        workerData: job,
        transferList: [copy.buffer],
        resourceLimits: this.options.resourceLimits ?? HEIC_WORKER_LIMITS,
        stdout: false,
        stderr: false,
      });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.removeAllListeners();
        // Errors after the answer (a late exit) are of no interest any more.
        worker.on('error', () => {});
        void worker.terminate();
        outcome();
      };
      const timer = setTimeout(() => finish(() => reject(new HeicDecodeError('timeout'))), this.options.timeoutMs);
      worker.on('message', (result: HeicResult) => {
        finish(() => {
          if (!result.ok) reject(new HeicDecodeError(result.reason));
          else {
            const data = new Uint8Array(result.data.buffer, result.data.byteOffset, result.data.byteLength);
            resolve({ width: result.width, height: result.height, data });
          }
        });
      });
      // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a thrown error, or an exit without an answer.
      worker.on('error', () => finish(() => reject(new HeicDecodeError('crashed'))));
      worker.on('exit', () => finish(() => reject(new HeicDecodeError('crashed'))));
    });
  }
}

/** The server's pool: one decode at a time on a small machine, two where there are cores. */
export function defaultHeicPool(maxPixels: number): HeicDecoderPool {
  return new HeicDecoderPool({
    concurrency: Math.min(2, Math.max(1, availableParallelism() - 1)),
    maxQueue: 8,
    timeoutMs: 30_000,
    maxPixels,
  });
}
