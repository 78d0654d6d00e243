/**
 * The member's location in settings (SPEC §2.7, §5 'Geolocation'): where the profile says
 * the member is, and 'Use my current location' while the browser may locate (permission not
 * denied, geolocation supported). Other members never see the position itself.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $geolocationPermission, canOfferGeolocation, watchGeolocationPermission } from '#src/stores/geolocation.ts';
import { countryName, regionName } from '#src/stores/site-data.ts';
import { FormMessage } from '#src/ui/fields.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { createLocationStore, type LocationState } from './location-store.ts';
import Section, { LoadStatus, useSectionStore } from './Section.tsx';

function placeOf(state: Extract<LocationState, { status: 'ready' }>, locale: string): string {
  return [state.city, regionName(state.regions, state.country, state.countryregion), countryName(state.country, locale)]
    .filter((part): part is string => Boolean(part))
    .join(', ');
}

export default function LocationSection({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const store = useSectionStore(createLocationStore);
  useEffect(() => watchGeolocationPermission(), []);
  const state = useStore(store.$state);
  const result = useStore(store.$result);
  const permission = useStore($geolocationPermission);
  const { busy, error } = useForm(store.locateForm);
  const place = state.status === 'ready' ? placeOf(state, locale) : '';
  return (
    <Section id="location" title={t('settings.location.title')}>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.location.text')}</p>
      <LoadStatus state={state} onRetry={() => void store.load()} />
      {state.status === 'ready' && (
        <div className="mt-3 flex flex-col gap-3">
          <p className="font-semibold">
            {place ? t('settings.location.current', { place }) : t('settings.location.none')}
          </p>
          {canOfferGeolocation(true, permission) ? (
            <button
              type="button"
              className="btn btn-primary self-start disabled:opacity-60"
              disabled={busy}
              onClick={() => void store.locateForm.submit()}
            >
              {busy ? t('settings.location.locating') : t('settings.location.button')}
            </button>
          ) : (
            <p className="text-sm text-ink-muted">
              {t(permission === 'denied' ? 'settings.location.denied' : 'settings.location.unsupported')}
            </p>
          )}
          {result === 'updated' && (
            <FormMessage tone="success">{t('settings.location.updated', { place })}</FormMessage>
          )}
          {result && result !== 'updated' && (
            <FormMessage tone="danger">{t(`settings.location.${result}`)}</FormMessage>
          )}
          {error && <FormMessage tone="danger">{error}</FormMessage>}
          <a href="/profile" className="text-sm font-semibold text-primary-ink underline">
            {t('settings.location.edit')}
          </a>
        </div>
      )}
    </Section>
  );
}
