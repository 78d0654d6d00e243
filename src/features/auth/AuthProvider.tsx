/** Gives an auth island its locale's texts (the namespaces of catalogue.ts). */
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import type { AuthCatalogue } from './catalogue.ts';

export interface AuthIslandProps {
  locale: Locale;
  catalogue: AuthCatalogue;
}

export function AuthProvider({ locale, catalogue, children }: AuthIslandProps & { children: ReactNode }) {
  const i18n = useMemo(() => createI18n(locale, catalogue), [locale, catalogue]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
