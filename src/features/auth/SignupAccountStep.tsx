/**
 * The account step of the signup flow (signup-account-store.ts): e-mail with its 'Did you
 * mean' suggestion, name, password, date of birth, gender, 'looking for', the optional
 * message and the terms. A refusal shows at its field, the others above the form; after a
 * submit the first invalid field takes the focus.
 */
import { useEffect, useRef, type SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Trans, useTranslation } from 'react-i18next';
import { PASSWORD_MIN, SIGNUP_REASON_MAX } from '#src/contract/limits.ts';
import { GENDERS, type Gender } from '#src/lib/constants.ts';
import { DateOfBirthField } from '#src/ui/DateOfBirthField.tsx';
import { Alert, FieldMessage, PasswordField, TextAreaField, TextField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { EmailField } from './EmailField.tsx';
import { $signupErrors, $signupValues, accountForm, setSignupValue } from './signup-account-store.ts';
import { emailSuggestion } from './signup-checks.ts';
import { StepTitle } from './SignupStepTitle.tsx';

export function AccountStep({ titleId }: { titleId: string }) {
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
        options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.signup.${gender}`) }))}
        error={errors.gender?.text}
        onChange={(value) => setSignupValue('gender', value as Gender)}
      />
      <ChoiceGroup
        legend={t('auth.signup.seeking')}
        name="seeking"
        value={values.seeking}
        options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.signup.seeking_${gender}`) }))}
        onChange={(value) => setSignupValue('seeking', value as Gender)}
      />
      <TextAreaField
        label={`${t('auth.signup.signup_message')} (${t('auth.optional')})`}
        name="signup_message"
        rows={3}
        maxLength={SIGNUP_REASON_MAX}
        placeholder={t('auth.signup.signup_message_placeholder')}
        value={values.signup_message}
        onChange={(e) => setSignupValue('signup_message', e.target.value)}
      />
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
              // Underlined: colour alone does not tell links in a text apart (WCAG 1.4.1).
              terms: <a href="/pages/terms" target="_blank" rel="noopener" className="underline" />,
              privacy: <a href="/pages/privacy" target="_blank" rel="noopener" className="underline" />,
            }}
          />
        </span>
      </label>
      <FieldMessage id="terms" error={error} />
    </div>
  );
}
