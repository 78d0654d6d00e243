/**
 * The HEIC decoder's worker thread (started by heic-pool.ts, one per photo): decodes the first
 * top-level image of the file it is given with libheif (heic-decode), after checking its size
 * against the pixel limit, and posts the RGBA pixels back (transferred, not copied).
 * Node-only imports: Node runs this file itself (type stripping), outside any bundler.
 */
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

/** What the pool sends in `workerData`. */
export interface HeicJob {
  bytes: Uint8Array;
  maxPixels: number;
}

/** What the worker posts back. */
export type HeicResult =
  | { ok: true; width: number; height: number; data: Uint8ClampedArray }
  | { ok: false; reason: 'too_large' | 'unreadable' };

// heic-decode's `all` answers the images with their size before anything is decoded; its
// types leave out the size and the dispose function.
interface ListedImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type ImageList = ListedImage[] & { dispose(): void };

async function run(job: HeicJob): Promise<HeicResult> {
  let images: ImageList;
  try {
    images = (await decodeHeic.all({ buffer: job.bytes })) as unknown as ImageList;
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const first = images[0];
    if (!first) return { ok: false, reason: 'unreadable' };
    // heic-decode allocates width × height × 4 bytes for the pixels: never beyond the limit.
    if (first.width * first.height > job.maxPixels) return { ok: false, reason: 'too_large' };
    const image = await first.decode();
    return { ok: true, width: image.width, height: image.height, data: image.data };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    images.dispose();
  }
}

const result = await run(workerData as HeicJob);
parentPort?.postMessage(result, result.ok ? [result.data.buffer as ArrayBuffer] : []);
