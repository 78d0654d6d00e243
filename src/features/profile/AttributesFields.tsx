/**
 * The personal-info section of 'My profile': the attributes of SPEC §3 as selects ('Choose…'
 * while unset: the contract has no 'not specified'), reason for sign-up and about me.
 */
import { ABOUT_ME_MAX, SIGNUP_REASON_MAX } from '#src/contract/limits.ts';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { attributeValueKey } from '#src/i18n/attribute-keys.ts';
import { SelectField, TextAreaField } from '#src/ui/fields.tsx';
import { SectionForm, fieldError } from './fields.tsx';
import { ATTRIBUTE_FIELDS, type ProfileDraft, type ProfileStore } from './profile-store.ts';

const TEXT_FIELDS = [
  { field: 'signup_reason', rows: 3, maxLength: SIGNUP_REASON_MAX },
  { field: 'about_me', rows: 6, maxLength: ABOUT_ME_MAX },
] as const;

export default function AttributesFields({ store, draft }: { store: ProfileStore; draft: ProfileDraft }) {
  const { t } = useTranslation();
  const state = useStore(store.$sections).personal;
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
            error={fieldError(state, field)}
            onChange={(event) => store.setField(field, event.target.value as ProfileDraft[typeof field])}
          >
            {draft[field] === null && <option value="">{t('profile.choose')}</option>}
            {PROFILE_ATTRIBUTES[field].map((value) => (
              <option key={value} value={value}>
                {t(attributeValueKey(field, value))}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {TEXT_FIELDS.map(({ field, rows, maxLength }) => (
        <TextAreaField
          key={field}
          label={t(`profile.personal.${field}`)}
          name={field}
          rows={rows}
          maxLength={maxLength}
          placeholder={t(`profile.personal.${field}_placeholder`)}
          value={draft[field]}
          error={fieldError(state, field)}
          onChange={(event) => store.setField(field, event.target.value)}
        />
      ))}
    </SectionForm>
  );
}
