/**
 * E-mail change confirmation (SPEC §2.7, §4): /mail-change/do reads ?token=, confirms the
 * change once on mount and shows the new address, or that the link is not valid.
 */
import '../styles/islands.css';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../client/api.ts';
import { putMailChange } from '../contract/accounts.ts';
import { AuthProvider, type AuthIslandProps } from '../features/auth/AuthProvider.tsx';
import { Alert } from '#src/ui/fields.tsx';
import { Progress } from '../features/auth/fields.tsx';
import { authApi, queryParam } from '../features/auth/browser.ts';
import { errorMessage } from './AuthResetPassword.tsx';

export default function AuthMailChange({ locale, catalogue }: AuthIslandProps) {
  return (
    <AuthProvider locale={locale} catalogue={catalogue}>
      <MailChange />
    </AuthProvider>
  );
}

type ChangeState =
  | { status: 'working' }
  | { status: 'done'; email: string }
  | { status: 'link_invalid' }
  | { status: 'failed'; message: string };

function MailChange() {
  const { t } = useTranslation();
  // Mounted client-only: the token is read once, before the first render.
  const [token] = useState(() => queryParam('token'));
  const [state, setState] = useState<ChangeState>(() =>
    token && token.length >= 10 && token.length <= 200 ? { status: 'working' } : { status: 'link_invalid' },
  );

  useEffect(() => {
    if (!token || state.status !== 'working') return;
    let cancelled = false;
    authApi()
      .call(putMailChange, { body: { token } })
      .then(
        ({ email }) => !cancelled && setState({ status: 'done', email }),
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && (error.code === 'link_invalid' || error.code === 'invalid_input'))
            setState({ status: 'link_invalid' });
          else setState({ status: 'failed', message: errorMessage(error, t) });
        },
      );
    return () => {
      cancelled = true;
    };
    // Runs once for the page's token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  switch (state.status) {
    case 'working':
      return <Progress label={t('auth.mail_change.working')} />;
    case 'done':
      return (
        <div className="flex flex-col gap-5">
          <Alert tone="success">
            <Trans
              i18nKey="auth.mail_change.done"
              values={{ email: state.email }}
              components={{ email: <strong className="break-all" /> }}
            />
          </Alert>
          <a href="/notifications" className="btn btn-primary w-full">
            {t('auth.mail_change.to_settings')}
          </a>
        </div>
      );
    case 'link_invalid':
      return <Alert tone="danger">{t('auth.mail_change.link_invalid')}</Alert>;
    case 'failed':
      return <Alert tone="danger">{state.message}</Alert>;
  }
}
