/**
 * The language switch `/lang-config?locale=xx&return=/path` (SPEC §2.3): the language menu
 * links to it with the page it is on, and the switch (the Node server, or the members shell
 * on a static host) stores the locale and goes back to that page in the new language.
 */
import type { Locale } from './locales.ts';
import { RETURN_PARAM } from './return-path.ts';
import { PAGE_REWRITES, isShellPath } from './routes.ts';

// Kept with the return-path rule: the members shell needs it without the route tables here.
export { langConfigTarget } from './return-path.ts';

/**
 * The path a built page is served at: its build path without the `/<site>/<locale>` prefix
 * and the `.html` / `index` ending ('/default/en/pages/faq.html' → '/pages/faq').
 */
export function servedPath(buildPath: string, siteId: string, locale: string): string {
  const prefix = `/${siteId}/${locale}`;
  const rest = buildPath.startsWith(prefix) ? buildPath.slice(prefix.length) : buildPath;
  const path = rest
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '/')
    .replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

/** Pages served at many paths: the members shell and the targets of PAGE_REWRITES. */
function servedAtManyPaths(pagePath: string): boolean {
  return isShellPath(pagePath) || PAGE_REWRITES.some((rewrite) => rewrite.to === `${pagePath}.html`);
}

/**
 * The menu entry's link. A page served at many paths (the members shell, the profile
 * landers) cannot name its own, so its menu leaves the path out: the switch takes it from
 * the Referer then (`langConfigTarget`).
 */
export function langConfigHref(locale: Locale, pagePath: string): string {
  const href = `/lang-config?locale=${locale}`;
  if (servedAtManyPaths(pagePath)) return href;
  // '/' needs no escaping in a query; left as it is, every static page stays a few bytes lighter.
  return `${href}&${RETURN_PARAM}=${encodeURIComponent(pagePath).replaceAll('%2F', '/')}`;
}
