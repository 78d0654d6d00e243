/**
 * The landers' illustrations, drawn as SVG in each site's palette: we have no stock photos,
 * so every lander image is a generated, tasteful illustration (no nudity, no faces of real
 * people) that scripts/lib/lander-images.ts rasterises to AVIF and WebP at build time.
 *
 * Every function is pure and deterministic: the same site and name always give the same
 * SVG (a PRNG seeded with `<site id>:<name>`), so encoded files can be cached by the hash of
 * their SVG. The niche decides who is pictured (women, men, silver hair, curvy figures,
 * masks and leather for the kink site); the theme decides the colours.
 */
import type { SiteConfig } from '#sites-config';
import { LANDER_IMAGES, type LanderImageName } from './images.ts';

/** A seeded generator (mulberry32 over an FNV-1a hash of the seed text). */
class Random {
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
function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes `a` towards `b`; `w` is the share of `b`. */
function mix(a: string, b: string, w: number): string {
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

const NIGHT = '#07050d';
const WHITE = '#ffffff';
const WARM_LIGHT = '#ffd79a';

/** Whether a colour is dark (relative luminance below 0.18). */
function isDark(hex: string): boolean {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18;
}

/** Who the illustrations show, per niche (SPEC §1 site variants). */
interface NicheArt {
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

const SKIN = ['#f3cfb3', '#e8b48f', '#d39a74', '#b97d58', '#95603f', '#6e442d', '#f0c2a0', '#c98d68'] as const;
const HAIR = ['#2a1b14', '#4a2e1f', '#6b4226', '#a0673a', '#c9955b', '#e2c08a', '#1b1418', '#7a2e1e'] as const;
const SILVER = ['#d9d9de', '#c4c5cc', '#eeeef2', '#a9abb5', '#e3ddd6'] as const;

const NICHE_ART: Record<number, NicheArt> = {
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

function nicheArt(site: SiteConfig): NicheArt {
  return NICHE_ART[site.niche] ?? (NICHE_ART[1] as NicheArt);
}

/** The colours every illustration of a site starts from. */
interface Palette {
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

function palette(site: SiteConfig): Palette {
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

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function svg(name: LanderImageName, body: string): string {
  const { width, height } = LANDER_IMAGES[name];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A soft glow: a radial gradient fading to transparent (cheaper to render than a blur). */
function glowDef(id: string, colour: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/** Out-of-focus city lights. */
function bokeh(random: Random, count: number, box: { w: number; h: number; y0?: number }, colours: string[]): string {
  const ids = colours.map((c, i) => ({ id: `bk${i}`, def: glowDef(`bk${i}`, c, 0.75) }));
  const circles = Array.from({ length: count }, () => {
    const { id } = random.pick(ids);
    return `<circle cx="${f(random.range(0, box.w))}" cy="${f(random.range(box.y0 ?? 0, box.h))}" r="${f(random.range(12, 70))}" fill="url(#${id})" opacity="${f(random.range(0.35, 0.9))}"/>`;
  }).join('');
  return `<defs>${ids.map((i) => i.def).join('')}</defs>${circles}`;
}

/** A row of buildings with lit windows along the bottom of a scene. */
function skyline(
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

function stars(random: Random, count: number, w: number, h: number): string {
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${f(random.range(0, w))}" cy="${f(random.range(0, h))}" r="${f(random.range(0.8, 2.2))}" fill="#fff" opacity="${f(random.range(0.3, 0.9))}"/>`,
  ).join('');
}

/** What one portrait shows; derived from the site's niche and the portrait's own seed. */
interface Person {
  man: boolean;
  skin: string;
  hair: string;
  /** long, bob, updo, curls (women); short, crop, bald (men). */
  style: 'long' | 'bob' | 'updo' | 'curls' | 'short' | 'crop' | 'bald';
  beard: boolean;
  glasses: boolean;
  mask: boolean;
  clothes: string;
  curvy: boolean;
}

function person(random: Random, art: NicheArt, index: number, pal: Palette): Person {
  const man = art.people === 'men' || (art.people === 'mixed' && index % 2 === 1);
  const womanStyles = ['long', 'bob', 'updo', 'curls', 'long'] as const;
  const manStyles = ['short', 'crop', 'short', 'bald'] as const;
  const clothes = art.kink
    ? random.pick(['#141016', '#1d1418', '#2a0f17', '#1a1320'])
    : mix(random.pick([pal.primary, pal.secondary, pal.accent, '#1f2937', '#f5efe6']), NIGHT, random.range(0, 0.35));
  return {
    man,
    skin: random.pick(SKIN),
    hair: random.pick(art.hair),
    style: man ? random.pick(manStyles) : random.pick(womanStyles),
    beard: man && random.chance(0.5),
    glasses: random.chance(art.glasses),
    mask: art.kink && random.chance(0.7),
    clothes,
    curvy: art.curvy,
  };
}

/**
 * A head-and-shoulders figure centred at (cx, headY) with head radius r (its width is about
 * 2.4 r at the shoulders, 3.2 r when curvy): faceless, flat, with soft shading.
 */
function figure(p: Person, cx: number, headY: number, r: number, ids: string, rim: string): string {
  const rx = r * (p.curvy ? 0.98 : p.man ? 0.86 : 0.82);
  const ry = r;
  const shade = mix(p.skin, NIGHT, 0.28);
  const hairDark = mix(p.hair, NIGHT, 0.25);
  const neckTop = headY + ry * 0.6;
  const shoulderY = headY + ry * 1.75;
  const sw = r * (p.curvy ? 2.35 : p.man ? 2.2 : 1.85);
  const bottom = headY + r * 5;
  const parts: string[] = [];
  // Hair that falls behind the shoulders.
  if (p.style === 'long')
    parts.push(
      `<path d="M${f(cx - rx * 1.15)} ${f(headY - ry * 0.2)} C${f(cx - rx * 1.5)} ${f(headY + ry * 1.4)} ${f(cx - rx * 1.5)} ${f(shoulderY + r * 0.6)} ${f(cx - rx * 1.25)} ${f(shoulderY + r * 1.1)} L${f(cx + rx * 1.25)} ${f(shoulderY + r * 1.1)} C${f(cx + rx * 1.5)} ${f(shoulderY + r * 0.6)} ${f(cx + rx * 1.5)} ${f(headY + ry * 1.4)} ${f(cx + rx * 1.15)} ${f(headY - ry * 0.2)} Z" fill="${hairDark}"/>`,
    );
  if (p.style === 'curls')
    parts.push(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        .map((i) => {
          const a = Math.PI * (0.85 + (i / 9) * 1.3);
          return `<circle cx="${f(cx + Math.cos(a) * rx * 1.05)}" cy="${f(headY + 0.15 * ry - Math.sin(a) * ry * 1.0)}" r="${f(r * 0.42)}" fill="${hairDark}"/>`;
        })
        .join(''),
    );
  if (p.style === 'bob')
    parts.push(
      `<path d="M${f(cx - rx * 1.18)} ${f(headY)} Q${f(cx - rx * 1.3)} ${f(headY + ry * 0.95)} ${f(cx - rx * 1.05)} ${f(headY + ry * 1.02)} L${f(cx + rx * 1.05)} ${f(headY + ry * 1.02)} Q${f(cx + rx * 1.3)} ${f(headY + ry * 0.95)} ${f(cx + rx * 1.18)} ${f(headY)} Z" fill="${hairDark}"/>`,
    );
  // Shoulders and clothes, with a neckline showing the skin.
  const body = `M${f(cx - sw)} ${f(bottom)} C${f(cx - sw)} ${f(shoulderY + r * 0.3)} ${f(cx - sw * 0.75)} ${f(shoulderY - r * 0.12)} ${f(cx - r * 0.5)} ${f(shoulderY - r * 0.3)} L${f(cx + r * 0.5)} ${f(shoulderY - r * 0.3)} C${f(cx + sw * 0.75)} ${f(shoulderY - r * 0.12)} ${f(cx + sw)} ${f(shoulderY + r * 0.3)} ${f(cx + sw)} ${f(bottom)} Z`;
  parts.push(
    `<rect x="${f(cx - r * 0.36)}" y="${f(neckTop)}" width="${f(r * 0.72)}" height="${f(shoulderY - neckTop + r * 0.2)}" rx="${f(r * 0.3)}" fill="${shade}"/>`,
  );
  parts.push(`<path d="${body}" fill="${p.clothes}"/>`);
  const neckline = p.man
    ? `M${f(cx - r * 0.5)} ${f(shoulderY - r * 0.3)} L${f(cx)} ${f(shoulderY + r * 0.35)} L${f(cx + r * 0.5)} ${f(shoulderY - r * 0.3)} Z`
    : `M${f(cx - r * 0.95)} ${f(shoulderY - r * 0.2)} Q${f(cx)} ${f(shoulderY + r * 0.9)} ${f(cx + r * 0.95)} ${f(shoulderY - r * 0.2)} Z`;
  parts.push(`<path d="${neckline}" fill="${shade}"/>`);
  // A rim of coloured light along one shoulder.
  parts.push(
    `<path d="M${f(cx + r * 0.6)} ${f(shoulderY - r * 0.28)} C${f(cx + sw * 0.78)} ${f(shoulderY - r * 0.1)} ${f(cx + sw * 0.98)} ${f(shoulderY + r * 0.3)} ${f(cx + sw * 0.99)} ${f(shoulderY + r * 1.2)}" fill="none" stroke="${rim}" stroke-width="${f(r * 0.05)}" stroke-linecap="round" opacity=".5"/>`,
  );
  if (p.mask)
    // A leather collar with a ring.
    parts.push(
      `<rect x="${f(cx - r * 0.4)}" y="${f(neckTop + r * 0.45)}" width="${f(r * 0.8)}" height="${f(r * 0.16)}" rx="${f(r * 0.06)}" fill="#0b0810"/><circle cx="${f(cx)}" cy="${f(neckTop + r * 0.68)}" r="${f(r * 0.09)}" fill="none" stroke="#c9b27a" stroke-width="${f(r * 0.035)}"/>`,
    );
  // Head with a soft side shadow.
  parts.push(
    `<clipPath id="${ids}h"><ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(rx)}" ry="${f(ry)}"/></clipPath>`,
    `<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(rx)}" ry="${f(ry)}" fill="${p.skin}"/>`,
    `<ellipse cx="${f(cx - rx * 1.1)}" cy="${f(headY + ry * 0.2)}" rx="${f(rx * 0.5)}" ry="${f(ry * 1.2)}" fill="${shade}" opacity=".35" clip-path="url(#${ids}h)"/>`,
  );
  if (!p.man)
    parts.push(
      `<circle cx="${f(cx - rx * 0.98)}" cy="${f(headY + ry * 0.42)}" r="${f(r * 0.07)}" fill="#e9c46a"/><circle cx="${f(cx + rx * 0.98)}" cy="${f(headY + ry * 0.42)}" r="${f(r * 0.07)}" fill="#e9c46a"/>`,
    );
  if (p.beard)
    // A short beard along the jaw; the chin and cheeks stay visible.
    parts.push(
      `<path d="M${f(cx - rx * 0.96)} ${f(headY + ry * 0.28)} Q${f(cx - rx * 0.85)} ${f(headY + ry * 1.04)} ${f(cx)} ${f(headY + ry * 1.06)} Q${f(cx + rx * 0.85)} ${f(headY + ry * 1.04)} ${f(cx + rx * 0.96)} ${f(headY + ry * 0.28)} Q${f(cx + rx * 0.72)} ${f(headY + ry * 0.86)} ${f(cx)} ${f(headY + ry * 0.84)} Q${f(cx - rx * 0.72)} ${f(headY + ry * 0.86)} ${f(cx - rx * 0.96)} ${f(headY + ry * 0.28)} Z" fill="${hairDark}" opacity=".9"/>`,
    );
  // Hair on top of the head.
  const top = {
    long: `M${f(cx - rx * 1.12)} ${f(headY + ry * 0.35)} C${f(cx - rx * 1.25)} ${f(headY - ry * 1.15)} ${f(cx + rx * 1.1)} ${f(headY - ry * 1.35)} ${f(cx + rx * 1.14)} ${f(headY + ry * 0.3)} C${f(cx + rx * 0.8)} ${f(headY - ry * 0.55)} ${f(cx - rx * 0.1)} ${f(headY - ry * 0.55)} ${f(cx - rx * 0.5)} ${f(headY - ry * 0.5)} C${f(cx - rx * 0.85)} ${f(headY - ry * 0.3)} ${f(cx - rx * 0.95)} ${f(headY)} ${f(cx - rx * 1.12)} ${f(headY + ry * 0.35)} Z`,
    bob: `M${f(cx - rx * 1.15)} ${f(headY + ry * 0.5)} C${f(cx - rx * 1.3)} ${f(headY - ry * 1.25)} ${f(cx + rx * 1.3)} ${f(headY - ry * 1.25)} ${f(cx + rx * 1.15)} ${f(headY + ry * 0.5)} C${f(cx + rx * 0.95)} ${f(headY - ry * 0.2)} ${f(cx + rx * 0.5)} ${f(headY - ry * 0.45)} ${f(cx - rx * 0.2)} ${f(headY - ry * 0.35)} C${f(cx - rx * 0.7)} ${f(headY - ry * 0.2)} ${f(cx - rx * 1.0)} ${f(headY + ry * 0.1)} ${f(cx - rx * 1.15)} ${f(headY + ry * 0.5)} Z`,
    updo: `M${f(cx - rx * 1.04)} ${f(headY + ry * 0.05)} C${f(cx - rx * 1.15)} ${f(headY - ry * 1.2)} ${f(cx + rx * 1.15)} ${f(headY - ry * 1.2)} ${f(cx + rx * 1.04)} ${f(headY + ry * 0.05)} C${f(cx + rx * 0.7)} ${f(headY - ry * 0.5)} ${f(cx - rx * 0.7)} ${f(headY - ry * 0.5)} ${f(cx - rx * 1.04)} ${f(headY + ry * 0.05)} Z M${f(cx)} ${f(headY - ry * 1.45)} m${f(-r * 0.42)} 0 a${f(r * 0.42)} ${f(r * 0.38)} 0 1 0 ${f(r * 0.84)} 0 a${f(r * 0.42)} ${f(r * 0.38)} 0 1 0 ${f(-r * 0.84)} 0`,
    curls: `M${f(cx - rx * 1.08)} ${f(headY + ry * 0.1)} C${f(cx - rx * 1.2)} ${f(headY - ry * 1.3)} ${f(cx + rx * 1.2)} ${f(headY - ry * 1.3)} ${f(cx + rx * 1.08)} ${f(headY + ry * 0.1)} C${f(cx + rx * 0.6)} ${f(headY - ry * 0.45)} ${f(cx - rx * 0.6)} ${f(headY - ry * 0.45)} ${f(cx - rx * 1.08)} ${f(headY + ry * 0.1)} Z`,
    short: `M${f(cx - rx * 1.02)} ${f(headY - ry * 0.05)} C${f(cx - rx * 1.1)} ${f(headY - ry * 1.25)} ${f(cx + rx * 1.1)} ${f(headY - ry * 1.25)} ${f(cx + rx * 1.02)} ${f(headY - ry * 0.05)} C${f(cx + rx * 0.9)} ${f(headY - ry * 0.5)} ${f(cx + rx * 0.3)} ${f(headY - ry * 0.62)} ${f(cx - rx * 0.4)} ${f(headY - ry * 0.55)} C${f(cx - rx * 0.8)} ${f(headY - ry * 0.5)} ${f(cx - rx * 0.95)} ${f(headY - ry * 0.3)} ${f(cx - rx * 1.02)} ${f(headY - ry * 0.05)} Z`,
    crop: `M${f(cx - rx * 1.0)} ${f(headY - ry * 0.15)} C${f(cx - rx * 1.0)} ${f(headY - ry * 1.15)} ${f(cx + rx * 1.0)} ${f(headY - ry * 1.15)} ${f(cx + rx * 1.0)} ${f(headY - ry * 0.15)} C${f(cx + rx * 0.7)} ${f(headY - ry * 0.62)} ${f(cx - rx * 0.7)} ${f(headY - ry * 0.62)} ${f(cx - rx * 1.0)} ${f(headY - ry * 0.15)} Z`,
    bald: '',
  }[p.style];
  if (top) parts.push(`<path d="${top}" fill="${p.hair}"/>`);
  if (p.style === 'bald')
    parts.push(
      `<ellipse cx="${f(cx + rx * 0.3)}" cy="${f(headY - ry * 0.6)}" rx="${f(rx * 0.3)}" ry="${f(ry * 0.16)}" fill="#fff" opacity=".18"/>`,
    );
  // A sheen on the hair.
  if (top)
    parts.push(
      `<path d="M${f(cx - rx * 0.2)} ${f(headY - ry * 0.92)} Q${f(cx + rx * 0.45)} ${f(headY - ry * 0.98)} ${f(cx + rx * 0.75)} ${f(headY - ry * 0.55)}" fill="none" stroke="#fff" stroke-width="${f(r * 0.06)}" stroke-linecap="round" opacity=".22"/>`,
    );
  if (p.mask)
    parts.push(
      `<path d="M${f(cx - rx * 1.02)} ${f(headY - ry * 0.05)} C${f(cx - rx * 0.7)} ${f(headY - ry * 0.35)} ${f(cx - rx * 0.2)} ${f(headY - ry * 0.25)} ${f(cx)} ${f(headY - ry * 0.12)} C${f(cx + rx * 0.2)} ${f(headY - ry * 0.25)} ${f(cx + rx * 0.7)} ${f(headY - ry * 0.35)} ${f(cx + rx * 1.02)} ${f(headY - ry * 0.05)} C${f(cx + rx * 0.9)} ${f(headY + ry * 0.3)} ${f(cx + rx * 0.3)} ${f(headY + ry * 0.32)} ${f(cx)} ${f(headY + ry * 0.14)} C${f(cx - rx * 0.3)} ${f(headY + ry * 0.32)} ${f(cx - rx * 0.9)} ${f(headY + ry * 0.3)} ${f(cx - rx * 1.02)} ${f(headY - ry * 0.05)} Z" fill="#0b0810"/><path d="M${f(cx - rx * 0.8)} ${f(headY - ry * 0.12)} C${f(cx - rx * 0.5)} ${f(headY - ry * 0.28)} ${f(cx - rx * 0.2)} ${f(headY - ry * 0.2)} ${f(cx - rx * 0.05)} ${f(headY - ry * 0.08)}" fill="none" stroke="${rim}" stroke-width="${f(r * 0.035)}" opacity=".7"/>`,
    );
  if (p.mask)
    // Swept-up tips make it read as a masquerade mask, not sunglasses.
    parts.push(
      `<path d="M${f(cx - rx * 0.98)} ${f(headY - ry * 0.02)} L${f(cx - rx * 1.22)} ${f(headY - ry * 0.5)} L${f(cx - rx * 0.62)} ${f(headY - ry * 0.3)} Z M${f(cx + rx * 0.98)} ${f(headY - ry * 0.02)} L${f(cx + rx * 1.22)} ${f(headY - ry * 0.5)} L${f(cx + rx * 0.62)} ${f(headY - ry * 0.3)} Z" fill="#0b0810"/>`,
    );
  if (p.glasses && !p.mask)
    parts.push(
      `<g fill="none" stroke="${mix(p.hair, NIGHT, 0.5)}" stroke-width="${f(r * 0.045)}"><circle cx="${f(cx - rx * 0.42)}" cy="${f(headY + ry * 0.02)}" r="${f(rx * 0.3)}"/><circle cx="${f(cx + rx * 0.42)}" cy="${f(headY + ry * 0.02)}" r="${f(rx * 0.3)}"/><path d="M${f(cx - rx * 0.12)} ${f(headY)} Q${f(cx)} ${f(headY - ry * 0.06)} ${f(cx + rx * 0.12)} ${f(headY)}"/></g>`,
    );
  return parts.join('');
}

/** portrait-1 … portrait-9: a stylised person in front of soft city lights. */
function portrait(site: SiteConfig, index: number): string {
  const name = `portrait-${index}` as LanderImageName;
  const random = new Random(`${site.id}:${name}`);
  const pal = palette(site);
  const art = nicheArt(site);
  const { width, height } = LANDER_IMAGES[name];
  const p = person(random, art, index, pal);
  const base = random.pick([pal.primary, pal.secondary, pal.accent]);
  const top = art.kink ? mix(pal.primary, NIGHT, 0.7) : mix(base, WHITE, random.range(0.1, 0.45));
  const low = art.kink ? mix(pal.accent, NIGHT, 0.6) : mix(random.pick([pal.primary, pal.accent]), NIGHT, 0.35);
  const rim = art.kink ? pal.accent : mix(pal.secondary, WHITE, 0.3);
  const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="${random.chance(0.5) ? 1 : 0.3}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${low}"/></linearGradient>${glowDef('halo', art.kink ? pal.accent : WARM_LIGHT, art.kink ? 0.55 : 0.5)}</defs>`;
  const r = width * 0.15;
  const cx = width / 2 + random.range(-width * 0.05, width * 0.05);
  const headY = height * 0.4;
  return svg(
    name,
    `${defs}<rect width="${width}" height="${height}" fill="url(#bg)"/>${bokeh(random, 10, { w: width, h: height * 0.8 }, [WARM_LIGHT, mix(pal.secondary, WHITE, 0.3), mix(pal.accent, WHITE, 0.2)])}<circle cx="${f(cx + r * 0.6)}" cy="${f(headY - r * 0.3)}" r="${f(r * 3)}" fill="url(#halo)"/>${figure(p, cx, headY, r, 'p', rim)}`,
  );
}

/** One seated figure at the bar, seen from the side-ish: a silhouette with rim light. */
function barFigure(p: Person, cx: number, headY: number, r: number, facing: 1 | -1, rim: string, id: string): string {
  // Lit from behind by the city: the people are a shade darker than in the portraits, and
  // their heads lean towards each other.
  const lit = {
    ...p,
    skin: mix(p.skin, NIGHT, 0.3),
    hair: mix(p.hair, NIGHT, 0.2),
    clothes: mix(p.clothes, NIGHT, 0.25),
  };
  return `<g transform="rotate(${facing * 5} ${f(cx)} ${f(headY + r * 3)}) translate(${f(cx)} 0) scale(${facing} 1) translate(${f(-cx)} 0)">${figure(
    { ...lit, glasses: false },
    cx,
    headY,
    r,
    id,
    rim,
  )}</g>`;
}

/** hero: two people at a bar window at night, the city lit up behind them. */
function hero(site: SiteConfig): string {
  const random = new Random(`${site.id}:hero`);
  const pal = palette(site);
  const art = nicheArt(site);
  const { width: w, height: h } = LANDER_IMAGES.hero;
  const horizon = h * 0.72;
  const rim = art.kink ? pal.accent : mix(pal.secondary, WHITE, 0.35);
  const left = person(random, { ...art, people: art.people === 'men' ? 'men' : 'women' }, 0, pal);
  const right = person(random, { ...art, people: art.people === 'women' ? 'men' : art.people }, 1, pal);
  // Their clothes pick up the site's colours, so the couple belongs to the brand.
  left.clothes = art.kink ? left.clothes : mix(pal.accent, NIGHT, 0.2);
  const right2 = {
    ...right,
    curvy: art.people === 'women' ? false : right.curvy,
    clothes: art.kink ? right.clothes : mix(pal.secondary, NIGHT, 0.45),
  };
  const lamps = [0.28, 0.5, 0.72]
    .map(
      (x) =>
        `<line x1="${f(w * x)}" y1="0" x2="${f(w * x)}" y2="${f(h * 0.12)}" stroke="#000" stroke-width="3" opacity=".6"/><circle cx="${f(w * x)}" cy="${f(h * 0.14)}" r="120" fill="url(#lamp)"/><path d="M${f(w * x - 26)} ${f(h * 0.15)} Q${f(w * x)} ${f(h * 0.1)} ${f(w * x + 26)} ${f(h * 0.15)} Z" fill="${WARM_LIGHT}"/>`,
    )
    .join('');
  const body = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${pal.skyTop}"/><stop offset=".75" stop-color="${pal.skyLow}"/><stop offset="1" stop-color="${mix(pal.skyLow, WARM_LIGHT, 0.15)}"/></linearGradient>`,
    `<linearGradient id="bar" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(pal.primary, NIGHT, 0.6)}"/><stop offset="1" stop-color="${NIGHT}"/></linearGradient>`,
    glowDef('moon', '#fff6e0', 0.5),
    glowDef('lamp', WARM_LIGHT, 0.45),
    glowDef('warm', art.kink ? pal.accent : WARM_LIGHT, 0.35),
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    stars(random, 60, w, h * 0.45),
    `<circle cx="${f(w * 0.8)}" cy="${f(h * 0.2)}" r="150" fill="url(#moon)"/><circle cx="${f(w * 0.8)}" cy="${f(h * 0.2)}" r="42" fill="#fff6e0" opacity=".95"/>`,
    skyline(random, {
      w,
      base: horizon,
      minH: h * 0.12,
      maxH: h * 0.3,
      fill: mix(pal.skyTop, pal.skyLow, 0.5),
      lit: [WARM_LIGHT],
      litShare: 0.12,
    }),
    skyline(random, {
      w,
      base: horizon + 20,
      minH: h * 0.06,
      maxH: h * 0.2,
      fill: mix(pal.skyTop, NIGHT, 0.4),
      lit: [WARM_LIGHT, mix(pal.secondary, WHITE, 0.4), mix(pal.accent, WHITE, 0.3)],
      litShare: 0.22,
    }),
    bokeh(random, 14, { w, h: horizon + 40, y0: horizon - 80 }, [WARM_LIGHT, pal.accent, pal.secondary]),
    // The window frame: mullions and a sill.
    `<g fill="${mix(pal.primary, NIGHT, 0.82)}"><rect x="0" y="0" width="${w}" height="26"/><rect x="${f(w * 0.33)}" y="0" width="16" height="${h}"/><rect x="${f(w * 0.66)}" y="0" width="16" height="${h}"/><rect x="0" y="0" width="22" height="${h}"/><rect x="${w - 22}" y="0" width="22" height="${h}"/></g>`,
    lamps,
    `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.78)}" r="${f(w * 0.38)}" fill="url(#warm)"/>`,
    barFigure(left, w * 0.37, h * 0.5, h * 0.1, 1, rim, 'l'),
    barFigure(right2, w * 0.63, h * 0.48, h * 0.105, -1, rim, 'r'),
    // The bar counter with two glasses.
    `<rect x="0" y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="url(#bar)"/><rect x="0" y="${f(h * 0.8)}" width="${w}" height="6" fill="${mix(WARM_LIGHT, pal.primary, 0.3)}" opacity=".7"/>`,
    glass(w * 0.45, h * 0.8, rim, pal.accent),
    glass(w * 0.55, h * 0.8, rim, pal.accent),
  ];
  return svg('hero', body.join(''));
}

/** A wine glass standing on the line y, with a little wine in it. */
function glass(x: number, y: number, rim: string, wine: string): string {
  return `<g><path d="M${f(x - 18)} ${f(y - 92)} Q${f(x - 20)} ${f(y - 52)} ${f(x)} ${f(y - 48)} Q${f(x + 20)} ${f(y - 52)} ${f(x + 18)} ${f(y - 92)} Z" fill="#fff" opacity=".18" stroke="${rim}" stroke-width="2"/><path d="M${f(x - 17)} ${f(y - 72)} Q${f(x - 15)} ${f(y - 52)} ${f(x)} ${f(y - 50)} Q${f(x + 15)} ${f(y - 52)} ${f(x + 17)} ${f(y - 72)} Z" fill="${wine}" opacity=".85"/><rect x="${f(x - 1.5)}" y="${f(y - 48)}" width="3" height="44" fill="${rim}" opacity=".8"/><ellipse cx="${f(x)}" cy="${f(y - 3)}" rx="14" ry="3" fill="${rim}" opacity=".8"/></g>`;
}

/** night: a moody city at night with light trails below the skyline. */
function night(site: SiteConfig): string {
  const random = new Random(`${site.id}:night`);
  const pal = palette(site);
  const { width: w, height: h } = LANDER_IMAGES.night;
  const horizon = h * 0.68;
  const trails = Array.from({ length: 7 }, (_, i) => {
    const y = horizon + 30 + i * 14;
    const colour = i % 2 === 0 ? mix(pal.accent, WHITE, 0.2) : WARM_LIGHT;
    return `<path d="M-20 ${f(y + random.range(-10, 10))} C${f(w * 0.3)} ${f(y - random.range(10, 40))} ${f(w * 0.6)} ${f(y + random.range(10, 50))} ${w + 20} ${f(y + random.range(-20, 20))}" fill="none" stroke="${colour}" stroke-width="${f(random.range(2, 5))}" stroke-linecap="round" opacity="${f(random.range(0.4, 0.85))}"/>`;
  }).join('');
  const body = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${pal.skyTop}"/><stop offset=".7" stop-color="${pal.skyLow}"/><stop offset="1" stop-color="${mix(pal.accent, NIGHT, 0.5)}"/></linearGradient>`,
    glowDef('moon', '#fff6e0', 0.45),
    glowDef('haze', pal.accent, 0.35),
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    stars(random, 70, w, h * 0.5),
    `<ellipse cx="${f(w * 0.5)}" cy="${f(horizon)}" rx="${f(w * 0.7)}" ry="${f(h * 0.3)}" fill="url(#haze)"/>`,
    `<circle cx="${f(w * 0.22)}" cy="${f(h * 0.22)}" r="120" fill="url(#moon)"/><circle cx="${f(w * 0.22)}" cy="${f(h * 0.22)}" r="34" fill="#fff6e0"/><circle cx="${f(w * 0.22 + 14)}" cy="${f(h * 0.22 - 8)}" r="30" fill="${pal.skyTop}"/>`,
    skyline(random, {
      w,
      base: horizon,
      minH: h * 0.15,
      maxH: h * 0.42,
      fill: mix(pal.skyTop, NIGHT, 0.3),
      lit: [WARM_LIGHT, mix(pal.secondary, WHITE, 0.4)],
      litShare: 0.2,
    }),
    `<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${mix(pal.skyTop, NIGHT, 0.55)}"/>`,
    trails,
    bokeh(random, 16, { w, h, y0: horizon - 40 }, [WARM_LIGHT, pal.accent, pal.secondary]),
  ];
  return svg('night', body.join(''));
}

/** A map pin (teardrop) with its point at (x, y). */
function pin(x: number, y: number, s: number, fill: string, ring: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(s)})"><ellipse cx="0" cy="2" rx="12" ry="4" fill="#000" opacity=".18"/><path d="M0 0C-4-14-22-22-22-40a22 22 0 0 1 44 0C22-22 4-14 0 0z" fill="${fill}"/><circle cx="0" cy="-40" r="9" fill="${ring}"/></g>`;
}

/** map: a stylised street map with pins and a pulse around the centre. */
function map(site: SiteConfig): string {
  const random = new Random(`${site.id}:map`);
  const pal = palette(site);
  const { width: w, height: h } = LANDER_IMAGES.map;
  const ground = pal.dark ? mix(pal.surfaceAlt, NIGHT, 0.1) : mix(pal.surfaceAlt, WHITE, 0.2);
  const block = pal.dark ? mix(pal.surfaceAlt, WHITE, 0.07) : mix(pal.surfaceAlt, pal.primary, 0.08);
  const street = pal.dark ? mix(pal.surfaceAlt, WHITE, 0.16) : WHITE;
  const park = pal.dark ? mix('#1f6f4a', NIGHT, 0.45) : mix('#bfe8cf', pal.surfaceAlt, 0.3);
  const water = pal.dark ? mix(pal.secondary, NIGHT, 0.6) : mix(pal.secondary, WHITE, 0.7);
  const blocks: string[] = [];
  for (let y = -40; y < h + 40; y += 110) {
    for (let x = -40; x < w + 40; x += 140) {
      const bw = random.range(90, 120);
      const bh = random.range(70, 90);
      const fill = random.chance(0.1) ? park : block;
      blocks.push(
        `<rect x="${f(x + random.range(0, 10))}" y="${f(y + random.range(0, 10))}" width="${f(bw)}" height="${f(bh)}" rx="10" fill="${fill}"/>`,
      );
    }
  }
  const cx = w * 0.5;
  const cy = h * 0.52;
  const pins = Array.from({ length: 9 }, () => {
    const a = random.range(0, Math.PI * 2);
    const d = random.range(120, Math.min(w, h) * 0.48);
    return pin(
      cx + Math.cos(a) * d * 1.2,
      cy + Math.sin(a) * d * 0.8,
      random.range(0.9, 1.3),
      random.pick([pal.primary, pal.accent, pal.secondary]),
      WHITE,
    );
  }).join('');
  const body = [
    `<rect width="${w}" height="${h}" fill="${street}"/>`,
    `<g transform="rotate(-12 ${f(cx)} ${f(cy)})">${blocks.join('')}</g>`,
    `<path d="M-20 ${f(h * 0.2)} C${f(w * 0.25)} ${f(h * 0.35)} ${f(w * 0.2)} ${f(h * 0.75)} ${f(w * 0.55)} ${f(h * 0.85)} S${f(w * 0.95)} ${f(h * 0.95)} ${w + 20} ${f(h * 0.8)}" fill="none" stroke="${water}" stroke-width="46" stroke-linecap="round"/>`,
    `<path d="M0 ${f(h * 0.6)} L${w} ${f(h * 0.4)} M${f(w * 0.3)} 0 L${f(w * 0.62)} ${h}" stroke="${street}" stroke-width="22" opacity=".9"/>`,
    `<rect width="${w}" height="${h}" fill="${ground}" opacity=".25"/>`,
    [1, 2, 3]
      .map(
        (i) =>
          `<circle cx="${f(cx)}" cy="${f(cy)}" r="${i * 110}" fill="${pal.primary}" fill-opacity="${f(0.14 / i)}" stroke="${pal.primary}" stroke-opacity="${f(0.5 / i)}" stroke-width="3"/>`,
      )
      .join(''),
    pins,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="26" fill="${WHITE}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="17" fill="${pal.secondary}"/>`,
  ];
  return svg('map', body.join(''));
}

/** A chat bubble of width bw at (x, y); `mine` bubbles sit right with the primary colour. */
function bubble(x: number, y: number, bw: number, mine: boolean, fill: string, line: string): string {
  const lines = [0.8, 0.55]
    .map(
      (share, i) =>
        `<rect x="${f(x + 18)}" y="${f(y + 18 + i * 20)}" width="${f((bw - 36) * share)}" height="9" rx="4.5" fill="${line}" opacity=".7"/>`,
    )
    .join('');
  const tail = mine
    ? `<path d="M${f(x + bw - 22)} ${f(y + 62)} l18 14 -4 -16z" fill="${fill}"/>`
    : `<path d="M${f(x + 22)} ${f(y + 62)} l-18 14 4 -16z" fill="${fill}"/>`;
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="64" rx="22" fill="${fill}"/>${tail}${lines}`;
}

/** phone: a phone mock-up showing a chat, on a soft glow; no text, only shapes. */
function phone(site: SiteConfig): string {
  const random = new Random(`${site.id}:phone`);
  const pal = palette(site);
  const art = nicheArt(site);
  const { width: w, height: h } = LANDER_IMAGES.phone;
  const px = w * 0.14;
  const py = h * 0.06;
  const pw = w * 0.72;
  const ph = h * 0.88;
  const screenTop = mix(pal.primary, NIGHT, 0.35);
  const screenLow = mix(pal.accent, NIGHT, 0.45);
  const other = person(random, art, 1, pal);
  const bubbles: string[] = [];
  let y = py + 190;
  for (let i = 0; i < 6 && y < py + ph - 200; i++) {
    const mine = i % 2 === 1;
    const bw = random.range(pw * 0.45, pw * 0.7);
    const x = mine ? px + pw - 26 - bw : px + 26;
    bubbles.push(bubble(x, y, bw, mine, mine ? pal.secondary : WHITE, mine ? NIGHT : mix(pal.primary, NIGHT, 0.3)));
    y += 104;
  }
  const body = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${pal.skyTop}"/><stop offset="1" stop-color="${pal.skyLow}"/></linearGradient><linearGradient id="scr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${screenTop}"/><stop offset="1" stop-color="${screenLow}"/></linearGradient>${glowDef('g', pal.accent, 0.6)}<clipPath id="av"><circle cx="${f(px + 70)}" cy="${f(py + 98)}" r="36"/></clipPath></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.45)}" r="${f(w * 0.62)}" fill="url(#g)"/>`,
    bokeh(random, 8, { w, h }, [WARM_LIGHT, pal.secondary]),
    `<rect x="${f(px - 14)}" y="${f(py - 14)}" width="${f(pw + 28)}" height="${f(ph + 28)}" rx="62" fill="${NIGHT}"/>`,
    `<rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(ph)}" rx="48" fill="url(#scr)"/>`,
    `<rect x="${f(px + pw / 2 - 50)}" y="${f(py + 14)}" width="100" height="24" rx="12" fill="${NIGHT}"/>`,
    `<rect x="${f(px)}" y="${f(py + 52)}" width="${f(pw)}" height="94" fill="#000" opacity=".22"/>`,
    `<g clip-path="url(#av)"><rect x="${f(px + 30)}" y="${f(py + 58)}" width="80" height="80" fill="${mix(pal.secondary, WHITE, 0.4)}"/>${figure(other, px + 70, py + 92, 14, 'ph', WHITE)}</g>`,
    `<rect x="${f(px + 124)}" y="${f(py + 80)}" width="${f(pw * 0.36)}" height="14" rx="7" fill="#fff" opacity=".9"/><rect x="${f(px + 124)}" y="${f(py + 104)}" width="${f(pw * 0.22)}" height="10" rx="5" fill="#fff" opacity=".5"/>`,
    bubbles.join(''),
    `<rect x="${f(px + 20)}" y="${f(py + ph - 92)}" width="${f(pw - 110)}" height="60" rx="30" fill="#fff" opacity=".16"/><circle cx="${f(px + pw - 54)}" cy="${f(py + ph - 62)}" r="30" fill="${pal.accent}"/><path transform="translate(${f(px + pw - 54)} ${f(py + ph - 62)}) scale(1.6) translate(-12 -12.5)" d="M12 20s-7.5-4.6-7.5-10.2C4.5 7.1 6.5 5 9 5c1.3 0 2.4.6 3 1.6C12.6 5.6 13.7 5 15 5c2.5 0 4.5 2.1 4.5 4.8C19.5 15.4 12 20 12 20z" fill="#fff"/>`,
  ];
  return svg('phone', body.join(''));
}

const PORTRAITS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Every illustration by name; each returns the SVG text for a site. */
export const LANDER_ART: Readonly<Record<LanderImageName, (site: SiteConfig) => string>> = {
  hero,
  night,
  map,
  phone,
  ...(Object.fromEntries(PORTRAITS.map((i) => [`portrait-${i}`, (site: SiteConfig) => portrait(site, i)])) as Record<
    `portrait-${(typeof PORTRAITS)[number]}`,
    (site: SiteConfig) => string
  >),
};

/** The SVG of one named illustration for a site. */
export function landerArtSvg(site: SiteConfig, name: LanderImageName): string {
  return LANDER_ART[name](site);
}

/**
 * The colour an illustration shows most, for the placeholder behind the picture while it
 * loads (no flash of the page background on dark sites).
 */
export function landerArtBackdrop(site: SiteConfig, name: LanderImageName): string {
  const pal = palette(site);
  if (name === 'map') return pal.dark ? mix(pal.surfaceAlt, WHITE, 0.07) : mix(pal.surfaceAlt, WHITE, 0.2);
  if (name.startsWith('portrait-')) return mix(pal.primary, NIGHT, nicheArt(site).kink ? 0.7 : 0.2);
  return mix(pal.skyTop, pal.skyLow, 0.5);
}
