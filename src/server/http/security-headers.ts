/**
 * Security headers (docs/security.md "Production defaults and headers").
 *
 * - Static pages get a Content-Security-Policy built from the page itself: scripts only from
 *   this origin plus the page's own inline scripts by their SHA-256 (Astro's small inline
 *   scripts: the visitor hints, the island loader), so an injected script does not run.
 *   Styles may be inline (Astro and the islands set style attributes; a style cannot run
 *   code). Images and media may come from any https origin (the CDN prefix, GIFs, webcam
 *   pictures); everything else only from this origin; no framing, no plugins.
 * - API answers get `default-src 'none'` (JSON is never a document) and send no referrer;
 *   an HTML answer under /api/ (the unsubscribe landing page) gets a policy of its own: its
 *   inline style and same-origin forms, nothing else, never framed.
 * - Every answer, static pages and files included (the fast path's prebuilt headers too:
 *   `everyAnswerHeaders`), carries the Permissions-Policy and
 *   `Cross-Origin-Opener-Policy: same-origin`; in production HSTS as well: browsers stop
 *   trying plain http for a year (TLS ends at the proxy, docs/operations.md "HTTPS").
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { setAnswerHeader } from './headers.ts';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The policy of a page with these inline scripts. */
export function pagePolicy(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self'${[...hashes].map((h) => ` ${h}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const policies = new Map<string, string>();

/**
 * The security headers of a static HTML page (kept per page content: pages change only with
 * a new build, so each is parsed once).
 */
export function pageSecurityHeaders(html: Uint8Array, production: boolean): Record<string, string> {
  const key = createHash('sha1').update(html).digest('base64');
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = pagePolicy(Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8'));
    if (policies.size > 5000) policies.clear();
    policies.set(key, policy);
  }
  return { 'Content-Security-Policy': policy, ...(production ? { 'Strict-Transport-Security': HSTS } : {}) };
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features no page of ours uses are off for every frame: camera, microphone,
 * payment (checkouts are the provider's pages), USB and the like; geolocation only for our
 * own origin (the city search may ask for it).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=(), bluetooth=(), midi=(), display-capture=()';

/** The policy of an HTML answer under /api/ (the unsubscribe landing page). */
export const API_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The headers of every answer, app and static fast path alike. */
export function everyAnswerHeaders(production: boolean): Record<string, string> {
  return {
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(production ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** The headers of every answer; on API answers a closed policy and no referrer. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(everyAnswerHeaders(c.get('deps').config.production))) {
    setAnswerHeader(c, name, value);
  }
  if (!c.req.path.startsWith('/api/')) return;
  setAnswerHeader(c, 'Referrer-Policy', 'no-referrer');
  if (c.res.headers.has('Content-Security-Policy')) return;
  const type = c.res.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    setAnswerHeader(c, 'Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  } else if (type.includes('text/html')) {
    setAnswerHeader(c, 'Content-Security-Policy', API_PAGE_POLICY);
    setAnswerHeader(c, 'X-Frame-Options', 'DENY');
  }
};
