/**
 * The screens of the signup flow, one per state of $signup (signup-state.ts): the step
 * counter, the site-entry warning, 'sending' and the invite-only end here; the account step
 * in SignupAccountStep.tsx, the steps after it in SignupProfileSteps.tsx. They only read the
 * stores and call their actions.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#src/ui/fields.tsx';
import ProgressBar from '#src/ui/ProgressBar.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { acceptSiteEntry } from './signup-account-store.ts';
import { $signup, stepNumber, type SignupState } from './signup-state.ts';
import { AccountStep } from './SignupAccountStep.tsx';
import { CompleteStep, PersonalStep, PhotoStep, PushStep } from './SignupProfileSteps.tsx';
import { StepTitle } from './SignupStepTitle.tsx';

/** The current step's screen. */
export function SignupSteps({ titleId }: { titleId: string }) {
  const state = useStore($signup);
  const step = stepNumber(state);
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      {step && (
        <div>
          <p className="text-sm font-semibold text-ink-muted">{t('auth.signup.step_of', step)}</p>
          <ProgressBar
            label={t('auth.signup.step_of', step)}
            value={step.n}
            min={1}
            max={step.total}
            className="mt-2 h-1.5 bg-surface-alt"
          />
        </div>
      )}
      <StepView state={state} titleId={titleId} />
    </div>
  );
}

function StepView({ state, titleId }: { state: SignupState; titleId: string }) {
  const { t } = useTranslation();
  switch (state.step) {
    case 'site_entry':
      return <SiteEntryStep titleId={titleId} />;
    case 'account':
      return <AccountStep titleId={titleId} />;
    case 'sending':
      return (
        <>
          <StepTitle id={titleId}>{t('auth.signup.title')}</StepTitle>
          <Spinner variant="large" label={t('auth.signup.sending')} />
        </>
      );
    case 'photo':
      return <PhotoStep titleId={titleId} />;
    case 'personal':
      return <PersonalStep titleId={titleId} page={state.page} />;
    case 'push':
      return <PushStep titleId={titleId} />;
    case 'complete':
      return <CompleteStep titleId={titleId} state={state} />;
    case 'closed':
      return (
        <>
          <StepTitle id={titleId}>{t('auth.signup.invite_only_title')}</StepTitle>
          <Alert tone="info">{state.message ?? t('auth.signup.invite_only')}</Alert>
          <a href="/" className="btn btn-outline w-full">
            {t('auth.signup.back_home')}
          </a>
        </>
      );
  }
}

function SiteEntryStep({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <StepTitle id={titleId}>{t('site_entry.title')}</StepTitle>
      <p className="font-medium">{t('site_entry.intro')}</p>
      <p>{t('site_entry.age')}</p>
      <ul className="space-y-2 text-sm text-ink-muted">
        {[t('site_entry.fictional', { fictional_plural: t('fictional.plural') }), t('site_entry.credits')].map(
          (text) => (
            <li key={text} className="flex gap-2">
              <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary-ink" aria-hidden="true" />
              {text}
            </li>
          ),
        )}
      </ul>
      <button type="button" className="btn btn-primary btn-lg w-full" onClick={acceptSiteEntry}>
        {t('auth.signup.entry_continue')}
      </button>
    </>
  );
}
