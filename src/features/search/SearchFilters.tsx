/**
 * The search filters (SPEC §2.7 'Member search', §5 'Country filter' and 'Geolocation'):
 * gender (male, female; 'everyone' only while the search has no gender), the age ranges of
 * SPEC §9 (plus the searched bounds when no range matches), the country (hidden when there
 * is only one option) and the region ('select country first' without a country) with the
 * geolocation button. Filters the site does not offer (search_fields) are left out. Every
 * change goes to the store, which searches again.
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GENDERS, type Gender } from '#src/lib/constants.ts';
import { regionLabel, type Locale } from '#src/lib/locales.ts';
import type { Region } from '#src/stores/site-data.ts';
import type { SearchFilters as Filters } from './search-state.ts';
import type { SearchStore } from './search-store.ts';
import { inputClass } from '#src/ui/fields.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import Spinner from '#src/ui/Spinner.tsx';
import {
  ageBoundsOf,
  ageLabel,
  ageOptionKey,
  ageOptions,
  countryChoices,
  regionsOf,
  showCountryFilter,
  type AgeBounds,
  type AgeRangeKey,
} from './search-rules.ts';

interface Props {
  store: SearchStore;
  filters: Filters;
  locale: Locale;
  /** The server's country options (SPEC §5) and the geolocated country. */
  countryOptions: readonly string[];
  geolocatedCountry: string | null;
  siteCountries: readonly string[] | null;
  regions: Readonly<Record<string, Region[]>> | null;
  /** The site's search_fields; null while unknown (all shown). */
  searchFields: readonly string[] | null;
  /** The geolocation button (logged in, permission neither denied nor unsupported). */
  geolocation: boolean;
  locating: boolean;
  locationError: 'failed' | 'unmatched' | null;
  busy: boolean;
}

export default function SearchFilters(props: Props) {
  const { t } = useTranslation();
  const { store, filters, locale } = props;
  const offered = (field: string) => props.searchFields?.includes(field) ?? true;
  const ages: AgeBounds = { min_age: filters.min_age, max_age: filters.max_age };
  const ageText = (bounds: AgeBounds) => {
    const label = ageLabel(bounds);
    return t(`search.filters.age_${label.key}`, label.values);
  };
  const countries = countryChoices({
    serverOptions: props.countryOptions,
    selected: filters.country,
    geolocated: props.geolocatedCountry,
    siteCountries: props.siteCountries,
    locale,
  });
  const regions = regionsOf(props.regions, filters.country);
  const regionWord = t(`region_label.${regionLabel(filters.country ?? '')}`);
  const locationErrorId = useId();

  return (
    <form
      aria-label={t('search.filters.label')}
      aria-busy={props.busy || undefined}
      // One row on phones that scrolls sideways (two columns there would cut the options to a few
      // letters, one select a row pushes the results out of the first screen).
      className="card flex gap-3 overflow-x-auto overscroll-x-contain p-3 sm:grid sm:grid-cols-2 sm:gap-4 sm:overflow-visible sm:p-5 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      {offered('gender') && (
        <Select
          label={t('search.filters.gender')}
          name="gender"
          value={filters.gender ?? ''}
          onChange={(value) => void store.setGender(value === '' ? null : (value as Gender))}
        >
          {filters.gender === null && <option value="">{t('search.filters.gender_all')}</option>}
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`search.filters.gender_${gender}`)}
            </option>
          ))}
        </Select>
      )}
      {offered('age') && (
        <Select
          label={t('search.filters.age')}
          name="age"
          value={ageOptionKey(ages)}
          onChange={(value) => {
            if (value !== 'custom') void store.setAges(ageBoundsOf(value as AgeRangeKey));
          }}
        >
          {ageOptions(ages).map((option) => (
            <option key={option.key} value={option.key}>
              {ageText(option)}
            </option>
          ))}
        </Select>
      )}
      {offered('country') && showCountryFilter(countries, filters.country) && (
        <Select
          label={t('search.filters.country')}
          name="country"
          value={filters.country ?? ''}
          onChange={(value) => void store.setCountry(value === '' ? null : value)}
        >
          {filters.country === null && <option value="">{t('search.filters.country_all')}</option>}
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      )}
      {offered('countryregion') && (
        <div className="min-w-56 flex-1 sm:min-w-0">
          <Select
            className="min-w-0"
            label={regionWord}
            name="countryregion"
            value={filters.country ? String(filters.countryregion) : ''}
            disabled={!filters.country}
            describedBy={props.locationError ? locationErrorId : undefined}
            onChange={(value) => void store.setRegion(Number(value))}
            after={
              props.geolocation && (
                <button
                  type="button"
                  onClick={() => void store.locateMe()}
                  disabled={props.locating}
                  aria-busy={props.locating || undefined}
                  aria-label={props.locating ? t('search.filters.locating') : t('search.filters.locate')}
                  title={t('search.filters.locate')}
                  className="flex size-12 shrink-0 items-center justify-center rounded-2xl border border-line bg-surface text-primary-ink hover:border-primary-ink hover:bg-primary-soft disabled:opacity-70"
                >
                  {props.locating ? (
                    <Spinner variant="inline" size="size-5" />
                  ) : (
                    <LineIcon name="pin" className="size-5" />
                  )}
                </button>
              )
            }
          >
            {filters.country ? (
              <>
                <option value="0">{t('search.filters.region_all')}</option>
                {regions.map((region) => (
                  <option key={region.id} value={String(region.id)}>
                    {region.name}
                  </option>
                ))}
              </>
            ) : (
              <option value="">{t('search.filters.region_first')}</option>
            )}
          </Select>
          {props.locationError && (
            <p id={locationErrorId} role="alert" className="mt-1.5 text-sm font-semibold text-danger">
              {t(`search.filters.location_${props.locationError}`)}
            </p>
          )}
        </div>
      )}
    </form>
  );
}

function Select({
  label,
  name,
  value,
  onChange,
  disabled,
  describedBy,
  after,
  className = 'min-w-40 flex-1 sm:min-w-0',
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  describedBy?: string | undefined;
  after?: ReactNode;
  /** Its width in the filters' row (phones scroll the row sideways). */
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold sm:mb-1.5 sm:text-base">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          name={name}
          value={value}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} min-w-0 flex-1 text-ellipsis disabled:opacity-60`}
        >
          {children}
        </select>
        {after}
      </div>
    </div>
  );
}
