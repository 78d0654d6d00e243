/**
 * What the members app shows when it cannot reach the server to learn who is logged in: with
 * the browser offline, 'You are offline' and that it goes on by itself when the connection is
 * back (the `online` event retries); otherwise the general error text. Both offer Try again.
 * The site's header (its logo) stands above the card, which keeps the page's side margins:
 * the static header is hidden for members and the members nav needs the session.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import BrandLink from '#src/ui/BrandLink.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';

export default function OfflineState({
  offline,
  onRetry,
  brand,
  logo,
}: {
  offline: boolean;
  onRetry: () => void;
  brand: string;
  logo: string | null;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [offline, onRetry]);
  return (
    <>
      <header className="border-b border-line bg-surface pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-3 sm:h-16 sm:px-6">
          <BrandLink brand={brand} logo={logo} size="h-6 min-[400px]:h-7 sm:h-8" />
        </div>
      </header>
      <div className="px-4 sm:px-6" data-offline-state>
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
      </div>
    </>
  );
}
