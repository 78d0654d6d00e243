/**
 * Turns an uploaded file into the stored variants of files.ts: the format is identified by
 * content (never by name or declared type), the pixel count is checked before decoding, then
 * the pixel work — decoding, EXIF rotation, the variants re-encoded as JPEG without any
 * metadata (no EXIF, GPS, XMP, ICC comments survive a fresh encode), the blur — runs in a
 * photo worker with a heap of its own (render.ts, photo-pool.ts), so the API's event loop
 * keeps answering while it runs; a large photo's in a child process of a lower CPU priority,
 * so that under load it takes the cores' spare time, not other members'. iPhone photos (HEIC, HEVC inside) are decoded first by
 * libheif compiled to WebAssembly (heic-decode) in a worker thread of their own (heic-pool.ts):
 * the prebuilt libvips of sharp reads their header but has no HEVC decoder. libheif decodes
 * the file's first image, so a HEIC file whose primary image (the one sharp measured) is not
 * the first is refused, and the primary's declared size is checked before any worker starts.
 */
import type { Metadata } from 'sharp';
import { PHOTO_MAX_PIXELS } from '#src/contract/photos.ts';
import { fail } from '#src/server/http/errors.ts';
import { loadSharp } from '#src/server/platform/sharp.ts';
import { photoBusyError, PHOTO_DECODING } from './decoding.ts';
import type { PhotoVariant } from './files.ts';
import { readHeifLayout } from './heif-boxes.ts';
import { HeicDecodeError, defaultHeicPool, type HeicDecoderPool } from './heic-pool.ts';
import { PhotoWorkerError, PhotoWorkerPool } from './photo-pool.ts';
import type { RenderInput } from './render.ts';

export { UPLOAD_FULL_SIZE } from './files.ts';

/** The formats an upload may have, as sharp's metadata names them (heif covers HEIC). */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'heif'] as const;

export const photoTypeError = () => fail('photo_type', { field: 'photo' });
export const photoTooLargeError = () =>
  fail('photo_too_large', { field: 'photo', params: { max_mb: 15, max_megapixels: PHOTO_MAX_PIXELS / 1_000_000 } });

/** A HEIC file with several images whose primary one is not the first. */
export const heicLayoutError = () => fail('photo_type', { message: 'photos.errors.photo_heic_layout', field: 'photo' });
/** A HEIC file the decoder gave up on (unreadable, too slow, out of memory): 422 (the photos contract). */
export const heicFailedError = () => fail('photo_type', { message: 'photos.errors.photo_heic_failed', field: 'photo' });
let sharedHeicPool: HeicDecoderPool | null = null;
let sharedWorkers: PhotoWorkers | null = null;

/** The process's HEIC decoder pool, created on the first HEIC upload. */
function heicPool(): HeicDecoderPool {
  sharedHeicPool ??= defaultHeicPool(PHOTO_MAX_PIXELS);
  return sharedHeicPool;
}

/** The process's photo workers: small photos' and large ones'. */
interface PhotoWorkers {
  light: PhotoWorkerPool;
  heavy: PhotoWorkerPool;
}

/**
 * The lower CPU priority of a large photo's decode: under load, the API's requests and other
 * members' small photos go first, and the large decode takes the cores' spare time.
 */
export const HEAVY_DECODE_NICENESS = 5;

/**
 * The process's photo workers, started with the first upload. Small photos (as decoding.ts
 * counts them) are rendered in worker threads, one per decode the fair gate lets run at once;
 * larger ones (HEIC too) in child processes of a lower CPU priority, one per slot the gate
 * gives them (they never take the slot of small photos). The queues are as long as the gate's,
 * for decodes made outside it.
 */
function photoWorkers(): PhotoWorkers {
  const common = { maxQueue: PHOTO_DECODING.maxQueued, timeoutMs: 60_000, idleMs: 60_000 };
  sharedWorkers ??= {
    light: new PhotoWorkerPool({ ...common, size: PHOTO_DECODING.concurrency + PHOTO_DECODING.lightSlots }),
    heavy: new PhotoWorkerPool({ ...common, size: PHOTO_DECODING.concurrency, niceness: HEAVY_DECODE_NICENESS }),
  };
  return sharedWorkers;
}

