/**
 * The account forms of the settings screen (SPEC §2.7 "Settings", §4 "E-mail change", §8):
 * change e-mail (a confirmation link goes to the new address), change password and the
 * interface language. The server sends its error texts translated; the one client-side
 * check, the repeated password, is a CheckError.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { postMailChange, postPasswordChange } from '#src/contract/accounts.ts';
import type { Locale } from '#src/lib/locales.ts';
import { changeLanguage } from '#src/stores/account.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

export interface PasswordChange {
  oldPassword: string;
  password: string;
  passwordRepeat: string;
}

export interface AccountForms {
  /** The new address, confirmed with the current password. */
  mailChange: Form<[email: string, password: string], void>;
  /** The address the last confirmation link went to. */
  $mailSentTo: ReadableAtom<string | null>;
  passwordChange: Form<[input: PasswordChange], void>;
  /** Saves the language and reloads the page in it. */
  language: Form<[locale: Locale], void>;
}

export function createAccountForms(): AccountForms {
  const $mailSentTo = atom<string | null>(null);
  return {
    $mailSentTo,
    mailChange: createForm(
      async (email: string, password: string) => {
        await environment().api.call(postMailChange, { body: { email: email.trim(), password } });
        $mailSentTo.set(email.trim());
      },
      { repeatable: true },
    ),
    passwordChange: createForm(
      async ({ oldPassword, password, passwordRepeat }: PasswordChange) => {
        if (password !== passwordRepeat) throw new CheckError('settings.password.not_same', 'password_repeat');
        await environment().api.call(postPasswordChange, {
          body: { old_password: oldPassword, password, password_repeat: passwordRepeat },
        });
      },
      { repeatable: true },
    ),
    language: createForm((locale: Locale) => changeLanguage(locale)),
  };
}
