/**
 * build-sites: builds every (site, locale) variant and writes one self-contained static
 * root per variant to dist/sites/<site>/<locale>/ (index.html, 404.html, pages, _astro
 * assets, manifest, robots.txt, sitemap.xml and rewrite rules for common static hosts), with
 * the installable app's icons and service worker (/sw-push.js, docs/pwa.md),
 * the lander illustrations (AVIF/WebP), the share image, the affiliate-traffic script, and
 * each static page's inlined CSS trimmed to what its markup uses; and the back office's page
 * to dist/sites/_staff/ (docs/staff.md), which no member site serves.
 *
 * One Astro build emits all variants (src/pages/[site]/[locale]/...), then this script
 * splits them (docs/decisions.md has the measurements behind that choice).
 * BUILD_SITES=default BUILD_LOCALES=en,nl narrows the build.
 */
process.env['NODE_ENV'] = 'production';

import './lib/runtime.ts';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = resolve(import.meta.dirname, '..');
const astroOut = join(root, 'dist/astro');
const sitesOut = join(root, 'dist/sites');
/** The back office's page folder in Astro's output, and its root in dist/sites (served on the staff origin only). */
const STAFF_PAGES = 'staff-console';
const STAFF_ROOT = '_staff';

export async function buildSites(): Promise<{ variants: number; seconds: number }> {
  const started = performance.now();
  const { build } = await import('astro');
  const { buildVariants } = await import('#src/lib/build-env.ts');
  const { writeVariantExtras } = await import('./lib/variant-extras.ts');
  const { writeTrafficScript } = await import('./lib/traffic-script.ts');
  const { writeSiteImages } = await import('./lib/lander-images.ts');
  const { writeOgImage } = await import('./lib/og-image.ts');
  const { trimVariantCss } = await import('./lib/page-css.ts');
  const { writeAppIcons, writeAppWorker } = await import('./lib/pwa-files.ts');
  const list = buildVariants();

  rmSync(astroOut, { recursive: true, force: true });
  await build({ root, logLevel: 'warn' });
  // Shared by every variant like the _astro/ assets (copied below).
  await writeTrafficScript(astroOut);

  rmSync(sitesOut, { recursive: true, force: true });
  // The back office's page (src/pages/staff-console/) belongs to no site: it goes to its own root.
  const shared = readdirSync(astroOut).filter((name) => !list.some((v) => v.site.id === name) && name !== STAFF_PAGES);
  for (const { site, locale } of list) {
    const from = join(astroOut, site.id, locale);
    const to = join(sitesOut, site.id, locale);
    if (!existsSync(from)) throw new Error(`build-sites: Astro produced no pages for ${site.id}/${locale}`);
    mkdirSync(to, { recursive: true });
    cpSync(from, to, { recursive: true });
    // Astro reserves 404.astro; the page is built as not-found.html and served as 404.html.
    renameSync(join(to, 'not-found.html'), join(to, '404.html'));
    // _astro/ and public/ files are shared by all variants; each root gets its own copy.
    for (const name of shared) cpSync(join(astroOut, name), join(to, name), { recursive: true });
    writeVariantExtras(site, locale, to);
    await writeSiteImages(site, to);
    await writeOgImage(site, locale, to);
    await trimVariantCss(to);
    await writeAppIcons(site, to);
    // Last: its version hashes the root's final shell page, scripts, manifest and icons.
    writeAppWorker(to);
  }
  const staffOut = join(sitesOut, STAFF_ROOT);
  cpSync(join(astroOut, STAFF_PAGES), staffOut, { recursive: true });
  for (const name of shared) cpSync(join(astroOut, name), join(staffOut, name), { recursive: true });
  rmSync(astroOut, { recursive: true, force: true });
  writeFileSync(
    join(sitesOut, 'build.json'),
    `${JSON.stringify({ builtAt: new Date().toISOString(), variants: list.map((v) => `${v.site.id}/${v.locale}`) }, null, 2)}\n`,
  );
  return { variants: list.length, seconds: (performance.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { variants, seconds } = await buildSites();
  console.log(`Built ${variants} site variants into dist/sites in ${seconds.toFixed(1)} s`);
}
