/**
 * Search and sharing of every site, read from the built dist/sites (after `npm run build`, as
 * npm test runs the budgets): per site and locale, robots.txt names the sitemap on the locale's
 * own domain; the sitemap lists exactly the pages that declare a canonical URL, on that domain,
 * and every one of them is built, and every other page says noindex; each such page has hreflang alternates for the eleven locales
 * plus x-default (the English domain), each pointing at a built page on that locale's domain
 * which points back (reciprocal), the same in the sitemap; its og:url is the canonical URL; the Open Graph image is the root's own og.jpg, 1200 × 630;
 * and no page, sitemap, robots.txt or manifest of one site names another site's domain.
 * tests/unit/seo.test.ts checks the functions that write these files; this checks the result.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sites, type SiteConfig } from '#sites-config';
import { LOCALES, type Locale } from '#src/lib/locales.ts';
import { OG_IMAGE, X_DEFAULT_LOCALE } from '#src/lib/seo.ts';

const dist = join(import.meta.dirname, '../../dist/sites');

interface Head {
  canonical: string | null;
  noindex: boolean;
  lang: string | null;
  ogUrl: string | null;
  /** hreflang → href. */
  alternates: Map<string, string>;
  ogImage: string | null;
}

/** The attributes of every `<tag …>` in an HTML text. */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((match) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of (match[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g))
      if (name && value !== undefined) attributes[name] = value;
    return attributes;
  });
}

function headOf(html: string): Head {
  const links = tags(html, 'link');
  const metas = tags(html, 'meta');
  const og = metas.find((meta) => meta['property'] === 'og:image');
  return {
    canonical: links.find((link) => link['rel'] === 'canonical')?.['href'] ?? null,
    noindex: metas.some((meta) => meta['name'] === 'robots' && meta['content']?.includes('noindex')),
    lang: tags(html, 'html')[0]?.['lang'] ?? null,
    ogUrl: metas.find((meta) => meta['property'] === 'og:url')?.['content'] ?? null,
    alternates: new Map(
      links.filter((link) => link['rel'] === 'alternate' && link['hreflang']).map((l) => [l['hreflang']!, l['href']!]),
    ),
    ogImage: og?.['content'] ?? null,
  };
}

/** Files under a folder, as paths relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** The built file of a URL path on a static root ('/' → index.html, '/pricing' → pricing.html). */
function fileOf(root: string, path: string): string | null {
  const clean = path.replace(/\/$/, '');
  for (const candidate of clean === '' ? ['index.html'] : [`${clean.slice(1)}.html`, `${clean.slice(1)}/index.html`])
    if (existsSync(join(root, candidate))) return candidate;
  return null;
}

/** Host names of the absolute http(s) URLs in a text. */
function hostsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/https?:\/\/([a-z0-9.-]+)/gi)].map((m) => (m[1] ?? '').toLowerCase()));
}

interface Variant {
  root: string;
  /** Pages (HTML files) by their path relative to the root. */
  heads: Map<string, Head>;
}

function readVariant(site: SiteConfig, locale: Locale): Variant {
  const root = join(dist, site.id, locale);
  const heads = new Map<string, Head>();
  for (const file of files(root).filter((f) => f.endsWith('.html') && !f.startsWith('_astro/')))
    heads.set(file, headOf(readFileSync(join(root, file), 'utf8')));
  return { root, heads };
}

