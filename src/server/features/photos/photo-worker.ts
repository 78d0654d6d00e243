/**
 * A photo worker (started by photo-pool.ts, kept for the next photo), a thread or a child
 * process (photo-runner.ts): renders the stored variants of each upload it is sent
 * (render.ts), one at a time, and posts them back (a thread's transferred). Its heap is its own: the decode's buffers and their garbage never reach the
 * API's event loop or its collector (docs/security.md "Chat photos were decoded for free").
 * Node-only imports: Node runs this file itself (type stripping), outside any bundler.
 */
import { parentPort, threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { renderPhoto, type RenderInput, type RenderResult } from './render.ts';

// One libvips worker per image, as in the API process (decoding.ts).
sharp.concurrency(1);

/** A copy in memory of this thread's own: sharp's buffers cannot be transferred. */
const movable = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

async function answer(input: RenderInput): Promise<{ result: RenderResult; transfer: ArrayBuffer[] }> {
  let photo;
  try {
    photo = await renderPhoto(input);
  } catch {
    photo = null;
  }
  if (!photo) return { result: { ok: false, reason: 'unreadable', threadId, pid: process.pid }, transfer: [] };
  const variants = {
    full: movable(photo.variants.full),
    thumb: movable(photo.variants.thumb),
    match: movable(photo.variants.match),
    blur: movable(photo.variants.blur),
  };
  const transfer = Object.values(variants).map((bytes) => bytes.buffer as ArrayBuffer);
  return { result: { ok: true, photo: { ...photo, variants }, threadId, pid: process.pid }, transfer };
}

const port = parentPort;
if (port) {
  port.on('message', (input: RenderInput) => {
    void answer(input).then(({ result, transfer }) => port.postMessage(result, transfer));
  });
} else {
  process.on('message', (input: RenderInput) => {
    void answer(input).then(({ result }) => process.send?.(result));
  });
}
