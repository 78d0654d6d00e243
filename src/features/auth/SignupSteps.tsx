/**
 * The screens of the signup flow, one per state of $signup (signup-store.ts). They only
 * read the stores and call its actions.
 */
import { ABOUT_ME_MAX, PASSWORD_MIN, SIGNUP_REASON_MAX } from '#src/contract/limits.ts';
import { useEffect, useRef, type SyntheticEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Trans, useTranslation } from 'react-i18next';
import { INTERESTS, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { attributeValueKey } from '#src/i18n/attribute-keys.ts';
import {
  $signup,
  $signupAnswers,
  $signupPush,
  $signupErrors,
  $signupValues,
  acceptSiteEntry,
  accountForm,
  answerPush,
  backPersonal,
  emailSuggestion,
  personalForm,
  resendForm,
  setAnswer,
  setSignupValue,
  stepNumber,
  toggleInterest,
  type PersonalPage,
  type ProfileAnswers,
  type SignupState,
} from './signup-store.ts';
import { Alert, FieldMessage, PasswordField, SelectField, TextField, inputClass } from '#src/ui/fields.tsx';
import ProgressBar from '#src/ui/ProgressBar.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { DateOfBirthField } from '#src/ui/DateOfBirthField.tsx';
import { EmailField } from './EmailField.tsx';
import { SignupPhotoUpload } from './SignupPhotoUpload.tsx';

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

function StepTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} tabIndex={-1} className="text-2xl font-extrabold tracking-tight outline-none sm:text-3xl">
      {children}
    </h1>
  );
}

/** Moves focus to the step title when the step changes, so screen readers follow. */
function useFocusTitle(titleId: string, key: string) {
  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [titleId, key]);
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

function AccountStep({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const values = useStore($signupValues);
  const errors = useStore($signupErrors);
  const { error } = useForm(accountForm);
  const form = useRef<HTMLFormElement>(null);
  const suggestion = emailSuggestion(values.email);

  // Focus the first invalid field after a submit: on mount (the server's answer) or after
  // the client's checks, not while the member edits and errors go away one by one.
  const wantFocus = useRef(true);
  useEffect(() => {
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!wantFocus.current || !invalid) return;
    wantFocus.current = false;
    invalid.focus();
  }, [errors]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    wantFocus.current = true;
    void accountForm.submit();
  }

  const emailCode = errors.email?.code;
  return (
    <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div>
        <StepTitle id={titleId}>{t('auth.signup.title')}</StepTitle>
        <p className="mt-1 text-ink-muted">{t('auth.signup.subtitle')}</p>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
      <EmailField
        autoComplete="email"
        value={values.email}
        error={errors.email?.text}
        onChange={(e) => setSignupValue('email', e.target.value)}
        after={
          <>
            {suggestion && (
              <p className="mt-1.5 text-sm">
                <Trans
                  i18nKey="auth.signup.did_you_mean"
                  values={{ suggestion }}
                  components={{
                    suggestion: (
                      <button
                        type="button"
                        className="font-semibold text-primary-ink underline"
                        onClick={() => setSignupValue('email', suggestion)}
                      />
                    ),
                  }}
                />
              </p>
            )}
            {emailCode === 'email_exists' && (
              <a href="/login" className="btn btn-outline mt-2 min-h-10 text-sm">
                {t('auth.log_in_now')}
              </a>
            )}
            {emailCode === 'email_pending_deletion' && (
              <a href="/pages/service" className="btn btn-outline mt-2 min-h-10 text-sm">
                {t('auth.customer_service')}
              </a>
            )}
          </>
        }
      />
      <TextField
        label={t('auth.signup.name')}
        name="name"
        autoComplete="nickname"
        required
        value={values.name}
        hint={t('auth.signup.name_hint')}
        error={errors.name?.text}
        onChange={(e) => setSignupValue('name', e.target.value)}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        hint={t('auth.signup.password_hint', { min: PASSWORD_MIN })}
        error={errors.password?.text}
        onChange={(e) => setSignupValue('password', e.target.value)}
      />
      <DateOfBirthField
        value={values.date_of_birth}
        error={errors.date_of_birth?.text}
        labels={{
          legend: t('auth.signup.date_of_birth'),
          day: t('auth.signup.day'),
          month: t('auth.signup.month'),
          year: t('auth.signup.year'),
        }}
        onChange={(value) => setSignupValue('date_of_birth', value)}
      />
      <ChoiceGroup
        legend={t('auth.signup.gender')}
        name="gender"
        value={values.gender}
        options={[
          { value: 'male', label: t('auth.signup.male') },
          { value: 'female', label: t('auth.signup.female') },
        ]}
        error={errors.gender?.text}
        onChange={(value) => setSignupValue('gender', value as 'male' | 'female')}
      />
      <ChoiceGroup
        legend={t('auth.signup.seeking')}
        name="seeking"
        value={values.seeking}
        options={[
          { value: 'male', label: t('auth.signup.seeking_male') },
          { value: 'female', label: t('auth.signup.seeking_female') },
        ]}
        onChange={(value) => setSignupValue('seeking', value as 'male' | 'female')}
      />
      <div>
        <label htmlFor="signup-message" className="mb-1.5 block font-semibold">
          {t('auth.signup.signup_message')} <span className="text-ink-muted">({t('auth.optional')})</span>
        </label>
        <textarea
          id="signup-message"
          name="signup_message"
          rows={3}
          maxLength={SIGNUP_REASON_MAX}
          className={inputClass}
          placeholder={t('auth.signup.signup_message_placeholder')}
          value={values.signup_message}
          onChange={(e) => setSignupValue('signup_message', e.target.value)}
        />
      </div>
      <TermsCheckbox
        checked={values.terms}
        error={errors.terms?.text}
        onChange={(checked) => setSignupValue('terms', checked)}
      />
      <button type="submit" className="btn btn-primary btn-lg w-full">
        {t('auth.signup.submit')}
      </button>
      <p className="text-center text-ink-muted">
        {t('auth.signup.has_account')}{' '}
        <a href="/login" className="font-semibold">
          {t('auth.log_in_now')}
        </a>
      </p>
    </form>
  );
}

