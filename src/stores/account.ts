/**
 * Account actions of a logged-in member that are not a screen of their own: logout
 * (SPEC §2.1 "Logout leads to '/'") and the interface language (SPEC §4 "Locale": on a
 * locale change while logged in, the user's language is saved to the server).
 */
import type { ApiClient } from '../client/api.ts';
import { getLogout } from '../contract/accounts.ts';
import { putUserLanguage } from '../contract/user.ts';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '../lib/constants.ts';
import { isCountryCode, isLocale, type Locale } from '../lib/locales.ts';
import { SELECTED_COUNTRY_COOKIE_NAME } from '../lib/visitor-hints.ts';
import { $session } from './session.ts';

/** What the actions do to the page; the browser's by default, replaced in tests. */
export interface PageEnv {
  go: (url: string) => void;
  reload: () => void;
  setCookie: (cookie: string) => void;
}

export const browserEnv: PageEnv = {
  go: (url) => location.assign(url),
  reload: () => location.reload(),
  setCookie: (cookie) => {
    document.cookie = cookie;
  },
};

/** Ends the session on the server, then leaves for the home page. */
export async function logout(api: ApiClient, env: PageEnv = browserEnv): Promise<void> {
  await api.call(getLogout);
  $session.set({ status: 'guest' });
  env.go('/');
}

/** The locale cookie the server and the static pages read (365 days). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE_NAME}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Saves the member's language, stores it in the locale cookie and reloads the page in it. */
export async function changeLanguage(api: ApiClient, locale: Locale, env: PageEnv = browserEnv): Promise<void> {
  const { user } = await api.call(putUserLanguage, { body: { language: locale } });
  $session.set({ status: 'member', user });
  env.setCookie(localeCookie(locale));
  env.reload();
}

/**
 * /lang-config?locale=xx&return=/path on a static host, where the members shell answers it
 * (the Node server handles it itself): the locale cookie is set, a member's language saved,
 * and the visitor returns to the page (same-site paths only).
 */
export function langConfigRequest(search: Readonly<Record<string, string>>): { locale: Locale | null; target: string } {
  const back = search['return'];
  const target = back?.startsWith('/') && !back.startsWith('//') ? back : '/';
  const locale = search['locale'];
  return { locale: isLocale(locale) ? locale : null, target };
}

export async function applyLangConfig(
  api: ApiClient | null,
  search: Readonly<Record<string, string>>,
  env: PageEnv = browserEnv,
): Promise<void> {
  const { locale, target } = langConfigRequest(search);
  // The country the visitor picked decides the language menu's offer (SPEC §2.3).
  const country = search['country'];
  if (isCountryCode(country)) {
    env.setCookie(
      `${SELECTED_COUNTRY_COOKIE_NAME}=${country}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`,
    );
  }
  if (locale) {
    env.setCookie(localeCookie(locale));
    // Saving the member's language is a courtesy here: the visitor goes back either way.
    if (api) await api.call(putUserLanguage, { body: { language: locale } }).catch(() => undefined);
  }
  env.go(target);
}
