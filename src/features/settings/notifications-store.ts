/**
 * The e-mail notification preferences in settings (SPEC §3, docs/notifications.md): loaded
 * with getNotificationSettings and switched one at a time with putNotificationSettings. A
 * switch shows its new position at once and goes back when the server refuses (the form's
 * error then has the server's text).
 */
import { atom, type ReadableAtom } from 'nanostores';
import {
  getNotificationSettings,
  putNotificationSettings,
  type EmailPreference,
  type NotificationSettings,
} from '#src/contract/notifications.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

export type NotificationsState =
  { status: 'loading' } | ({ status: 'ready' } & NotificationSettings) | { status: 'error'; message: string };

export interface NotificationsStore {
  $state: ReadableAtom<NotificationsState>;
  load: () => Promise<void>;
  /** Switches one preference; one at a time. */
  switchForm: Form<[preference: EmailPreference, on: boolean], void>;
}

export function createNotificationsStore(): NotificationsStore {
  const $state = atom<NotificationsState>({ status: 'loading' });
  return {
    $state,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const { settings } = await environment().api.call(getNotificationSettings);
        $state.set({ status: 'ready', ...settings });
      } catch (error) {
        $state.set({ status: 'error', message: errorText(error) });
      }
    },
    switchForm: createForm(
      async (preference: EmailPreference, on: boolean) => {
        const before = $state.get();
        if (before.status !== 'ready') return;
        $state.set({ ...before, email: { ...before.email, [preference]: on } });
        try {
          const { settings } = await environment().api.call(putNotificationSettings, { body: { [preference]: on } });
          $state.set({ status: 'ready', ...settings });
        } catch (error) {
          $state.set(before);
          throw error;
        }
      },
      { repeatable: true },
    ),
  };
}
