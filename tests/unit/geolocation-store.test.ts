/**
 * The geolocation store (src/stores/geolocation.ts; SPEC §3 'Geolocation state', §4
 * 'Geolocation', §5 'Geolocation', §9 'Geolocation cache'), with a fake browser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  $geolocationGeocode,
  $geolocationPermission,
  $locating,
  canOfferGeolocation,
  locate,
  POSITION_CACHE_KEY,
  resetGeolocation,
  watchGeolocationPermission,
} from '#src/stores/geolocation.ts';
import type { ApiClient } from '#src/client/api.ts';
import type { GeolocationEnv } from '#src/stores/environment.ts';
import { GEOLOCATION_CACHE_MS } from '#src/lib/constants.ts';
import { searchApi } from './search-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

interface FakeBrowser {
  env: GeolocationEnv;
  /** How many times the browser was asked for the position. */
  asked: () => number;
  setNow: (ms: number) => void;
  /** Changes the permission state and tells the listeners. */
  setPermission: (state: PermissionState) => void;
}

function fakeBrowser(
  answer: { coords: { latitude: number; longitude: number } } | { code: number },
  permission: PermissionState = 'prompt',
): FakeBrowser {
  let asked = 0;
  let now = 1_000_000;
  const listeners = new Set<() => void>();
  const status = {
    state: permission,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const geolocation = {
    getCurrentPosition(success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) {
      asked++;
      expect(options?.maximumAge).toBe(GEOLOCATION_CACHE_MS);
      if ('coords' in answer) success(answer as unknown as GeolocationPosition);
      else failure?.(answer as unknown as GeolocationPositionError);
    },
  } as unknown as Geolocation;
  return {
    env: {
      geolocation,
      permissions: { query: () => Promise.resolve(status) } as unknown as Permissions,
      storage: new MemoryStorage(),
      now: () => now,
    },
    asked: () => asked,
    setNow: (ms) => {
      now = ms;
    },
    setPermission: (state) => {
      status.state = state;
      for (const listener of listeners) listener();
    },
  };
}

/** Locates with this API and browser as the stores' environment. */
function locateWith(api: ApiClient, browser: GeolocationEnv) {
  testEnvironment({ api, geolocation: browser });
  return locate();
}

function watchWith(browser: GeolocationEnv) {
  testEnvironment({ geolocation: browser });
  return watchGeolocationPermission();
}

const amsterdam = { coords: { latitude: 52.37, longitude: 4.9 } };
const geocode = { country: 'NL', countryregion: 7, region_code: 'NL-NH' };

afterEach(() => resetGeolocation());

describe('geolocation store', () => {
  it('reverse-geocodes the position on the server and keeps the answer', async () => {
    const browser = fakeBrowser(amsterdam);
    const { api, requests } = searchApi({ geocode });
    const pending = locateWith(api, browser.env);
    expect($locating.get()).toBe(true);
    expect(await pending).toEqual(geocode);
    expect($locating.get()).toBe(false);
    expect($geolocationGeocode.get()).toEqual(geocode);
    expect($geolocationPermission.get()).toBe('granted');
    expect(requests).toEqual([{ path: '/api/geocode.php', query: { lat: '52.37', lon: '4.9' } }]);
  });

  it('reuses the position for up to an hour, then asks the browser again', async () => {
    const browser = fakeBrowser(amsterdam);
    const { api } = searchApi({ geocode });
    await locateWith(api, browser.env);
    expect(JSON.parse(browser.env.storage!.getItem(POSITION_CACHE_KEY)!)).toMatchObject({ lat: 52.37, lon: 4.9 });
    browser.setNow(1_000_000 + GEOLOCATION_CACHE_MS);
    await locateWith(api, browser.env);
    expect(browser.asked()).toBe(1);
    browser.setNow(1_000_000 + GEOLOCATION_CACHE_MS + 1);
    await locateWith(api, browser.env);
    expect(browser.asked()).toBe(2);
  });

  it('sets the geocode to false when the member refuses, and the permission to denied', async () => {
    const browser = fakeBrowser({ code: 1 });
    const { api, requests } = searchApi({ geocode });
    expect(await locateWith(api, browser.env)).toBe(false);
    expect($geolocationGeocode.get()).toBe(false);
    expect($geolocationPermission.get()).toBe('denied');
    expect(requests).toEqual([]);
    expect(canOfferGeolocation(true, $geolocationPermission.get())).toBe(false);
  });

  it('sets the geocode to false when the server cannot geocode', async () => {
    const browser = fakeBrowser(amsterdam);
    const { api } = searchApi({ geocode: 'fail' });
    expect(await locateWith(api, browser.env)).toBe(false);
    expect($geolocationGeocode.get()).toBe(false);
    expect($geolocationPermission.get()).toBe('granted');
  });

  it('follows the browser permission, and is unsupported without the Geolocation API', async () => {
    const browser = fakeBrowser(amsterdam, 'prompt');
    const stop = watchWith(browser.env);
    await Promise.resolve();
    await Promise.resolve();
    expect($geolocationPermission.get()).toBe('prompt');
    browser.setPermission('denied');
    expect($geolocationPermission.get()).toBe('denied');
    stop();
    browser.setPermission('granted');
    expect($geolocationPermission.get()).toBe('denied');

    watchWith({ ...browser.env, geolocation: undefined });
    expect($geolocationPermission.get()).toBe('unsupported');
    const { api } = searchApi({ geocode });
    expect(await locateWith(api, { ...browser.env, geolocation: undefined })).toBe(false);
  });

  it('offers the button only to members whose permission is not denied or unsupported (SPEC §5)', () => {
    expect(canOfferGeolocation(true, 'unknown')).toBe(true);
    expect(canOfferGeolocation(true, 'prompt')).toBe(true);
    expect(canOfferGeolocation(true, 'granted')).toBe(true);
    expect(canOfferGeolocation(true, 'denied')).toBe(false);
    expect(canOfferGeolocation(true, 'unsupported')).toBe(false);
    expect(canOfferGeolocation(false, 'granted')).toBe(false);
  });
});
