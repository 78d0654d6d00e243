/**
 * Files each static root needs besides its pages: the web app manifest (own lang, scope,
 * start_url and icons), robots.txt and sitemap.xml for its own locale domain, a favicon, and the
 * rewrite rules that send members-area paths to the members shell page on Netlify/Cloudflare
 * Pages (_redirects), Vercel (vercel.json), Apache (.htaccess) and nginx (nginx.conf include),
 * and where the variant runs a lander experiment, the Cloudflare Pages Function that assigns
 * and serves its variants at the edge (_worker.js, _routes.json).
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import { join, resolve } from 'node:path';
import type { SiteConfig } from '#sites-config';
import type { Locale } from '#src/lib/locales.ts';
import { LEGAL_PAGES, PAGE_REWRITES, SHELL_PAGE, SHELL_ROUTES } from '#src/lib/routes.ts';
import { SWIPE_LANDER } from '#src/lib/constants.ts';
import { landerPath } from '#src/landers/paths.ts';
import { alternates } from '#src/lib/seo.ts';
import { variantOrigin } from '#src/lib/variants.ts';
import { translator } from '#src/i18n/index.ts';
import { APP_ICONS } from '#src/pwa/icons.ts';
import { landerExperiments } from '#src/landers/experiments.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * The web app manifest of a variant (docs/pwa.md): the brand and the niche in the variant's
 * language, the site's colours, the members area as the app (start_url, scope of the whole
 * domain) and the icons the build draws from the site's symbol (scripts/lib/pwa-files.ts).
 */
