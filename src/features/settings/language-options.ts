/** The languages the settings screen offers a member (SPEC §2.3 language menu, §9 locales per country). */
import { menuLocales, type Locale } from '#src/lib/locales.ts';

/** The locales of the profile's country (all of them for a country SPEC §9 does not list), and always the current one. */
export function settingsLocales(country: string, locale: Locale): readonly Locale[] {
  const offered = menuLocales({ loggedIn: true, geoipCountry: null, selectedCountry: country });
  return offered.includes(locale) ? offered : [locale, ...offered];
}
