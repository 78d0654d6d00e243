/**
 * Security headers (docs/security.md "Production defaults and headers").
 *
 * - Static pages get a Content-Security-Policy built from the page itself: scripts only from
 *   this origin plus the page's own inline scripts by their SHA-256 (Astro's small inline
 *   scripts: the visitor hints, the island loader), so an injected script does not run.
 *   Styles may be inline (Astro and the islands set style attributes; a style cannot run
 *   code). Images and media may come from any https origin (the CDN prefix, GIFs, webcam
 *   pictures); everything else only from this origin; no framing, no plugins.
 * - API answers get `default-src 'none'`: JSON is never a document.
 * - In production every answer carries HSTS: browsers stop trying plain http for a year.
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

/** HSTS on every answer in production; a closed policy on API answers. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.get('deps').config.production) setAnswerHeader(c, 'Strict-Transport-Security', HSTS);
  if (c.req.path.startsWith('/api/') && !c.res.headers.has('Content-Security-Policy')) {
    const type = c.res.headers.get('Content-Type') ?? '';
    if (type.includes('json'))
      setAnswerHeader(c, 'Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  }
};
