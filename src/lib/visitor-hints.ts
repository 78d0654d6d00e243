/**
 * What a static page learns about its visitor before first paint, without a framework: the
 * inline script BaseHtml puts in the head marks <html> with data attributes, and CSS follows
 * them. The language menu rule of SPEC §2.3 (`menuCountry` in src/lib/locales.ts) is applied
 * this way too: the script names the country whose locales the menu offers, and generated
 * CSS hides the menu entries that country does not offer.
 *
 * Cookies read (values are upper-case ISO country codes):
 * - `country`: the visitor's geoip country. The static server sets it from the trusted CDN
 *   header (src/server/static-sites.ts); on a plain static host the CDN's edge must set it.
 * - `selected_country`: the country the visitor picked (`/lang-config?locale=xx&country=YY`).
 * - any `auth.` cookie: the script-readable login marker next to the HttpOnly session.
 */
import { COUNTRIES, COUNTRY_LOCALES } from './locales.ts';

export const COUNTRY_COOKIE_NAME = 'country';
export const SELECTED_COUNTRY_COOKIE_NAME = 'selected_country';

/**
 * Sets on <html>:
 * - `data-member`: an `auth.` cookie is readable (SPEC §9 "Cookies");
 * - `data-country`: the `country` cookie;
 * - `data-menu`: the country whose locales the language menu offers: the selected country,
 *   else the geoip one; a member always gets it, a logged-out visitor only when it is the
 *   geoip country (`menuCountry`). Any value that is not a country of SPEC §9 ('false',
 *   'undefined') matches no rule of `languageMenuCss`, so the menu offers every locale.
 * - `data-app`: running as the installed app (display-mode standalone, or iOS standalone).
 * The cookie names are spelled out in the regular expression. Every byte counts: this and
 * the site-entry warning share the 600-byte inline-script budget of a static page.
 */
export const VISITOR_HINTS_SCRIPT =
  '((h,g,s,a)=>{document.cookie.replace(/(^|; )(auth\\.|(selected_)?country=(\\w\\w))/g,(m,p,q,x,v)=>v?x?s=v:h.country=g=v:a=h.member=1);' +
  'h.menu=s?(a||s==g)&&s:g;' +
  "if(navigator.standalone||matchMedia('(display-mode:standalone)').matches)h.app=1})(document.documentElement.dataset)";

/**
 * Hides the language menu entries the country named by <html data-menu> does not offer:
 * one rule per country of SPEC §9, on the menu links (the only elements in a page body
 * with `hreflang`), sparing the current locale's (`aria-current`). Measured against an
 * attribute listing the offering countries on every entry, this costs ~80 bytes less
 * compressed per page.
 */
export function languageMenuCss(): string {
  const rules = COUNTRIES.map(
    (c) => `[data-menu=${c}] [hreflang]:not([aria-current],${COUNTRY_LOCALES[c].map((l) => `[lang=${l}]`).join()})`,
  );
  return `${rules.join()}{display:none}`;
}
