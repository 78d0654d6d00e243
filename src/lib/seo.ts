/**
 * Search and sharing metadata shared by the page head (src/layouts/BaseHtml.astro) and the
 * per-variant sitemap (scripts/lib/variant-extras.ts): the URL of a page on each locale
 * domain, Open Graph locales and the share image.
 */
import type { SiteConfig } from '#sites-config';
import { landerPath, landerSlug } from '#src/landers/paths.ts';
import { LOCALES, type Locale } from './locales.ts';
import { variantOrigin } from './variants.ts';

/**
 * og:locale per interface locale: the language in the country of its own domain. English
 * is en_GB: the English copy is written in British spelling ('colour'); American visitors
 * get the US privacy text as an addition, not a separate locale.
 */
export const OG_LOCALES: Readonly<Record<Locale, string>> = {
  da: 'da_DK',
  de: 'de_DE',
  en: 'en_GB',
  es: 'es_ES',
  fi: 'fi_FI',
  fr: 'fr_FR',
  it: 'it_IT',
  nb: 'nb_NO',
  nl: 'nl_NL',
  pl: 'pl_PL',
  sv: 'sv_SE',
};

/** The share image every static root carries (scripts/lib/og-image.ts writes it). */
export const OG_IMAGE = { path: '/og.jpg', width: 1200, height: 630 } as const;

/** hreflang x-default: the English (international .com) domain. */
export const X_DEFAULT_LOCALE: Locale = 'en';

const LANDER_PATH = /^\/landers\/([^/]+)\/([^/]+)$/;

/**
 * The path of the same page in another locale. Paths carry no locale (SPEC §2.1), except a
 * lander's canonical slug, which spells the locale ('/landers/gallery/she-eng' on the
 * English domain is '/landers/gallery/she-nl' on the Dutch one).
 */
export function localizedPath(site: SiteConfig, path: string, from: Locale, to: Locale): string {
  const lander = LANDER_PATH.exec(path);
  if (lander?.[1] && lander[2] === landerSlug(site, from)) return landerPath(lander[1], site, to);
  return path;
}

/** hreflang alternates of a page: every locale domain, then x-default. */
export function alternates(site: SiteConfig, locale: Locale, path: string): { hreflang: string; href: string }[] {
  const href = (l: Locale) => `${variantOrigin(site, l)}${localizedPath(site, path, locale, l)}`;
  return [
    ...LOCALES.map((l) => ({ hreflang: l, href: href(l) })),
    { hreflang: 'x-default', href: href(X_DEFAULT_LOCALE) },
  ];
}
