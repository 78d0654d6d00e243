/**
 * Banner state of the members layout: the dismissal of (d) "notifications disabled",
 * stored as a timestamp so it is not shown again (SPEC §2.4), and the "send a new
 * confirmation e-mail" action of (a).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError, type ApiClient } from '#src/client/api.ts';
import { postActivationMail } from '#src/contract/accounts.ts';

export const NOTIFICATIONS_DISABLED_DISMISSED_KEY = 'banners.notifications_disabled.dismissed_at';

/** The part of localStorage the store uses; a failing storage (private mode) counts as empty. */
export type DismissalStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type ActivationMailState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  | { status: 'already' }
  | { status: 'error'; message: string };

export interface BannersStore {
  $notificationsDisabledDismissedAt: ReadableAtom<number | null>;
  $activationMail: ReadableAtom<ActivationMailState>;
  dismissNotificationsDisabled: (now?: number) => void;
  sendActivationMail: () => Promise<void>;
}

export function createBannersStore(deps: { api: ApiClient; storage: DismissalStorage | null }): BannersStore {
  const read = (): number | null => {
    try {
      const value = Number(deps.storage?.getItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY) ?? Number.NaN);
      return Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  };
  const $dismissedAt = atom<number | null>(read());
  const $activationMail = atom<ActivationMailState>({ status: 'idle' });
  return {
    $notificationsDisabledDismissedAt: $dismissedAt,
    $activationMail,
    dismissNotificationsDisabled(now = Date.now()) {
      $dismissedAt.set(now);
      try {
        deps.storage?.setItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY, String(now));
      } catch {
        // Storage full or blocked: the banner stays away for this page view.
      }
    },
    async sendActivationMail() {
      if ($activationMail.get().status === 'sending') return;
      $activationMail.set({ status: 'sending' });
      try {
        // A JSON body, even empty: the server refuses state changes that are not JSON (CSRF).
        await deps.api.call(postActivationMail, { body: {} });
        $activationMail.set({ status: 'sent' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'already_confirmed') $activationMail.set({ status: 'already' });
        else $activationMail.set({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
