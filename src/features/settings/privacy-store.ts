/**
 * Invisible mode and privacy mode in settings (SPEC §4): read from the own profile, each
 * switched on its own with putPrivacy. A switch shows its new position at once and goes back
 * when the server refuses (the form's error then has the server's text).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getOwnProfile, putPrivacy } from '#src/contract/profile.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

export const PRIVACY_SETTINGS = ['invisible', 'privacy_mode'] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

export type PrivacyState =
  | { status: 'loading' }
  | { status: 'ready'; invisible: boolean; privacy_mode: boolean }
  | { status: 'error'; message: string };

export interface PrivacyStore {
  $state: ReadableAtom<PrivacyState>;
  load: () => Promise<void>;
  /** Switches one setting; one at a time. */
  switchForm: Form<[setting: PrivacySetting, on: boolean], void>;
}

export function createPrivacyStore(): PrivacyStore {
  const $state = atom<PrivacyState>({ status: 'loading' });
  return {
    $state,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const { profile } = await environment().api.call(getOwnProfile);
        $state.set({ status: 'ready', invisible: profile.invisible, privacy_mode: profile.privacy_mode });
      } catch (error) {
        $state.set({ status: 'error', message: errorText(error) });
      }
    },
    switchForm: createForm(
      async (setting: PrivacySetting, on: boolean) => {
        const before = $state.get();
        if (before.status !== 'ready') return;
        $state.set({ ...before, [setting]: on });
        try {
          const saved = await environment().api.call(putPrivacy, { body: { [setting]: on } });
          $state.set({ status: 'ready', ...saved });
        } catch (error) {
          $state.set(before);
          throw error;
        }
      },
      { repeatable: true },
    ),
  };
}
