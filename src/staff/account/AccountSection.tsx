/**
 * The "Your account" section (docs/staff.md "Passkeys"): who is signed in, and their passkeys:
 * listed with when each was added and last used, added under a name, removed. Adding and
 * removing ask for a fresh second factor first when the last one is older than the
 * re-authentication window.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { PASSKEY_NAME_MAX } from '#src/contract/staff.ts';
import { FormMessage, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, ReauthForm, Table, field } from '../console-ui.tsx';
import { when } from '../money/format.ts';
import { $me, $passkeyCancelled, $reauthNeeded } from '../session-store.ts';
import { TEXT } from '../texts.ts';
import { $passkeyChange, $passkeys, addPasskeyForm, passkeysForm, removePasskeyForm } from './account-store.ts';
import { ACCOUNT_TEXT as T } from './texts.ts';

function PasskeyList() {
  const passkeys = useStore($passkeys);
  const { busy, error } = useForm(removePasskeyForm);
  if (!passkeys) return <p role="status">{TEXT.loading}</p>;
  if (passkeys.length === 0) return <p className="text-ink-muted">{T.none}</p>;
  return (
    <>
      <Table columns={[T.name, T.added, T.last_used, T.actions]} labelledBy="passkeys-title">
        {passkeys.map((passkey) => (
          <tr key={passkey.id} className="border-t border-line">
            <td className="p-2">{passkey.name}</td>
            <td className="p-2">{when(passkey.created_at)}</td>
            <td className="p-2">{passkey.last_used_at ? when(passkey.last_used_at) : T.never}</td>
            <td className="p-2">
              <button
                type="button"
                className="btn btn-outline"
                disabled={busy}
                onClick={() => void removePasskeyForm.submit(passkey)}
              >
                {T.remove} {passkey.name}
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
    </>
  );
}

function AddPasskey() {
  const { busy, error } = useForm(addPasskeyForm);
  const cancelled = useStore($passkeyCancelled);
  return (
    <form
      className="card flex flex-col gap-3 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void addPasskeyForm.submit(field(event, 'name'));
      }}
    >
      <h3 className="font-bold">{T.add_title}</h3>
      <p className="text-sm text-ink-muted">{T.add_intro}</p>
      <TextField label={T.name_label} name="name" maxLength={PASSKEY_NAME_MAX} required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {cancelled && <FormMessage tone="danger">{TEXT.passkey_cancelled}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {T.add}
      </button>
    </form>
  );
}

export default function AccountSection() {
  const me = useStore($me);
  const reauth = useStore($reauthNeeded);
  const change = useStore($passkeyChange);
  useEffect(() => {
    if (!$passkeys.get()) void passkeysForm.submit();
  }, []);
  return (
    <div className="flex flex-col gap-5">
      <Heading>{T.title}</Heading>
      {me && (
        <p>
          {me.name} ({me.email}) · {me.roles.join(', ')}
        </p>
      )}
      <section className="flex flex-col gap-3">
        <h2 id="passkeys-title" className="text-lg font-bold">
          {T.passkeys}
        </h2>
        <p className="text-ink-muted">{T.intro}</p>
        <div role="status">
          {change && (
            <p>
              {change.kind === 'added' ? T.added_done : T.removed_done} {change.name}
            </p>
          )}
        </div>
        {reauth && <ReauthForm />}
        <PasskeyList />
        <AddPasskey />
      </section>
    </div>
  );
}
