/**
 * Password reset, request screen (SPEC §2.7, §8): asks for the e-mail address and sends
 * the reset e-mail. Errors are the server's texts ('E-mail address not found', the daily cap).
 */
import '../styles/islands.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../client/api.ts';
import { postPasswordReset } from '../contract/accounts.ts';
import { AuthProvider, type AuthIslandProps } from '../features/auth/AuthProvider.tsx';
import { Alert, TextField } from '#src/ui/fields.tsx';
import { authApi } from '../features/auth/browser.ts';
import { isValidEmail } from '../features/auth/signup-store.ts';
import { useHydrated } from '../features/auth/hooks.ts';

export default function AuthResetPassword({ locale, catalogue }: AuthIslandProps) {
  return (
    <AuthProvider locale={locale} catalogue={catalogue}>
      <ResetRequest />
    </AuthProvider>
  );
}

type RequestState = { status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string };

function ResetRequest() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<RequestState>({ status: 'idle' });
  const input = useRef<HTMLInputElement | null>(null);
  const hydrated = useHydrated();

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (state.status === 'sending') return;
    if (!isValidEmail(email)) {
      setState({ status: 'failed', message: t('auth.validation.email_invalid') });
      input.current?.focus();
      return;
    }
    setState({ status: 'sending' });
    try {
      await authApi().call(postPasswordReset, { body: { email: email.trim() } });
      setState({ status: 'sent' });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, t) });
      input.current?.focus();
    }
  }

  if (state.status === 'sent')
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{t('auth.reset.sent')}</Alert>
        <a href="/login" className="btn btn-outline w-full">
          {t('auth.reset.back_to_login')}
        </a>
      </div>
    );
  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      <p className="text-ink-muted">{t('auth.reset.text')}</p>
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={state.status === 'failed' ? state.message : undefined}
        inputRef={(el) => {
          input.current = el;
        }}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={state.status === 'sending' || !hydrated}
      >
        {t('auth.reset.submit')}
      </button>
      <a href="/login" className="text-center font-semibold">
        {t('auth.reset.back_to_login')}
      </a>
    </form>
  );
}

/** The server's translated message; our own text for a lost connection or a crash. */
export function errorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.code === 'network') return t('auth.network_error');
  if (error instanceof ApiError && error.code !== 'internal' && error.message) return error.message;
  return t('errors.try_later');
}