export function webAppManifest(site: SiteConfig, locale: Locale) {
  const t = translator(locale);
  return {
    id: '/members',
    name: site.brand,
    short_name: site.brand,
    description: t(`niche.${site.niche}`),
    lang: locale,
    dir: 'ltr',
    scope: '/',
    start_url: '/members',
    display: 'standalone',
    background_color: site.theme.surface,
    theme_color: site.theme.primary,
    categories: ['social', 'lifestyle'],
    icons: [
      ...APP_ICONS.map((icon) => ({
        src: icon.src,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

export function writeVariantExtras(site: SiteConfig, locale: Locale, dir: string): void {
  writeFileSync(join(dir, 'manifest.webmanifest'), `${JSON.stringify(webAppManifest(site, locale), null, 2)}\n`);
  writeFileSync(join(dir, 'robots.txt'), robotsTxt(site, locale));
  writeFileSync(join(dir, 'sitemap.xml'), sitemapXml(site, locale));
  const favicon = join(root, 'sites', site.id, 'favicon.svg');
  if (existsSync(favicon)) copyFileSync(favicon, join(dir, 'favicon.svg'));
  else writeFileSync(join(dir, 'favicon.svg'), defaultFavicon(site));
  writeRewriteRules(dir);
  writeEdgeExperiments(site, locale, dir);
}

/**
 * Paths kept out of crawlers: the members area (every first segment of the shell routes,
 * which also covers the profile landers under /members/<id>/, as they show member data), the
 * moderation console, the operator inbox and the API. Pages that are crawlable but not to be
 * indexed (activation, password reset, 404...) say so themselves with a robots meta tag,
 * which a crawler can only read when robots.txt lets it fetch the page.
 */
export function disallowedPaths(): string[] {
  const roots = SHELL_ROUTES.map((route) => `/${route.split('/')[1]}`);
  return [...new Set([...roots, '/moderation', '/operator', '/api/'])];
}

export function robotsTxt(site: SiteConfig, locale: Locale): string {
  return [
    'User-agent: *',
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${variantOrigin(site, locale)}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The indexable pages of a variant (those whose layout gets a path, not null): home, pricing,
 * login, signup, the legal pages, the 2257 statement, and every lander the site publishes at
 * its canonical slug. Landers come from the site's configuration, not from the built files.
 */
export function indexablePaths(site: SiteConfig, locale: Locale): string[] {
  return [
    '/',
    '/pricing',
    '/login',
    '/signup',
    ...LEGAL_PAGES.map((page) => `/pages/${page}`),
    `/${site.statement2257Token}`,
    ...[...site.landers, SWIPE_LANDER].map((lander) => landerPath(lander, site, locale)),
  ];
}

const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** sitemap.xml of a locale domain, with the hreflang alternates of every page. */
export function sitemapXml(site: SiteConfig, locale: Locale): string {
  const origin = variantOrigin(site, locale);
  const urls = indexablePaths(site, locale).map((path) => {
    const links = alternates(site, locale, path).map(
      (a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xml(a.href)}"/>`,
    );
    return `<url><loc>${xml(origin + path)}</loc>${links.join('')}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function defaultFavicon(site: SiteConfig): string {
  const letter = site.brand.charAt(0).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${site.theme.primary}"/><text x="32" y="44" font-family="Arial,sans-serif" font-size="36" font-weight="700" text-anchor="middle" fill="${site.theme.onPrimary}">${letter}</text></svg>\n`;
}

/**
 * A page's address in `_redirects` targets: without `.html`. Cloudflare Pages answers a page
 * at that address and redirects the `.html` one there (308), a rewrite's target too, which
 * would send `/members/chat` to `/members` and drop the member's path; Netlify answers the
 * address without `.html` with the same file.
 */
export const pageAddress = (file: string) => file.replace(/\.html$/, '');

/**
 * Rewrite rules for static hosts: members-area paths answer with the members shell, and
 * PAGE_REWRITES (profile landers, landers at other slugs) with their page. Files win over
 * the page rewrites on `npm start`, Netlify, Vercel, Apache and nginx; Cloudflare Pages
 * applies `_redirects` first, which serves a lander's canonical slug its slug-less page, the
 * same page.
 */
export function writeRewriteRules(dir: string): void {
  const shell = SHELL_PAGE;
  writeFileSync(
    join(dir, '_redirects'),
    [
      '# Members-area paths answer with the members shell (SPEC §2.1)',
      ...SHELL_ROUTES.map((r) => `${r}  ${pageAddress(shell)}  200`),
      '# Profile landers and landers at campaign slugs',
      ...PAGE_REWRITES.map((r) => `${r.from}  ${pageAddress(r.to)}  200`),
      '/*  /404.html  404',
      '',
    ].join('\n'),
  );
  const vercel = {
    cleanUrls: true,
    rewrites: [
      ...SHELL_ROUTES.map((r) => ({ source: r, destination: shell })),
      ...PAGE_REWRITES.map((r) => ({ source: r.from, destination: r.to })),
    ],
  };
  writeFileSync(join(dir, 'vercel.json'), `${JSON.stringify(vercel, null, 2)}\n`);
  // ':lander' becomes capture group 1 where a target uses it; other parameters match any segment.
  const regex = (r: string) =>
    `^${r
      .split('/')
      .map((p) => (p === ':lander' ? '([^/]+)' : p.startsWith(':') ? '[^/]+' : p))
      .join('/')}/?$`;
  const target = (to: string, group: string) => to.replace(':lander', group);
  writeFileSync(
    join(dir, '.htaccess'),
    [
      'RewriteEngine On',
      ...SHELL_ROUTES.map((r) => `RewriteRule ${regex(r).replace('^/', '^')} ${shell} [L]`),
      'RewriteCond %{REQUEST_FILENAME}.html -f',
      'RewriteRule ^(.+?)/?$ $1.html [L]',
      ...PAGE_REWRITES.map((r) => `RewriteRule ${regex(r.from).replace('^/', '^')} ${target(r.to, '$1')} [L]`),
      'ErrorDocument 404 /404.html',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      '# include inside the server block of this site/locale root',
      ...SHELL_ROUTES.map((r) => `location ~ ${regex(r)} { try_files ${shell} =404; }`),
      ...PAGE_REWRITES.map(
        (r) => `location ~ ${regex(r.from)} { try_files $uri $uri.html ${target(r.to, '$1')} =404; }`,
      ),
      'location / { try_files $uri $uri.html $uri/index.html =404; }',
      'error_page 404 /404.html;',
      '',
    ].join('\n'),
  );
}

/** The landers with a running experiment on a site and locale (src/landers/experiments.ts). */
export function experimentLanders(siteId: string, locale: Locale): string[] {
  return landerExperiments()
    .filter((e) => e.site === siteId && e.locale === locale)
    .map((e) => e.lander);
}

/**
 * Cloudflare Pages' `_routes.json` of a root with experiments: only the experiment landers'
 * addresses (the slug-less one and any slug) invoke the Function; their variants' own pages,
 * like every other path, are plain files. Pages matches `*` across slashes.
 */
export function edgeRoutes(landers: readonly string[]) {
  return {
    version: 1,
    description: 'Lander experiments: these landers are answered by _worker.js (docs/traffic.md)',
    include: landers.flatMap((lander) => [`/landers/${lander}`, `/landers/${lander}/*`]),
    exclude: landers.map((lander) => `/landers/${lander}/variant/*`),
  };
}

/**
 * The `_worker.js` of a root (Pages advanced mode, an ES module): scripts/lib/lander-edge-worker.ts
 * with the experiments, bundled for the Workers runtime, for this site and locale.
 */
export function edgeWorkerSource(siteId: string, locale: Locale): string {
  const entry = [
    `import { landerEdgeWorker } from './scripts/lib/lander-edge-worker.ts';`,
    `export default landerEdgeWorker(${JSON.stringify(siteId)}, ${JSON.stringify(locale)});`,
  ].join('\n');
  // Loaded here, not at the top: esbuild refuses to load in a jsdom test (tests/unit/seo.test.ts).
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const result = buildSync({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: '_worker.ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['worker'],
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    banner: { js: '// Lander experiments at the edge, written by the build: scripts/lib/lander-edge-worker.ts' },
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error(`esbuild wrote no _worker.js for ${siteId}/${locale}`);
  return file.text;
}

/** The edge rules of the lander experiments of a root; nothing where none runs. */
export function writeEdgeExperiments(site: SiteConfig, locale: Locale, dir: string): void {
  const landers = experimentLanders(site.id, locale);
  if (landers.length === 0) return;
  writeFileSync(join(dir, '_routes.json'), `${JSON.stringify(edgeRoutes(landers), null, 2)}\n`);
  writeFileSync(join(dir, '_worker.js'), edgeWorkerSource(site.id, locale));
}
