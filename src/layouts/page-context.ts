/**
 * The variant a page renders, read from its route: every page lives under
 * src/pages/[site]/[locale]/, so pages, layouts and components call `pageContext(Astro)` for
 * the site, the locale and the translator instead of passing them down as props or building a
 * translator each. One context per variant, made once.
 */
import { siteById, type SiteConfig } from '#sites-config';
import { translator, type Translate } from '#src/i18n/index.ts';
import { isLocale, type Locale } from '#src/lib/locales.ts';

export interface PageContext {
  site: SiteConfig;
  locale: Locale;
  /** Texts in the page's language. */
  t: Translate;
  /** `text · Brand`, the document title of most pages. */
  brandTitle: (text: string) => string;
}

const contexts = new Map<string, PageContext>();

/** The context of the page being rendered; throws outside a `[site]/[locale]` route. */
export function pageContext(astro: { params: Record<string, string | undefined> }): PageContext {
  const { site: siteId = '', locale = '' } = astro.params;
  const key = `${siteId}/${locale}`;
  let context = contexts.get(key);
  if (!context) {
    const site = siteById(siteId);
    if (!site || !isLocale(locale)) throw new Error(`No site and locale in the route params: ${key}`);
    context = { site, locale, t: translator(locale), brandTitle: (text) => `${text} · ${site.brand}` };
    contexts.set(key, context);
  }
  return context;
}
