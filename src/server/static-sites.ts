/**
 * Serves the static build: the host picks the site (src/server/http/site-resolver.ts), the
 * locale cookie or the domain's language picks the locale folder (SPEC §4 "Locale": with no
 * cookie yet, the domain's language is set into it). Members-area paths answer with the
 * members shell (src/lib/routes.ts); unknown paths with the variant's 404.html. The bare
 * `localhost` host shows an index of the sites. /lang-config?locale=xx&country=YY switches
 * language (and the selected country) and returns to the page (`return`, else the Referer;
 * src/lib/lang-config.ts). HTML answers carry the visitor's geoip country in the
 * `country` cookie when a trusted CDN header names it, for the static pages' visitor hints
 * (src/lib/visitor-hints.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '../lib/constants.ts';
import { langConfigTarget } from '../lib/lang-config.ts';
import { isCountryCode, isLocale, LOCALES } from '../lib/locales.ts';
import { SHELL_PAGE, isShellPath, pageRewrite } from '../lib/routes.ts';
import { COUNTRY_COOKIE_NAME, SELECTED_COUNTRY_COOKIE_NAME } from '../lib/visitor-hints.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { hostnameOf } from './http/site-resolver.ts';
import { pageSecurityHeaders } from './http/security-headers.ts';
import { headerCountry } from './http/visitor-country.ts';

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
  const rewrite = pageRewrite(clean);
  if (rewrite && (await isFile(join(root, rewrite)))) return join(root, rewrite);
  return null;
}

export function staticSites(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { sitesDir } = deps.config;

  app.get('/lang-config', (c) => {
    const locale = c.req.query('locale');
    const country = c.req.query('country')?.toUpperCase();
    const site = c.get('site');
    const referer = c.req.header('referer');
    const host = c.req.header('host') ?? '';
    const target = langConfigTarget(c.req.query('return'), referer ? { url: referer, host } : undefined);
    const keep = { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' } as const;
    if (isCountryCode(country)) setCookie(c, SELECTED_COUNTRY_COOKIE_NAME, country, keep);
    if (!isLocale(locale)) return c.redirect(target, 302);
    setCookie(c, LOCALE_COOKIE_NAME, locale, keep);
    // In production every locale has its own domain, and cookies stay on theirs: that
    // domain repeats the switch for itself, then returns to the page.
    const hostname = hostnameOf(host);
    if (site && deps.config.production && !hostname.endsWith('localhost') && site.domains[locale] !== hostname) {
      const query = new URLSearchParams({ locale, ...(isCountryCode(country) ? { country } : {}), return: target });
      return c.redirect(`https://${site.domains[locale]}/lang-config?${query}`, 302);
    }
    return c.redirect(target, 302);
  });

  app.get('*', async (c) => {
    const site = c.get('site');
    // The index of brands is a local convenience: in production an unknown host learns nothing.
    if (!site) return deps.config.production ? c.text('Not found', 404) : siteIndex(c, deps);
    const locale = c.get('locale');
    const root = join(sitesDir, site.id, locale);
    if (!files.isDirectory(root)) {
      return c.text(`The site ${site.id}/${locale} is not built yet: run npm run build.`, 503);
    }
    if (!c.req.header('cookie')?.includes(`${LOCALE_COOKIE_NAME}=`)) {
      setCookie(c, LOCALE_COOKIE_NAME, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
    }
    const resolved = await files.resolve(root, c.req.path);
    const status = resolved ? 200 : 404;
    const file = await files.read(resolved ?? join(root, '404.html'));
    const headers: Record<string, string> = { 'Content-Type': file.type, 'X-Content-Type-Options': 'nosniff' };
    if (c.req.path.startsWith('/_astro/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    else {
      headers['Cache-Control'] = 'no-cache';
      headers['Vary'] = 'Cookie';
    }
    if (file.type.startsWith('text/html')) {
      headers['X-Frame-Options'] = 'DENY';
      headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
      // Per version of the file, not per request (the policy hashes the page's inline scripts).
      file.pageHeaders ??= pageSecurityHeaders(file.body, deps.config.production);
      Object.assign(headers, file.pageHeaders);
      // The page's inline script reads the geoip country from this cookie (language menu,
      // site-entry warning); a session cookie, renewed when the visitor's country changes.
      const geoip = headerCountry(c);
      if (geoip && getCookie(c, COUNTRY_COOKIE_NAME) !== geoip) {
        setCookie(c, COUNTRY_COOKIE_NAME, geoip, { path: '/', sameSite: 'Lax' });
      }
    }
    const encoded = compressed(file, c.req.header('accept-encoding'));
    if (encoded) {
      headers['Content-Encoding'] = encoded.encoding;
      headers['Vary'] = headers['Vary'] ? `${headers['Vary']}, Accept-Encoding` : 'Accept-Encoding';
      return c.body(encoded.bytes, status, headers);
    }
    return c.body(file.body, status, headers);
  });
  return app;
}

/** How long a lookup on disk (folder, path resolution, file) is trusted before it is checked again. */
const RECHECK_MS = 1_000;
/** More remembered path lookups than this and they start over (paths are the visitor's to choose). */
const MAX_LOOKUPS = 20_000;

