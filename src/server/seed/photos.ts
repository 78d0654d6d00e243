/**
 * The pool of generated demo photos: abstract, non-explicit portrait-style images (a
 * gradient background with soft light spots and a stylised head-and-shoulders silhouette
 * in varied colours), rendered from SVG with sharp into the variants of
 * features/photos/files.ts. Seeded photo rows point at pool images; the premium ones come
 * from a part of the pool only premium photos use, so a blurred premium image is never
 * also shown sharp as someone's free photo.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PHOTO_SIZES, PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/index.ts';
import { loadSharp } from '#src/server/platform/sharp.ts';
import type { StorageProvider } from '#src/server/providers/storage/index.ts';
import { Random } from './prng.ts';

export type SilhouetteStyle = 'long' | 'short';

export interface PoolPhoto {
  key: string;
  style: SilhouetteStyle;
  premium: boolean;
}

export interface PhotoPool {
  photos: readonly PoolPhoto[];
  /** Pool photos for a style and premium flag (never empty). */
  choices(style: SilhouetteStyle, premium: boolean): readonly PoolPhoto[];
}

/** One in six pool images is reserved for premium photos. */
const PREMIUM_SHARE = 1 / 6;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;
}

/** The SVG of one pool image: 600×800, deterministic from its own random stream. */
export function portraitSvg(random: Random, style: SilhouetteStyle): string {
  const { width, height } = PHOTO_SIZES.full;
  const hue = random.int(0, 359);
  const hue2 = (hue + random.int(30, 110)) % 360;
  const figureHue = (hue + 180 + random.int(-40, 40)) % 360;
  const figure = hsl(figureHue, random.int(15, 45), random.int(16, 32));
  const hair = hsl((figureHue + random.int(-30, 30) + 360) % 360, random.int(20, 60), random.int(10, 26));
  const spots = Array.from({ length: random.int(4, 9) }, () => {
    const r = random.int(30, 140);
    return `<circle cx="${random.int(0, width)}" cy="${random.int(0, height * 0.7)}" r="${r}" fill="${hsl(
      (hue + random.int(-20, 60) + 360) % 360,
      random.int(50, 90),
      random.int(70, 92),
    )}" opacity="${(random.int(10, 35) / 100).toFixed(2)}"/>`;
  }).join('');
  const cx = width / 2 + random.int(-40, 40);
  const headY = random.int(290, 340);
  const headRx = random.int(78, 92);
  const headRy = Math.round(headRx * 1.22);
  const shoulderY = headY + headRy + random.int(70, 95);
  const shoulderW = random.int(200, 250);
  const longHair =
    style === 'long'
      ? `<path d="M ${cx - headRx - 28} ${headY} Q ${cx - headRx - 40} ${headY + headRy + 150} ${cx - headRx - 70} ${shoulderY + 60} L ${cx + headRx + 70} ${shoulderY + 60} Q ${cx + headRx + 40} ${headY + headRy + 150} ${cx + headRx + 28} ${headY} A ${headRx + 28} ${headRy + 20} 0 0 0 ${cx - headRx - 28} ${headY} Z" fill="${hair}"/>`
      : `<ellipse cx="${cx}" cy="${headY - headRy * 0.45}" rx="${headRx + 6}" ry="${Math.round(headRy * 0.62)}" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="${random.chance(0.5) ? 1 : 0}" y2="1">
<stop offset="0" stop-color="${hsl(hue, random.int(45, 80), random.int(55, 75))}"/>
<stop offset="1" stop-color="${hsl(hue2, random.int(40, 75), random.int(30, 50))}"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${spots}
${longHair}
<path d="M ${cx - shoulderW} ${height} C ${cx - shoulderW} ${shoulderY + 10} ${cx - 120} ${shoulderY - 30} ${cx} ${shoulderY - 34} C ${cx + 120} ${shoulderY - 30} ${cx + shoulderW} ${shoulderY + 10} ${cx + shoulderW} ${height} Z" fill="${figure}"/>
<rect x="${cx - 38}" y="${headY + headRy - 30}" width="76" height="${shoulderY - headY - headRy + 10}" rx="30" fill="${figure}"/>
<ellipse cx="${cx}" cy="${headY}" rx="${headRx}" ry="${headRy}" fill="${figure}"/>
</svg>`;
}

async function renderVariants(svg: string, dir: string, key: string): Promise<void> {
  // Loaded on first use: the demo cams import this module for portraitSvg (platform/sharp.ts).
  const sharp = await loadSharp();
  const full = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  const { thumb, match, blur } = PHOTO_SIZES;
  await Promise.all([
    sharp(full).toFile(join(dir, photoFileName(key, 'full'))),
    sharp(full)
      .resize(thumb.width, thumb.height, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toFile(join(dir, photoFileName(key, 'thumb'))),
    sharp(full)
      .resize(match.width, match.height, { fit: 'cover', position: 'top' })
      .jpeg({ quality: 80 })
      .toFile(join(dir, photoFileName(key, 'match'))),
    sharp(full)
      .resize(blur.width, blur.height, { fit: 'cover' })
      .blur(12)
      .jpeg({ quality: 70 })
      .toFile(join(dir, photoFileName(key, 'blur'))),
  ]);
}

function hasAllVariants(dir: string, key: string): boolean {
  return PHOTO_VARIANTS.every((variant) => existsSync(join(dir, photoFileName(key, variant))));
}

/**
 * Makes (or finds) the pool in `dir`: `size` images, half of each silhouette style, keys
 * and pictures derived from `seed`. Existing files are kept, so a reseed costs nothing.
 */
/**
 * Puts the pool's files (rendered into `dir`) into a storage that is not that folder: the
 * bucket of STORAGE=s3 (docs/operations.md "Photo storage"), so seeded photos show there too.
 */
export async function storePhotoPool(pool: PhotoPool, dir: string, storage: StorageProvider): Promise<void> {
  const names = pool.photos.flatMap((photo) => PHOTO_VARIANTS.map((variant) => photoFileName(photo.key, variant)));
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map(async (name) => storage.put(name, await readFile(join(dir, name)), 'image/jpeg')),
    );
  }
}

export async function ensurePhotoPool(dir: string, options: { size: number; seed: string }): Promise<PhotoPool> {
  const size = Math.max(4, options.size);
  await mkdir(dir, { recursive: true });
  const photos: PoolPhoto[] = [];
  const pending: { svg: string; key: string }[] = [];
  for (let i = 0; i < size; i++) {
    const random = new Random(`${options.seed}:photo:${i}`);
    const style: SilhouetteStyle = i % 2 === 0 ? 'long' : 'short';
    const premium = Math.floor(i / 2) % Math.round(1 / PREMIUM_SHARE) === 0;
    const key = random.token(24);
    photos.push({ key, style, premium });
    if (!hasAllVariants(dir, key)) pending.push({ svg: portraitSvg(random, style), key });
  }
  // sharp has its own thread pool: a few images at a time keep it busy.
  for (let i = 0; i < pending.length; i += 8) {
    await Promise.all(pending.slice(i, i + 8).map((p) => renderVariants(p.svg, dir, p.key)));
  }
  const groups = new Map<string, PoolPhoto[]>();
  for (const photo of photos) {
    const id = `${photo.style}:${photo.premium}`;
    groups.set(id, [...(groups.get(id) ?? []), photo]);
  }
  return {
    photos,
    choices(style, premium) {
      const list = groups.get(`${style}:${premium}`) ?? groups.get(`${style}:false`) ?? photos;
      return list;
    },
  };
}
