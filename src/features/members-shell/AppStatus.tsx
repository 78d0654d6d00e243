/**
 * Two notices under the members nav (docs/pwa.md): 'You are offline…' while the browser has
 * no connection, and 'A new version is available' with Reload when a new version of the app
 * waits (src/pwa/app-worker-client.ts).
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $appUpdate, $online, applyUpdate } from '#src/pwa/app-worker-client.ts';

export default function AppStatus() {
  const { t } = useTranslation();
  const online = useStore($online);
  const update = useStore($appUpdate);
  if (online && !update) return null;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-2 px-4 pt-3 sm:px-6">
      {!online && (
        <p
          role="status"
          className="rounded-2xl border border-line bg-ink-soft px-4 py-2.5 text-sm font-semibold text-ink"
        >
          {t('members.offline_notice')}
        </p>
      )}
      {update && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-primary-soft px-4 py-2.5 text-sm font-semibold text-primary-ink"
        >
          <span>{t('members.update_available')}</span>
          <button type="button" className="btn btn-primary min-h-9 px-4 text-sm" onClick={applyUpdate}>
            {t('members.reload')}
          </button>
        </div>
      )}
    </div>
  );
}
