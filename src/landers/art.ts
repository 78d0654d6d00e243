/**
 * The landers' illustrations, drawn as SVG in each site's palette: we have no stock photos,
 * so every lander image is a generated, tasteful illustration (no nudity, no faces of real
 * people) that scripts/lib/lander-images.ts rasterises to AVIF and WebP at build time.
 *
 * Every function is pure and deterministic: the same site and name always give the same
 * SVG (a PRNG seeded with `<site id>:<name>`), so encoded files can be cached by the hash of
 * their SVG. The niche decides who is pictured (women, men, silver hair, curvy figures,
 * masks and leather for the kink site); the theme decides the colours.
 *
 * The drawing kit is art-kit.ts, the people art-people.ts, the scenes art-scenes.ts.
 */
import type { SiteConfig } from '#sites-config';
import { mix, NIGHT, WHITE, nicheArt, palette } from './art-kit.ts';
import { portrait } from './art-people.ts';
import { hero, map, night, phone } from './art-scenes.ts';
import type { LanderImageName } from './images.ts';

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
