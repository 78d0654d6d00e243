/**
 * Serves the static build: the host picks the site (src/server/http/site-resolver.ts), the
 * locale cookie or the domain's language picks the locale folder (SPEC §4 "Locale": with no
 * cookie yet, the domain's language is set into it). Members-area paths answer with the
 * members shell (src/lib/routes.ts); unknown paths with the variant's 404.html. The bare
 * `localhost` host shows an index of the sites. /lang-config?locale=xx&country=YY switches
 * language (and the selected country) and returns to the page (`return`, else the Referer;
 * src/lib/lang-config.ts). HTML answers carry the visitor's geoip country in the
 * `country` cookie when a trusted CDN header names it, for the static pages' visitor hints
 * (src/lib/visitor-hints.ts). A lander with a running experiment is answered with the page of
 * the visitor's variant, kept in a cookie (src/landers/experiments.ts). Files, their compressed forms and finished headers are held in
 * memory, and the Node server answers the static hits it knows before the app
 * (`staticFastPath`, wired in src/server/main.ts).
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { generateCookie, setCookie } from 'hono/cookie';
import { parse as parseCookie } from 'hono/utils/cookie';
import {
  CONTROL,
  LANDER_COOKIE_MAX_AGE_S,
  VARIANT_COOKIE,
  VARIANT_PARAM,
  chooseVariant,
  experimentOf,
  landerOfPath,
  variantFile,
} from '#src/landers/experiments.ts';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '#src/lib/constants.ts';
import { langConfigTarget } from '#src/lib/lang-config.ts';
import { isCountryCode, isLocale, LOCALES, type CountryCode, type Locale } from '#src/lib/locales.ts';
import { SHELL_PAGE, isShellPath, pageRewrite } from '#src/lib/routes.ts';
import { COUNTRY_COOKIE_NAME, SELECTED_COUNTRY_COOKIE_NAME } from '#src/lib/visitor-hints.ts';
import type { Config } from './env.ts';
import type { AppDeps, AppEnv } from './http/context.ts';
import { preferredEncoding } from './http/headers.ts';
import { hostnameOf, resolveHost, resolveLocale } from './http/site-resolver.ts';
import { everyAnswerHeaders, pageSecurityHeaders } from './http/security-headers.ts';
import { countryOfHeaders, headerCountry } from './http/visitor-country.ts';

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
const HIDDEN = new Set(['/_redirects', '/vercel.json', '/.htaccess', '/nginx.conf', '/_routes.json', '/_worker.js']);

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
    let resolved = await files.resolve(root, c.req.path);
    const experiment = resolved
      ? await experimentPage(root, site.id, locale, c.req.path, c.req.header('cookie'), c.req.query(VARIANT_PARAM))
      : null;
    if (experiment?.file) resolved = experiment.file;
    const file = await files.read(resolved ?? join(root, '404.html'));
    const answer = staticAnswer(deps.config, file, resolved ? 200 : 404, {
      path: c.req.path,
      locale,
      cookie: c.req.header('cookie'),
      acceptEncoding: c.req.header('accept-encoding'),
      geoip: headerCountry(c),
    });
    if (experiment?.cookie) answer.cookies.push(generateCookie(VARIANT_COOKIE, experiment.cookie, LANDER_COOKIE));
    return new Response(answer.body, { status: answer.status, headers: responseHeaders(answer) });
  });
  return app;
}

const LANDER_COOKIE = { path: '/', maxAge: LANDER_COOKIE_MAX_AGE_S, sameSite: 'Lax', httpOnly: true } as const;

/**
 * A lander with a running experiment (src/landers/experiments.ts, docs/traffic.md "Lander
 * experiments"): the page of the visitor's variant (null: the control's own page) and the
 * `lander_variants` cookie to set (null: it stays); null for every other path. The variant
 * is the one `?variant=` names, else the cookie's, else one drawn by the weights.
 */
async function experimentPage(
  root: string,
  siteId: string,
  locale: Locale,
  path: string,
  cookie: string | undefined,
  asked: string | undefined,
): Promise<{ file: string | null; cookie: string | null } | null> {
  const lander = landerOfPath(path);
  const experiment = lander ? experimentOf(siteId, locale, lander) : undefined;
  if (!lander || !experiment) return null;
  const held = cookie ? parseCookie(cookie, VARIANT_COOKIE)[VARIANT_COOKIE] : undefined;
  const choice = chooseVariant(experiment, held, asked, Math.random);
  const file = choice.variant === CONTROL ? null : join(root, variantFile(lander, choice.variant));
  return { file: file && (await isFile(file)) ? file : null, cookie: choice.cookie };
}

