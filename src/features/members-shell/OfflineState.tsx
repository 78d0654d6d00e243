/**
 * What the members app shows when it cannot reach the server to learn who is logged in: with
 * the browser offline, 'You are offline' and that it goes on by itself when the connection is
 * back (the `online` event retries); otherwise the general error text. Both offer Try again.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export default function OfflineState({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [offline, onRetry]);
  return (
    <section role="alert" className="card mx-auto my-8 max-w-md p-6 text-center sm:p-8">
      {offline ? (
        <>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mx-auto size-10 text-ink-muted"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          >
            <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18" />
            <circle cx="12" cy="19" r="1" fill="currentColor" />
          </svg>
          <h1 className="mt-3 text-xl font-bold">{t('members.offline_title')}</h1>
          <p className="mt-2 text-ink-muted">{t('members.offline_text')}</p>
        </>
      ) : (
        <p className="text-danger">{t('errors.try_later')}</p>
      )}
      <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
        {t('members.retry')}
      </button>
    </section>
  );
}
