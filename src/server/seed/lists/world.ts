/** Reference data of the demo world that is not in a package: icons, prices, shares. */
import type { Interest } from '#src/lib/constants.ts';
import type { CountryCode, Locale } from '#src/lib/locales.ts';

/**
 * ISO 3166-1 numeric codes of the served countries: each country's regions take ids in its
 * block (NL 528 → 528001...), so region ids stay stable across databases.
 */
export const ISO_NUMERIC: Readonly<Record<CountryCode, number>> = {
  US: 840,
  NL: 528,
  BE: 56,
  FR: 250,
  IT: 380,
  ES: 724,
  DE: 276,
  AT: 40,
  IE: 372,
  GB: 826,
  CA: 124,
  PL: 616,
  AU: 36,
  NZ: 554,
  CH: 756,
  DK: 208,
  FI: 246,
  NO: 578,
  SE: 752,
};

/** One emoji per interest (SPEC §3: the icon set has all but gangbang). */
export const INTEREST_ICONS: Readonly<Record<Interest, string | null>> = {
  relationship: '💑',
  onenightstand: '🌙',
  kissing: '💋',
  hugging: '🤗',
  massages: '💆',
  lingerie: '👙',
  sex: '🔥',
  safesex: '🛡️',
  publicsex: '🌳',
  oralsex: '👅',
  analsex: '🍑',
  sextoys: '🪄',
  masturbating: '✋',
  exchangingpictures: '📸',
  threesome: '👥',
  gangbang: null,
  bondage: '⛓️',
  sadomasochism: '🖤',
  gym: '🏋️',
  sports: '⚽',
  dancing: '💃',
  travelling: '✈️',
  adventure: '🧭',
  party: '🎉',
  tattoos: '🖋️',
  music: '🎵',
  movies: '🎬',
  videogames: '🎮',
  politics: '🏛️',
  outdoors: '🏕️',
  gardening: '🌱',
  hiking: '🥾',
  biking: '🚴',
  reading: '📚',
  animals: '🐾',
  beach: '🏖️',
  art: '🎨',
  photography: '📷',
  theater: '🎭',
  shopping: '🛍️',
  fashion: '👗',
  astrology: '🔮',
  cooking: '🍳',
  foodie: '🍽️',
  bbq: '🍖',
  sushi: '🍣',
  vegetarian: '🥗',
  wine: '🍷',
  beer: '🍺',
  tea: '🍵',
  coffee: '☕',
};

/** Minimum message cost per country, in the country's currency and its minor unit (SPEC §9). */
export const MINIMUM_MESSAGE_COSTS: Readonly<Record<CountryCode, { currency: string; costMinor: number }>> = {
  NL: { currency: 'EUR', costMinor: 49 },
  BE: { currency: 'EUR', costMinor: 49 },
  DE: { currency: 'EUR', costMinor: 49 },
  AT: { currency: 'EUR', costMinor: 49 },
  FR: { currency: 'EUR', costMinor: 49 },
  IT: { currency: 'EUR', costMinor: 45 },
  ES: { currency: 'EUR', costMinor: 45 },
  IE: { currency: 'EUR', costMinor: 49 },
  FI: { currency: 'EUR', costMinor: 49 },
  GB: { currency: 'GBP', costMinor: 45 },
  US: { currency: 'USD', costMinor: 55 },
  CA: { currency: 'CAD', costMinor: 75 },
  AU: { currency: 'AUD', costMinor: 85 },
  NZ: { currency: 'NZD', costMinor: 90 },
  CH: { currency: 'CHF', costMinor: 50 },
  DK: { currency: 'DKK', costMinor: 375 },
  NO: { currency: 'NOK', costMinor: 590 },
  SE: { currency: 'SEK', costMinor: 590 },
  PL: { currency: 'PLN', costMinor: 229 },
};

/** Rough share of members per country (relative weights). */
export const COUNTRY_WEIGHTS: Readonly<Record<CountryCode, number>> = {
  US: 16,
  GB: 10,
  DE: 12,
  NL: 8,
  FR: 8,
  IT: 7,
  ES: 7,
  CA: 5,
  AU: 5,
  PL: 5,
  BE: 4,
  AT: 3,
  CH: 3,
  SE: 3,
  DK: 2,
  NO: 2,
  FI: 2,
  IE: 2,
  NZ: 2,
};

/** Share of each language in countries with several (others speak their only one). */
export const LANGUAGE_WEIGHTS: Readonly<Partial<Record<CountryCode, Readonly<Partial<Record<Locale, number>>>>>> = {
  US: { en: 88, es: 12 },
  BE: { nl: 58, fr: 38, de: 4 },
  CA: { en: 78, fr: 22 },
  CH: { de: 62, fr: 23, it: 8, en: 7 },
  FI: { fi: 90, sv: 10 },
};

/**
 * Codes in country-region-data that are not places a member lives: US military mail
 * regions and freely associated states, uninhabited French territories, Jan Mayen.
 */
export const EXCLUDED_REGIONS: Readonly<Partial<Record<CountryCode, readonly string[]>>> = {
  US: ['AA', 'AE', 'AP', 'FM', 'MH', 'PW'],
  FR: ['CP', 'TF'],
  NO: ['22'],
};
