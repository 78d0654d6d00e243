/**
 * The warning banners of the members layout (SPEC §2.4): (a) the activation reminder, as an
 * alert or, right after signup, as a modal; (d) notifications disabled, dismissible, with
 * advice by reason (SPEC §8). Visibility is decided in rules.ts, state in banners-store.ts.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import { createBannersStore, type BannersStore } from './banners-store.ts';
import { activationReminder, notificationsDisabledBanner } from './rules.ts';

interface Props {
  user: CurrentUser;
  route: string | null;
  search: Readonly<Record<string, string>>;
}

export default function Banners({ user, route, search }: Props) {
  const store = useMemo(() => createBannersStore(), []);
  const dismissedAt = useStore(store.$notificationsDisabledDismissedAt);
  const activation = activationReminder(user, route, search);
  const disabled = notificationsDisabledBanner(user, route, dismissedAt);
  if (!activation && !disabled) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-4 sm:px-6">
      {activation === 'alert' && <ActivationReminder store={store} />}
      {activation === 'modal' && <ActivationModal store={store} />}
      {disabled && <NotificationsDisabled reason={disabled} onDismiss={() => store.dismissNotificationsDisabled()} />}
    </div>
  );
}

function ActivationReminder({ store, modal = false }: { store: BannersStore; modal?: boolean }) {
  const { t } = useTranslation();
  const state = useStore(store.$activationMail);
  return (
    <div
      role={modal ? undefined : 'alert'}
      className={modal ? '' : 'rounded-2xl border border-warning bg-surface-alt p-4 sm:flex sm:items-center sm:gap-4'}
    >
      <div className="flex-1">
        <p id="activation-title" className="font-bold">
          {t('banners.activation.title')}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{t('banners.activation.text')}</p>
        {(state.status === 'sent' || state.status === 'already') && (
          <FormMessage tone="success" className="mt-2">
            {t(`banners.activation.${state.status}`)}
          </FormMessage>
        )}
        {state.status === 'error' && (
          <FormMessage tone="danger" className="mt-2">
            {state.message}
          </FormMessage>
        )}
      </div>
      {state.status !== 'sent' && state.status !== 'already' && (
        <button
          type="button"
          className={`btn btn-primary w-full disabled:opacity-60 ${modal ? 'mt-4' : 'mt-3 sm:mt-0 sm:w-auto'}`}
          disabled={state.status === 'sending'}
          onClick={() => void store.sendActivationMail()}
        >
          {t('banners.activation.resend')}
        </button>
      )}
    </div>
  );
}

function ActivationModal({ store }: { store: BannersStore }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="activation-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-surface p-6 text-ink elevation-3"
    >
      <ActivationReminder store={store} modal />
      <form method="dialog" className="mt-4 text-center">
        <button type="submit" className="btn btn-ghost">
          {t('common.close')}
        </button>
      </form>
    </dialog>
  );
}

function NotificationsDisabled({
  reason,
  onDismiss,
}: {
  reason: CurrentUser['notifications_disabled'][number];
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border border-danger bg-surface-alt p-4">
      <div className="flex-1">
        <p className="font-bold">{t('banners.notifications_disabled.title')}</p>
        <p className="mt-1 text-sm text-ink-muted">{t(`banners.notifications_disabled.${reason}`)}</p>
        <a
          href={reason === 'bounce' ? '/notifications#account-email' : '/pages/service'}
          className="mt-2 inline-block text-sm font-semibold"
        >
          {reason === 'bounce'
            ? t('banners.notifications_disabled.change_email')
            : t('banners.notifications_disabled.contact_support')}
        </a>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('common.dismiss')}
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-xl text-ink-muted hover:bg-ink-soft"
      >
        ×
      </button>
    </div>
  );
}
