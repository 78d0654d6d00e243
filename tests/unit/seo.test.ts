// @vitest-environment jsdom
/**
 * Search and sharing files of a static root: robots.txt keeps the members area out and
 * names the sitemap; sitemap.xml lists the indexable pages of its locale domain with the
 * hreflang alternates of all eleven domains; the share image is a 1200×630 JPEG in budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { disallowedPaths, indexablePaths, robotsTxt, sitemapXml } from '../../scripts/lib/variant-extras.ts';
import { OG_IMAGE_MAX_BYTES, ogImageSvg, resolveCssVars, writeOgImage } from '../../scripts/lib/og-image.ts';
import { SWIPE_LANDER } from '#src/lib/constants.ts';
import { LOCALES } from '#src/lib/locales.ts';
import { LEGAL_PAGES, SHELL_ROUTES, isShellPath } from '#src/lib/routes.ts';
import { OG_LOCALES, alternates, localizedPath } from '#src/lib/seo.ts';

const site = sites.find((s) => s.id === 'she') ?? sites[0]!;

/** Whether a robots.txt `Disallow` prefix list blocks a path. */
const blocked = (path: string) => disallowedPaths().some((prefix) => path.startsWith(prefix));

describe('robots.txt', () => {
  it('keeps every members-area path, the profile landers, moderation, the operator inbox and the API out', () => {
    const samples = SHELL_ROUTES.map((r) => r.replace(/:\w+/g, '42'));
    for (const path of [
      ...samples,
      '/members/42/landing',
      '/members/42/landing2/x',
      '/moderation',
      '/operator',
      '/api/settings.php',
    ])
      expect(blocked(path), path).toBe(true);
  });

  it('lets crawlers reach every indexable page, and names the sitemap on its own domain', () => {
    for (const path of indexablePaths(site, 'nl')) expect(blocked(path), path).toBe(false);
    expect(robotsTxt(site, 'nl')).toContain('Sitemap: https://sheflirts.nl/sitemap.xml\n');
  });

  it('does not block pages that say noindex themselves, so crawlers can read it', () => {
    for (const path of ['/activate/done', '/reset-password', '/account-deleted', '/complete-signup'])
      expect(blocked(path), path).toBe(false);
    expect(isShellPath('/activate/done')).toBe(false);
  });
});

describe('sitemap.xml', () => {
  const doc = new DOMParser().parseFromString(sitemapXml(site, 'nl'), 'application/xml');
  const urls = [...doc.getElementsByTagName('url')];
  const locs = urls.map((u) => u.getElementsByTagName('loc')[0]?.textContent);

  it('lists the indexable pages on the locale domain', () => {
    expect(locs).toEqual(expect.arrayContaining(['https://sheflirts.nl/', 'https://sheflirts.nl/pricing']));
    for (const page of LEGAL_PAGES) expect(locs).toContain(`https://sheflirts.nl/pages/${page}`);
    expect(locs).toContain(`https://sheflirts.nl/${site.statement2257Token}`);
    expect(locs).toContain(`https://sheflirts.nl/landers/${SWIPE_LANDER}/she-nl`);
    for (const lander of site.landers) expect(locs).toContain(`https://sheflirts.nl/landers/${lander}/she-nl`);
    expect(locs.some((l) => l?.includes('/members'))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('gives every page its alternates on all eleven domains and x-default', () => {
    for (const url of urls) {
      const links = [...url.getElementsByTagName('xhtml:link')].map((l) => l.getAttribute('hreflang'));
      expect(links).toEqual([...LOCALES, 'x-default']);
    }
    const gallery = urls.find((u) => u.textContent.includes('/landers/gallery/'));
    const hrefs = [...(gallery?.getElementsByTagName('xhtml:link') ?? [])].map((l) => l.getAttribute('href'));
    expect(hrefs).toContain('https://sheflirts.com/landers/gallery/she-eng');
    expect(hrefs).toContain('https://sheflirts.de/landers/gallery/she-de');
  });
});

describe('page alternates', () => {
  it('keeps locale-free paths and moves lander slugs to the target locale', () => {
    expect(localizedPath(site, '/pages/terms', 'nl', 'de')).toBe('/pages/terms');
    expect(localizedPath(site, '/landers/video/she-nl', 'nl', 'en')).toBe('/landers/video/she-eng');
    // A campaign slug is not the canonical one: left as it is.
    expect(localizedPath(site, '/landers/video/summer', 'nl', 'en')).toBe('/landers/video/summer');
    expect(alternates(site, 'nl', '/').at(-1)).toEqual({ hreflang: 'x-default', href: 'https://sheflirts.com/' });
  });

  it('has an og:locale for every locale', () => {
    for (const locale of LOCALES) expect(OG_LOCALES[locale]).toMatch(new RegExp(`^${locale}_[A-Z]{2}$`));
  });
});

describe('share image', () => {
  it('draws the site colours in place of the custom properties', () => {
    expect(resolveCssVars('fill:var(--a,var(--b,#123456))', { b: '#abcdef' })).toBe('fill:#abcdef');
    const svg = ogImageSvg(site, 'de');
    expect(svg).not.toContain('var(');
    expect(svg).toContain(site.theme.primary);
    expect(svg).toContain('sheflirts.de');
  });

  it('writes a 1200×630 JPEG within its budget', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'og-'));
    try {
      const { file, bytes } = await writeOgImage(site, 'fi', dir);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
      expect(bytes).toBeLessThanOrEqual(OG_IMAGE_MAX_BYTES);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
