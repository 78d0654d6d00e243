/** The browser side effects of the auth islands, in one place (tests replace `window`). */
import type { ApiClient } from '#src/client/api.ts';
import { api } from '#src/stores/api.ts';

/** The page's API client, wired to the session's 403 rule (src/stores/api.ts). */
export function authApi(): ApiClient {
  return api;
}

/** Full page navigation: the target is another static page or the members shell. */
export function navigate(path: string): void {
  window.location.assign(path);
}

/** A query parameter of the current page. */
export function queryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** localStorage, or undefined where it is blocked (private mode, sandboxed frames). */
export function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