function ChoiceGroup({
  legend,
  name,
  value,
  options,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1.5 font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border border-line bg-surface px-4 font-medium has-checked:border-primary-ink has-checked:bg-primary-soft"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              className="size-5 accent-primary"
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage id={name} error={error} />
    </fieldset>
  );
}

function TermsCheckbox({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="terms"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'terms-error' : undefined}
          className="mt-1 size-5 shrink-0 accent-primary"
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="text-sm">
          <Trans
            i18nKey="auth.signup.terms"
            components={{
              terms: <a href="/pages/terms" target="_blank" rel="noopener" />,
              privacy: <a href="/pages/privacy" target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </label>
      <FieldMessage id="terms" error={error} />
    </div>
  );
}

function PhotoStep({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  useFocusTitle(titleId, 'photo');
  return (
    <>
      <StepTitle id={titleId}>{t('auth.photo.title')}</StepTitle>
      <SignupPhotoUpload />
    </>
  );
}

type PersonalField = 'relationship_status' | 'body_type' | 'hair_color' | 'eye_color';

const PERSONAL_FIELDS: Record<PersonalPage, readonly PersonalField[]> = {
  2: ['relationship_status', 'body_type'],
  3: ['hair_color', 'eye_color'],
  4: [],
};

function PersonalStep({ titleId, page }: { titleId: string; page: PersonalPage }) {
  const { t } = useTranslation();
  const answers = useStore($signupAnswers);
  const { busy: saving, error } = useForm(personalForm);
  useFocusTitle(titleId, `personal-${page}`);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    void personalForm.submit();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <div>
        <StepTitle id={titleId}>{t(`auth.personal.title_${page}`)}</StepTitle>
        <p className="mt-1 text-ink-muted">{t('auth.personal.text')}</p>
      </div>
      {error && (
        <Alert tone="danger">
          {error} {t('profile_details.answers_kept')}
        </Alert>
      )}
      {PERSONAL_FIELDS[page].map((field) => (
        <SelectField
          key={field}
          label={t(`attributes.${field}.label`)}
          value={answers[field] ?? ''}
          onChange={(e) => setAnswer(field, (e.target.value || undefined) as ProfileAnswers[typeof field] | undefined)}
        >
          <option value="">{t('auth.personal.choose')}</option>
          {PROFILE_ATTRIBUTES[field].map((value) => (
            <option key={value} value={value}>
              {t(attributeValueKey(field, value))}
            </option>
          ))}
        </SelectField>
      ))}
      {page === 4 && (
        <>
          <fieldset>
            <legend className="mb-1.5 font-semibold">{t('auth.personal.interests')}</legend>
            <div className="flex flex-wrap gap-2">
              {INTERESTS.map((interest) => {
                const on = answers.interests.includes(interest);
                return (
                  <button
                    key={interest}
                    type="button"
                    aria-pressed={on}
                    className={`min-h-10 rounded-full border px-4 text-sm font-medium ${
                      on ? 'border-primary-ink bg-primary-soft text-ink' : 'border-line bg-surface text-ink-muted'
                    }`}
                    onClick={() => toggleInterest(interest)}
                  >
                    {t(`interests.${interest}`)}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label htmlFor="signup-about" className="mb-1.5 block font-semibold">
              {t('auth.personal.about')}
            </label>
            <textarea
              id="signup-about"
              rows={4}
              maxLength={ABOUT_ME_MAX}
              className={inputClass}
              placeholder={t('auth.personal.about_placeholder')}
              value={answers.about}
              onChange={(e) => setAnswer('about', e.target.value)}
            />
          </div>
        </>
      )}
      <div className="flex flex-col gap-2">
        <button type="submit" className="btn btn-primary btn-lg w-full" disabled={saving} aria-busy={saving}>
          {saving ? t('profile_details.saving') : t('auth.personal.continue')}
        </button>
        {page > 2 && (
          <button type="button" className="btn btn-ghost w-full" disabled={saving} onClick={backPersonal}>
            {t('auth.personal.back')}
          </button>
        )}
      </div>
    </form>
  );
}

/** 'Allow' subscribes this browser through the push store, loaded only when asked for. */
const subscribeToPush = () => import('#src/stores/push.ts').then((push) => push.subscribePush());

function PushStep({ titleId }: { titleId: string }) {
  const { t } = useTranslation();
  const answer = useStore($signupPush);
  useFocusTitle(titleId, 'push');
  const asking = answer === 'asking';
  return (
    <>
      <StepTitle id={titleId}>{t('auth.push.title')}</StepTitle>
      <p className="text-ink-muted">{t('auth.push.text')}</p>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn btn-primary btn-lg w-full disabled:opacity-60"
          disabled={asking}
          onClick={() => void answerPush(true, subscribeToPush)}
        >
          {t('auth.push.allow')}
        </button>
        <button type="button" className="btn btn-ghost w-full" disabled={asking} onClick={() => void answerPush(false)}>
          {t('auth.push.not_now')}
        </button>
      </div>
    </>
  );
}

function CompleteStep({ titleId, state }: { titleId: string; state: Extract<SignupState, { step: 'complete' }> }) {
  const { t } = useTranslation();
  const answers = useStore($signupAnswers);
  const resend = useForm(resendForm);
  const push = useStore($signupPush);
  useFocusTitle(titleId, 'complete');
  const given = [
    ...PERSONAL_FIELDS[2].concat(PERSONAL_FIELDS[3]).flatMap((field) => {
      const value = answers[field];
      return value ? [{ label: t(`attributes.${field}.label`), value: t(attributeValueKey(field, value)) }] : [];
    }),
    ...(answers.interests.length
      ? [{ label: t('auth.personal.interests'), value: answers.interests.map((i) => t(`interests.${i}`)).join(', ') }]
      : []),
    ...(answers.about.trim() ? [{ label: t('auth.personal.about'), value: answers.about.trim() }] : []),
  ];
  return (
    <>
      <StepTitle id={titleId}>{t('auth.complete.title')}</StepTitle>
      <p>
        <Trans
          i18nKey="auth.complete.text"
          values={{ email: state.email }}
          components={{ email: <strong className="break-all" /> }}
        />
      </p>
      <p className="text-sm text-ink-muted">{t('auth.complete.spam')}</p>
      {push === 'refused' && <p className="text-sm text-ink-muted">{t('auth.push.refused')}</p>}
      {resend.done && <Alert tone="success">{t('auth.complete.resent')}</Alert>}
      {resend.error && <Alert tone="danger">{resend.error}</Alert>}
      <button
        type="button"
        className="btn btn-outline w-full"
        disabled={resend.busy}
        onClick={() => void resendForm.submit()}
      >
        {resend.busy ? t('auth.complete.resending') : t('auth.complete.resend')}
      </button>
      {given.length > 0 && (
        <section className="rounded-2xl border border-line bg-surface p-4">
          <h2 className="font-bold">{t('auth.complete.answers')}</h2>
          <dl className="mt-2 space-y-1 text-sm">
            {given.map(({ label, value }) => (
              <div key={label} className="flex flex-wrap gap-1.5">
                <dt className="font-semibold">{label}:</dt>
                <dd className="text-ink-muted">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-ink-muted">{t('profile_details.answers_saved')}</p>
        </section>
      )}
      <a href="/members" className="btn btn-primary w-full">
        {t('auth.complete.to_members')}
      </a>
    </>
  );
}
