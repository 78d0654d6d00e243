/**
 * Turns an uploaded file into the stored variants of files.ts: the format is identified by
 * content (never by name or declared type), the pixel count is checked before decoding,
 * the image is rotated by its EXIF orientation and re-encoded as JPEG without any metadata
 * (no EXIF, GPS, XMP, ICC comments survive a fresh encode). iPhone photos (HEIC, HEVC
 * inside) are decoded by libheif compiled to WebAssembly (heic-decode) in a worker thread
 * (heic-pool.ts): the prebuilt libvips of sharp reads their header but has no HEVC decoder.
 * libheif decodes the file's first image, so a HEIC file whose primary image (the one sharp
 * measured) is not the first is refused, and the primary's declared size is checked before
 * any worker starts.
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_MAX_PIXELS } from '#src/contract/photos.ts';
import { HttpError, fail } from '#src/server/http/errors.ts';
import { PHOTO_SIZES, type PhotoVariant } from './files.ts';
import { readHeifLayout } from './heif-boxes.ts';
import { HeicDecodeError, defaultHeicPool, type HeicDecoderPool } from './heic-pool.ts';

/** The formats an upload may have, as sharp's metadata names them (heif covers HEIC). */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'heif'] as const;

/** Uploaded photos are kept larger than the seeded pool: at most 1200×1600 (inside). */
export const UPLOAD_FULL_SIZE = { width: 1200, height: 1600 } as const;

export const photoTypeError = () => fail('photo_type', { field: 'photo' });
export const photoTooLargeError = () =>
  fail('photo_too_large', { field: 'photo', params: { max_mb: 15, max_megapixels: PHOTO_MAX_PIXELS / 1_000_000 } });

/** A HEIC file with several images whose primary one is not the first. */
export const heicLayoutError = () => fail('photo_type', { message: 'photos.errors.photo_heic_layout', field: 'photo' });
/** A HEIC file the decoder gave up on (unreadable, too slow, out of memory): 422 (the photos contract). */
export const heicFailedError = () => fail('photo_type', { message: 'photos.errors.photo_heic_failed', field: 'photo' });
/** Every decoding slot is taken and the queue is full. */
export const heicBusyError = () => fail('rate_limited', { message: 'photos.errors.photo_busy', field: 'photo' });

let sharedPool: HeicDecoderPool | null = null;

/** The process's HEIC decoder pool, created on the first HEIC upload. */
function heicPool(): HeicDecoderPool {
  sharedPool ??= defaultHeicPool(PHOTO_MAX_PIXELS);
  return sharedPool;
}

export interface ProcessOptions {
  /** The HEIC decoder pool (default: the process's own). */
  heic?: HeicDecoderPool;
}

export interface ProcessedPhoto {
  variants: Record<PhotoVariant, Buffer>;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

const SHARP_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };

export async function processUpload(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedPhoto> {
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

  // Decode once, upright, into raw pixels: every variant is encoded from these, so nothing of
  // the original file (metadata, trailing data) can reach a stored file.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    const decoder =
      metadata.format === 'heif' && metadata.compression === 'hevc'
        ? await decodedHevc(bytes, options.heic ?? heicPool())
        : sharp(bytes, SHARP_OPTIONS).rotate();
    upright = await decoder
      // Only as many pixels as the largest variant needs (UPLOAD_FULL_SIZE covers every crop):
      // a 40-megapixel upload is not kept or cropped at full size (docs/security.md).
      .resize(UPLOAD_FULL_SIZE.width, UPLOAD_FULL_SIZE.height, { fit: 'outside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw photoTypeError();
  }
  const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
  const source = () => sharp(upright.data, raw);
  const { thumb, match, blur } = PHOTO_SIZES;

  // One after the other: a decode keeps to one core (decoding.ts).
  const full = await source()
    .resize(UPLOAD_FULL_SIZE.width, UPLOAD_FULL_SIZE.height, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const thumbnail = await source()
    .resize(thumb.width, thumb.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const matchImage = await source()
    .resize(match.width, match.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  const blurred = await source()
    .resize(blur.width, blur.height, { fit: 'cover', position: 'attention' })
    .blur(12)
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
  return {
    variants: { full: full.data, thumb: thumbnail.data, match: matchImage, blur: blurred },
    width: full.info.width,
    height: full.info.height,
    thumbWidth: thumbnail.info.width,
    thumbHeight: thumbnail.info.height,
  };
}

/**
 * An HEVC HEIC image as raw RGBA pixels for sharp; libheif applies its rotation boxes. The
 * file's structure is checked first: the primary image must be the one libheif decodes (the
 * first), and its declared size within the limit.
 */
async function decodedHevc(bytes: Uint8Array, pool: HeicDecoderPool): Promise<Sharp> {
  let layout;
  try {
    layout = readHeifLayout(bytes);
  } catch {
    throw photoTypeError();
  }
  if (layout.topLevelImageIds[0] !== layout.primaryId || !layout.primarySize) throw heicLayoutError();
  if (layout.primarySize.width * layout.primarySize.height > PHOTO_MAX_PIXELS) throw photoTooLargeError();
  let image;
  try {
    image = await pool.decode(bytes);
  } catch (error) {
    if (!(error instanceof HeicDecodeError)) throw error;
    if (error.reason === 'busy') throw heicBusyError();
    if (error.reason === 'too_large') throw photoTooLargeError();
    throw heicFailedError();
  }
  const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return sharp(data, { raw: { width: image.width, height: image.height, channels: 4 } });
}
