/** One titled card of the settings screen; its id is the anchor other screens link to. */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export default function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-32 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section whose data could not load: why, and 'Try again'. */
function LoadFailed({
  message,
  onRetry,
  className = 'mt-2',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-danger">{message}</p>
      <button type="button" className="btn btn-outline mt-3" onClick={onRetry}>
        {t('settings.retry')}
      </button>
    </div>
  );
}

/** A section's store: made once per mount, and loaded when the section mounts. */
export function useSectionStore<S extends { load(): Promise<void> }>(create: () => S): S {
  const [store] = useState(create);
  useEffect(() => {
    void store.load();
  }, [store]);
  return store;
}

/** While a section's data loads: 'Loading…'; when it failed: why, and 'Try again'. */
export function LoadStatus({
  state,
  onRetry,
  className = 'mt-2',
}: {
  state: { status: string; message?: string };
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <p className={`${className} text-sm text-ink-muted`}>{t('common.loading')}</p>;
  if (state.status === 'error')
    return <LoadFailed className={className} message={state.message ?? ''} onRetry={onRetry} />;
  return null;
}
