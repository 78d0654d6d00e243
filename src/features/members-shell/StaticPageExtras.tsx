/**
 * The members' banners and the like modal on the static pages of the default layout
 * (SPEC §2.2, §2.4, §2.6; docs/banners.md "On static pages"), started by /member-extras.js
 * (src/lib/member-extras.ts) and mounted into the layout's banner slot (`#banners`, whose `data-route` names the page) for a visitor
 * with the login marker. It asks the server who this is, as the members shell does: a guest
 * (a stale marker) gets nothing, and the static nav's Login button comes back. The time bonus
 * stays in the members area (SPEC §2.4(e)).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from '@nanostores/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n, translatorFor } from '#src/i18n/index.ts';
import type { Locale } from '#src/lib/locales.ts';
import { MEMBER_EXTRAS_OPTIONS, MEMBER_EXTRAS_STYLESHEET, type MemberExtrasOptions } from '#src/lib/member-extras.ts';
import { $session, loadSession } from '#src/stores/session.ts';
import { setEnvironment } from '#src/stores/environment.ts';
import { outsideShell } from '#src/stores/router.ts';
import Banners from '../banners/Banners.tsx';

const LikeModal = lazy(() => import('../likes/LikeModal.tsx'));

/** Reads the variant's texts, then mounts; a failure leaves the static page as it is. */
export async function startStaticPageExtras(): Promise<void> {
  const answer = await fetch(MEMBER_EXTRAS_OPTIONS);
  if (!answer.ok) throw new Error(`${MEMBER_EXTRAS_OPTIONS} answered ${answer.status}`);
  mountStaticPageExtras((await answer.json()) as MemberExtrasOptions);
}

export function mountStaticPageExtras({ locale, catalogue }: MemberExtrasOptions): void {
  const slot = document.getElementById('banners');
  if (!slot) return;
  outsideShell();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = MEMBER_EXTRAS_STYLESHEET;
  document.head.append(sheet);
  const host = document.createElement('div');
  slot.append(host);
  const i18n = createI18n(locale, catalogue);
  createRoot(host).render(
    <I18nextProvider i18n={i18n}>
      <StaticPageExtras locale={locale} route={slot.dataset['route'] ?? null} />
    </I18nextProvider>,
  );
}

function StaticPageExtras({ locale, route }: { locale: Locale; route: string | null }) {
  const { i18n } = useTranslation();
  useState(() => setEnvironment({ t: translatorFor(i18n) }));
  const session = useStore($session);
  const [search] = useState(() => Object.fromEntries(new URLSearchParams(window.location.search)));
  const [likeModal, setLikeModal] = useState(search['t'] !== undefined);
  useEffect(() => {
    void loadSession({ cookies: document.cookie });
  }, []);
  useEffect(() => {
    // A stale login marker: the static nav shows the Login button again.
    if (session.status === 'guest') delete document.documentElement.dataset['member'];
  }, [session.status]);
  if (session.status !== 'member') return null;
  return (
    <>
      <Banners user={session.user} route={route} search={search} />
      {likeModal && (
        <Suspense fallback={null}>
          <LikeModal user={session.user} locale={locale} delay={search['t']} onClose={() => setLikeModal(false)} />
        </Suspense>
      )}
    </>
  );
}
