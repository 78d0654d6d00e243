/**
 * The passkey button of the login's second step and of re-authentication (docs/staff.md
 * "Passkeys"): runs the form that asks the server for a challenge, opens the browser's dialog
 * and sends the answer; shows a server refusal, or that the dialog was closed.
 */
import { useStore } from '@nanostores/react';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { $passkeyCancelled, type passkeyLoginForm } from './session-store.ts';
import { TEXT } from './texts.ts';

export function PasskeyButton({ form }: { form: typeof passkeyLoginForm }) {
  const { busy, error } = useForm(form);
  const cancelled = useStore($passkeyCancelled);
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void form.submit()}>
        {TEXT.passkey_use}
      </button>
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      {cancelled && <FormMessage tone="danger">{TEXT.passkey_cancelled}</FormMessage>}
    </div>
  );
}
