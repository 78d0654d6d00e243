/**
 * The personal-info section of 'My profile': the attributes of SPEC §3 as selects ('Choose…'
 * while unset: the contract has no 'not specified'), reason for sign-up and about me.
 */
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ABOUT_ME_MAX, SIGNUP_REASON_MAX } from '#src/contract/profile.ts';
import { PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { SectionForm, SelectField, TextAreaField, fieldError, useErrorText } from './fields.tsx';
import { ATTRIBUTE_FIELDS, type ProfileDraft, type ProfileStore } from './profile-store.ts';

export default function AttributesFields({ store, draft }: { store: ProfileStore; draft: ProfileDraft }) {
  const { t } = useTranslation();
  const state = useStore(store.$sections).personal;
  const errorText = useErrorText();
  return (
    <SectionForm
      id="personal"
      title={t('profile.personal.title')}
      state={state}
      onSave={() => void store.save('personal')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {ATTRIBUTE_FIELDS.map((field) => (
          <SelectField
            key={field}
            label={t(`attributes.${field}.label`)}
            name={field}
            value={draft[field] ?? ''}
            error={errorText(fieldError(state, field))}
            onChange={(event) => store.setField(field, event.target.value as ProfileDraft[typeof field])}
          >
            {draft[field] === null && <option value="">{t('profile.choose')}</option>}
            {PROFILE_ATTRIBUTES[field].map((value) => (
              <option key={value} value={value}>
                {t(`attributes.${field}.values.${value}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <TextAreaField
        label={t('profile.personal.signup_reason')}
        name="signup_reason"
        rows={3}
        maxLength={SIGNUP_REASON_MAX}
        placeholder={t('profile.personal.signup_reason_placeholder')}
        value={draft.signup_reason}
        error={errorText(fieldError(state, 'signup_reason'))}
        onChange={(event) => store.setField('signup_reason', event.target.value)}
      />
      <TextAreaField
        label={t('profile.personal.about_me')}
        name="about_me"
        rows={6}
        maxLength={ABOUT_ME_MAX}
        placeholder={t('profile.personal.about_me_placeholder')}
        value={draft.about_me}
        error={errorText(fieldError(state, 'about_me'))}
        onChange={(event) => store.setField('about_me', event.target.value)}
      />
    </SectionForm>
  );
}
