import { menuLocales, type Locale } from '#src/lib/locales.ts';

/** A language's own name, capitalised as that language writes it ('Deutsch', 'français' → 'Français'). */
export function languageName(locale: Locale): string {
  const own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return own.charAt(0).toLocaleUpperCase(locale) + own.slice(1);
}

/**
 * The locales the members nav's language menu offers (SPEC §2.3): a member gets those of
 * their country (SPEC §9; all of them for a country the sites do not list), and always the
 * current one, so the menu shows where they are.
 */
export function memberMenuLocales(country: string, current: Locale): readonly Locale[] {
  const offered = menuLocales({ loggedIn: true, geoipCountry: null, selectedCountry: country });
  return offered.includes(current) ? offered : [current, ...offered];
}
