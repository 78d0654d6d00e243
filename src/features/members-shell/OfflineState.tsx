/**
 * What the members app shows when it cannot reach the server to learn who is logged in: with
 * the browser offline, 'You are offline' and that it goes on by itself when the connection is
 * back (the `online` event retries); otherwise the general error text. Both offer Try again.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import LineIcon from '#src/ui/LineIcon.tsx';

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
          <LineIcon name="offline" className="mx-auto size-10 text-ink-muted" />
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
