/**
 * Password reset, request screen (SPEC §2.7, §8): asks for the e-mail address and sends
 * the reset e-mail. Errors are the server's texts ('E-mail address not found', the daily cap).
 */
import '#src/styles/islands.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { Alert } from '#src/ui/fields.tsx';
import { EmailField } from '#src/features/auth/EmailField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { resetRequestForm } from '#src/features/auth/password-reset-store.ts';
import { useHydrated } from '#src/features/auth/hooks.ts';

export default function AuthResetPassword({ locale, catalogue }: AuthIslandProps) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <ResetRequest />
    </IslandI18n>
  );
}

function ResetRequest() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { busy, error, done } = useForm(resetRequestForm);
  const input = useRef<HTMLInputElement | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    void resetRequestForm.submit(email);
  }

  if (done)
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{t('auth.reset.sent')}</Alert>
        <a href="/login" className="btn btn-outline w-full">
          {t('auth.reset.back_to_login')}
        </a>
      </div>
    );
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-ink-muted">{t('auth.reset.text')}</p>
      <EmailField
        autoComplete="email"
        value={email}
        error={error ?? undefined}
        inputRef={(el) => {
          input.current = el;
        }}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy || !hydrated}>
        {t('auth.reset.submit')}
      </button>
      <a href="/login" className="text-center font-semibold">
        {t('auth.reset.back_to_login')}
      </a>
    </form>
  );
}
