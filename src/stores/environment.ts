/**
 * What the stores need from outside the store layer, in one place: the API client, storage,
 * page navigation, the clock, the browser's geolocation and the translator of the page's
 * locale. Stores read it with `environment()` when an action runs; nothing else imports the
 * shared API client. An island's provider sets the translator (`setEnvironment({ t })`);
 * tests set a whole test environment once (tests/unit/test-environment.ts).
 */
import { createApiClient, type ApiClient } from '#src/client/api.ts';
import type { Translate } from '#src/i18n/index.ts';
import { onAuthenticationRequired } from './session.ts';

/** The browser parts geolocation uses (src/stores/geolocation.ts). */
export interface GeolocationEnv {
  geolocation: Geolocation | undefined;
  permissions: Permissions | undefined;
  /** Where the last position is kept for the cache (sessionStorage). */
  storage: Storage | undefined;
  now: () => number;
}

export interface Environment {
  /** The API client, wired to the session's 403 rule (SPEC §4 'Session'). */
  api: ApiClient;
  /** localStorage, or undefined where the browser blocks it (private mode, sandboxed frames). */
  storage: Storage | undefined;
  /** sessionStorage, or undefined where blocked. */
  sessionStorage: Storage | undefined;
  /**
   * A full page load of another page (static pages, the members shell from outside it);
   * `replace` leaves no history entry (Back skips the page being left).
   */
  navigate: (path: string, options?: { replace?: boolean }) => void;
  /** Loads the current page again (e.g. in a new language). */
  reload: () => void;
  /** Asks the member a yes/no question (`window.confirm`); true when they agree. */
  confirm: (text: string) => boolean;
  /** Sets a cookie the static pages and the server read (`document.cookie = cookie`). */
  setCookie: (cookie: string) => void;
  /** The current page's URL (path, query). */
  location: () => URL;
  /** Epoch milliseconds. */
  now: () => number;
  geolocation: GeolocationEnv;
  /** Texts in the member's language; an island's provider sets it for its locale. */
  t: Translate;
  /** Errors nobody expected: logged for operators, shown to the member as a generic text. */
  report: (error: unknown) => void;
}

function safe(read: () => Storage): Storage | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The real browser's parts, read when called (undefined outside a browser or when blocked). */
export function browserEnvironment(): Environment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const session = typeof window === 'undefined' ? undefined : safe(() => window.sessionStorage);
  const now = () => Date.now();
  return {
    api: createApiClient({ onAuthenticationRequired }),
    storage: typeof window === 'undefined' ? undefined : safe(() => window.localStorage),
    sessionStorage: session,
    navigate: (path, options) => (options?.replace ? window.location.replace(path) : window.location.assign(path)),
    reload: () => window.location.reload(),
    confirm: (text) => window.confirm(text),
    setCookie: (cookie) => {
      document.cookie = cookie;
    },
    location: () => new URL(window.location.href),
    now,
    geolocation: {
      // Read when used (the page may gain them later). The DOM types call these always
      // present; older or locked-down browsers lack them.
      get geolocation() {
        return nav && 'geolocation' in nav ? nav.geolocation : undefined;
      },
      get permissions() {
        return nav && 'permissions' in nav ? nav.permissions : undefined;
      },
      storage: session,
      now,
    },
    // Until a provider sets the page's translator, keys show as they are (never in a page).
    t: (key) => key,
    report: (error) => console.error(error),
  };
}

let current: Environment | undefined;

/** The environment of this page (the browser's unless a test or a provider set parts of it). */
export function environment(): Environment {
  current ??= browserEnvironment();
  return current;
}

/** Replaces parts of the environment: an island's translator, a test's fakes. */
export function setEnvironment(parts: Partial<Environment>): void {
  current = { ...environment(), ...parts };
}

/** Forgets the environment (tests): the next `environment()` builds a fresh one. */
export function resetEnvironment(environment?: Environment): void {
  current = environment;
}
