/**
 * The moderation console's two parts: the photo queue (ModerationScreen) and the complaints
 * (ComplaintsList, loaded when first opened). /moderation#complaints opens the complaints.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '#src/lib/locales.ts';
import Spinner from '#src/ui/Spinner.tsx';
import { ConsolePage, type ConsoleSite } from '#src/ui/console-frame.tsx';
import ModerationScreen from './ModerationScreen.tsx';

const ComplaintsList = lazy(() => import('./ComplaintsList.tsx'));

type Tab = 'photos' | 'complaints';

export default function ConsoleTabs({ locale, sites }: { locale: Locale; sites: readonly ConsoleSite[] }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(() => (window.location.hash === '#complaints' ? 'complaints' : 'photos'));
  const choose = (next: Tab) => {
    setTab(next);
    // The address keeps the tab, so a reload or a shared link opens it again.
    history.replaceState(history.state, '', next === 'complaints' ? '#complaints' : window.location.pathname);
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'photos', label: t('moderation.title') },
    { id: 'complaints', label: t('complaints.staff.title') },
  ];
  return (
    <>
      <nav
        className="mx-auto flex w-full max-w-6xl flex-wrap gap-2 px-4 pt-4 sm:px-6"
        aria-label={t('moderation.title')}
      >
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            className={`btn min-h-10 px-4 ${tab === id ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={tab === id}
            onClick={() => choose(id)}
          >
            {label}
          </button>
        ))}
      </nav>
      {tab === 'photos' ? (
        <ModerationScreen locale={locale} sites={sites} />
      ) : (
        <ConsolePage title={t('complaints.staff.title')} width="max-w-6xl">
          <Suspense fallback={<Spinner label={t('moderation.loading')} />}>
            <ComplaintsList locale={locale} />
          </Suspense>
        </ConsolePage>
      )}
    </>
  );
}
