/**
 * The browser's i18next subset (src/i18n/lite.ts) renders every text as i18next does: every
 * key of every catalogue, with its placeholders filled, left missing, or counted for plurals,
 * and with the interpolation options react-i18next's Trans passes.
 */
import { createInstance as createI18next } from 'i18next';
import { createInstance as createLite } from '#src/i18n/lite.ts';
import { catalogues } from '#src/i18n/index.ts';
import { DEFAULT_LOCALE, LOCALES } from '#src/lib/locales.ts';

/** Every key of a catalogue (plural forms as their base key too), with its text. */
function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leaves(value as object, `${prefix}${key}.`),
  );
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5];

/** i18next's t without the typed keys of our catalogues (the test asks for made-up keys too). */
const untyped =
  (instance: ReturnType<typeof createI18next>) =>
  (key: string, options?: Record<string, unknown>): string => {
    const text: unknown = instance.t(key as never, options as never);
    return typeof text === 'string' ? text : JSON.stringify(text);
  };

function both(locale: (typeof LOCALES)[number], fallback: boolean) {
  const options = {
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: {
      [locale]: { translation: catalogues[locale] },
      ...(fallback && locale !== DEFAULT_LOCALE
        ? { [DEFAULT_LOCALE]: { translation: catalogues[DEFAULT_LOCALE] } }
        : {}),
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
  const real = createI18next();
  void real.init(options);
  return { real, realT: untyped(real), lite: createLite(options) };
}

describe('the browser i18next subset', () => {
  it.each(LOCALES)('renders every %s text as i18next does', (locale) => {
    const { realT, lite } = both(locale, false);
    const differences: string[] = [];
    const check = (key: string, options?: Record<string, unknown>) => {
      const expected = realT(key, options);
      const actual = lite.t(key, options);
      if (actual !== expected) differences.push(`${key} ${JSON.stringify(options)}: ${actual} ≠ ${expected}`);
    };
    for (const [key, text] of leaves(catalogues[locale])) {
      const base = key.replace(PLURAL, '');
      const names = [...text.matchAll(/{{-?\s*([^},]+?)\s*}}/g)].map((m) => m[1] ?? '');
      const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 7 : `<${name} & 'co'>`]));
      check(key);
      check(key, values);
      check(key, { ...values, interpolation: { escapeValue: true } });
      if (names[0]) check(key, { [names[0]]: undefined });
      if (base !== key) for (const count of COUNTS) check(base, { ...values, count });
    }
    check('no.such.key');
    check('no.such.key', { count: 2 });
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('falls back to English, as a page instance does', () => {
    const { real, realT, lite } = both('de', true);
    const key = 'members.loading';
    expect(lite.t(key)).toBe(realT(key));
    expect(lite.languages).toEqual(real.languages);
  });

  it('interpolates as i18next does: nested values, raw values, context, prefixes and missing-value handlers', () => {
    const resources = {
      en: {
        translation: {
          a: 'Hi {{user.name}}, {{- html}} and {{ spaced }}; {{missing}}',
          b: 'ok',
          b_male: 'he',
          b_female_other: 'they',
          c: '#$?x?$# and {{x}}',
        },
      },
    };
    const options = { lng: 'en', resources, interpolation: { escapeValue: false } };
    const real = createI18next();
    void real.init({ ...options, initAsync: false });
    const lite = createLite(options);
    const cases: [string, Record<string, unknown>][] = [
      ['a', { user: { name: 'Ann' }, html: '<b>', spaced: 3 }],
      ['a', { user: { name: 'Ann' }, html: '<b>', spaced: null, interpolation: { escapeValue: true } }],
      ['b', { context: 'male' }],
      ['b', { context: 'female', count: 2 }],
      ['b', { context: '' }],
      ['c', { x: 'X', interpolation: { prefix: '#$?', suffix: '?$#' } }],
      ['a', { missingInterpolationHandler: () => '?' }],
    ];
    const realT = untyped(real);
    for (const [key, opts] of cases) expect(lite.t(key, opts), `${key} ${JSON.stringify(opts)}`).toBe(realT(key, opts));
    expect(lite.services.interpolator.interpolate('{{a}} {{b}}', { a: 1 }, 'en')).toBe(
      real.services.interpolator.interpolate('{{a}} {{b}}', { a: 1 }, 'en', {}),
    );
  });
});
