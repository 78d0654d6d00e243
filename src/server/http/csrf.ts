/**
 * Cross-site request forgery guards of the API (docs/security.md "Requests").
 *
 * - Every write (POST, PUT, PATCH, DELETE under /api/) that names an `Origin` must come from
 *   this site: the request's own host, or another host name of the same site (its locale
 *   domains). Browsers send Origin with every such request, so a page elsewhere cannot write
 *   here even where SameSite cookies would let the session through. Without Origin (a
 *   non-browser client), a `Sec-Fetch-Site: cross-site` is refused all the same.
 * - A JSON body must say so exactly (`application/json`, parameters allowed) or come with the
 *   client header `X-Request-Type: client`: the media types a plain HTML form can send
 *   (`text/plain; x=application/json` among them) never pass.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { HttpError, fail } from './errors.ts';
import { resolveHost } from './site-resolver.ts';
import { MAIL_EVENTS_PATH, UNSUBSCRIBE_PATH } from '#src/contract/notifications.ts';

export const crossSite = () => fail('cross_site');
/**
 * 415 for a write that is not the client app's: neither exact JSON nor the client header
 * (route(), and the multipart uploads, which need the header).
 */
export const notClientRequest = () => new HttpError('invalid_input', 'api.invalid_input', 415, 'content-type');

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Writes that carry their own authority instead of a session: the RFC 8058 one-click
 * unsubscribe (a signed token; webmail may post it from its own page) and the mail
 * provider's webhook (a bearer secret).
 */
const SELF_AUTHORIZED = new Set([UNSUBSCRIBE_PATH, MAIL_EVENTS_PATH]);

/** The media type of a Content-Type value, lower-case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** True for a request the client app made: the client header, or an exact JSON body. */
export function isClientRequest(c: Context<AppEnv>): boolean {
  return c.req.header('x-request-type') === 'client' || mediaType(c.req.header('content-type')) === 'application/json';
}

/** True when `origin` (an Origin or Referer value) is this request's host or its site's. */
export function isSameSiteOrigin(c: Context<AppEnv>, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = c.req.header('host')?.trim().toLowerCase();
  if (host && url.host === host) return true;
  const site = c.get('site');
  return site !== null && resolveHost(c.get('deps').sites, url.hostname)?.site.id === site.id;
}

/**
 * True when the browser says the request came from this site: Sec-Fetch-Site same-origin
 * (or none: typed into the address bar), else a same-site Origin, else a same-site Referer.
 * False when none of them is there.
 */
export function isFromThisSite(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
  if (fetchSite === 'cross-site') return false;
  const origin = c.req.header('origin') ?? c.req.header('referer');
  return origin !== undefined && isSameSiteOrigin(c, origin);
}

/** Refuses writes that a browser marks as coming from another site. */
export const originGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (WRITES.has(c.req.method) && !SELF_AUTHORIZED.has(c.req.path)) {
    const origin = c.req.header('origin');
    if (origin !== undefined ? !isSameSiteOrigin(c, origin) : c.req.header('sec-fetch-site') === 'cross-site') {
      throw crossSite();
    }
  }
  await next();
};
