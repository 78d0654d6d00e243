/**
 * Geolocation state (SPEC §3 'Geolocation state', §4 'Geolocation', §5 'Geolocation'):
 * `$geolocationPermission` is 'unsupported', 'unknown' or the browser's permission state;
 * `$geolocationGeocode` the last reverse-geocode answer, false when locating or geocoding
 * failed, null before any try. `locate()` reads the browser's position (cached up to
 * GEOLOCATION_CACHE_MS: the browser's maximumAge, and the last position kept in
 * sessionStorage with its time) and has the server reverse-geocode it.
 *
 * The browser's parts come from `environment().geolocation`, so the store runs in tests without one.
 * Only logged-in members locate: the geocode call needs a session (SPEC §6 Visitor).
 */
import { atom } from 'nanostores';
import { getGeocode, type GeocodeAnswer } from '#src/contract/geo.ts';
import { GEOLOCATION_CACHE_MS } from '#src/lib/constants.ts';
import { environment, type GeolocationEnv } from './environment.ts';

export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState;

export const $geolocationPermission = atom<GeolocationPermission>('unknown');
export const $geolocationGeocode = atom<GeocodeAnswer | false | null>(null);
/** True while a position is being read and geocoded. */
export const $locating = atom(false);

/** The sessionStorage key of the cached position. */
export const POSITION_CACHE_KEY = 'geolocation_position';
/** How long the browser may take to answer before locating counts as failed. */
export const POSITION_TIMEOUT_MS = 20_000;

interface CachedPosition {
  lat: number;
  lon: number;
  /** When it was read, epoch ms. */
  at: number;
}

let memoryCache: CachedPosition | null = null;

function readCache(env: GeolocationEnv): CachedPosition | null {
  let cached = memoryCache;
  try {
    const stored = env.storage?.getItem(POSITION_CACHE_KEY);
    if (stored) cached = JSON.parse(stored) as CachedPosition;
  } catch {
    // A broken entry is no cache.
  }
  if (!cached || typeof cached.lat !== 'number' || typeof cached.lon !== 'number' || typeof cached.at !== 'number') {
    return null;
  }
  const age = env.now() - cached.at;
  return age >= 0 && age <= GEOLOCATION_CACHE_MS ? cached : null;
}

function writeCache(env: GeolocationEnv, position: CachedPosition): void {
  memoryCache = position;
  try {
    env.storage?.setItem(POSITION_CACHE_KEY, JSON.stringify(position));
  } catch {
    // Full or blocked storage: the memory copy still serves this page.
  }
}

/**
 * Reads the permission state and follows its changes (the member may allow or block it in
 * the browser's settings meanwhile). Without the Geolocation API it is 'unsupported';
 * without the Permissions API it stays 'unknown' until a locate() tells. Returns the
 * function that stops following.
 */
export function watchGeolocationPermission(): () => void {
  const env = environment().geolocation;
  if (!env.geolocation) {
    $geolocationPermission.set('unsupported');
    return () => undefined;
  }
  let stopped = false;
  let status: PermissionStatus | null = null;
  const onChange = () => {
    if (status) $geolocationPermission.set(status.state);
  };
  env.permissions
    ?.query({ name: 'geolocation' })
    .then((answer) => {
      if (stopped) return;
      status = answer;
      onChange();
      answer.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}

function currentPosition(geolocation: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_CACHE_MS,
      timeout: POSITION_TIMEOUT_MS,
      enableHighAccuracy: false,
    });
  });
}

/** The position: the cached one while fresh, else the browser's (which then is cached). */
async function position(env: GeolocationEnv): Promise<CachedPosition> {
  const cached = readCache(env);
  if (cached) return cached;
  if (!env.geolocation) throw new Error('geolocation unsupported');
  const { coords } = await currentPosition(env.geolocation);
  // Answered: the member allowed it (browsers without the Permissions API say so only here).
  $geolocationPermission.set('granted');
  const read = { lat: coords.latitude, lon: coords.longitude, at: env.now() };
  writeCache(env, read);
  return read;
}

const PERMISSION_DENIED = 1;

let pending: Promise<GeocodeAnswer | false> | null = null;

/**
 * Locates the member and reverse-geocodes the position on the server; the answer (or false
 * on any failure: no API, refused, timed out, the call failed) goes to $geolocationGeocode
 * and is returned. Calls while one runs share it.
 */
export function locate(): Promise<GeocodeAnswer | false> {
  pending ??= (async () => {
    const { api, geolocation: env } = environment();
    $locating.set(true);
    try {
      const { lat, lon } = await position(env);
      const answer = await api.call(getGeocode, { query: { lat, lon } });
      $geolocationGeocode.set(answer);
      return answer;
    } catch (error) {
      if (!env.geolocation) $geolocationPermission.set('unsupported');
      else if (isPermissionDenied(error)) $geolocationPermission.set('denied');
      $geolocationGeocode.set(false);
      return false as const;
    } finally {
      $locating.set(false);
      pending = null;
    }
  })();
  return pending;
}

function isPermissionDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === PERMISSION_DENIED;
}

/** Whether the geolocation button is offered (SPEC §5): logged in, permission not denied or unsupported. */
export function canOfferGeolocation(loggedIn: boolean, permission: GeolocationPermission): boolean {
  return loggedIn && permission !== 'denied' && permission !== 'unsupported';
}

/** Tests: forget the state and the cached position. */
export function resetGeolocation(): void {
  $geolocationPermission.set('unknown');
  $geolocationGeocode.set(null);
  $locating.set(false);
  memoryCache = null;
  pending = null;
}
