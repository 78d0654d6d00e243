/**
 * The blocked members section of settings (SPEC §4 'Blocking'): whom the member blocked,
 * newest first, each with Unblock.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#src/lib/dates.ts';
import type { Locale } from '#src/lib/locales.ts';
import { FormMessage } from '#src/ui/fields.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createBlocksStore } from './blocks-store.ts';
import Section, { LoadStatus, useSectionStore } from './Section.tsx';

export default function BlockedMembers({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const store = useSectionStore(createBlocksStore);
  const state = useStore(store.$state);
  const { busy, error } = useForm(store.unblockForm);
  return (
    <Section id="blocked-members" title={t('settings.blocked.title')}>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.blocked.intro')}</p>
      <LoadStatus className="mt-3" state={state} onRetry={() => void store.load()} />
      {state.status === 'ready' && state.profiles.length === 0 && (
        <p className="mt-3 text-sm font-semibold">{t('settings.blocked.empty')}</p>
      )}
      {state.status === 'ready' && state.profiles.length > 0 && (
        <ul className="mt-3 flex flex-col divide-y divide-line">
          {state.profiles.map((profile) => (
            <li key={profile.id} className="flex items-center gap-3 py-3">
              {profile.thumb_url ? (
                <img
                  src={profile.thumb_url}
                  width={48}
                  height={48}
                  alt=""
                  loading="lazy"
                  className="size-12 shrink-0 rounded-full object-cover"
                />
              ) : (
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-soft text-ink-muted">
                  <LineIcon name="user" className="size-6" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <a href={`/members/${encodeURIComponent(profile.id)}`} className="block truncate font-semibold">
                  {profile.name}
                </a>
                <p className="text-xs text-ink-muted">
                  {t('settings.blocked.since', { date: formatDate(profile.blocked_at, 'date', locale) })}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline min-h-10 shrink-0 px-4 text-sm disabled:opacity-60"
                aria-label={t('settings.blocked.unblock_name', { name: profile.name })}
                disabled={busy}
                onClick={() => void store.unblockForm.submit(profile.id)}
              >
                {t('settings.blocked.unblock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.status === 'ready' && error && (
        <FormMessage tone="danger" className="mt-3">
          {error}
        </FormMessage>
      )}
    </Section>
  );
}