/** What of a request a static answer depends on, besides its site, file and status. */
interface StaticRequest {
  path: string;
  locale: Locale;
  /** The Cookie header. */
  cookie: string | undefined;
  acceptEncoding: string | undefined;
  /** The geoip country of a trusted CDN header. */
  geoip: CountryCode | null;
}

interface StaticAnswer {
  status: number;
  /** Lower-case names; the same object for every answer of this file variant: never change it. */
  headers: Record<string, string>;
  /** Set-Cookie values. */
  cookies: string[];
  body: Uint8Array<ArrayBuffer>;
}

const LOCALE_COOKIE = { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'Lax' } as const;

/**
 * A file's answer: its headers for this kind of path and encoding are made once per
 * version of the file (the page's security headers among them); per request only the
 * cookies are added: the locale the visitor is shown when they have none yet, and on
 * pages the geoip country for the page's inline script (language menu, site-entry
 * warning), a session cookie renewed when the visitor's country changes.
 */
function staticAnswer(config: Config, file: StaticFile, status: number, request: StaticRequest): StaticAnswer {
  const encoding = encodingFor(file, request.acceptEncoding);
  const asset = request.path.startsWith('/_astro/');
  const key = `${asset ? 'asset' : 'page'} ${encoding ?? 'identity'}`;
  let variant = file.variants.get(key);
  if (!variant) {
    variant = fileVariant(config, file, asset, encoding);
    file.variants.set(key, variant);
  }
  const cookies: string[] = [];
  if (!request.cookie?.includes(`${LOCALE_COOKIE_NAME}=`)) {
    cookies.push(generateCookie(LOCALE_COOKIE_NAME, request.locale, LOCALE_COOKIE));
  }
  if (variant.page && request.geoip) {
    const known = request.cookie ? parseCookie(request.cookie, COUNTRY_COOKIE_NAME)[COUNTRY_COOKIE_NAME] : undefined;
    if (known !== request.geoip) {
      cookies.push(generateCookie(COUNTRY_COOKIE_NAME, request.geoip, { path: '/', sameSite: 'Lax' }));
    }
  }
  return { status, headers: variant.headers, cookies, body: variant.body };
}

/** The headers and body of one file for one kind of path and one encoding. */
function fileVariant(config: Config, file: StaticFile, asset: boolean, encoding: 'br' | 'gzip' | null): FileVariant {
  const headers: Record<string, string> = { 'content-type': file.type, 'x-content-type-options': 'nosniff' };
  const vary: string[] = [];
  if (asset) headers['cache-control'] = 'public, max-age=31536000, immutable';
  else {
    headers['cache-control'] = 'no-cache';
    vary.push('Cookie');
  }
  const page = file.type.startsWith('text/html');
  if (page) {
    headers['x-frame-options'] = 'DENY';
    headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    // Per version of the file, not per request (the policy hashes the page's inline scripts).
    for (const [name, value] of Object.entries(pageSecurityHeaders(file.body, config.production))) {
      headers[name.toLowerCase()] = value;
    }
  }
  // What the app's security middleware adds to every answer (the fast path skips it).
  for (const [name, value] of Object.entries(everyAnswerHeaders(config.production))) {
    headers[name.toLowerCase()] = value;
  }
  let body = file.body;
  if (encoding) {
    headers['content-encoding'] = encoding;
    vary.push('Accept-Encoding');
    body = compressedBytes(file, encoding);
  }
  if (vary.length > 0) headers['vary'] = vary.join(', ');
  return { headers, body, page };
}

/**
 * Headers for a Response: a plain object while at most one cookie is set (the Node
 * adapter writes it as it is), else Headers, which keep each Set-Cookie apart.
 */
function responseHeaders({ headers, cookies }: StaticAnswer): Record<string, string> | Headers {
  const [cookie, ...more] = cookies;
  if (cookie === undefined) return headers;
  if (more.length === 0) return { ...headers, 'set-cookie': cookie };
  const list = new Headers(headers);
  for (const value of cookies) list.append('set-cookie', value);
  return list;
}

/** A URL path the fast path takes as it is: no percent-encoding, dot segments, empty segments or query. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;

/**
 * Static answers served before the Hono app, from memory, for the node server's request
 * listener: true when it answered. A static page costs the app's middleware chain, a
 * Request and Headers objects and Hono's routing, several times what writing the file
 * takes (docs/decisions.md). The fast path answers only what the static handler above
 * would: GET requests of a known site whose path no other route of the app could take
 * (`routes`: the app's routes and middleware; paths under their prefixes always go
 * through the app), and only while that handler's lookups of the path and its file are
 * fresh in memory (it checks the disk again after RECHECK_MS, by answering the next
 * request itself). What the app's middleware does for a static answer happens here too:
 * the site by host name, the locale by cookie (./http/site-resolver.ts), HSTS in
 * production (in the file's headers). Everything else (HEAD, first requests, the index
 * of sites, unknown hosts) goes to the app.
 */
