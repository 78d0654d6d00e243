/**
 * The location section of 'My profile': country (the site's countries), region (the
 * country's regions, or none) and city as free text with suggestions (SPEC §2.7).
 */
import { CITY_MAX } from '#src/contract/limits.ts';
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '#src/lib/locales.ts';
import { $regions, $siteSettings } from '#src/stores/site-data.ts';
import { SelectField, TextField } from '#src/ui/fields.tsx';
import { SectionForm, fieldError } from './fields.tsx';
import { countryOptions, regionChoices } from './location-options.ts';
import type { ProfileDraft, ProfileStore } from './profile-store.ts';

export default function LocationFields({
  store,
  draft,
  locale,
}: {
  store: ProfileStore;
  draft: ProfileDraft;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const state = useStore(store.$sections).location;
  const settings = useStore($siteSettings);
  const regions = regionChoices(useStore($regions), draft.country);
  const suggestions = useStore(store.$citySuggestions);
  const regionLabel = t(`region_label.${regions.label}`);
  return (
    <SectionForm
      id="location"
      title={t('profile.location.title')}
      state={state}
      onSave={() => void store.save('location')}
    >
      <SelectField
        label={t('profile.location.country')}
        name="country"
        autoComplete="country"
        value={draft.country}
        error={fieldError(state, 'country')}
        onChange={(event) => store.setField('country', event.target.value)}
      >
        {countryOptions(settings?.countries ?? [], draft.country, locale).map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={regionLabel}
        name="countryregion"
        value={String(draft.countryregion)}
        error={fieldError(state, 'countryregion')}
        onChange={(event) => store.setField('countryregion', Number(event.target.value))}
      >
        <option value="0">{t('profile.location.no_region', { label: regionLabel })}</option>
        {regions.regions.map((region) => (
          <option key={region.id} value={String(region.id)}>
            {region.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('profile.location.city')}
        name="city"
        autoComplete="address-level2"
        list={listId}
        maxLength={CITY_MAX}
        value={draft.city}
        hint={t('profile.location.city_hint')}
        error={fieldError(state, 'city')}
        onChange={(event) => store.setField('city', event.target.value)}
        after={
          <datalist id={listId}>
            {suggestions.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        }
      />
    </SectionForm>
  );
}
