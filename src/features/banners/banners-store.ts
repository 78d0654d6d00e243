/**
 * Banner state of the members layout: the dismissal of (d) "notifications disabled",
 * stored as a timestamp so it is not shown again (SPEC §2.4), and the "send a new
 * confirmation e-mail" action of (a). Storage, clock and API come from `environment()`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';

export const NOTIFICATIONS_DISABLED_DISMISSED_KEY = 'banners.notifications_disabled.dismissed_at';

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

/** A failing storage (private mode) counts as empty. */
export function createBannersStore(): BannersStore {
  const read = (): number | null => {
    try {
      const value = Number(environment().storage?.getItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY) ?? Number.NaN);
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
    dismissNotificationsDisabled(now = environment().now()) {
      $dismissedAt.set(now);
      try {
        environment().storage?.setItem(NOTIFICATIONS_DISABLED_DISMISSED_KEY, String(now));
      } catch {
        // Storage full or blocked: the banner stays away for this page view.
      }
    },
    async sendActivationMail() {
      if ($activationMail.get().status === 'sending') return;
      $activationMail.set({ status: 'sending' });
      try {
        // A JSON body, even empty: the server refuses state changes that are not JSON (CSRF).
        // The accounts contract loads when needed: it is not part of the shell's first load.
        const { postActivationMail } = await import('#src/contract/accounts.ts');
        await environment().api.call(postActivationMail, { body: {} });
        $activationMail.set({ status: 'sent' });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'already_confirmed') $activationMail.set({ status: 'already' });
        else $activationMail.set({ status: 'error', message: errorText(error) });
      }
    },
  };
}
