/**
 * Size budgets of the built sites (SPEC speed goals; checked after the build in npm test).
 * Static pages ship no framework JavaScript; their HTML (with inlined CSS) stays small;
 * the members shell's JavaScript stays within its budget. Every variant is complete.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { lazyChunks, upfrontScriptBytes } from '../../scripts/lib/shell-js.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { LEGAL_PAGES, SHELL_ROUTES } from '#src/lib/routes.ts';
import { LANDERS, SWIPE_LANDER } from '#src/lib/constants.ts';
import { landerSlug } from '#src/landers/paths.ts';

const dist = join(import.meta.dirname, '../../dist/sites');
const KB = 1024;
/**
 * First HTML response, CSS inlined, compressed as it is served: brotli, as `npm start` and
 * CDNs answer browsers that accept it (all current ones do).
 */
const STATIC_HTML_BUDGET = 14 * KB;
const brotli = (bytes: Buffer | string) =>
  brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/**
 * Inline script on a static page: the visitor hints, the site-entry warning and the loader
 * of the affiliate-traffic script (which loads only for links with traffic parameters).
 */
const INLINE_SCRIPT_BUDGET = 800;
/**
 * Pricing fills in the visitor's minimum message cost and the live bundle prices and credits
 * of settings.php (over the built ones: docs/staff.md "Prices") with a script of its own.
 */
const PRICING_INLINE_SCRIPT_BUDGET = INLINE_SCRIPT_BUDGET + 1000;
/** The one script the home page and the profile landers load (teasers, no framework). */
const TEASER_SCRIPT_GZIP_BUDGET = 2 * KB;
/** A whole lander or home page at phone width: HTML, scripts and the images it loads. */
const PAGE_WEIGHT_BUDGET = 150 * KB;
/** The image width a 360 px phone at 2× picks for a full-width picture. */
const PHONE_IMAGE_WIDTH = 720;
/**
 * JavaScript the members shell loads up front, compressed: the first route's script before
 * anything else can load (React, the texts, the loading state; docs/pwa.md). 77.8 KB gzip on
 * 2026-11-28. What a member's browser downloads for the whole first screen is measured in
 * Chromium by tests/e2e/members-js-budget.spec.ts.
 */
const SHELL_JS_GZIP_BUDGET = 85 * KB;
/**
 * Each chunk the members shell loads later (its root, the layout, a route's screen, a modal),
 * with the imports it adds to what is already loaded when it is asked for: at most 38.8 KB
 * gzip on 2026-11-28 (the root, with zod).
 */
const ROUTE_CHUNK_GZIP_BUDGET = 45 * KB;

/** Pages that load no script file at all. */
function zeroJsPages(root: string, site: (typeof sites)[number], locale: (typeof LOCALES)[number]): string[] {
  const landers = [...LANDERS, SWIPE_LANDER].flatMap((lander) => [
    `landers/${lander}.html`,
    `landers/${lander}/${landerSlug(site, locale)}.html`,
  ]);
  return [
    '404.html',
    'pricing.html',
    `${site.statement2257Token}.html`,
    ...LEGAL_PAGES.map((p) => `pages/${p}.html`),
    ...landers,
  ].filter((p) => existsSync(join(root, p)));
}

/** Pages whose only script file is the teaser script. */
const TEASER_PAGES = ['index.html', 'profile-landing.html', 'profile-landing2.html', 'profile-landing3.html'];

function staticPages(root: string, site: (typeof sites)[number], locale: (typeof LOCALES)[number]): string[] {
  return [...TEASER_PAGES.filter((p) => existsSync(join(root, p))), ...zeroJsPages(root, site, locale)];
}

const scriptSources = (html: string) => [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '');

