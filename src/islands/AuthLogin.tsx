/**
 * Login (SPEC §2.7, §8): e-mail and password. The server's message is shown as sent;
 * a banned account goes to the access-ban page; success lands on members.
 */
import '../styles/islands.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../client/api.ts';
import { postLogin } from '../contract/accounts.ts';
import { AuthProvider, type AuthIslandProps } from '../features/auth/AuthProvider.tsx';
import { Alert, PasswordField, TextField } from '#src/ui/fields.tsx';
import { authApi, navigate } from '../features/auth/browser.ts';
import { useHydrated, useQueryParam } from '../features/auth/hooks.ts';

interface Props extends AuthIslandProps {
  /** `?reactivated=1`: the account was just reactivated from the e-mailed link. */
  reactivated?: boolean;
}

export default function AuthLogin({ locale, catalogue, reactivated = false }: Props) {
  return (
    <AuthProvider locale={locale} catalogue={catalogue}>
      <LoginForm reactivated={reactivated} />
    </AuthProvider>
  );
}

type LoginState =
  { status: 'idle' } | { status: 'sending' } | { status: 'failed'; message: string } | { status: 'done' };

function LoginForm({ reactivated }: { reactivated: boolean }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<LoginState>({ status: 'idle' });
  const emailRef = useRef<HTMLInputElement | null>(null);
  const showReactivated = useQueryParam('reactivated') !== null || reactivated;
  const hydrated = useHydrated();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (state.status === 'sending' || state.status === 'done') return;
    setState({ status: 'sending' });
    try {
      await authApi().call(postLogin, { body: { email: email.trim(), password } });
      setState({ status: 'done' });
      navigate('/members');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'login_banned') {
        navigate('/pages/ban');
        return;
      }
      const message =
        error instanceof ApiError && error.code !== 'network' && error.code !== 'internal'
          ? error.message
          : t(error instanceof ApiError && error.code === 'network' ? 'auth.network_error' : 'errors.try_later');
      setState({ status: 'failed', message });
      emailRef.current?.focus();
    }
  }

  const busy = state.status === 'sending' || state.status === 'done';
  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5" aria-busy={busy}>
      {showReactivated && <Alert tone="success">{t('auth.login.reactivated')}</Alert>}
      {state.status === 'failed' && <Alert tone="danger">{state.message}</Alert>}
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
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
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={busy || !hydrated}>
        {busy ? t('auth.login.submitting') : t('auth.login.submit')}
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
