/**
 * The warning banners of the members layout (SPEC §2.4), in order: (a) the activation
 * reminder, as an alert or, right after signup, as a modal; (b) add a profile photo; (c)
 * enable push notifications (its own chunk with the push store, loaded only where it may
 * show); (d) notifications disabled, with advice by reason (SPEC §8). (b), (c) and (d) are
 * dismissible for good. Visibility is decided in rules.ts, state in banners-store.ts.
 */
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#src/contract/user.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import { createBannersStore, type BannersStore } from './banners-store.ts';
import { DismissibleBanner } from './DismissibleBanner.tsx';
import { activationReminder, notificationsDisabledBanner, photoAlert, pushBannerPossible } from './rules.ts';

const PushBanner = lazy(() => import('./PushBanner.tsx'));

interface Props {
  user: CurrentUser;
  route: string | null;
  search: Readonly<Record<string, string>>;
}

export default function Banners({ user, route, search }: Props) {
  const { t } = useTranslation();
  const store = useMemo(() => createBannersStore(), []);
  const dismissed = useStore(store.$dismissed);
  const activation = activationReminder(user, route, search);
  const photo = photoAlert(user, route, search, dismissed.photo);
  const push = pushBannerPossible(route, dismissed.push);
  const disabled = notificationsDisabledBanner(user, route, dismissed.notifications_disabled);
  if (!activation && !photo && !push && !disabled) return null;
  return (
    // Empty (no banner after all, e.g. push already on) it takes no room. On phones one banner
    // at a time (the first), and none over the swipe game, whose card and buttons fill the screen.
    <div
      className={`mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 pt-2 empty:hidden max-sm:[&>*:not(:first-child)]:hidden sm:gap-3 sm:px-6 sm:pt-4 sm:pb-3 ${route === 'swipe-game' ? 'max-sm:hidden' : ''}`}
    >
      {activation === 'alert' && <ActivationReminder store={store} />}
      {activation === 'modal' && <ActivationModal store={store} />}
      {photo && (
        <DismissibleBanner
          tone="primary"
          title={t('banners.photo.title')}
          text={t('banners.photo.text')}
          onDismiss={() => store.dismiss('photo')}
          action={
            <a href="/profile" className="btn btn-primary">
              {t('banners.photo.add')}
            </a>
          }
        />
      )}
      {push && (
        <Suspense fallback={null}>
          <PushBanner route={route} dismissedAt={dismissed.push} onDismiss={() => store.dismiss('push')} />
        </Suspense>
      )}
      {disabled && (
        <DismissibleBanner
          tone="danger"
          title={t('banners.notifications_disabled.title')}
          text={t(`banners.notifications_disabled.${disabled}`)}
          onDismiss={() => store.dismiss('notifications_disabled')}
          action={
            <a
              href={disabled === 'bounce' ? '/notifications#account-email' : '/pages/service'}
              className="btn btn-outline"
            >
              {disabled === 'bounce'
                ? t('banners.notifications_disabled.change_email')
                : t('banners.notifications_disabled.contact_support')}
            </a>
          }
        />
      )}
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