/** Bytes a phone loads for a page: HTML and scripts gzipped, each picture's AVIF at phone width. */
function pageWeight(root: string, page: string): { bytes: number; missingDimensions: string[] } {
  const html = readFileSync(join(root, page), 'utf8');
  let bytes = gzipSync(html).length;
  for (const src of scriptSources(html)) bytes += gzipSync(readFileSync(join(root, src))).length;
  const missingDimensions: string[] = [];
  for (const [img] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!/\bwidth="\d+"/.test(img) || !/\bheight="\d+"/.test(img)) missingDimensions.push(img.slice(0, 80));
  }
  for (const [, srcset] of html.matchAll(/<source[^>]+type="image\/avif"[^>]+srcset="([^"]+)"/g)) {
    const candidates = (srcset ?? '')
      .split(',')
      .map((c) => c.trim().split(/\s+/))
      .map(([url, w]) => ({ url: url ?? '', width: Number.parseInt(w ?? '0', 10) }))
      .sort((a, b) => a.width - b.width);
    const pick = candidates.filter((c) => c.width <= PHONE_IMAGE_WIDTH).at(-1) ?? candidates[0];
    if (pick && existsSync(join(root, pick.url))) bytes += readFileSync(join(root, pick.url)).length;
  }
  return { bytes, missingDimensions };
}

