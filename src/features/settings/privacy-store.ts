/**
 * Invisible mode and privacy mode in settings (SPEC §4): read from the own profile, each
 * switched on its own with putPrivacy. A switch shows its new position at once and goes back
 * when the server refuses (with the server's text).
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ApiClient } from '#src/client/api.ts';
import { getOwnProfile, putPrivacy } from '#src/contract/profile.ts';

export const PRIVACY_SETTINGS = ['invisible', 'privacy_mode'] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

export type PrivacyState =
  | { status: 'loading' }
  | {
      status: 'ready';
      invisible: boolean;
      privacy_mode: boolean;
      /** The setting being saved. */
      saving: PrivacySetting | null;
      error: string | null;
    }
  | { status: 'error'; message: string };

export interface PrivacyStore {
  $state: ReadableAtom<PrivacyState>;
  load: () => Promise<void>;
  set: (setting: PrivacySetting, on: boolean) => Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createPrivacyStore(api: ApiClient): PrivacyStore {
  const $state = atom<PrivacyState>({ status: 'loading' });
  return {
    $state,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const { profile } = await api.call(getOwnProfile);
        $state.set({
          status: 'ready',
          invisible: profile.invisible,
          privacy_mode: profile.privacy_mode,
          saving: null,
          error: null,
        });
      } catch (error) {
        $state.set({ status: 'error', message: messageOf(error) });
      }
    },
    async set(setting, on) {
      const before = $state.get();
      if (before.status !== 'ready' || before.saving) return;
      $state.set({ ...before, [setting]: on, saving: setting, error: null });
      try {
        const saved = await api.call(putPrivacy, { body: { [setting]: on } });
        $state.set({ status: 'ready', ...saved, saving: null, error: null });
      } catch (error) {
        $state.set({ ...before, saving: null, error: messageOf(error) });
      }
    },
  };
}
