/**
 * Where login returns to (`/login?return=/likes`): the members island puts the page the
 * visitor asked for into the login link, and the login form goes there after success. Only a
 * path of this site is followed, so the parameter cannot send a member to another origin.
 */

/** The query parameter of the login page that carries the return path. */
export const RETURN_PARAM = 'return';

const FALLBACK = '/members';

/** A stand-in origin: a return path must resolve against it and stay on it. */
const ORIGIN = 'https://site.invalid';

/**
 * `value` when it is a same-origin relative path (one leading '/', no '//' or '/\' that a
 * browser reads as another host, no backslashes or control characters a browser drops or
 * turns into '/'), and resolving it against the site's origin stays on that origin (the
 * browser's own URL rules, whatever else they accept); otherwise `fallback` (/members).
 */
export function safeReturnPath(value: string | null | undefined, fallback = FALLBACK): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  try {
    if (new URL(value, ORIGIN).origin !== ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return value;
}

/** The login page's link that returns to `path` (path, query and hash of a members page). */
export function loginLink(path: string): string {
  const back = safeReturnPath(path);
  return back === FALLBACK ? '/login' : `/login?${RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/**
 * Where the language switch (`/lang-config`) goes back to: the `return` parameter when it is a path of this site
 * (above), else the path of a `referer` on the same host, else '/'.
 */
export function langConfigTarget(back: string | null | undefined, referer?: { url: string; host: string }): string {
  if (back !== undefined && back !== null) return safeReturnPath(back, '/');
  if (!referer) return '/';
  try {
    const url = new URL(referer.url);
    if (url.host !== referer.host) return '/';
    return safeReturnPath(url.pathname + url.search, '/');
  } catch {
    return '/';
  }
}