describe('built sites', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'build.json')))
      throw new Error('dist/sites is missing: run `npm run build` before the budgets (npm test does).');
  });
  const variants = sites.flatMap((site) =>
    LOCALES.map((locale) => ({ site, locale, root: join(dist, site.id, locale) })),
  );

  it('has every site × locale as a complete static root', () => {
    const missing = variants.flatMap(({ root }) =>
      [
        'index.html',
        '404.html',
        'members.html',
        '_redirects',
        'manifest.webmanifest',
        'sitemap.xml',
        'robots.txt',
        'traffic.js',
        'profile-landing.html',
        'profile-landing2.html',
        'profile-landing3.html',
        'profile-signup.html',
        ...LEGAL_PAGES.map((p) => `pages/${p}.html`),
      ]
        .filter((file) => !existsSync(join(root, file)))
        .map((file) => join(root, file)),
    );
    expect(missing).toEqual([]);
  });

  it('rewrites every members-area path to the shell', () => {
    const rules = readFileSync(join(dist, 'default/en/_redirects'), 'utf8');
    for (const route of SHELL_ROUTES) expect(rules).toContain(`${route}  /members  200`);
  });

  it('ships no framework JavaScript on static pages, only a small inline script', () => {
    const offenders: string[] = [];
    for (const { root, site, locale } of variants) {
      for (const page of zeroJsPages(root, site, locale)) {
        const html = readFileSync(join(root, page), 'utf8');
        if (/<script[^>]+src=/.test(html) || html.includes('astro-island'))
          offenders.push(`${root}/${page}: loads JavaScript`);
      }
      for (const page of staticPages(root, site, locale)) {
        const html = readFileSync(join(root, page), 'utf8');
        const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce(
          (n, m) => n + (m[1]?.length ?? 0),
          0,
        );
        if (inline > (page === 'pricing.html' ? PRICING_INLINE_SCRIPT_BUDGET : INLINE_SCRIPT_BUDGET))
          offenders.push(`${root}/${page}: ${inline} bytes of inline script`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it(`keeps static HTML under ${STATIC_HTML_BUDGET / KB} KB compressed`, () => {
    const over: string[] = [];
    for (const { root, site, locale } of variants) {
      for (const page of staticPages(root, site, locale)) {
        const bytes = readFileSync(join(root, page));
        // Brotli at its best level is slow; gzip is never smaller, so it screens first.
        const size = gzipSync(bytes).length <= STATIC_HTML_BUDGET ? 0 : brotli(bytes);
        if (size > STATIC_HTML_BUDGET) over.push(`${root}/${page}: ${(size / KB).toFixed(1)} KB`);
      }
    }
    expect(over).toEqual([]);
  }, 120_000);

  it('loads only the small teaser script on the home page and the profile landers', () => {
    const offenders: string[] = [];
    for (const { root } of variants) {
      for (const page of TEASER_PAGES) {
        const html = readFileSync(join(root, page), 'utf8');
        if (html.includes('astro-island')) offenders.push(`${root}/${page}: has an island`);
        const sources = scriptSources(html);
        if (sources.length !== 1) offenders.push(`${root}/${page}: ${sources.length} script files`);
        for (const src of sources) {
          const code = readFileSync(join(root, src), 'utf8');
          const size = gzipSync(code).length;
          if (size > TEASER_SCRIPT_GZIP_BUDGET) offenders.push(`${root}/${page}: ${src} is ${size} bytes gzip`);
          if (/react|createElement|jsx/i.test(code))
            offenders.push(`${root}/${page}: ${src} looks like framework code`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it(`keeps each lander and home page under ${PAGE_WEIGHT_BUDGET / KB} KB at phone width, images with dimensions`, () => {
    const over: string[] = [];
    for (const { root, site, locale } of variants) {
      const landers = [...LANDERS, SWIPE_LANDER].map((lander) => `landers/${lander}/${landerSlug(site, locale)}.html`);
      for (const page of ['index.html', ...landers]) {
        const { bytes, missingDimensions } = pageWeight(root, page);
        if (bytes > PAGE_WEIGHT_BUDGET) over.push(`${root}/${page}: ${(bytes / KB).toFixed(1)} KB`);
        for (const img of missingDimensions) over.push(`${root}/${page}: image without width/height: ${img}`);
      }
    }
    expect(over).toEqual([]);
  });

  it('has every lander of every site at its niche slug', () => {
    const missing = variants.flatMap(({ root, site, locale }) =>
      [...LANDERS, SWIPE_LANDER]
        .flatMap((lander) => [`landers/${lander}.html`, `landers/${lander}/${landerSlug(site, locale)}.html`])
        .filter((file) => !existsSync(join(root, file)))
        .map((file) => join(root, file)),
    );
    expect(missing).toEqual([]);
  });

  it(`keeps the members shell JavaScript under ${SHELL_JS_GZIP_BUDGET / KB} KB compressed`, () => {
    const root = join(dist, 'default/en');
    expect(readFileSync(join(root, 'members.html'), 'utf8')).toContain('astro-island');
    const { files, gzipBytes: total } = upfrontScriptBytes(root, 'members.html');
    expect(files).toBeGreaterThan(1);
    expect(total).toBeLessThan(SHELL_JS_GZIP_BUDGET);
  });

  it(`keeps each further members chunk under ${ROUTE_CHUNK_GZIP_BUDGET / KB} KB compressed`, () => {
    const root = join(dist, 'default/en');
    const chunks = lazyChunks(root, 'members.html');
    // The root, the layout and the screens of the routes are all loaded on demand; the root,
    // the layout and the search come in one chunk, `members` (astro.config.mjs BROWSER_GROUPS).
    for (const name of ['members', 'ChatsScreen', 'SettingsScreen'])
      expect(chunks.map((c) => c.chunk).join(' ')).toContain(`/_astro/${name}.`);
    const over = chunks
      .filter((c) => c.gzipBytes > ROUTE_CHUNK_GZIP_BUDGET)
      .map((c) => `${c.chunk}: ${(c.gzipBytes / KB).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it('has the installable app in every root: manifest with icons, the worker with its precache list', () => {
    const problems: string[] = [];
    for (const { root, locale } of variants) {
      const manifest = JSON.parse(readFileSync(join(root, 'manifest.webmanifest'), 'utf8')) as {
        lang: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      if (manifest.lang !== locale || manifest.start_url !== '/members') problems.push(`${root}: manifest`);
      for (const size of ['192x192', '512x512'])
        for (const purpose of ['any', 'maskable'])
          if (!manifest.icons.some((i) => i.sizes === size && i.purpose === purpose))
            problems.push(`${root}: no ${purpose} icon ${size}`);
      for (const icon of manifest.icons)
        if (!existsSync(join(root, icon.src))) problems.push(`${root}: ${icon.src} missing`);
      const worker = readFileSync(join(root, 'sw-push.js'), 'utf8');
      const precache = JSON.parse(/var PRECACHE = (\[.*\]);/.exec(worker)?.[1] ?? '[]') as string[];
      if (precache[0] !== '/members') problems.push(`${root}: the worker does not cache the shell first`);
      for (const path of precache.slice(1))
        if (!existsSync(join(root, path))) problems.push(`${root}: the worker caches a missing ${path}`);
      if (!worker.includes("'notificationclick'")) problems.push(`${root}: the worker lacks the push handlers`);
    }
    expect(problems).toEqual([]);
  });
});
