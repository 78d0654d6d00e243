/**
 * The members island (ARCHITECTURE "One members island"): mounted on the members shell page
 * that every members-area path is rewritten to. This first version resolves the session;
 * the members routes (search, chats, likes, credits...) are added by their issues.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Catalogue } from '../i18n/index.ts';
import { createI18n } from '../i18n/index.ts';
import type { Locale } from '../lib/locales.ts';
import { createApiClient } from '../client/api.ts';
import { $session, loadSession, onAuthenticationRequired } from '../stores/session.ts';

interface Props {
  locale: Locale;
  catalogue: Catalogue;
}

export default function MembersApp({ locale, catalogue }: Props) {
  const i18n = useMemo(() => createI18n(locale, catalogue), [locale, catalogue]);
  return (
    <I18nextProvider i18n={i18n}>
      <MembersHome />
    </I18nextProvider>
  );
}

function MembersHome() {
  const { t } = useTranslation();
  const session = useStore($session);
  useEffect(() => {
    const api = createApiClient({ onAuthenticationRequired });
    void loadSession(api, { cookies: document.cookie });
  }, []);

  if (session.status === 'loading') return <p className="p-8 text-center text-ink-muted">{t('members.loading')}</p>;
  if (session.status === 'member')
    return <h1 className="p-8 text-2xl font-bold">{t('members.welcome', { name: session.user.name })}</h1>;
  if (session.status === 'error')
    return (
      <p role="alert" className="p-8 text-center text-danger">
        {t('errors.try_later')}
      </p>
    );
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <p>{t('members.login_required')}</p>
      <a
        href="/login"
        className="mt-4 inline-block rounded-full bg-primary px-6 py-3 font-semibold text-on-primary no-underline"
      >
        {t('nav.login')}
      </a>
    </div>
  );
}
