/**
 * How a photo's stored files are named. A photo row has a storage key; its files are the
 * original (600×800 at most), a thumbnail, the square `match` crop of the swipe game and
 * match finder, and a blurred thumbnail that non-premium viewers get for premium photos.
 * Shared by uploads, the seed and whoever serves the files.
 */
export const PHOTO_VARIANTS = ['full', 'thumb', 'match', 'blur'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

/** Sizes of the generated variants (width × height). */
export const PHOTO_SIZES: Readonly<Record<PhotoVariant, { width: number; height: number }>> = {
  full: { width: 600, height: 800 },
  thumb: { width: 200, height: 266 },
  match: { width: 400, height: 400 },
  blur: { width: 200, height: 266 },
};

/**
 * Uploaded photos are kept larger than the seeded pool: at most 1200×1600 (inside). Here, not
 * in render.ts, so that the API process reads it without loading sharp (platform/sharp.ts).
 */
export const UPLOAD_FULL_SIZE = { width: 1200, height: 1600 } as const;

/** The file name of one variant of a stored photo. */
export function photoFileName(storageKey: string, variant: PhotoVariant): string {
  return variant === 'full' ? `${storageKey}.jpg` : `${storageKey}-${variant}.jpg`;
}

/** Storage keys are random, URL- and file-safe tokens; nothing else is a key. */
export function isStorageKey(value: string): boolean {
  return /^[a-z0-9]{12,40}$/.test(value);
}
