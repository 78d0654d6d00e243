/**
 * Paths of the marketing landers (SPEC §2.1 `/landers/{lander}/{slug?}`). Each lander is
 * prerendered per (site, locale) twice: without a slug, and at its canonical slug, the
 * niche prefix of SPEC §1 plus the locale as lander slugs spell it ('eng' for en, SPEC §9):
 * '/landers/gallery/she-eng', '/landers/gallery/nl'. Any other slug a campaign uses is
 * answered with the slug-less page (rewrite rules in scripts/lib/variant-extras.ts and the
 * static server).
 */
import { SWIPE_LANDER, type Lander } from '#src/lib/constants.ts';
import { landerSlugLocale, type Locale } from '#src/lib/locales.ts';
import { NICHE_SLUG_PREFIX } from '#src/lib/routes.ts';
import { buildVariants } from '#src/lib/build-env.ts';
import { experimentOf, variantSlug } from './experiments.ts';

/**
 * The canonical lander slug of a site and locale: 'she-eng', 'bdsm-de', 'nl'. A site added
 * beyond SPEC §1's seven niches (`npm run new-site`) takes its id as the prefix: 'fetish-de'.
 */
export function landerSlug(site: { id: string; niche: number }, locale: Locale): string {
  return `${NICHE_SLUG_PREFIX[site.niche] ?? `${site.id}-`}${landerSlugLocale(locale)}`;
}

/** The canonical path of a lander on a site and locale. */
export function landerPath(lander: string, site: { id: string; niche: number }, locale: Locale): string {
  return `/landers/${lander}/${landerSlug(site, locale)}`;
}

/**
 * getStaticPaths entries of one lander page (`[...slug].astro`): for every variant whose
 * site publishes the lander, the slug-less page and the canonical slug, and the page of each
 * variant of a running experiment (`variant/<id>`, ./experiments.ts). The page reads its
 * site, locale and experiment variant from the params (`landerContext`).
 */
export function landerStaticPaths(lander: Lander | typeof SWIPE_LANDER) {
  return buildVariants()
    .filter((v) => lander === SWIPE_LANDER || v.site.landers.includes(lander))
    .flatMap((v) =>
      [
        undefined,
        landerSlug(v.site, v.locale),
        ...(experimentOf(v.site.id, v.locale, lander)?.variants.map((variant) => variantSlug(variant.id)) ?? []),
      ].map((slug) => ({ params: { site: v.site.id, locale: v.locale, slug } })),
    );
}
