/**
 * /complete-signup (SPEC §2.7): a logged-in, not-confirmed member finishes the signup flow
 * after the account step (photo, steps 2–4, push opt-in, 'check your e-mail'), going on at
 * the step after the last one done (`resumeLoggedInSignup`).
 */
import '#src/styles/islands.css';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { AuthIslandProps } from '#src/features/auth/catalogue.ts';
import IslandI18n from '#src/ui/IslandI18n.tsx';
import { SignupShell } from '#src/features/auth/SignupShell.tsx';
import { SignupSteps } from '#src/features/auth/SignupSteps.tsx';
import { $signup, isLoggedInStep } from '#src/features/auth/signup-state.ts';
import { $signupResuming, resumeLoggedInSignup, resumeSignup } from '#src/features/auth/signup-store.ts';
import { $session, loadSession } from '#src/stores/session.ts';
import Spinner from '#src/ui/Spinner.tsx';

export default function SignupComplete({ locale, catalogue }: AuthIslandProps) {
  return (
    <IslandI18n locale={locale} catalogue={catalogue}>
      <CompleteSignup />
    </IslandI18n>
  );
}

function CompleteSignup() {
  const { t } = useTranslation();
  const session = useStore($session);
  const signup = useStore($signup);
  const asking = useStore($signupResuming);

  useEffect(() => {
    let resumed = false;
    const unbind = $session.listen((state) => {
      if (resumed || state.status !== 'member' || state.user.status !== 'not_confirmed') return;
      resumed = true;
      const { email } = state.user;
      // Without an answer on how far it went, the flow goes on from the photo step.
      void resumeLoggedInSignup().then(() => {
        if (!isLoggedInStep($signup.get())) resumeSignup(email);
      });
    });
    void loadSession({ cookies: document.cookie });
    return unbind;
  }, []);

  const resuming = signup.step !== 'account' && signup.step !== 'site_entry';
  if (session.status === 'member' && session.user.status === 'not_confirmed' && resuming)
    return <SignupShell presentation="page">{(titleId) => <SignupSteps titleId={titleId} />}</SignupShell>;

  return (
    <div className="mx-auto w-full max-w-xl px-3 py-6 sm:py-8">
      <div className="card flex flex-col gap-5 bg-surface p-5 text-ink elevation-2 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{t('auth.complete_signup.title')}</h1>
        {(session.status === 'loading' || asking) && <Spinner variant="large" label={t('common.loading')} />}
        {session.status === 'error' && <p role="alert">{t('errors.try_later')}</p>}
        {session.status === 'guest' && (
          <>
            <p>{t('auth.complete_signup.login_required')}</p>
            <a href="/login" className="btn btn-primary w-full">
              {t('auth.login.submit')}
            </a>
          </>
        )}
        {session.status === 'member' && session.user.status !== 'not_confirmed' && (
          <>
            <p>{t('auth.complete_signup.already_done')}</p>
            <a href="/members" className="btn btn-primary w-full">
              {t('auth.complete_signup.to_members')}
            </a>
          </>
        )}
      </div>
    </div>
  );
}
