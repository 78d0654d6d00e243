/**
 * The ten translated catalogues against the English reference (src/i18n/locales/en.json):
 * same key paths in the same order (plus the plural forms a language needs beyond English's
 * `_one`/`_other`, e.g. Polish `_few`/`_many`), every {{placeholder}} kept, and no value
 * left in English unless src/i18n/same-as-english.ts allows it. `npx tsx scripts/i18n-todo.ts`
 * lists what is left to do and `--fill` copies new English keys into the locale files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it, expect, expectTypeOf } from 'vitest';
import { catalogues, createI18n, translator, type KeysUnder, type TranslationKey } from '#src/i18n/index.ts';
import {
  SAME_AS_ENGLISH,
  expectedKeyPaths,
  flattenCatalogue,
  isSameAsEnglishAllowed,
  placeholders,
  type TranslatedLocale,
} from '#src/i18n/same-as-english.ts';
import { LOCALES } from '#src/lib/locales.ts';

const english = flattenCatalogue(catalogues.en);
const translatedLocales = LOCALES.filter((locale): locale is TranslatedLocale => locale !== 'en');

describe('en.json', () => {
  it('is a non-empty catalogue of non-empty strings', () => {
    expect(english.size).toBeGreaterThan(0);
    const empty = [...english].filter(([, value]) => value.trim() === '').map(([path]) => path);
    expect(empty, `empty English values: ${empty.join(', ')}`).toEqual([]);
  });
});

describe.each(translatedLocales)('locale %s', (locale) => {
  const translated = flattenCatalogue(catalogues[locale]);
  /** en.json's key paths plus this language's extra plural forms, with their English text. */
  const expected = expectedKeyPaths(english, locale);

  it('has exactly the key paths of en.json (plus its plural forms)', () => {
    const missing = [...expected.keys()].filter((path) => !translated.has(path));
    const extra = [...translated.keys()].filter((path) => !expected.has(path));
    expect(
      { missing, extra },
      `${locale}.json: missing keys [${missing.join(', ')}], extra keys [${extra.join(', ')}]`,
    ).toEqual({ missing: [], extra: [] });
  });

  it('keeps the key order of en.json', () => {
    const englishOrder = [...expected.keys()].filter((path) => translated.has(path));
    const localeOrder = [...translated.keys()].filter((path) => expected.has(path));
    const firstDifference = englishOrder.findIndex((path, index) => localeOrder[index] !== path);
    expect(
      localeOrder,
      firstDifference === -1
        ? undefined
        : `${locale}.json: expected "${englishOrder[firstDifference]}" at position ${firstDifference}, found "${localeOrder[firstDifference]}"`,
    ).toEqual(englishOrder);
  });

  it('has only non-empty string values', () => {
    const catalogue = catalogues[locale] as unknown;
    const invalid = [...flattenCatalogue(catalogue)]
      .filter(([path, value]) => value.trim() === '' || typeof lookup(catalogue, path) !== 'string')
      .map(([path]) => path);
    expect(invalid, `${locale}.json: empty or non-string values at ${invalid.join(', ')}`).toEqual([]);
  });

  it('keeps every {{placeholder}} of the English value', () => {
    const problems: string[] = [];
    for (const [path, englishValue] of expected) {
      const value = translated.get(path);
      if (value === undefined) continue;
      const wanted = placeholders(englishValue);
      const actual = placeholders(value);
      const lost = wanted.filter((token) => !actual.includes(token));
      const unknown = actual.filter((token) => !wanted.includes(token));
      if (lost.length > 0) problems.push(`${path} lost ${lost.join(' ')}`);
      if (unknown.length > 0) problems.push(`${path} has unknown ${unknown.join(' ')}`);
    }
    expect(problems, `${locale}.json placeholders: ${problems.join('; ')}`).toEqual([]);
  });

  it('translates every value (except the allow-list in src/i18n/same-as-english.ts)', () => {
    const untranslated = [...expected]
      .filter(([path, englishValue]) => translated.get(path) === englishValue)
      .filter(([path]) => !isSameAsEnglishAllowed(locale, path))
      .map(([path]) => path);
    expect(
      untranslated,
      `${locale}.json still holds the English value at ${untranslated.join(', ')} (translate them there; \`npx tsx scripts/i18n-todo.ts\` lists them all)`,
    ).toEqual([]);
  });

  it('has a plural form in its own language for every count', () => {
    const i18n = createI18n(locale, catalogues[locale]);
    const bases = [...english.keys()]
      .filter((path) => path.endsWith('_other') && english.has(path.replace(/_other$/, '_one')))
      .map((path) => path.replace(/_other$/, ''));
    const unresolved: string[] = [];
    for (const base of bases) {
      for (const count of [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 112, 1000]) {
        const text = i18n.t(base as TranslationKey, { count });
        if (text === base) unresolved.push(`${base} (count ${count})`);
      }
    }
    expect(unresolved, `${locale}.json lacks plural forms for ${unresolved.join(', ')}`).toEqual([]);
  });

  it('has no stale allow-list entries', () => {
    const stale = Object.keys(SAME_AS_ENGLISH[locale]).filter(
      (path) => !expected.has(path) || translated.get(path) !== expected.get(path),
    );
    expect(stale, `same-as-english.ts entries for ${locale} that are no longer needed: ${stale.join(', ')}`).toEqual(
      [],
    );
  });
});

