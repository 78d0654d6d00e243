/**
 * Password reset, do screen (SPEC §2.7, §8): a new password from the e-mailed link
 * (?token=). A used, expired or missing link shows 'Link expired or invalid, request a new
 * email' with the way back to the request screen.
 */
import '../styles/islands.css';
import { useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../client/api.ts';
import { PASSWORD_MAX, PASSWORD_MIN, putPasswordReset } from '../contract/accounts.ts';
import { AuthProvider, type AuthIslandProps } from '../features/auth/AuthProvider.tsx';
import { Alert, PasswordField } from '#src/ui/fields.tsx';
import { authApi } from '../features/auth/browser.ts';
import { useQueryParam } from '../features/auth/hooks.ts';
import { errorMessage } from './AuthResetPassword.tsx';

export default function AuthResetPasswordDo({ locale, catalogue }: AuthIslandProps) {
  return (
    <AuthProvider locale={locale} catalogue={catalogue}>
      <ResetDo />
    </AuthProvider>
  );
}

type DoState =
  | { status: 'idle' | 'sending' | 'done' | 'link_invalid' }
  | { status: 'failed'; field: 'password' | 'repeat' | null; message: string };

const TOKEN_PATTERN = /^.{10,200}$/;

function ResetDo() {
  const { t } = useTranslation();
  const token = useQueryParam('token');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [state, setState] = useState<DoState>({ status: 'idle' });
  const passwordInput = useRef<HTMLInputElement | null>(null);
  const repeatInput = useRef<HTMLInputElement | null>(null);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (state.status === 'sending' || token === null) return;
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
      const key = password.length < PASSWORD_MIN ? 'password_too_short' : 'password_too_long';
      setState({
        status: 'failed',
        field: 'password',
        message: t(`auth.validation.${key}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      });
      passwordInput.current?.focus();
      return;
    }
    if (password !== repeat) {
      setState({ status: 'failed', field: 'repeat', message: t('auth.validation.passwords_differ') });
      repeatInput.current?.focus();
      return;
    }
    setState({ status: 'sending' });
    try {
      await authApi().call(putPasswordReset, { body: { token, password } });
      setState({ status: 'done' });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'link_invalid' || error.code === 'invalid_input')) {
        setState({ status: 'link_invalid' });
        return;
      }
      const field = error instanceof ApiError && error.code.startsWith('password_') ? 'password' : null;
      setState({ status: 'failed', field, message: errorMessage(error, t) });
      passwordInput.current?.focus();
    }
  }

  if (state.status === 'done')
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{t('auth.reset.done')}</Alert>
        <a href="/login" className="btn btn-primary btn-lg w-full">
          {t('auth.login.submit')}
        </a>
      </div>
    );
  // Mounted client-only, so a missing token is known at once.
  if (state.status === 'link_invalid' || token === null || !TOKEN_PATTERN.test(token)) return <LinkInvalid />;

  const error = state.status === 'failed' ? state : null;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      {error?.field === null && <Alert tone="danger">{error.message}</Alert>}
      <PasswordField
        label={t('auth.reset.new_password')}
        name="password"
        autoComplete="new-password"
        required
        value={password}
        hint={t('auth.signup.password_hint', { min: PASSWORD_MIN })}
        error={error?.field === 'password' ? error.message : undefined}
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
        error={error?.field === 'repeat' ? error.message : undefined}
        inputRef={(el) => {
          repeatInput.current = el;
        }}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={state.status === 'sending'}>
        {t('auth.reset.do_submit')}
      </button>
    </form>
  );
}

function LinkInvalid() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="danger">{t('auth.reset.link_invalid')}</Alert>
      <a href="/reset-password" className="btn btn-primary w-full">
        {t('auth.reset.request_new')}
      </a>
    </div>
  );
}
