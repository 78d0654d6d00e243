/**
 * The browser's react-i18next subset (src/i18n/lite-react.ts over src/i18n/lite.ts) renders
 * what react-i18next over i18next renders for the islands: texts through `useTranslation`
 * (values, plurals, a key prefix, the language), and every `Trans` text of the app with its
 * components, in every locale; `t` stays the same function from one render to the next.
 */
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import * as real from 'react-i18next';
import { catalogues, createI18n } from '#src/i18n/index.ts';
import { createInstance } from '#src/i18n/lite.ts';
import * as lite from '#src/i18n/lite-react.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#src/lib/locales.ts';

afterEach(cleanup);

/** What an island asks of react-i18next, one of the two implementations. */
interface Implementation {
  /** The island's provider over an instance made once for a locale. */
  provider: (locale: Locale) => (props: { children: ReactNode }) => ReactNode;
  useTranslation: (
    ns?: undefined,
    options?: { keyPrefix?: string },
  ) => {
    t: (key: string, options?: Record<string, unknown>) => string;
    i18n: { language?: string };
  };
  Trans: (props: {
    i18nKey: string;
    values?: Record<string, unknown>;
    components?: Record<string, ReactElement>;
  }) => ReactNode;
}

const implementations: Record<'real' | 'lite', Implementation> = {
  real: {
    provider: (locale) => {
      const i18n = createI18n(locale, catalogues[locale], catalogues[DEFAULT_LOCALE]);
      return ({ children }) => <real.I18nextProvider i18n={i18n}>{children}</real.I18nextProvider>;
    },
    useTranslation: real.useTranslation as unknown as Implementation['useTranslation'],
    Trans: real.Trans as unknown as Implementation['Trans'],
  },
  lite: {
    // As createI18n makes it (src/i18n/index.ts), with the lite instance the browser gets.
    provider: (locale) => {
      const i18n = createInstance({
        lng: locale,
        fallbackLng: DEFAULT_LOCALE,
        resources: {
          [locale]: { translation: catalogues[locale] },
          ...(locale === DEFAULT_LOCALE ? {} : { [DEFAULT_LOCALE]: { translation: catalogues[DEFAULT_LOCALE] } }),
        },
        interpolation: { escapeValue: false },
      });
      return ({ children }) => <lite.I18nextProvider i18n={i18n}>{children}</lite.I18nextProvider>;
    },
    useTranslation: lite.useTranslation,
    Trans: lite.Trans as unknown as Implementation['Trans'],
  },
};

function Texts({ use }: { use: Implementation }) {
  const { t, i18n } = use.useTranslation();
  const { t: nav } = use.useTranslation(undefined, { keyPrefix: 'nav' });
  const { Trans } = use;
  return (
    <div lang={i18n.language}>
      <p>{t('members.loading')}</p>
      <p>{t('errors.error_page_failed')}</p>
      <p>{nav('search_members')}</p>
      {[0, 1, 2, 5].map((count) => (
        <p key={count}>{t('pricing.credits', { count })}</p>
      ))}
      <p>{t('search.webcam.watch', { name: '<Lena & co>' })}</p>
      <p>{t('no.such.key')}</p>
      <Trans
        i18nKey="auth.signup.did_you_mean"
        values={{ suggestion: 'anna@gmail.com' }}
        components={{ suggestion: <button type="button" className="underline" /> }}
      />
      <Trans
        i18nKey="auth.signup.terms"
        components={{
          terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
          privacy: <a href="/pages/privacy" target="_blank" rel="noopener" />,
        }}
      />
      {(['auth.mail_change.undone', 'auth.mail_change.done', 'auth.complete.text'] as const).map((key) => (
        <Trans key={key} i18nKey={key} values={{ email: 'a&b@example.com' }} components={{ email: <strong /> }} />
      ))}
    </div>
  );
}

function html(locale: Locale, use: Implementation): string {
  const Provider = use.provider(locale);
  const { container, unmount } = render(
    <Provider>
      <Texts use={use} />
    </Provider>,
  );
  const markup = container.innerHTML;
  unmount();
  return markup;
}

describe("the browser's react-i18next subset", () => {
  it.each(LOCALES)('renders the %s texts and Trans texts as react-i18next does', (locale) => {
    const expected = html(locale, implementations.real);
    expect(expected).toContain('<strong>a&amp;b@example.com</strong>');
    expect(html(locale, implementations.lite)).toBe(expected);
  });

  it('keeps t the same function from one render to the next, as react-i18next does', () => {
    for (const use of Object.values(implementations)) {
      const seen: unknown[] = [];
      function Probe({ n }: { n: number }) {
        const { t } = use.useTranslation();
        seen.push(t);
        return <span>{n}</span>;
      }
      const Provider = use.provider('de');
      const { rerender } = render(
        <Provider>
          <Probe n={1} />
        </Provider>,
      );
      rerender(
        <Provider>
          <Probe n={2} />
        </Provider>,
      );
      cleanup();
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBe(seen[0]);
    }
  });
});
