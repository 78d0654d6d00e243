/**
 * The drawing kit of the landers' illustrations (art.ts): the seeded random generator, colour
 * mixing, each site's palette and who its niche pictures, the SVG frame, and the scenery
 * shared by several images (glows, bokeh, skyline, stars).
 */
import type { SiteConfig } from '#sites-config';
import { LANDER_IMAGES, type LanderImageName } from './images.ts';

/** A seeded generator (mulberry32 over an FNV-1a hash of the seed text). */
export class Random {
  private state: number;

  constructor(seed: string) {
    let h = 2166136261;
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
    this.state = h >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A float in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new Error('art: pick from an empty list');
    return item;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

// Colours: #rrggbb strings mixed in sRGB (good enough for illustration shading).
export function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes `a` towards `b`; `w` is the share of `b`. */
export function mix(a: string, b: string, w: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x
    .map((c, i) =>
      Math.round(c * (1 - w) + (y[i] ?? 0) * w)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export const NIGHT = '#07050d';
export const WHITE = '#ffffff';
export const WARM_LIGHT = '#ffd79a';

/** Whether a colour is dark (relative luminance below 0.18). */
export function isDark(hex: string): boolean {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18;
}

/** Who the illustrations show, per niche (SPEC §1 site variants). */
export interface NicheArt {
  /** The people of portraits; 'mixed' alternates women and men. */
  people: 'women' | 'men' | 'mixed';
  hair: readonly string[];
  /** Wider shoulders and rounder faces. */
  curvy: boolean;
  /** Eye masks, leather and a moody red light. */
  kink: boolean;
  /** Share of portraits with glasses. */
  glasses: number;
}

export const SKIN = ['#f3cfb3', '#e8b48f', '#d39a74', '#b97d58', '#95603f', '#6e442d', '#f0c2a0', '#c98d68'] as const;
export const HAIR = ['#2a1b14', '#4a2e1f', '#6b4226', '#a0673a', '#c9955b', '#e2c08a', '#1b1418', '#7a2e1e'] as const;
export const SILVER = ['#d9d9de', '#c4c5cc', '#eeeef2', '#a9abb5', '#e3ddd6'] as const;

export const NICHE_ART: Record<number, NicheArt> = {
  1: { people: 'women', hair: HAIR, curvy: false, kink: false, glasses: 0.1 },
  2: { people: 'women', hair: HAIR, curvy: false, kink: false, glasses: 0.1 },
  3: {
    people: 'mixed',
    hair: ['#16111a', '#2a1b14', '#3a2030', '#5a1420', '#c9955b'],
    curvy: false,
    kink: true,
    glasses: 0,
  },
  4: { people: 'women', hair: HAIR, curvy: true, kink: false, glasses: 0.15 },
  5: { people: 'women', hair: SILVER, curvy: false, kink: false, glasses: 0.45 },
  6: { people: 'women', hair: HAIR, curvy: false, kink: false, glasses: 0.2 },
  7: { people: 'men', hair: HAIR, curvy: false, kink: false, glasses: 0.2 },
};

export function nicheArt(site: SiteConfig): NicheArt {
  return NICHE_ART[site.niche] ?? (NICHE_ART[1] as NicheArt);
}

/** The colours every illustration of a site starts from. */
export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
  /** Night sky, top and horizon. */
  skyTop: string;
  skyLow: string;
  /** Light and dark surfaces of the site, for the map and phone. */
  surface: string;
  surfaceAlt: string;
  dark: boolean;
}

export function palette(site: SiteConfig): Palette {
  const t = site.theme;
  const kink = nicheArt(site).kink;
  return {
    primary: t.primary,
    secondary: t.secondary,
    accent: t.unread,
    skyTop: mix(t.primary, NIGHT, kink ? 0.86 : 0.78),
    skyLow: mix(kink ? t.unread : t.primary, NIGHT, kink ? 0.55 : 0.4),
    surface: t.surface,
    surfaceAlt: t.surfaceAlt,
    dark: isDark(t.surface),
  };
}

export const f = (n: number): string => (Math.round(n * 10) / 10).toString();

export function svg(name: LanderImageName, body: string): string {
  const { width, height } = LANDER_IMAGES[name];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A soft glow: a radial gradient fading to transparent (cheaper to render than a blur). */
export function glowDef(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/** Out-of-focus city lights. */
export function bokeh(
  random: Random,
  count: number,
  box: { w: number; h: number; y0?: number },
  colours: string[],
): string {
  const ids = colours.map((c, i) => ({ id: `bk${i}`, def: glowDef(`bk${i}`, c, 0.75) }));
  const circles = Array.from({ length: count }, () => {
    const { id } = random.pick(ids);
    return `<circle cx="${f(random.range(0, box.w))}" cy="${f(random.range(box.y0 ?? 0, box.h))}" r="${f(random.range(12, 70))}" fill="url(#${id})" opacity="${f(random.range(0.35, 0.9))}"/>`;
  }).join('');
  return `<defs>${ids.map((i) => i.def).join('')}</defs>${circles}`;
}

/** A row of buildings with lit windows along the bottom of a scene. */
export function skyline(
  random: Random,
  opts: { w: number; base: number; minH: number; maxH: number; fill: string; lit: string[]; litShare: number },
): string {
  const out: string[] = [];
  let x = -random.range(0, 40);
  while (x < opts.w) {
    const bw = random.range(50, 130);
    const bh = random.range(opts.minH, opts.maxH);
    const top = opts.base - bh;
    out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(bw + 1)}" height="${f(bh + 2)}" fill="${opts.fill}"/>`);
    if (random.chance(0.25))
      out.push(
        `<rect x="${f(x + bw * 0.4)}" y="${f(top - 26)}" width="${f(bw * 0.2)}" height="28" fill="${opts.fill}"/>`,
      );
    for (let wy = top + 14; wy < opts.base - 12; wy += 18) {
      for (let wx = x + 10; wx < x + bw - 14; wx += 16) {
        if (random.chance(opts.litShare))
          out.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="7" height="9" fill="${random.pick(opts.lit)}" opacity="${f(random.range(0.55, 1))}"/>`,
          );
      }
    }
    x += bw + random.range(0, 8);
  }
  return out.join('');
}

export function stars(random: Random, count: number, w: number, h: number): string {
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${f(random.range(0, w))}" cy="${f(random.range(0, h))}" r="${f(random.range(0.8, 2.2))}" fill="#fff" opacity="${f(random.range(0.3, 0.9))}"/>`,
  ).join('');
}