export function staticFastPath(
  deps: AppDeps,
  routes: readonly { path: string }[],
): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  const { config, sites } = deps;
  const prefixes = [
    ...new Set(routes.map((r) => r.path.split(/[:*]/)[0] ?? '').filter((prefix) => prefix !== '' && prefix !== '/')),
  ];
  const roots = new Map<string, string>();
  return (incoming, outgoing) => {
    if (incoming.method !== 'GET' || incoming.url === undefined) return false;
    const query = incoming.url.indexOf('?');
    const path = query < 0 ? incoming.url : incoming.url.slice(0, query);
    if (!PLAIN_PATH.test(path) || prefixes.some((prefix) => path.startsWith(prefix))) return false;
    const match = resolveHost(sites, incoming.headers.host);
    if (!match) return false;
    const cookie = incoming.headers.cookie;
    const localeCookie = cookie ? parseCookie(cookie, LOCALE_COOKIE_NAME)[LOCALE_COOKIE_NAME] : undefined;
    const { locale } = resolveLocale(localeCookie, match.domainLocale);
    // An experiment's lander picks its page per visitor: the app's handler does that.
    const lander = landerOfPath(path);
    if (lander && experimentOf(match.site.id, locale, lander)) return false;
    const rootKey = `${match.site.id}/${locale}`;
    let root = roots.get(rootKey);
    if (root === undefined) {
      root = join(config.sitesDir, match.site.id, locale);
      roots.set(rootKey, root);
    }
    if (files.knownDirectory(root) !== true) return false;
    const resolved = files.knownLookup(root, path);
    if (resolved === undefined) return false;
    const file = files.knownFile(resolved ?? join(root, '404.html'));
    if (!file) return false;
    const header = (name: string) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const answer = staticAnswer(config, file, resolved ? 200 : 404, {
      path,
      locale,
      cookie,
      acceptEncoding: header('accept-encoding'),
      geoip: countryOfHeaders(config, header),
    });
    outgoing.writeHead(answer.status, {
      ...answer.headers,
      ...(answer.cookies.length > 0 ? { 'set-cookie': answer.cookies } : {}),
      'content-length': String(answer.body.byteLength),
    });
    outgoing.end(answer.body);
    return true;
  };
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
  /** Compressed once, on first demand, per version of the file. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  /** Headers and body per kind of path and encoding (made once per version of the file). */
  variants: Map<string, FileVariant>;
}

interface FileVariant {
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  /** An HTML page (it carries the geoip country cookie). */
  page: boolean;
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

  /** Whether the folder exists, when that was checked within RECHECK_MS (else undefined). */
  knownDirectory(path: string): boolean | undefined {
    const known = this.#directories.get(path);
    return known && Date.now() - known.at < RECHECK_MS ? known.exists : undefined;
  }

  /** The file a path resolved to within RECHECK_MS (null: none; undefined: not known). */
  knownLookup(root: string, pathname: string): string | null | undefined {
    const known = this.#lookups.get(`${root}\0${pathname}`);
    return known && Date.now() - known.at < RECHECK_MS ? known.file : undefined;
  }

  /** The file as read or checked within RECHECK_MS, else undefined. */
  knownFile(path: string): StaticFile | undefined {
    const known = this.#files.get(path);
    return known && Date.now() - known.at < RECHECK_MS ? known.file : undefined;
  }

  isDirectory(path: string): boolean {
    const known = this.knownDirectory(path);
    if (known !== undefined) return known;
    const exists = existsSync(path);
    this.#directories.set(path, { at: Date.now(), exists });
    return exists;
  }

  async resolve(root: string, pathname: string): Promise<string | null> {
    const key = `${root}\0${pathname}`;
    const known = this.knownLookup(root, pathname);
    if (known !== undefined) return known;
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
      variants: new Map(),
    };
    this.#files.set(path, { at: Date.now(), file });
    return file;
  }
}

const files = new StaticFiles();

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * The encoding of the file for this browser (brotli, else gzip), as a CDN would serve it;
 * null for small or binary files.
 */
function encodingFor(file: StaticFile, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!COMPRESSIBLE.test(file.type) || file.body.length < 512) return null;
  return preferredEncoding(acceptEncoding);
}

/** The file compressed, once per change, kept in memory (the static roots are small). */
function compressedBytes(file: StaticFile, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  if (encoding === 'br') {
    return (file.br ??= bytesOf(
      brotliCompressSync(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    ));
  }
  return (file.gzip ??= bytesOf(gzipSync(file.body, { level: 9 })));
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
