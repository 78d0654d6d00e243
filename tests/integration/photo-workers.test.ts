/**
 * Photo decoding runs in worker threads with heaps of their own (features/photos
 * photo-pool.ts): the API's event loop keeps answering while several huge decodes run, the
 * upload's bytes are moved to the worker rather than copied, a stuck worker is ended, and
 * the pool neither lets more wait than it may nor keeps a finished process alive.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_PIXELS } from '#src/contract/photos.ts';
import { PhotoWorkerError, PhotoWorkerPool, type PhotoPoolOptions } from '#src/server/features/photos/photo-pool.ts';
import { closePhotoWorkers, processUpload } from '#src/server/features/photos/process.ts';
import { PHOTO_SIZES } from '#src/server/features/photos/files.ts';

const ROOT = join(import.meta.dirname, '../..');
const HANG = new URL(`file://${join(ROOT, 'tests/fixtures/heic-workers/hang.ts')}`);

/** This process's children running photo-process.ts (Linux /proc). */
function photoProcesses(): string[] {
  const tasks = readdirSync('/proc/self/task');
  const children = tasks.flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('photo-process');
    } catch {
      return false;
    }
  });
}

function pool(options: Partial<PhotoPoolOptions> = {}): PhotoWorkerPool {
  return new PhotoWorkerPool({ size: 2, maxQueue: 8, timeoutMs: 60_000, idleMs: 60_000, ...options });
}

/** A 6000×6000 PNG of a few KB (1 bit per pixel): 36 megapixels to decode. */
let huge: Buffer;
const pools: PhotoWorkerPool[] = [];
beforeAll(async () => {
  huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#c8285a' } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('the photo workers', () => {
  it('decode in threads of their own while the event loop keeps answering', async () => {
    const workers = pool();
    pools.push(workers);
    const inputs = Array.from({ length: 4 }, () => new Uint8Array(huge));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    delay.enable();
    const started = performance.now();
    let results;
    try {
      results = await Promise.all(
        inputs.map((bytes) => workers.render({ kind: 'file', bytes, maxPixels: PHOTO_MAX_PIXELS })),
      );
    } finally {
      delay.disable();
      clearInterval(ticker);
    }
    const elapsed = performance.now() - started;
    const ids = new Set(results.map((result) => result.threadId));
    // Not this thread: two workers (the pool's size) shared the four decodes.
    expect(ids.has(threadId)).toBe(false);
    expect(ids.size).toBeLessThanOrEqual(2);
    expect(workers.size).toBeLessThanOrEqual(2);
    for (const result of results) {
      expect(result.ok).toBe(true);
      if (result.ok) expect([result.photo.width, result.photo.height]).toEqual([1200, 1200]);
    }
    // The bytes were moved to the workers, not copied: the caller's buffers are detached.
    for (const bytes of inputs) expect(bytes.byteLength).toBe(0);
    // The main thread was never held up for a second, and timers kept firing throughout
    // (a 10 ms timer at least once per 100 ms, on a loaded machine).
    expect(delay.max / 1e6).toBeLessThan(1000);
    expect(ticks).toBeGreaterThan(elapsed / 100);
  });

  it('answers the stored variants through processUpload, from bytes transferred or copied', async () => {
    const workers = pool({ size: 1 });
    pools.push(workers);
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#2868c880' } })
      .png()
      .toBuffer();
    // A Buffer of Node's own (not transferable as a whole) is copied, then moved.
    const photo = await processUpload(png, { workers });
    expect([photo.width, photo.height, photo.thumbWidth, photo.thumbHeight]).toEqual([640, 480, 200, 266]);
    for (const variant of Object.values(photo.variants)) {
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    const blur = await sharp(photo.variants.blur).metadata();
    expect([blur.width, blur.height]).toEqual([PHOTO_SIZES.blur.width, PHOTO_SIZES.blur.height]);
    expect(png.byteLength).toBeGreaterThan(0);
  });

  it('ends a worker that does not answer in time, refuses past its queue, and starts afresh', async () => {
    const stuck = pool({ size: 1, maxQueue: 1, timeoutMs: 400, workerUrl: HANG });
    pools.push(stuck);
    const input = () => ({ kind: 'file' as const, bytes: new Uint8Array(8), maxPixels: PHOTO_MAX_PIXELS });
    const first = stuck.render(input());
    const second = stuck.render(input());
    await expect(stuck.render(input())).rejects.toEqual(new PhotoWorkerError('busy'));
    await expect(first).rejects.toEqual(new PhotoWorkerError('timeout'));
    // The waiting render got a fresh worker (which hangs too).
    await expect(second).rejects.toEqual(new PhotoWorkerError('timeout'));
    expect(stuck.size).toBe(0);
    // Through processUpload: the answer is the upload's, not a 500.
    const failed = await processUpload(new Uint8Array(huge), { workers: stuck }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: 'photo_type', status: 415 });
  });

  it('run a large photo in a child process of lower CPU priority, and end it when it hangs', async () => {
    const background = pool({ size: 1, niceness: 10 });
    pools.push(background);
    const result = await background.render({ kind: 'file', bytes: new Uint8Array(huge), maxPixels: PHOTO_MAX_PIXELS });
    expect(result.ok).toBe(true);
    expect(result.pid).not.toBe(process.pid);
    // The decode's process (every thread of it) yields to the API under load.
    expect(getPriority(result.pid)).toBe(Math.min(19, getPriority() + 10));
    const stuck = pool({ size: 1, timeoutMs: 400, niceness: 10, workerUrl: HANG });
    pools.push(stuck);
    await expect(stuck.render({ kind: 'file', bytes: new Uint8Array(8), maxPixels: PHOTO_MAX_PIXELS })).rejects.toEqual(
      new PhotoWorkerError('timeout'),
    );
    expect(stuck.size).toBe(0);
  });

  it('close ends every worker and refuses what comes after', async () => {
    const workers = pool({ size: 1 });
    await workers.render({ kind: 'file', bytes: new Uint8Array(huge), maxPixels: PHOTO_MAX_PIXELS });
    expect(workers.size).toBe(1);
    await workers.close();
    expect(workers.size).toBe(0);
    await expect(
      workers.render({ kind: 'file', bytes: new Uint8Array(huge), maxPixels: PHOTO_MAX_PIXELS }),
    ).rejects.toEqual(new PhotoWorkerError('closed'));
  });

  it('the process’s own workers end with closePhotoWorkers (a shutdown), a large photo’s child process too', async () => {
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f7d5a' } })
      .png()
      .toBuffer();
    const before = new Set(photoProcesses());
    await processUpload(new Uint8Array(small));
    await processUpload(new Uint8Array(huge));
    const started = photoProcesses().filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);
    // A thread or more for the small photo, the child process for the large one.
    expect(await closePhotoWorkers()).toBeGreaterThanOrEqual(2);
    expect(photoProcesses()).not.toContain(started[0]);
    expect(await closePhotoWorkers()).toBe(0);
  });

  it('an idle worker does not keep a finished process alive', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/photo-workers/render-once.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = await new Promise<number | null | 'hung'>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve('hung');
      }, 25_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(output).toContain('rendered 320×240');
    expect(output).toContain('rendered 1200×900');
    expect(exited).toBe(0);
  }, 30_000);
});
