/**
 * Site data the members area loads once per page (SPEC §7: settings, regions, interests,
 * "loaded once"): `loadX()` starts the request the first time and shares it after; a
 * failed load is forgotten, so the next call tries again. Components read the atoms.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getInterests, getRegions, getSettings, type SiteSettings } from '#src/contract/site.ts';
import type { z } from 'zod';
import type { interest, region } from '#src/contract/site.ts';
import { environment } from './environment.ts';

export type Region = z.infer<typeof region>;
export type InterestItem = z.infer<typeof interest>;

interface Once<T> {
  $value: ReadableAtom<T | null>;
  load: () => Promise<T>;
  /** Tests: forget what was loaded. */
  reset: () => void;
}

function once<T>(fetch: () => Promise<T>): Once<T> {
  const $value = atom<T | null>(null);
  let pending: Promise<T> | null = null;
  return {
    $value,
    load: () => {
      pending ??= fetch().then(
        (value) => {
          $value.set(value);
          return value;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    reset: () => {
      pending = null;
      $value.set(null);
    },
  };
}

/** SPEC §7: the current route query, plus _force_domain naming the host (it wins over a query's own). */
const settings = once<SiteSettings>(async () => {
  const { api, location } = environment();
  const here = location();
  const query = { ...Object.fromEntries(here.searchParams), _force_domain: here.host };
  return (await api.call(getSettings, { query })).settings;
});
const regions = once<Record<string, Region[]>>(async () => (await environment().api.call(getRegions)).regions);
const interests = once<InterestItem[]>(async () => (await environment().api.call(getInterests)).interests);

/** Site settings (SPEC §3 'Site settings'). */
export const $siteSettings = settings.$value;
export const loadSiteSettings = settings.load;
/** Country code → regions of the countries the site serves. */
export const $regions = regions.$value;
export const loadRegions = regions.load;
/** Interests with their localized name and icon, in the site's order. */
export const $interests = interests.$value;
export const loadInterests = interests.load;

export function resetSiteData(): void {
  settings.reset();
  regions.reset();
  interests.reset();
}

/** A country's name in the interface language (SPEC §2.7: country shown by name). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A region's name by id, or null when unknown. */
export function regionName(all: Record<string, Region[]> | null, country: string, id: number): string | null {
  return all?.[country]?.find((r) => r.id === id)?.name ?? null;
}