interface StaticFile {
  type: string;
  body: Uint8Array<ArrayBuffer>;
  mtimeMs: number;
  size: number;
  /** The security headers of an HTML page (made once per version of the file). */
  pageHeaders?: Record<string, string>;
  /** Compressed once, on first demand, per version of the file. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

/**
 * The static roots held in memory: path lookups, file bytes and their brotli and gzip
 * forms, as a CDN would hold them. Each lookup is checked against the disk again after
 * RECHECK_MS (a file whose size or modification time changed is read anew), so a new build
 * is served within a second without a restart.
 */
class StaticFiles {
  readonly #directories = new Map<string, { at: number; exists: boolean }>();
  readonly #lookups = new Map<string, { at: number; file: string | null }>();
  readonly #files = new Map<string, { at: number; file: StaticFile }>();

  isDirectory(path: string): boolean {
    const known = this.#directories.get(path);
    if (known && Date.now() - known.at < RECHECK_MS) return known.exists;
    const exists = existsSync(path);
    this.#directories.set(path, { at: Date.now(), exists });
    return exists;
  }

  async resolve(root: string, pathname: string): Promise<string | null> {
    const key = `${root}\0${pathname}`;
    const known = this.#lookups.get(key);
    if (known && Date.now() - known.at < RECHECK_MS) return known.file;
    const file = await resolveStaticFile(root, pathname);
    if (this.#lookups.size >= MAX_LOOKUPS) this.#lookups.clear();
    this.#lookups.set(key, { at: Date.now(), file });
    return file;
  }

  async read(path: string): Promise<StaticFile> {
    const known = this.#files.get(path);
    if (known && Date.now() - known.at < RECHECK_MS) return known.file;
    const { mtimeMs, size } = await stat(path);
    if (known && known.file.mtimeMs === mtimeMs && known.file.size === size) {
      known.at = Date.now();
      return known.file;
    }
    const bytes = await readFile(path);
    const file: StaticFile = {
      type: TYPES[extname(path)] ?? 'application/octet-stream',
      body: bytesOf(bytes),
      mtimeMs,
      size,
    };
    this.#files.set(path, { at: Date.now(), file });
    return file;
  }
}

const files = new StaticFiles();

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * The file compressed as the browser accepts (brotli, else gzip), as a CDN would serve it;
 * each file is compressed once per change and kept in memory (the static roots are small).
 */
function compressed(
  file: StaticFile,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip'; bytes: Uint8Array<ArrayBuffer> } | null {
  if (!COMPRESSIBLE.test(file.type) || file.body.length < 512 || !acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) {
    file.br ??= bytesOf(brotliCompressSync(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    return { encoding: 'br', bytes: file.br };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    file.gzip ??= bytesOf(gzipSync(file.body, { level: 9 }));
    return { encoding: 'gzip', bytes: file.gzip };
  }
  return null;
}

/** The bytes in an ArrayBuffer of their own (a Buffer may share a pool with others). */
function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(buffer.byteLength);
  bytes.set(buffer);
  return bytes;
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
  const inbox = deps.config.devInbox ? `<p><a href="/_dev/mail">Development inbox</a></p>` : '';
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sites</title><style>body{font:16px/1.6 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}</style></head><body><h1>Sites on this server</h1><ul>${rows}</ul>${inbox}</body></html>`,
  );
}
