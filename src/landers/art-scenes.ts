/**
 * The scenes of the landers' illustrations (art.ts): hero (two people at a bar window),
 * night (the city with light trails), map (streets with pins) and phone (a chat, shapes only).
 */
import type { SiteConfig } from '#sites-config';
import { LANDER_IMAGES } from './images.ts';
import {
  Random,
  mix,
  NIGHT,
  WHITE,
  WARM_LIGHT,
  nicheArt,
  palette,
  f,
  svg,
  glowDef,
  bokeh,
  skyline,
  stars,
} from './art-kit.ts';
import { person, figure, barFigure } from './art-people.ts';

/** hero: two people at a bar window at night, the city lit up behind them. */
export function hero(site: SiteConfig): string {
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
export function glass(x: number, y: number, rim: string, wine: string): string {
  return `<g><path d="M${f(x - 18)} ${f(y - 92)} Q${f(x - 20)} ${f(y - 52)} ${f(x)} ${f(y - 48)} Q${f(x + 20)} ${f(y - 52)} ${f(x + 18)} ${f(y - 92)} Z" fill="#fff" opacity=".18" stroke="${rim}" stroke-width="2"/><path d="M${f(x - 17)} ${f(y - 72)} Q${f(x - 15)} ${f(y - 52)} ${f(x)} ${f(y - 50)} Q${f(x + 15)} ${f(y - 52)} ${f(x + 17)} ${f(y - 72)} Z" fill="${wine}" opacity=".85"/><rect x="${f(x - 1.5)}" y="${f(y - 48)}" width="3" height="44" fill="${rim}" opacity=".8"/><ellipse cx="${f(x)}" cy="${f(y - 3)}" rx="14" ry="3" fill="${rim}" opacity=".8"/></g>`;
}

/** night: a moody city at night with light trails below the skyline. */
export function night(site: SiteConfig): string {
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
export function pin(x: number, y: number, s: number, fill: string, ring: string): string {
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(s)})"><ellipse cx="0" cy="2" rx="12" ry="4" fill="#000" opacity=".18"/><path d="M0 0C-4-14-22-22-22-40a22 22 0 0 1 44 0C22-22 4-14 0 0z" fill="${fill}"/><circle cx="0" cy="-40" r="9" fill="${ring}"/></g>`;
}

/** map: a stylised street map with pins and a pulse around the centre. */
export function map(site: SiteConfig): string {
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
export function bubble(x: number, y: number, bw: number, mine: boolean, fill: string, line: string): string {
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
export function phone(site: SiteConfig): string {
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
