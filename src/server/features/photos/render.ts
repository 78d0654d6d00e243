/**
 * The pixel work of an upload, run in a photo worker thread (photo-pool.ts, photo-worker.ts):
 * decodes the file once, upright by its EXIF orientation (or takes the RGBA pixels the HEIC
 * decoder gave), scaled to what the largest variant needs, flattened onto white in sRGB, and
 * encodes the stored variants of files.ts from those pixels as fresh JPEGs without any
 * metadata (no EXIF, GPS, XMP or ICC comment of the original can survive), the blurred one
 * for premium-only photos included. The checks before decoding (format by content, pixel
 * limit, HEIC layout) are process.ts's, on the main thread; sharp's `limitInputPixels`
 * enforces the pixel limit here again.
 *
 * Erasable TypeScript only: Node runs this file in the worker itself (type stripping),
 * outside any bundler or loader.
 */
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { PHOTO_SIZES, UPLOAD_FULL_SIZE, type PhotoVariant } from './files.ts';

/** What a worker is given: the uploaded file, or the pixels of a decoded HEIC photo. */
export type RenderInput =
  | { kind: 'file'; bytes: Uint8Array; maxPixels: number }
  | { kind: 'rgba'; data: Uint8Array; width: number; height: number };

export interface RenderedPhoto {
  variants: Record<PhotoVariant, Uint8Array>;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

/** What a worker answers, with the process and thread that did the work. */
export type RenderResult = ({ ok: true; photo: RenderedPhoto } | { ok: false; reason: 'unreadable' }) & {
  threadId: number;
  pid: number;
};

function decoder(input: RenderInput): Sharp {
  if (input.kind === 'rgba') {
    // libheif has applied the file's rotation boxes already.
    return sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } });
  }
  return sharp(input.bytes, { limitInputPixels: input.maxPixels, failOn: 'error' }).rotate();
}

/** The stored variants of one upload; null when the image cannot be decoded. */
export async function renderPhoto(input: RenderInput): Promise<RenderedPhoto | null> {
  // Decode once, upright, into raw pixels: every variant is encoded from these, so nothing of
  // the original file (metadata, trailing data) can reach a stored file.
  let upright: { data: Buffer; info: OutputInfo };
  try {
    upright = await decoder(input)
      // Only as many pixels as the largest variant needs (UPLOAD_FULL_SIZE covers every crop):
      // a 40-megapixel upload is not kept or cropped at full size (docs/security.md).
      .resize(UPLOAD_FULL_SIZE.width, UPLOAD_FULL_SIZE.height, { fit: 'outside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
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
