/**
 * sharp (libvips) for the API process, loaded on its first use (an upload's header, a bundled
 * GIF, a demo cam's snapshot) rather than at start: a process that has served no image holds
 * none of libvips (docs/operations.md "Memory of a process"). Each image runs on one libvips
 * thread (`sharp.concurrency(1)`, set once as it loads; features/photos/decoding.ts says why).
 * The photo workers (features/photos/photo-worker.ts) import sharp themselves.
 */
import type sharpFunction from 'sharp';

let loading: Promise<typeof sharpFunction> | undefined;

/** sharp, loaded (and its concurrency set) the first time it is asked for. */
export function loadSharp(): Promise<typeof sharpFunction> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));
}
