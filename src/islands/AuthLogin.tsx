/**
 * Login (SPEC §2.7, §8): e-mail and password. The server's message is shown as sent;
 * a banned account goes to the access-ban page; success lands on members.
 */
import '#src/styles/islands.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { Alert, PasswordField } from '#src/ui/fields.tsx';
import { EmailField } from '#src/features/auth/EmailField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { loginForm } from '#src/features/auth/login-store.ts';
import { useHydrated, useQueryParam } from '#src/features/auth/hooks.ts';

interface Props extends AuthIslandProps {
  /** `?reactivated=1`: the account was just reactivated from the e-mailed link. */
  reactivated?: boolean;
}

export default function AuthLogin({ locale, catalogue, reactivated = false }: Props) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <LoginForm reactivated={reactivated} />
    </IslandI18n>
  );
}

function LoginForm({ reactivated }: { reactivated: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, done } = useForm(loginForm);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const showReactivated = useQueryParam('reactivated') !== null || reactivated;
  const hydrated = useHydrated();

  useEffect(() => {
    if (error) emailRef.current?.focus();
  }, [error]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    void loginForm.submit(email, password);
  }

  // After a success the page is already on its way to members.
  const sending = busy || done;
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={sending}>
      {showReactivated && <Alert tone="success">{t('auth.login.reactivated')}</Alert>}
      {error && <Alert tone="danger">{error}</Alert>}
      <EmailField
        autoComplete="username"
        value={email}
        inputRef={(el) => {
          emailRef.current = el;
        }}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div>
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <a href="/reset-password" className="mt-2 inline-block text-sm font-semibold">
          {t('auth.login.forgot')}
        </a>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={sending || !hydrated}>
        {sending ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
      <p className="text-center text-ink-muted">
        {t('auth.login.no_account')}{' '}
        <a href="/signup" className="font-semibold">
          {t('auth.login.signup')}
        </a>
      </p>
    </form>
  );
}
