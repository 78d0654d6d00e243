/**
 * Password reset, do screen (SPEC §2.7, §8): a new password from the e-mailed link
 * (?token=). A used, expired or missing link shows 'Link expired or invalid, request a new
 * email' with the way back to the request screen.
 */
import { PASSWORD_MIN } from '#src/contract/limits.ts';
import '#src/styles/islands.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { Alert, PasswordField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { $resetLinkInvalid, isWellFormedToken, resetDoForm } from '#src/features/auth/password-reset-store.ts';
import { useQueryParam } from '#src/features/auth/hooks.ts';

export default function AuthResetPasswordDo({ locale, catalogue }: AuthIslandProps) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <ResetDo />
    </IslandI18n>
  );
}

function ResetDo() {
  const { t } = useTranslation();
  const token = useQueryParam('token');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, error, errorField, done } = useForm(resetDoForm);
  const linkInvalid = useStore($resetLinkInvalid);
  const passwordInput = useRef<HTMLInputElement | null>(null);
  const repeatInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (error) (errorField === 'repeat' ? repeatInput : passwordInput).current?.focus();
  }, [error, errorField]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (token !== null) void resetDoForm.submit(token, password, repeat);
  }

  if (done)
    return <Outcome tone="success" text={t('auth.reset.done')} href="/login" link={t('auth.login.submit')} large />;
  // Mounted client-only, so a missing token is known at once.
  if (linkInvalid || !isWellFormedToken(token))
    return (
      <Outcome
        tone="danger"
        text={t('auth.reset.link_invalid')}
        href="/reset-password"
        link={t('auth.reset.request_new')}
      />
    );

  const fieldError = (field: string) => (error && errorField === field ? error : undefined);
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {error && errorField !== 'password' && errorField !== 'repeat' && <Alert tone="danger">{error}</Alert>}
      <PasswordField
        label={t('auth.reset.new_password')}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        hint={t('auth.signup.password_hint', { min: PASSWORD_MIN })}
        error={fieldError('password')}
        inputRef={(el) => {
          passwordInput.current = el;
        }}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label={t('auth.reset.repeat_password')}
        name="password_repeat"
        autoComplete="new-password"
        required
        value={repeat}
        error={fieldError('repeat')}
        inputRef={(el) => {
          repeatInput.current = el;
        }}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy}>
        {t('auth.reset.do_submit')}
      </button>
    </form>
  );
}

/** How the reset ended (done, or a link that no longer works) and the way on. */
function Outcome({
  tone,
  text,
  href,
  link,
  large = false,
}: {
  tone: 'success' | 'danger';
  text: string;
  href: string;
  link: string;
  large?: boolean;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Alert tone={tone}>{text}</Alert>
      <a href={href} className={`btn btn-primary w-full ${large ? 'btn-lg' : ''}`}>
        {link}
      </a>
    </div>
  );
}