/**
 * Ends the process's photo workers (a shutdown: main.ts) and resolves with how many ran; the
 * next upload would start new ones.
 */
export async function closePhotoWorkers(): Promise<number> {
  const workers = sharedWorkers;
  sharedWorkers = null;
  if (!workers) return 0;
  const [light, heavy] = await Promise.all([workers.light.close(), workers.heavy.close()]);
  return light + heavy;
}

export interface ProcessOptions {
  /** The HEIC decoder pool (default: the process's own). */
  heic?: HeicDecoderPool;
  /** The photo workers of every photo (default: the process's own, by the photo's size). */
  workers?: PhotoWorkerPool;
}

export interface ProcessedPhoto {
  variants: Record<PhotoVariant, Buffer>;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

const SHARP_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };

/** A Buffer over the bytes a worker transferred here (no copy). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The stored variants of an upload. Only the header is read here; the pixels are decoded in
 * a photo worker, and `bytes` are moved there: the caller's buffer is detached (a view into a
 * larger buffer is copied instead) and must not be used again.
 */
export async function processUpload(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, SHARP_OPTIONS).metadata();
  } catch (error) {
    // sharp names a pixel-limit breach; anything else is not an image we know.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw photoTooLargeError();
    throw photoTypeError();
  }
  if (!(ACCEPTED_FORMATS as readonly string[]).includes(metadata.format)) throw photoTypeError();
  if (!metadata.width || !metadata.height) throw photoTypeError();
  if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) throw photoTooLargeError();

  const input: RenderInput =
    metadata.format === 'heif' && metadata.compression === 'hevc'
      ? await decodedHevc(bytes, options.heic ?? heicPool())
      : { kind: 'file', bytes, maxPixels: PHOTO_MAX_PIXELS };
  let result;
  try {
    const small = input.kind === 'file' && metadata.width * metadata.height <= PHOTO_DECODING.lightPixels;
    const workers = options.workers ?? (small ? photoWorkers().light : photoWorkers().heavy);
    result = await workers.render(input);
  } catch (error) {
    if (!(error instanceof PhotoWorkerError)) throw error;
    // Every worker busy and the queue full; a render too slow or out of memory is unreadable.
    if (error.reason === 'busy') throw photoBusyError();
    throw photoTypeError();
  }
  if (!result.ok) throw photoTypeError();
  const { variants, ...sizes } = result.photo;
  return {
    variants: {
      full: asBuffer(variants.full),
      thumb: asBuffer(variants.thumb),
      match: asBuffer(variants.match),
      blur: asBuffer(variants.blur),
    },
    ...sizes,
  };
}

/**
 * An HEVC HEIC image as raw RGBA pixels for the photo worker; libheif applies its rotation
 * boxes. The file's structure is checked first: the primary image must be the one libheif
 * decodes (the first), and its declared size within the limit.
 */
async function decodedHevc(bytes: Uint8Array, pool: HeicDecoderPool): Promise<RenderInput> {
  let layout;
  try {
    layout = readHeifLayout(bytes);
  } catch {
    throw photoTypeError();
  }
  if (layout.topLevelImageIds[0] !== layout.primaryId || !layout.primarySize) throw heicLayoutError();
  if (layout.primarySize.width * layout.primarySize.height > PHOTO_MAX_PIXELS) throw photoTooLargeError();
  try {
    const image = await pool.decode(bytes);
    return { kind: 'rgba', data: image.data, width: image.width, height: image.height };
  } catch (error) {
    if (!(error instanceof HeicDecodeError)) throw error;
    if (error.reason === 'busy') throw photoBusyError();
    if (error.reason === 'too_large') throw photoTooLargeError();
    throw heicFailedError();
  }
}
