/**
 * The members island's root, the first chunk it loads (src/islands/MembersApp.tsx): it
 * resolves the session, then routes on the client ($router, route names of SPEC §2.1): a
 * guest is asked to log in (and brought back to the page after it) or to sign up, a member
 * gets the members layout (MembersLayout: nav, banners, the screen of the route, loaded
 * while the session is asked for). Without a connection it says so (OfflineState).
 */
import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { translatorFor } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { loginLink } from '#src/lib/return-path.ts';
import { $session, hasLoginMarker, loadSession } from '#src/stores/session.ts';
import { $router } from '#src/stores/router.ts';
import { applyLangConfig } from '#src/stores/account.ts';
import { environment, setEnvironment } from '#src/stores/environment.ts';
import LoadingState from '#src/ui/Spinner.tsx';
import { lazyRoute } from './chunk-reload.ts';
import OfflineState from './OfflineState.tsx';

const loadLayout = () => import('./MembersLayout.tsx');
const MembersLayout = lazyRoute(loadLayout);
/** The complaints form (SPEC §2.7 'Complaints'): for visitors too, so it is not behind the login wall. */
const ComplaintsScreen = lazyRoute(() => import('../complaints/ComplaintsScreen.tsx'));
/** /members for a visitor: the search when the site opens it to visitors (SPEC §6), else the login prompt. */
const GuestSearch = lazyRoute(() => import('../search/GuestSearch.tsx'));

export default function MembersRoot({ locale, brand, logo }: { locale: Locale; brand: string; logo: string | null }) {
  const { i18n } = useTranslation();
  // The stores' error texts in the page's language, set before the first store runs.
  useState(() => setEnvironment({ t: translatorFor(i18n) }));
  const session = useStore($session);
  const page = useStore($router);
  const langConfig = page?.route === 'lang-config' ? page.search : null;
  const offline = useOffline();
  const retry = useCallback(() => {
    $session.set({ status: 'loading' });
    void loadSession({ cookies: document.cookie });
  }, []);
  useEffect(() => {
    // The layout loads while the server is asked who this is (a member is likely then).
    if (hasLoginMarker(document.cookie)) loadLayout().catch(() => undefined);
    void loadSession({ cookies: document.cookie });
  }, []);
  useEffect(() => {
    if (!langConfig || session.status === 'loading') return;
    // Leaves the page: replace, so Back does not return to the switch.
    void applyLangConfig(langConfig, { replace: true });
  }, [langConfig, session.status]);
  useEffect(() => {
    // A stale login marker: the static nav (hidden for members) comes back for the guest.
    if (session.status === 'guest') delete document.documentElement.dataset['member'];
  }, [session.status]);

  // Offline at the start: say so at once rather than after the client's retries.
  if (session.status === 'loading' && !langConfig && offline)
    return <OfflineState offline onRetry={retry} brand={brand} logo={logo} />;
  if (session.status === 'loading' || langConfig) return <Spinner />;
  if (session.status === 'member')
    return (
      <Suspense fallback={<Spinner />}>
        <MembersLayout user={session.user} locale={locale} brand={brand} logo={logo} />
      </Suspense>
    );
  // The call failed: 'You are offline' when the browser says so, else the general text.
  if (session.status === 'error') return <OfflineState offline={offline} onRetry={retry} brand={brand} logo={logo} />;
  if (page?.route === 'complaints')
    return (
      <Suspense fallback={<Spinner />}>
        <ComplaintsScreen member={false} search={page.search} />
      </Suspense>
    );
  if (page?.route === 'members')
    return (
      <Suspense fallback={<Spinner />}>
        <GuestSearch locale={locale} search={page.search} fallback={<LoginWall chat={false} />} />
      </Suspense>
    );
  const chat = page?.route === 'members-id-chat' || page?.route === 'chats' || page?.route === 'chats-id';
  return <LoginWall chat={chat} />;
}

const subscribeToConnection = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * The browser says it has no connection. The prerendered shell (and so the hydrating first
 * render) assumes a connection; the real state follows right after.
 */
function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => !navigator.onLine,
    () => false,
  );
}

/** A visitor on a members page: log in and come back to it, or sign up. */
function LoginWall({ chat }: { chat: boolean }) {
  const { t } = useTranslation();
  const here = environment().location();
  return (
    <div className="mx-auto max-w-md p-8 text-center">
      <p>{chat ? t('chat.login_required') : t('members.login_required')}</p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <a href={loginLink(here.pathname + here.search + here.hash)} className="btn btn-primary">
          {t('nav.login')}
        </a>
        <a href="/signup" className="btn btn-outline">
          {t('nav.signup')}
        </a>
      </div>
    </div>
  );
}

function Spinner() {
  const { t } = useTranslation();
  return <LoadingState label={t('members.loading')} />;
}
