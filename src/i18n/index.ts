/**
 * Our i18n helper: one i18next instance per locale, created synchronously from the bundled
 * JSON catalogues (why not astro-i18next: docs/decisions.md). Server code and Astro pages
 * call `getI18n(locale)`; islands receive their own locale's catalogue as a prop and call
 * `createI18n(locale, catalogue)` so a page never ships the other ten languages.
 */
import { createInstance, type i18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#src/lib/locales.ts';
import da from './locales/da.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fi from './locales/fi.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import nb from './locales/nb.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pl from './locales/pl.json' with { type: 'json' };
import sv from './locales/sv.json' with { type: 'json' };
import type { TranslationKey } from './keys.ts';

/** The English catalogue is the reference: every locale has exactly its keys. */
export type Catalogue = typeof en;

export const catalogues: Readonly<Record<Locale, Catalogue>> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

/** Some namespaces of a catalogue: what an island needs, to keep its props small. */
export type CatalogueSubset = Partial<Catalogue>;

/** Picks the namespaces an island uses from a locale's catalogue (e.g. auth, common, errors). */
export function pickNamespaces<K extends keyof Catalogue>(
  catalogue: Catalogue,
  namespaces: readonly K[],
): Pick<Catalogue, K> {
  const picked = {} as Pick<Catalogue, K>;
  for (const namespace of namespaces) picked[namespace] = catalogue[namespace];
  return picked;
}

/** Creates a ready i18next instance for one locale and its catalogue (no async init). */
export function createI18n(locale: Locale, catalogue: CatalogueSubset, fallback?: CatalogueSubset): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: {
      [locale]: { translation: catalogue },
      ...(fallback && locale !== DEFAULT_LOCALE ? { [DEFAULT_LOCALE]: { translation: fallback } } : {}),
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

const instances = new Map<Locale, i18n>();

/** The shared instance for a locale (server side and build time). */
export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale, catalogues[locale], catalogues[DEFAULT_LOCALE]);
    instances.set(locale, instance);
  }
  return instance;
}

/** The values a text interpolates (`{{name}}`), its `count` for plurals, or i18next options. */
export type TranslateOptions = Record<string, unknown>;

/**
 * Texts in one language: only keys of en.json compile (src/i18n/keys.ts). Two signatures rather
 * than an optional parameter, so that react-i18next's `useTranslation().t` is a Translate too.
 */
export interface Translate {
  (key: TranslationKey): string;
  // eslint-disable-next-line @typescript-eslint/unified-signatures -- react-i18next's t is assignable only to two signatures
  (key: TranslationKey, options: TranslateOptions): string;
}

/** A translate function over one i18next instance (an island's provider sets it in the environment). */
export function translatorFor(instance: i18n): Translate {
  return (key: TranslationKey, options?: TranslateOptions) => instance.t(key, options ?? {});
}

/** A translate function bound to a locale. */
export function translator(locale: Locale): Translate {
  return translatorFor(getI18n(locale));
}

export { LOCALES };
export { isTranslationKey, type KeysUnder, type TranslationKey } from './keys.ts';
