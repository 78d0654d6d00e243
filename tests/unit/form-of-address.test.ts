/**
 * One form of address per language: every catalogue value (src/i18n/locales) and every legal
 * text (src/legal/<page>/<locale>.md) addresses the reader with the same pronoun. The app chose
 * the form its catalogue mostly used: informal everywhere except French, which uses 'vous'.
 * Each pattern lists the other form's pronouns and possessives as whole words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogues } from '#src/i18n/index.ts';
import { flattenCatalogue } from '#src/i18n/same-as-english.ts';
import { LEGAL_TEXT_PAGES, legalSourcePath } from '#src/legal/render.ts';
import type { Locale } from '#src/lib/locales.ts';

type AddressedLocale = Exclude<Locale, 'en'>;

const word = (alternatives: string, flags = 'gu') =>
  new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, flags);

const midSentence = (alternatives: string) =>
  new RegExp(`(?<=[\\p{L}\\p{N},]\\s+)(?:${alternatives})(?![\\p{L}\\p{N}_])`, 'gu');

/** The pronouns and possessives of the form each language does NOT use. */
const UNWANTED: Record<AddressedLocale, { form: string; pattern: RegExp }> = {
  de: { form: 'Sie (the app says du)', pattern: word('Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres') },
  fr: {
    form: 'tu (the app says vous)',
    pattern:
      /(?<![\p{L}\p{N}_])(?:tu|toi|ton|ta|tes|te|t['’]|tien|tienne|tiens|tiennes)(?![\p{L}\p{N}_'’])|(?<![\p{L}\p{N}_])t['’]/giu,
  },
  it: { form: 'Lei (the app says tu)', pattern: word('Lei|Suo|Sua|Suoi|Sue') },
  es: { form: 'usted (the app says tú)', pattern: word('usted|ustedes|Ud|Uds', 'giu') },
  pl: {
    form: 'Pan/Pani/Państwo (the app says ty)',
    pattern: word('Pan|Pani|Pana|Panu|Panem|Panią|Państwo|Państwa|Państwu|Państwem|Pańsk\\p{L}*'),
  },
  // 'U.S.C.' (18 U.S.C. 2257) is a citation, not the pronoun.
  nl: {
    form: 'u (the app says je)',
    pattern: /(?<![\p{L}\p{N}_.])(?:u|U|uw|Uw|uwe|Uwe)(?![\p{L}\p{N}_])(?!\.\p{L})/gu,
  },
  sv: { form: 'ni (the app says du)', pattern: word('ni|Ni|er|Er|ert|Ert|era|Era') },
  // Sentence-initial 'De' is 'they' or 'the' in Danish and Norwegian: only a capital 'De' inside a sentence is 'you'.
  da: { form: 'De (the app says du)', pattern: midSentence('De|Dem|Deres') },
  nb: { form: 'De (the app says du)', pattern: midSentence('De|Dem|Deres') },
  fi: {
    form: 'Te (the app says sinä)',
    pattern: word(
      'te|Te|teidän|Teidän|teitä|Teitä|teille|Teille|teillä|Teillä|teiltä|Teiltä|teistä|Teistä|teihin|Teihin|teissä|Teissä|teidät|Teidät',
    ),
  },
};

/**
 * Exact phrases where the unwanted word means something else: 'Sie'/'Ihr' as 'they'/'their',
 * or the plural 'you' (German 'ihr', Swedish 'ni', Finnish 'te') when the text speaks to the
 * member and another member together. Keep it short: anything else is rewritten.
 */
const ALLOWED: Partial<Record<AddressedLocale, string[]>> = {
  de: [
    'Sie sind mit einem Maskensymbol gekennzeichnet.',
    'Sie wollen flirten, daten und jemand Neues kennenlernen',
    'Ihr seht euch nicht mehr.',
    'Ihr habt ein Match',
  ],
  sv: ['ni ser inte längre varandra', 'Ni ser inte längre varandra', 'har ni en matchning', 'får ni båda veta det'],
  fi: ['Teillä on mätsi', 'teillä on match'],
};

function offending(locale: AddressedLocale, text: string): string[] {
  const cleaned = (ALLOWED[locale] ?? []).reduce((rest, phrase) => rest.split(phrase).join(' '), text);
  return cleaned.match(UNWANTED[locale].pattern) ?? [];
}

describe.each(Object.keys(UNWANTED) as AddressedLocale[])('form of address in %s', (locale) => {
  const { form } = UNWANTED[locale];

  it(`catalogue never uses ${form}`, () => {
    const found = [...flattenCatalogue(catalogues[locale])]
      .map(([path, value]) => ({ path, words: offending(locale, value) }))
      .filter(({ words }) => words.length > 0)
      .map(({ path, words }) => `${path}: ${words.join(', ')}`);
    expect(found).toEqual([]);
  });

  it(`legal texts never use ${form}`, () => {
    const found = LEGAL_TEXT_PAGES.map((page) => ({
      page,
      words: offending(locale, readFileSync(legalSourcePath(page, locale), 'utf8')),
    }))
      .filter(({ words }) => words.length > 0)
      .map(({ page, words }) => `${page}: ${words.length}× ${[...new Set(words)].join(', ')}`);
    expect(found).toEqual([]);
  });

  it('recognises the unwanted form', () => {
    const samples: Record<AddressedLocale, string> = {
      de: 'Bitte prüfen Sie Ihr Konto.',
      fr: 'Tu peux modifier ton profil.',
      it: 'Può modificare il Suo profilo.',
      es: 'Usted puede cambiar su perfil.',
      pl: 'Mogą Państwo zmienić profil.',
      nl: 'U kunt uw profiel wijzigen.',
      sv: 'Ni kan ändra er profil.',
      da: 'Her kan De ændre Deres profil.',
      nb: 'Her kan De endre Deres profil.',
      fi: 'Te voitte muuttaa teidän profiilia.',
    };
    expect(offending(locale, samples[locale]).length).toBeGreaterThan(0);
  });
});
