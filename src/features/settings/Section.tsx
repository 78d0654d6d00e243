/** One titled card of the settings screen; its id is the anchor other screens link to. */
import type { ReactNode } from 'react';
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
export function LoadFailed({
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