describe.each(sites.map((site) => [site.id, site] as const))('search and sharing of %s', (_, site) => {
  const variants = new Map(LOCALES.map((locale) => [locale, readVariant(site, locale)]));
  const variant = (locale: Locale) => variants.get(locale)!;
  const origin = (locale: Locale) => `https://${site.domains[locale]}`;

  it('is built in all eleven locales', () => {
    for (const locale of LOCALES) expect(existsSync(join(dist, site.id, locale, 'index.html')), locale).toBe(true);
  });

  it.each(LOCALES)('%s: robots.txt and sitemap.xml on its own domain list exactly the canonical pages', (locale) => {
    const { root, heads } = variant(locale);
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toContain(`\nSitemap: ${origin(locale)}/sitemap.xml\n`);
    const sitemap = readFileSync(join(root, 'sitemap.xml'), 'utf8');
    const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => ({
      loc: m[1]!.replace(/&amp;/g, '&'),
      alternates: new Map(tags(m[2] ?? '', 'xhtml:link').map((link) => [link['hreflang'], link['href']])),
    }));
    const locs = entries.map((entry) => entry.loc);
    expect(locs.length).toBeGreaterThan(10);
    expect(locs.filter((loc) => !loc.startsWith(`${origin(locale)}/`))).toEqual([]);
    const missing = locs.filter((loc) => !fileOf(root, new URL(loc).pathname));
    expect(missing, 'sitemap entries with no built page').toEqual([]);
    const canonicals = new Set([...heads.values()].flatMap((head) => (head.canonical ? [head.canonical] : [])));
    expect(new Set(locs)).toEqual(canonicals);
    // The sitemap's hreflang links are the page's own.
    for (const { loc, alternates } of entries) {
      const page = heads.get(fileOf(root, new URL(loc).pathname) ?? '');
      expect(alternates, loc).toEqual(page?.alternates);
    }
    // Every other page keeps itself out of the index (the members shell, 404, activation...).
    const unsaid = [...heads].filter(([, head]) => !head.canonical && !head.noindex).map(([file]) => file);
    expect(unsaid, 'pages with neither a canonical URL nor noindex').toEqual([]);
  });

  it.each(LOCALES)(
    '%s: canonical pages name their own URL on their domain, with reciprocal hreflang and x-default',
    (locale) => {
      const { root, heads } = variant(locale);
      const problems: string[] = [];
      for (const [file, head] of heads) {
        if (!head.canonical) continue;
        const canonical = new URL(head.canonical);
        if (canonical.origin !== origin(locale)) problems.push(`${file}: canonical ${head.canonical}`);
        if (head.lang !== locale) problems.push(`${file}: <html lang="${head.lang}">`);
        if (head.ogUrl !== head.canonical) problems.push(`${file}: og:url ${head.ogUrl} is not the canonical URL`);
        // Pages other than the canonical one (a lander without its slug) point at it and stop here.
        if (fileOf(root, canonical.pathname) !== file) continue;
        const expected = [...LOCALES, 'x-default'];
        if ([...head.alternates.keys()].sort().join() !== expected.sort().join())
          problems.push(`${file}: hreflang ${[...head.alternates.keys()].join(',')}`);
        if (head.alternates.get(locale) !== head.canonical) problems.push(`${file}: hreflang ${locale} is not itself`);
        if (head.alternates.get('x-default') !== head.alternates.get(X_DEFAULT_LOCALE))
          problems.push(`${file}: x-default is not the ${X_DEFAULT_LOCALE} page`);
        for (const other of LOCALES) {
          const href = head.alternates.get(other);
          if (!href) continue;
          const url = new URL(href);
          if (url.origin !== origin(other)) problems.push(`${file}: hreflang ${other} on ${url.host}`);
          const target = fileOf(variant(other).root, url.pathname);
          const back = target ? variant(other).heads.get(target)?.alternates.get(locale) : undefined;
          if (!target) problems.push(`${file}: hreflang ${other} ${href} is not built`);
          else if (back !== head.canonical) problems.push(`${file}: ${href} names ${back ?? 'nothing'} for ${locale}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(LOCALES)(
    '%s: the Open Graph image is its own og.jpg, 1200 × 630, on every canonical page',
    async (locale) => {
      const { root, heads } = variant(locale);
      const images = new Set([...heads.values()].filter((head) => head.canonical).map((head) => head.ogImage));
      expect(images).toEqual(new Set([`${origin(locale)}${OG_IMAGE.path}`]));
      const meta = await sharp(join(root, OG_IMAGE.path)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', OG_IMAGE.width, OG_IMAGE.height]);
    },
  );

  it('never names another site’s domain in its pages, sitemaps, robots.txt or manifests', () => {
    const foreign = new Map(
      sites.filter((s) => s.id !== site.id).flatMap((s) => Object.values(s.domains).map((d) => [d, s.id] as const)),
    );
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const { root } = variant(locale);
      for (const file of files(root).filter((f) => /\.(html|xml|txt|webmanifest)$/.test(f))) {
        for (const host of hostsIn(readFileSync(join(root, file), 'utf8'))) {
          const owner = foreign.get(host.replace(/^www\./, ''));
          if (owner) problems.push(`${locale}/${file}: ${host} (${owner})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
