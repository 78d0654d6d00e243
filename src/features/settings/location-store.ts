/**
 * The location section of settings (SPEC §2.7 'Geolocation-based location settings', §5
 * 'Geolocation'): the member's country and region from the own profile, and 'Use my current
 * location', which locates the browser (src/stores/geolocation.ts; the server keeps the
 * snapped position) and saves the country and region when the site serves that country and
 * knows that region (the same rule as the search's geolocation button).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getOwnProfile, putProfileDetails } from '#src/contract/profile.ts';
import { locationOutcome } from '#src/features/search/search-rules.ts';
import { environment } from '#src/stores/environment.ts';
import { errorText } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { locate } from '#src/stores/geolocation.ts';
import { loadRegions, loadSiteSettings, type Region } from '#src/stores/site-data.ts';

export interface SavedLocation {
  country: string;
  countryregion: number;
  city: string;
}

export type LocationState =
  | { status: 'loading' }
  | ({ status: 'ready'; regions: Readonly<Record<string, Region[]>> | null } & SavedLocation)
  | { status: 'error'; message: string };

/** What the last 'Use my current location' did. */
export type LocateResult = 'updated' | 'failed' | 'outside' | 'no_region';

export interface LocationStore {
  $state: ReadableAtom<LocationState>;
  $result: ReadableAtom<LocateResult | null>;
  load: () => Promise<void>;
  locateForm: Form<[], void>;
}

export function createLocationStore(): LocationStore {
  const $state = atom<LocationState>({ status: 'loading' });
  const $result = atom<LocateResult | null>(null);
  const regions = () => loadRegions().catch(() => null);
  return {
    $state,
    $result,
    async load() {
      $state.set({ status: 'loading' });
      try {
        const [{ profile }, all] = await Promise.all([environment().api.call(getOwnProfile), regions()]);
        const { country, countryregion, city } = profile;
        $state.set({ status: 'ready', country, countryregion, city, regions: all });
      } catch (error) {
        $state.set({ status: 'error', message: errorText(error) });
      }
    },
    locateForm: createForm(
      async () => {
        $result.set(null);
        const before = $state.get();
        if (before.status !== 'ready') return;
        const geocode = await locate();
        const settings = await loadSiteSettings().catch(() => null);
        const siteCountries = settings?.countries ?? Object.keys(before.regions ?? {});
        const outcome = locationOutcome(geocode, { siteCountries, regions: before.regions });
        if (outcome.status === 'failed') return $result.set('failed');
        if (outcome.status === 'unmatched') return $result.set(outcome.country ? 'no_region' : 'outside');
        const moved = outcome.country !== before.country;
        const { profile } = await environment().api.call(putProfileDetails, {
          // A city of another country is no longer where the member is.
          body: { country: outcome.country, countryregion: outcome.countryregion, ...(moved ? { city: '' } : {}) },
        });
        $state.set({
          ...before,
          country: profile.country,
          countryregion: profile.countryregion,
          city: profile.city,
        });
        $result.set('updated');
      },
      { repeatable: true },
    ),
  };
}
