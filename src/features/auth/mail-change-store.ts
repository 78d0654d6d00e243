/**
 * E-mail change confirmation (SPEC §2.7, §4): the token of the e-mailed link is sent once;
 * the answer is the new address, or that the link is not valid (its own screen). The same
 * page takes the old address's undo link: then the answer is the restored address, `undone`.
 */
import { atom } from 'nanostores';
import { putMailChange } from '#src/contract/accounts.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { isLinkRefused } from './password-reset-store.ts';

/** The confirmed new address, once the change is done. */
export const $changedEmail = atom<string | null>(null);
export const $mailChangeLinkInvalid = atom(false);
/** True when the link undid a change: the old address is back and a reset link was sent. */
export const $mailChangeUndone = atom(false);

export const mailChangeForm = createForm(
  (token: string) => environment().api.call(putMailChange, { body: { token } }),
  {
    handle: (error) => {
      if (!isLinkRefused(error)) return false;
      $mailChangeLinkInvalid.set(true);
      return true;
    },
    onDone: ({ email, undone }) => {
      $mailChangeUndone.set(undone === true);
      $changedEmail.set(email);
    },
  },
);
