/**
 * Translations that are allowed to read exactly like the English text, plus the small
 * helpers that compare a catalogue with en.json. Shared by tests/unit/i18n.test.ts and
 * scripts/i18n-todo.ts, so "still untranslated" means the same thing in both places.
 *
 * Every entry is keyed by locale and key path and says why the English word is the right
 * translation there. Keep the list short: an identical value is normally a forgotten
 * translation. The unit test fails on entries that are no longer needed.
 *
 * Plural keys: a locale has exactly en.json's key paths, plus the i18next plural forms its
 * grammar needs that English lacks (Polish `credits_few` and `credits_many` next to
 * `credits_one` and `credits_other`). Without them i18next would fall back to English for
 * those counts. See expectedKeyPaths().
 */
import type { Locale } from '#src/lib/locales.ts';

export type TranslatedLocale = Exclude<Locale, 'en'>;

/** Reason strings reused below. */
const LOANWORD = 'the English word is the usual term in this language';
const SAME_WORD = 'the word is spelled the same in this language';

export const SAME_AS_ENGLISH: Readonly<Record<TranslatedLocale, Readonly<Record<string, string>>>> = {
  da: {
    'profile_landers.landing3.send': SAME_WORD,
    'search.webcam.online': LOANWORD,
    'likes.tabs.matches': LOANWORD,
    'common.menu': SAME_WORD,
    'nav.likes': LOANWORD,
    'footer.faq': 'FAQ is the usual footer label',
    'region_label.region': SAME_WORD,
    'interests.sex': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.shopping': LOANWORD,
    'interests.sushi': SAME_WORD,
    'attributes.hair_color.values.blond': SAME_WORD,
  },
  de: {
    'search.webcam.online': LOANWORD,
    'likes.tabs.matches': LOANWORD,
    'nav.credits': LOANWORD,
    'nav.likes': LOANWORD,
    'footer.faq': 'FAQ is the usual footer label',
    'region_label.region': SAME_WORD,
    'interests.sex': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.tattoos': LOANWORD,
    'interests.sushi': SAME_WORD,
    'auth.optional': SAME_WORD,
    'attributes.relationship_status.values.single': LOANWORD,
    'attributes.hair_color.values.blond': SAME_WORD,
  },
  es: {
    'swipe.no': SAME_WORD,
    'likes.tabs.matches': LOANWORD,
    'errors.error': SAME_WORD,
    'errors.status': SAME_WORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.sushi': SAME_WORD,
    'attributes.sexuality.values.hetero': SAME_WORD,
    'attributes.sexuality.values.bi': SAME_WORD,
    'attributes.tattoos.values.no': SAME_WORD,
  },
  fi: {
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.sushi': SAME_WORD,
  },
  fr: {
    'search.pagination.page': SAME_WORD,
    'nav.messages': SAME_WORD,
    'common.menu': SAME_WORD,
    'nav.likes': LOANWORD,
    'footer.faq': 'FAQ is the usual footer label',
    'region_label.province': SAME_WORD,
    'region_label.canton': SAME_WORD,
    'interests.massages': SAME_WORD,
    'interests.lingerie': 'lingerie is a French word',
    'interests.bondage': LOANWORD,
    'interests.art': SAME_WORD,
    'interests.shopping': LOANWORD,
    'interests.bbq': LOANWORD,
    'interests.sushi': SAME_WORD,
  },
  it: {
    'search.webcam.online': LOANWORD,
    'swipe.no': SAME_WORD,
    'common.menu': SAME_WORD,
    'nav.account': LOANWORD,
    'footer.privacy': LOANWORD,
    'footer.faq': 'FAQ is the usual footer label',
    'interests.lingerie': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.shopping': LOANWORD,
    'interests.sushi': SAME_WORD,
    'auth.password': LOANWORD,
    'settings.password.title': LOANWORD,
    'auth.activate.discount_badge': 'a discount badge is written the same way',
    'attributes.relationship_status.values.single': LOANWORD,
    'attributes.tattoos.values.no': SAME_WORD,
  },
  nb: {
    'profile_landers.landing3.send': SAME_WORD,
    'nav.likes': LOANWORD,
    'footer.faq': 'FAQ is the usual footer label',
    'region_label.region': SAME_WORD,
    'interests.sex': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.shopping': LOANWORD,
    'interests.sushi': SAME_WORD,
    'attributes.hair_color.values.blond': 'blond is the Norwegian word for this hair colour',
  },
  nl: {
    'profile_landers.benefits.discreet_title': SAME_WORD,
    'search.webcam.online': LOANWORD,
    'likes.tabs.matches': LOANWORD,
    'nav.credits': LOANWORD,
    'chat.composer.credits_one': LOANWORD,
    'chat.composer.credits_other': LOANWORD,
    'nav.likes': LOANWORD,
    'common.menu': SAME_WORD,
    'nav.account': LOANWORD,
    'home.badge_discreet': SAME_WORD,
    'pricing.credits_one': LOANWORD,
    'pricing.credits_other': LOANWORD,
    'credits.credits_one': LOANWORD,
    'credits.credits_other': LOANWORD,
    'billing.receipt.credits_one': LOANWORD,
    'billing.receipt.credits_other': LOANWORD,
    'credits.per_credit': LOANWORD,
    'interests.massages': SAME_WORD,
    'interests.lingerie': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.sushi': SAME_WORD,
    'auth.signup.male': SAME_WORD,
    'auth.activate.discount_badge': 'a minus sign and a percentage, written the same way in Dutch',
    'attributes.gender.values.male': SAME_WORD,
    'attributes.hair_color.values.brunette': SAME_WORD,
    'attributes.hair_color.values.blond': SAME_WORD,
  },
  pl: {
    'search.webcam.online': LOANWORD,
    'common.menu': SAME_WORD,
    'footer.faq': 'FAQ is the usual footer label',
    'region_label.region': SAME_WORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.sushi': SAME_WORD,
    'auth.activate.discount_badge': 'a discount badge is written the same way',
    'attributes.hair_color.values.blond': SAME_WORD,
  },
  sv: {
    'search.webcam.online': LOANWORD,
    'nav.likes': LOANWORD,
    'region_label.region': SAME_WORD,
    'interests.sex': LOANWORD,
    'interests.gangbang': LOANWORD,
    'interests.bondage': LOANWORD,
    'interests.sadomasochism': SAME_WORD,
    'interests.gym': LOANWORD,
    'interests.shopping': LOANWORD,
    'interests.sushi': SAME_WORD,
    'auth.signup.male': 'man is the Swedish word for a man (answer to "Jag är")',
    'attributes.gender.values.male': 'man is the Swedish word for a man',
    'attributes.hair_color.values.blond': 'blond is the Swedish word for this hair colour',
  },
};

