/**
 * The account forms of the settings screen (SPEC §2.7 "Settings", §4 "E-mail change", §8):
 * change e-mail (a confirmation link goes to the new address) and change password. The
 * server sends its error texts translated (error.message); the one client-side check, the
 * repeated password, is reported as a code the screen translates.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ApiClient } from '#src/client/api.ts';
import { postMailChange, postPasswordChange } from '#src/contract/accounts.ts';

export type FormState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'done' }
  | { status: 'error'; message: string | null; code: 'passwords_differ' | null };

export interface AccountForms {
  $mailChange: ReadableAtom<FormState & { email?: string }>;
  $passwordChange: ReadableAtom<FormState>;
  changeEmail: (email: string) => Promise<void>;
  changePassword: (input: { oldPassword: string; password: string; passwordRepeat: string }) => Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createAccountForms(api: ApiClient): AccountForms {
  const $mailChange = atom<FormState & { email?: string }>({ status: 'idle' });
  const $passwordChange = atom<FormState>({ status: 'idle' });
  return {
    $mailChange,
    $passwordChange,
    async changeEmail(email) {
      if ($mailChange.get().status === 'sending') return;
      $mailChange.set({ status: 'sending' });
      try {
        await api.call(postMailChange, { body: { email: email.trim() } });
        $mailChange.set({ status: 'done', email: email.trim() });
      } catch (error) {
        $mailChange.set({ status: 'error', message: messageOf(error), code: null });
      }
    },
    async changePassword({ oldPassword, password, passwordRepeat }) {
      if ($passwordChange.get().status === 'sending') return;
      if (password !== passwordRepeat) {
        $passwordChange.set({ status: 'error', message: null, code: 'passwords_differ' });
        return;
      }
      $passwordChange.set({ status: 'sending' });
      try {
        await api.call(postPasswordChange, {
          body: { old_password: oldPassword, password, password_repeat: passwordRepeat },
        });
        $passwordChange.set({ status: 'done' });
      } catch (error) {
        $passwordChange.set({ status: 'error', message: messageOf(error), code: null });
      }
    },
  };
}
