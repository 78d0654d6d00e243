/** The basics section of 'My profile': username, gender, date of birth (SPEC §2.7, §5). */
import { NAME_MAX } from '#src/contract/limits.ts';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { GENDERS, type Gender } from '#src/lib/constants.ts';
import { SelectField, TextField } from '#src/ui/fields.tsx';
import { DateOfBirthField } from '#src/ui/DateOfBirthField.tsx';
import { SectionForm, fieldError } from './fields.tsx';
import type { ProfileDraft, ProfileStore } from './profile-store.ts';

export default function BasicsFields({ store, draft }: { store: ProfileStore; draft: ProfileDraft }) {
  const { t } = useTranslation();
  const state = useStore(store.$sections).basics;
  return (
    <SectionForm id="basics" title={t('profile.basics.title')} state={state} onSave={() => void store.save('basics')}>
      <TextField
        label={t('profile.basics.name')}
        name="name"
        autoComplete="nickname"
        maxLength={NAME_MAX}
        required
        value={draft.name}
        hint={t('profile.basics.name_hint')}
        error={fieldError(state, 'name')}
        onChange={(event) => store.setField('name', event.target.value)}
      />
      <SelectField
        label={t('attributes.gender.label')}
        name="gender"
        value={draft.gender}
        error={fieldError(state, 'gender')}
        onChange={(event) => store.setField('gender', event.target.value as Gender)}
      >
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {t(`attributes.gender.values.${gender}`)}
          </option>
        ))}
      </SelectField>
      <DateOfBirthField
        value={draft.date_of_birth}
        error={fieldError(state, 'date_of_birth')}
        labels={{
          legend: t('profile.basics.date_of_birth'),
          day: t('profile.basics.day'),
          month: t('profile.basics.month'),
          year: t('profile.basics.year'),
        }}
        onChange={(value) => store.setField('date_of_birth', value)}
      />
    </SectionForm>
  );
}
