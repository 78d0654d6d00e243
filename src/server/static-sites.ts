/**
 * Serves the static build: the host picks the site (src/server/http/site-resolver.ts), the
 * locale cookie or the domain's language picks the locale folder (SPEC §4 "Locale": with no
 * cookie yet, the domain's language is set into it). Members-area paths answer with the
 * members shell (src/lib/routes.ts); unknown paths with the variant's 404.html. The bare
 * `localhost` host shows an index of the sites. /lang-config?locale=xx switches language.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '../lib/constants.ts';
import { isLocale, LOCALES } from '../lib/locales.ts';
import { SHELL_PAGE, isShellPath } from '../lib/routes.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { hostnameOf } from './http/site-resolver.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Files that belong to host configuration, not to visitors. */
const HIDDEN = new Set(['/_redirects', '/vercel.json', '/.htaccess', '/nginx.conf']);

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file below root, or null; never leaves root. */
export async function resolveStaticFile(root: string, pathname: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || HIDDEN.has(decoded)) return null;
  const clean = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, '');
  const base = join(root, clean);
  if (base !== root && !base.startsWith(root + sep)) return null;
  if (isShellPath(clean)) return join(root, SHELL_PAGE);
  const candidates = clean.endsWith('/')
    ? [join(base, 'index.html')]
    : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return null;
}

export function staticSites(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sitesDir } = deps.config;

  app.get('/lang-config', (c) => {
    const locale = c.req.query('locale');
    const site = c.get('site');
    const back = c.req.query('return');
    const target = back && back.startsWith('/') && !back.startsWith('//') ? back : '/';
    if (!isLocale(locale)) return c.redirect(target, 302);
    setCookie(c, LOCALE_COOKIE_NAME, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
    // In production every locale has its own domain: go there.
    const host = hostnameOf(c.req.header('host'));
    if (site && deps.config.production && !host.endsWith('localhost') && site.domains[locale] !== host) {
      return c.redirect(`https://${site.domains[locale]}${target}`, 302);
    }
    return c.redirect(target, 302);
  });

  app.get('*', async (c) => {
    const site = c.get('site');
    if (!site) return siteIndex(c, deps);
    const locale = c.get('locale');
    const root = join(sitesDir, site.id, locale);
    if (!existsSync(root)) {
      return c.text(`The site ${site.id}/${locale} is not built yet: run npm run build.`, 503);
    }
    if (!c.req.header('cookie')?.includes(`${LOCALE_COOKIE_NAME}=`)) {
      setCookie(c, LOCALE_COOKIE_NAME, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
    }
    const file = await resolveStaticFile(root, c.req.path);
    const status = file ? 200 : 404;
    const path = file ?? join(root, '404.html');
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    const body = await readFile(path);
    const headers: Record<string, string> = { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' };
    if (c.req.path.startsWith('/_astro/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    else {
      headers['Cache-Control'] = 'no-cache';
      headers['Vary'] = 'Cookie';
    }
    if (type.startsWith('text/html')) {
      headers['X-Frame-Options'] = 'DENY';
      headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
    }
    return c.body(body, status, headers);
  });
  return app;
}

function siteIndex(c: Context<AppEnv>, deps: AppDeps): Response {
  const port = new URL(c.req.url).port;
  const suffix = port ? `:${port}` : '';
  const rows = deps.sites
    .map(
      (s) =>
        `<li><a href="http://${s.id}.localhost${suffix}/">${s.brand}</a> <small>(${s.id}, niche ${s.niche})</small> · ${LOCALES.map(
          (l) => `<a href="http://${l}.${s.id}.localhost${suffix}/" hreflang="${l}">${l}</a>`,
        ).join(' ')}</li>`,
    )
    .join('');
  const inbox = deps.config.production ? '' : `<p><a href="/_dev/mail">Development inbox</a></p>`;
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sites</title><style>body{font:16px/1.6 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}</style></head><body><h1>Sites on this server</h1><ul>${rows}</ul>${inbox}</body></html>`,
  );
}
