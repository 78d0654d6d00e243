import type { Locale } from '#src/lib/locales.ts';

/** A language's own name, capitalised as that language writes it ('Deutsch', 'français' → 'Français'). */
export function languageName(locale: Locale): string {
  const own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return own.charAt(0).toLocaleUpperCase(locale) + own.slice(1);
}
