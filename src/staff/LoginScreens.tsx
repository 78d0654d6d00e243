/**
 * The back office's login screens (docs/staff.md "Login"): password, the second factor (a
 * passkey when the account has one, the authenticator app's code or a recovery code), the
 * enrolment with its QR code, and the recovery codes shown once. Each moves the focus to its
 * heading.
 */
import { FormMessage, PasswordField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Heading, field } from './console-ui.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';
import {
  chooseRecoveryCode,
  enrolForm,
  loginForm,
  passkeyLoginForm,
  recoveryCodesStored,
  secondFactorForm,
} from './session-store.ts';
import { TEXT } from './texts.ts';

export function LoginScreen() {
  const { busy, error } = useForm(loginForm);
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void loginForm.submit(field(event, 'email'), field(event, 'password', false));
      }}
    >
      <Heading>{TEXT.login_title}</Heading>
      <p className="text-ink-muted">{TEXT.login_intro}</p>
      <TextField label={TEXT.email} name="email" type="email" autoComplete="username" required />
      <PasswordField label={TEXT.password} name="password" autoComplete="current-password" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.next}
      </button>
    </form>
  );
}

export function SecondFactorScreen({ recovery, passkey }: { recovery: boolean; passkey: boolean }) {
  const { busy, error } = useForm(secondFactorForm);
  const offerPasskey = passkey && !recovery;
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void secondFactorForm.submit(field(event, 'code'), recovery);
      }}
    >
      <Heading>{TEXT.totp_title}</Heading>
      {offerPasskey && (
        <>
          <p className="text-ink-muted">{TEXT.passkey_intro}</p>
          <PasskeyButton form={passkeyLoginForm} />
        </>
      )}
      <p className="text-ink-muted">
        {recovery ? TEXT.codes_intro : offerPasskey ? TEXT.passkey_or_code : TEXT.totp_intro}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'totp'}
        label={recovery ? TEXT.recovery_code : TEXT.totp_code}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
      />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className={offerPasskey ? 'btn btn-outline' : 'btn btn-primary'} disabled={busy}>
        {TEXT.verify}
      </button>
      <button type="button" className="btn btn-outline" onClick={() => chooseRecoveryCode(!recovery)}>
        {recovery ? TEXT.use_totp : TEXT.use_recovery}
      </button>
    </form>
  );
}

export function EnrolScreen({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { busy, error } = useForm(enrolForm);
  return (
    <form
      className="card flex flex-col gap-4 p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void enrolForm.submit(field(event, 'code'));
      }}
    >
      <Heading>{TEXT.enrol_title}</Heading>
      <p className="text-ink-muted">{TEXT.enrol_intro}</p>
      {/* The server's QR code (SVG of squares, no script). */}
      <div
        role="img"
        aria-label={TEXT.enrol_qr}
        className="w-48 bg-white p-2"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p>
        {TEXT.enrol_key}: <code className="break-all">{secret}</code>
      </p>
      <TextField label={TEXT.totp_code} name="code" autoComplete="one-time-code" inputMode="numeric" required />
      {error && <FormMessage tone="danger">{error}</FormMessage>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {TEXT.verify}
      </button>
    </form>
  );
}

export function RecoveryCodesScreen({ codes }: { codes: readonly string[] }) {
  return (
    <div className="card flex flex-col gap-4 p-6">
      <Heading>{TEXT.codes_title}</Heading>
      <p className="text-ink-muted">{TEXT.codes_intro}</p>
      <ul className="grid grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={recoveryCodesStored}>
        {TEXT.codes_done}
      </button>
    </div>
  );
}
