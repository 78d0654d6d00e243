/**
 * The e-mail notification preferences (SPEC §2.7 'Settings', §3; docs/notifications.md): the
 * eight switches, and the disabled-notifications explanation by reason (SPEC §8) when the
 * mail service or an unsubscribe stopped all notification mails.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PREFERENCES, type NotificationsDisabledReason } from '#src/contract/notifications.ts';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createNotificationsStore } from './notifications-store.ts';
import Section, { LoadStatus, useSectionStore } from './Section.tsx';
import SwitchRow from './SwitchRow.tsx';

export default function EmailNotificationsSection() {
  const { t } = useTranslation();
  const store = useSectionStore(createNotificationsStore);
  const state = useStore(store.$state);
  const { busy, error } = useForm(store.switchForm);
  return (
    <Section id="email-notifications" title={t('settings.email_notifications.title')}>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.email_notifications.intro')}</p>
      <LoadStatus state={state} onRetry={() => void store.load()} />
      {state.status === 'ready' && (
        <>
          {state.notifications_disabled.length > 0 && <Disabled reasons={state.notifications_disabled} />}
          <div className="mt-2 flex flex-col divide-y divide-line">
            {EMAIL_PREFERENCES.map((preference) => (
              <SwitchRow
                key={preference}
                label={t(`settings.email_notifications.preferences.${preference}`)}
                on={state.email[preference]}
                disabled={busy}
                onChange={(on) => void store.switchForm.submit(preference, on)}
              />
            ))}
          </div>
          {error && (
            <FormMessage tone="danger" className="pt-3">
              {error}
            </FormMessage>
          )}
        </>
      )}
    </Section>
  );
}

/** Why no notification mail goes out, and what the member can do about it (SPEC §8). */
function Disabled({ reasons }: { reasons: readonly NotificationsDisabledReason[] }) {
  const { t } = useTranslation();
  const bounced = reasons.includes('bounce');
  return (
    <div className="mt-3 rounded-2xl border-2 border-danger bg-surface px-4 py-3" data-testid="notifications-disabled">
      <p className="font-semibold text-danger">{t('banners.notifications_disabled.title')}</p>
      {reasons.map((reason) => (
        <p key={reason} className="mt-1 text-sm">
          {t(`banners.notifications_disabled.${reason}`)}
        </p>
      ))}
      <p className="mt-1 text-sm text-ink-muted">{t('settings.email_notifications.disabled_hint')}</p>
      <a href={bounced ? '#account-email' : '/pages/service'} className="btn btn-outline mt-3">
        {bounced
          ? t('banners.notifications_disabled.change_email')
          : t('banners.notifications_disabled.contact_support')}
      </a>
    </div>
  );
}
