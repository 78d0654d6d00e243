/**
 * The "Your account" section's state (docs/staff.md "Passkeys"): the signed-in staff member's
 * passkeys, adding one (a name, the server's options, the browser's dialog, the answer) and
 * removing one; both behind a fresh second factor (a staff_reauth_required refusal opens the
 * confirmation). Forgotten at logout.
 */
import { atom } from 'nanostores';
import {
  getStaffPasskeys,
  postStaffPasskey,
  postStaffPasskeyOptions,
  postStaffPasskeyRemove,
  type StaffPasskey,
} from '#src/contract/staff.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm } from '#src/stores/form.ts';
import { isPasskeyCeremonyError, passkeyRegistration } from '../passkey-ceremony.ts';
import { $passkeyCancelled, askForReauth, onSessionEnd } from '../session-store.ts';

export const $passkeys = atom<StaffPasskey[] | null>(null);
/** The passkey just added or removed, for the status line. */
export const $passkeyChange = atom<{ kind: 'added' | 'removed'; name: string } | null>(null);

onSessionEnd(() => {
  $passkeys.set(null);
  $passkeyChange.set(null);
});

export const passkeysForm = createForm(
  async () => {
    const { passkeys } = await environment().api.call(getStaffPasskeys);
    $passkeys.set(passkeys);
  },
  { repeatable: true },
);

function handle(error: unknown): boolean {
  if (askForReauth(error)) return true;
  if (!isPasskeyCeremonyError(error)) return false;
  $passkeyCancelled.set(true);
  return true;
}

export const addPasskeyForm = createForm(
  async (name: string) => {
    $passkeyCancelled.set(false);
    $passkeyChange.set(null);
    const { api } = environment();
    const { options } = await api.call(postStaffPasskeyOptions);
    const credential = await passkeyRegistration(options);
    const { passkey } = await api.call(postStaffPasskey, { body: { name, credential } });
    $passkeys.set([...($passkeys.get() ?? []), passkey]);
    $passkeyChange.set({ kind: 'added', name: passkey.name });
  },
  { repeatable: true, handle },
);

export const removePasskeyForm = createForm(
  async (passkey: StaffPasskey) => {
    $passkeyChange.set(null);
    await environment().api.call(postStaffPasskeyRemove, { body: { id: passkey.id } });
    $passkeys.set(($passkeys.get() ?? []).filter((row) => row.id !== passkey.id));
    $passkeyChange.set({ kind: 'removed', name: passkey.name });
  },
  { repeatable: true, handle },
);
