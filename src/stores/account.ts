/**
 * Account actions of a logged-in member that are not a screen of their own: logout
 * (SPEC §2.1 "Logout leads to '/'") and the interface language (SPEC §4 "Locale": on a
 * locale change while logged in, the user's language is saved to the server).
 */
import { putUserLanguage } from '#src/contract/user.ts';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '#src/lib/constants.ts';
import { langConfigTarget } from '#src/lib/return-path.ts';
import { isCountryCode, isLocale, type Locale } from '#src/lib/locales.ts';
import { SELECTED_COUNTRY_COOKIE_NAME } from '#src/lib/visitor-hints.ts';
import { environment } from './environment.ts';
import { createForm } from './form.ts';
import { $session } from './session.ts';

/** Ends the session on the server, then leaves for the home page. */
export async function logout(): Promise<void> {
  const { api, navigate } = environment();
  // The accounts contract loads when needed: it is not part of the members shell's first load.
  const { postLogout } = await import('#src/contract/accounts.ts');
  await api.call(postLogout);
  $session.set({ status: 'guest' });
  navigate('/');
}

/** The Logout buttons (the members nav, the staff consoles): `logout` as a form. */
export const logoutForm = createForm(logout, { repeatable: true });

/** The locale cookie the server and the static pages read (365 days). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE_NAME}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Saves the member's language, stores it in the locale cookie and reloads the page in it. */
export async function changeLanguage(locale: Locale): Promise<void> {
  const { api, setCookie, reload } = environment();
  const { user } = await api.call(putUserLanguage, { body: { language: locale } });
  $session.set({ status: 'member', user });
  setCookie(localeCookie(locale));
  reload();
}

/** The members nav's language menu: `changeLanguage` as a form. */
export const languageForm = createForm(changeLanguage, { repeatable: true });

/**
 * /lang-config?locale=xx&return=/path on a static host, where the members shell answers it
 * (the Node server handles it itself): the locale cookie is set, a member's language saved,
 * and the visitor returns to the page (same-site paths only, src/lib/lang-config.ts). A member is
 * whoever $session says.
 */
export function langConfigRequest(search: Readonly<Record<string, string>>): { locale: Locale | null; target: string } {
  const target = langConfigTarget(search['return']);
  const locale = search['locale'];
  return { locale: isLocale(locale) ? locale : null, target };
}

export async function applyLangConfig(
  search: Readonly<Record<string, string>>,
  options: { replace?: boolean } = {},
): Promise<void> {
  const { api, setCookie, navigate } = environment();
  const { locale, target } = langConfigRequest(search);
  // The country the visitor picked decides the language menu's offer (SPEC §2.3).
  const country = search['country'];
  if (isCountryCode(country)) {
    setCookie(`${SELECTED_COUNTRY_COOKIE_NAME}=${country}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`);
  }
  if (locale) {
    setCookie(localeCookie(locale));
    // Saving the member's language is a courtesy here: the visitor goes back either way.
    if ($session.get().status === 'member')
      await api.call(putUserLanguage, { body: { language: locale } }).catch(() => undefined);
  }
  if (options.replace) navigate(target, { replace: true });
  else navigate(target);
}
