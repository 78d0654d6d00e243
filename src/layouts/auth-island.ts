import { catalogues } from '#src/i18n/index.ts';
import { authCatalogue, type AuthCatalogue } from '#src/features/auth/catalogue.ts';
import type { Locale } from '#src/lib/locales.ts';
import { pageContext } from './page-context.ts';

/** The props every auth island takes: the page's locale and the auth namespaces of its catalogue. */
export function authIslandProps(astro: Parameters<typeof pageContext>[0]): {
  locale: Locale;
  catalogue: AuthCatalogue;
} {
  const { locale } = pageContext(astro);
  return { locale, catalogue: authCatalogue(catalogues[locale]) };
}
