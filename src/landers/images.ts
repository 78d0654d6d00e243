/**
 * The manifest of the landers' illustrations: every image name with its intrinsic size
 * (the aspect ratio pages reserve) and the widths the build encodes, each as AVIF and WebP
 * under `/img/<name>-<width>.<avif|webp>` in every static root (scripts/lib/lander-images.ts
 * writes them; src/landers/art.ts draws them; LanderPicture.astro shows them).
 */

export const LANDER_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type LanderImageFormat = (typeof LANDER_IMAGE_FORMATS)[number];

export interface LanderImageSpec {
  /** Intrinsic width and height: the aspect ratio of every encoded width. */
  width: number;
  height: number;
  /** Encoded widths in px, ascending. */
  widths: readonly number[];
  /** Most bytes the AVIF may take at `budget.width` (SPEC speed goals, checked in tests). */
  budget: { width: number; bytes: number };
  /** What the image shows (for the README and alt texts). */
  shows: string;
}

const KB = 1024;
/** Full-width scenes: phones (360, 720 at 2x), tablets and desktop columns. */
const WIDE = [360, 720, 1080, 1440] as const;
/** Half-width scenes and mock-ups. */
const MEDIUM = [360, 720, 1080] as const;
/** Tiles of grids, collages and card stacks. */
const TILE = [160, 320, 480] as const;

const portrait = (n: number): LanderImageSpec => ({
  width: 600,
  height: 800,
  widths: TILE,
  budget: { width: 320, bytes: 12 * KB },
  shows: `portrait ${n}: a stylised, faceless person fitting the niche`,
});

export const LANDER_IMAGES = {
  hero: {
    width: 1600,
    height: 900,
    widths: WIDE,
    budget: { width: 720, bytes: 45 * KB },
    shows: 'two people at a bar window at night, city lights behind them',
  },
  night: {
    width: 1200,
    height: 800,
    widths: MEDIUM,
    budget: { width: 720, bytes: 45 * KB },
    shows: 'a moody city skyline at night with light trails',
  },
  map: {
    width: 1200,
    height: 900,
    widths: MEDIUM,
    budget: { width: 720, bytes: 45 * KB },
    shows: 'a stylised street map with pins around a centre point',
  },
  phone: {
    width: 720,
    height: 1440,
    widths: [240, 360, 480, 720],
    budget: { width: 360, bytes: 20 * KB },
    shows: 'a phone showing a chat, on a soft glow',
  },
  'portrait-1': portrait(1),
  'portrait-2': portrait(2),
  'portrait-3': portrait(3),
  'portrait-4': portrait(4),
  'portrait-5': portrait(5),
  'portrait-6': portrait(6),
  'portrait-7': portrait(7),
  'portrait-8': portrait(8),
  'portrait-9': portrait(9),
} as const satisfies Record<string, LanderImageSpec>;

export type LanderImageName = keyof typeof LANDER_IMAGES;

export const LANDER_IMAGE_NAMES = Object.keys(LANDER_IMAGES) as LanderImageName[];

/** The nine portrait names, in order. */
export const LANDER_PORTRAITS = LANDER_IMAGE_NAMES.filter((n) => n.startsWith('portrait-'));

/** Folder of the images inside a static root. */
export const LANDER_IMAGE_DIR = 'img';

/** The file name of one encoded image: `hero-720.avif`. */
export function landerImageFile(name: LanderImageName, width: number, format: LanderImageFormat): string {
  return `${name}-${width}.${format}`;
}

/** The URL of one encoded image: `/img/hero-720.avif`. */
export function landerImageUrl(name: LanderImageName, width: number, format: LanderImageFormat): string {
  return `/${LANDER_IMAGE_DIR}/${landerImageFile(name, width, format)}`;
}

/** Height of an encoded width, keeping the intrinsic aspect ratio. */
export function landerImageHeight(name: LanderImageName, width: number): number {
  const spec = LANDER_IMAGES[name];
  return Math.round((width * spec.height) / spec.width);
}

/** A `srcset` value of every encoded width in one format. */
export function landerSrcset(name: LanderImageName, format: LanderImageFormat): string {
  return LANDER_IMAGES[name].widths.map((w) => `${landerImageUrl(name, w, format)} ${w}w`).join(', ');
}
