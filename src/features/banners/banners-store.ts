/**
 * Banner state of the members layout (SPEC §2.4): the dismissals of (b) add a photo, (c)
 * enable push and (d) notifications disabled, each stored as a timestamp in localStorage so
 * that banner is not shown again, and the "send a new confirmation e-mail" action of (a).
 * Storage, clock and API come from `environment()`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';

/** The banners a member can dismiss for good. */
export type DismissibleBanner = 'photo' | 'push' | 'notifications_disabled';

/** localStorage keys of the dismissal timestamps (epoch milliseconds). */
export const DISMISSED_KEYS: Readonly<Record<DismissibleBanner, string>> = {
  photo: 'banners.photo.dismissed_at',
  push: 'banners.push.dismissed_at',
  notifications_disabled: 'banners.notifications_disabled.dismissed_at',
};
export const NOTIFICATIONS_DISABLED_DISMISSED_KEY = DISMISSED_KEYS.notifications_disabled;

export type Dismissals = Readonly<Record<DismissibleBanner, number | null>>;

export type ActivationMailState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  | { status: 'already' }
  | { status: 'error'; message: string };

export interface BannersStore {
  /** When each banner was dismissed; null while it was not. */
  $dismissed: ReadableAtom<Dismissals>;
  $activationMail: ReadableAtom<ActivationMailState>;
  dismiss: (banner: DismissibleBanner, now?: number) => void;
  sendActivationMail: () => Promise<void>;
}

/** A stored timestamp; a failing storage (private mode) or a value that is no number counts as none. */
function readDismissal(banner: DismissibleBanner): number | null {
  try {
    const stored = environment().storage?.getItem(DISMISSED_KEYS[banner]);
    const value = stored === null || stored === undefined ? Number.NaN : Number(stored);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

export function createBannersStore(): BannersStore {
  const $dismissed = atom<Dismissals>({
    photo: readDismissal('photo'),
    push: readDismissal('push'),
    notifications_disabled: readDismissal('notifications_disabled'),
  });
  const $activationMail = atom<ActivationMailState>({ status: 'idle' });
  return {
    $dismissed,
    $activationMail,
    dismiss(banner, now = environment().now()) {
      $dismissed.set({ ...$dismissed.get(), [banner]: now });
      try {
        environment().storage?.setItem(DISMISSED_KEYS[banner], String(now));
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
