/**
 * Gives an island its locale's texts: to its components (react-i18next) and, as the
 * environment's translator, to its stores' error texts (errorText).
 */
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n, translatorFor, type CatalogueSubset } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { setEnvironment } from '#src/stores/environment.ts';

export default function IslandI18n({
  locale,
  catalogue,
  children,
}: {
  locale: Locale;
  /** The namespaces the island uses; the page passes only these. */
  catalogue: CatalogueSubset;
  children: ReactNode;
}) {
  const i18n = useMemo(() => {
    const instance = createI18n(locale, catalogue);
    // Set before the first render of the children, so a store's first error is in this locale.
    setEnvironment({ t: translatorFor(instance) });
    return instance;
  }, [locale, catalogue]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
