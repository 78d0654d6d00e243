/**
 * The signup steps after the account exists (signup-profile-store.ts): the photo, the
 * personal pages 2–4, the push opt-in and 'check your e-mail' with the answers given.
 */
import type { SyntheticEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Trans, useTranslation } from 'react-i18next';
import { ABOUT_ME_MAX } from '#src/contract/limits.ts';
import { attributeValueKey } from '#src/i18n/attribute-keys.ts';
import { INTERESTS, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { Alert, SelectField, TextAreaField } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import {
  $signupAnswers,
  $signupPush,
  answerPush,
  backPersonal,
  personalForm,
  resendForm,
  setAnswer,
  toggleInterest,
} from './signup-profile-store.ts';
import type { PersonalPage, ProfileAnswers, SignupState } from './signup-state.ts';
import { SignupPhotoUpload } from './SignupPhotoUpload.tsx';
import { StepTitle, useFocusTitle } from './SignupStepTitle.tsx';

export function PhotoStep({ titleId }: { titleId: string }) {
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

export function PersonalStep({ titleId, page }: { titleId: string; page: PersonalPage }) {
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
          <TextAreaField
            label={t('auth.personal.about')}
            rows={4}
            maxLength={ABOUT_ME_MAX}
            placeholder={t('auth.personal.about_placeholder')}
            value={answers.about}
            onChange={(e) => setAnswer('about', e.target.value)}
          />
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

export function PushStep({ titleId }: { titleId: string }) {
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

export function CompleteStep({
  titleId,
  state,
}: {
  titleId: string;
  state: Extract<SignupState, { step: 'complete' }>;
}) {
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
