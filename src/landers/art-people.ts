/**
 * The people of the landers' illustrations (art.ts): stylised, faceless figures fitting the
 * site's niche, alone in the portraits or seated at the bar in the hero image.
 */
import type { SiteConfig } from '#sites-config';
import { LANDER_IMAGES, type LanderImageName } from './images.ts';
import {
  Random,
  mix,
  NIGHT,
  WHITE,
  WARM_LIGHT,
  SKIN,
  nicheArt,
  palette,
  f,
  svg,
  glowDef,
  bokeh,
  type NicheArt,
  type Palette,
} from './art-kit.ts';

/** What one portrait shows; derived from the site's niche and the portrait's own seed. */
export interface Person {
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

export function person(random: Random, art: NicheArt, index: number, pal: Palette): Person {
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
export function figure(p: Person, cx: number, headY: number, r: number, ids: string, rim: string): string {
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
export function portrait(site: SiteConfig, index: number): string {
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
export function barFigure(
  p: Person,
  cx: number,
  headY: number,
  r: number,
  facing: 1 | -1,
  rim: string,
  id: string,
): string {
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
