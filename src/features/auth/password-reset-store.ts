/**
 * Password reset (SPEC §2.7, §8): the request form that sends the e-mail, and the form of
 * the e-mailed link (?token=) that sets the new password. A used, expired or malformed link
 * is not an error text but its own screen ($resetLinkInvalid).
 */
import { atom } from 'nanostores';
import { ApiError } from '#src/client/api.ts';
import { LINK_TOKEN_MAX, LINK_TOKEN_MIN } from '#src/contract/limits.ts';
import { postPasswordReset, putPasswordReset } from '#src/contract/accounts.ts';
import { CheckError } from '#src/stores/errors.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { isValidEmail, passwordCheck } from './signup-checks.ts';

export const resetRequestForm = createForm(async (email: string) => {
  if (!isValidEmail(email)) throw new CheckError('auth.validation.email_invalid', 'email');
  await environment().api.call(postPasswordReset, { body: { email: email.trim() } });
});

/** True once the server refused the link's token. */
export const $resetLinkInvalid = atom(false);

/** What the server answers for a token it does not know (any more). */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'link_invalid' || error.code === 'invalid_input');
}

/** The same bounds the server's contract sets on a token: anything else is not a link of ours. */
export function isWellFormedToken(token: string | null): token is string {
  return token !== null && token.length >= LINK_TOKEN_MIN && token.length <= LINK_TOKEN_MAX;
}

export const resetDoForm = createForm(
  async (token: string, password: string, repeat: string) => {
    const tooShortOrLong = passwordCheck(password);
    if (tooShortOrLong) throw tooShortOrLong;
    if (password !== repeat) throw new CheckError('auth.validation.passwords_differ', 'repeat');
    await environment().api.call(putPasswordReset, { body: { token, password } });
  },
  {
    handle: (error) => {
      if (!isLinkRefused(error)) return false;
      $resetLinkInvalid.set(true);
      return true;
    },
  },
);