/** True when `locale` may keep the English value at `path`. */
export function isSameAsEnglishAllowed(locale: Locale, path: string): boolean {
  if (locale === 'en') return true;
  return Object.hasOwn(SAME_AS_ENGLISH[locale], path);
}

/**
 * Flattens a nested catalogue into key path → value, in document order. Key paths join
 * the nested keys with dots ('nav.credits_left'). A leaf that is not a string is kept as
 * its JSON text so that comparisons still notice it.
 */
export function flattenCatalogue(tree: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return result;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [childPath, childValue] of flattenCatalogue(value, path)) result.set(childPath, childValue);
    } else {
      result.set(path, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return result;
}

/** The `{{placeholder}}` tokens of a value, e.g. ['{{count}}'] (duplicates removed). */
export function placeholders(value: string): string[] {
  return [...new Set(value.match(/\{\{\s*[^{}]+?\s*\}\}/g) ?? [])];
}

/** CLDR plural categories in their usual order (i18next key suffixes). */
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** The plural categories a locale uses for the whole numbers 0 to 1000, in CLDR order. */
export function integerPluralCategories(locale: Locale): string[] {
  const rules = new Intl.PluralRules(locale);
  const used = new Set<string>();
  for (let count = 0; count <= 1000; count += 1) used.add(rules.select(count));
  return PLURAL_CATEGORIES.filter((category) => used.has(category));
}

/**
 * The key paths a locale catalogue must have, in order, each with the English value it
 * translates: en.json's own, plus for every plural group of en.json (`x_one` and `x_other`)
 * the forms `x_<category>` that the locale needs and English lacks, placed before `x_other`
 * and translating its English value.
 */
export function expectedKeyPaths(english: ReadonlyMap<string, string>, locale: Locale): Map<string, string> {
  const categories = integerPluralCategories(locale);
  const expected = new Map<string, string>();
  for (const [path, value] of english) {
    const base = path.endsWith('_other') ? path.slice(0, -'_other'.length) : null;
    if (base !== null && english.has(`${base}_one`)) {
      for (const category of categories) {
        const form = `${base}_${category}`;
        if (!english.has(form)) expected.set(form, value);
      }
    }
    expected.set(path, value);
  }
  return expected;
}