describe('translation keys', () => {
  const t = translator('en');

  it('are type-checked: a key en.json lacks does not compile (tsc fails on an unused @ts-expect-error)', () => {
    // @ts-expect-error 'no.such.key' is not a TranslationKey
    expect(t('no.such.key')).toBe('no.such.key');
    // @ts-expect-error a namespace is not a text
    expect(t('errors')).not.toBe('');
    const { t: reactT } = createI18n('en', catalogues.en);
    // @ts-expect-error react-i18next's t checks keys too (CustomTypeOptions in src/i18n/i18next.d.ts)
    expect(reactT('no.such.key')).toBe('no.such.key');
    // @ts-expect-error a default value does not excuse a missing key (strictKeyChecks)
    expect(reactT('no.such.key', 'Text')).toBe('Text');
    expect(t('pricing.credits', { count: 2 })).toBe(reactT('pricing.credits', { count: 2 }));
  });

  it('take a plural base as i18next resolves it, and derive keys under a prefix', () => {
    expectTypeOf<'pricing.credits'>().toExtend<TranslationKey>();
    expectTypeOf<'pricing.credits_one'>().toExtend<TranslationKey>();
    expectTypeOf<'no.such.key'>().not.toExtend<TranslationKey>();
    expectTypeOf<'network'>().toExtend<KeysUnder<'errors'>>();
    expectTypeOf<'pricing.credits'>().not.toExtend<KeysUnder<'errors'>>();
    expect(t('pricing.credits', { count: 1 })).toBe('1 credit');
    expect(t('pricing.credits', { count: 2 })).toBe('2 credits');
  });

  it('used literally in src exist in en.json (astro pages included)', () => {
    const known = new Set(
      [...english.keys()].flatMap((path) => [path, path.replace(/_(zero|one|two|few|many|other)$/, '')]),
    );
    const missing: string[] = [];
    for (const file of sourceFiles(resolve(import.meta.dirname, '../../src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z0-9_]+(?:\.[a-z0-9_+-]+)+)'|i18nKey="([a-z0-9_.]+)"/g)) {
        const key = match[1] ?? match[2] ?? '';
        if (!known.has(key)) missing.push(`${relative(process.cwd(), file)}: ${key}`);
      }
    }
    expect(missing, `keys missing from en.json: ${missing.join(', ')}`).toEqual([]);
  });
});

/** Every .ts, .tsx and .astro file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The raw value at a dotted key path. */
function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
