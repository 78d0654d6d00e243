/**
 * The eleven interface locales and the per-country rules of SPEC §9 "Languages".
 * Pure data and functions: shared by the build, the server and the islands.
 */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];

/** Default and fallback locale (SPEC §9). */
export const DEFAULT_LOCALE: Locale = 'en';
/** The default date locale is nl (SPEC §9); used only when no interface locale is known. */
export const DEFAULT_DATE_LOCALE = 'nl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Reads a locale from a language tag or domain_language value: only its first two
 * characters count (SPEC §3 "domain_language (first 2 characters used)").
 */
export function localeFromLanguage(language: string | null | undefined): Locale | null {
  const prefix = (language ?? '').slice(0, 2).toLowerCase();
  return isLocale(prefix) ? prefix : null;
}

/** Countries the sites serve, with the locales offered there (SPEC §9). */
export const COUNTRY_LOCALES = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
} as const satisfies Record<string, readonly Locale[]>;

export type CountryCode = keyof typeof COUNTRY_LOCALES;
export const COUNTRIES = Object.keys(COUNTRY_LOCALES) as CountryCode[];

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(COUNTRY_LOCALES, value);
}

/**
 * The main country of each locale: its domain's country, whose currency a locale's static
 * pages show (the pricing page).
 */
export const LOCALE_MAIN_COUNTRY: Readonly<Record<Locale, CountryCode>> = {
  da: 'DK',
  de: 'DE',
  en: 'US',
  es: 'ES',
  fi: 'FI',
  fr: 'FR',
  it: 'IT',
  nb: 'NO',
  nl: 'NL',
  pl: 'PL',
  sv: 'SE',
};

/**
 * The country a new profile gets from its locale when no geoip country is known: the locale's
 * main country, with one difference: English means GB here (US on the pricing page). The two
 * answer different questions (which currency a static page shows, where a new member most
 * likely lives) and SPEC §9 settles neither; both are kept as they have always been.
 */
export function signupCountryOfLocale(locale: Locale): CountryCode {
  return locale === 'en' ? 'GB' : LOCALE_MAIN_COUNTRY[locale];
}

/**
 * The country whose locales the language menu offers (SPEC §2.3), or null when it offers all
 * of them: a logged-out visitor whose geoip country differs from the selected country gets
 * every locale; otherwise the selected country decides. With no selected country the geoip
 * one counts as selected (as `geoip_selected_country` of the settings call does), so a
 * visitor who never picked one sees the locales of where they are. An unknown country (none
 * of SPEC §9) offers all locales. Static pages apply the same rule through the visitor-hints
 * script and CSS (src/lib/visitor-hints.ts).
 */
export function menuCountry(options: {
  loggedIn: boolean;
  geoipCountry: string | null;
  selectedCountry: string | null;
}): CountryCode | null {
  const { loggedIn, geoipCountry } = options;
  const selected = options.selectedCountry ?? geoipCountry;
  if (!loggedIn && geoipCountry !== selected) return null;
  return isCountryCode(selected) ? selected : null;
}

/** The locales the language menu offers (SPEC §2.3): those of `menuCountry`, or all. */
export function menuLocales(options: {
  loggedIn: boolean;
  geoipCountry: string | null;
  selectedCountry: string | null;
}): readonly Locale[] {
  const country = menuCountry(options);
  return country ? COUNTRY_LOCALES[country] : LOCALES;
}

/** The word a country uses for its regions (SPEC §9 "Region label per country"). */
export const REGION_LABELS = {
  province: ['NL', 'BE', 'IE', 'IT', 'ES', 'CA', 'NZ', 'FI'],
  region: ['GB', 'FR', 'DK'],
  state: ['DE', 'AT', 'US', 'AU'],
  canton: ['CH'],
  voivodeship: ['PL'],
  county: ['NO', 'SE'],
} as const satisfies Record<string, readonly CountryCode[]>;

export type RegionLabel = keyof typeof REGION_LABELS;

export function regionLabel(country: string): RegionLabel {
  for (const [label, countries] of Object.entries(REGION_LABELS)) {
    if ((countries as readonly string[]).includes(country)) return label as RegionLabel;
  }
  return 'region';
}

/** The lander slug uses 'eng' for English (SPEC §9). */
export function landerSlugLocale(locale: Locale): string {
  return locale === 'en' ? 'eng' : locale;
}
