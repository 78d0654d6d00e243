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
 * splits them (docs/decisions.md has the measurements behind that choice). The steps after
 * Astro run for two variants at a time; images, icons and trimmed stylesheets come from
 * content-hashed caches under node_modules/.cache/ when their inputs did not change; a build
 * whose inputs did not change at all is skipped (docs/sites-ci.md).
 *
 *   npm run build [-- --site bdsm[,gay]] [--locale de[,en]] [--force]
 *
 * `--site`/`--locale` set BUILD_SITES/BUILD_LOCALES, which narrow the build the same way.
 */
process.env['NODE_ENV'] = 'production';

import './lib/runtime.ts';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildInputsHash, isBuildCurrent, type BuildStamp } from './lib/build-freshness.ts';
import { BUILD_USAGE, inPool, parseBuildArgs, StepTimes } from './lib/build-steps.ts';

const root = resolve(import.meta.dirname, '..');
const astroOut = join(root, 'dist/astro');
const sitesOut = join(root, 'dist/sites');
/** The back office's page folder in Astro's output, and its root in dist/sites (served on the staff origin only). */
const STAFF_PAGES = 'staff-console';
const STAFF_ROOT = '_staff';
/** Variants finished side by side: image encoding (sharp's threads) overlaps the CSS trimming. */
const PARALLEL_VARIANTS = 2;

export interface BuildResult {
  variants: number;
  seconds: number;
  /** True when dist/sites already held a build of the same inputs (nothing was done). */
  skipped: boolean;
  /** Busy seconds per step (see StepTimes). */
  steps: Record<string, number>;
}

export async function buildSites(options: { force?: boolean } = {}): Promise<BuildResult> {
  const started = performance.now();
  const { buildVariants } = await import('#src/lib/build-env.ts');
  const list = buildVariants();
  const inputs = buildInputsHash();
  const ids = list.map((v) => `${v.site.id}/${v.locale}`);
  if (!options.force && isBuildCurrent(sitesOut, ids, inputs)) {
    return { variants: list.length, seconds: (performance.now() - started) / 1000, skipped: true, steps: {} };
  }

  const { build } = await import('astro');
  const { writeVariantExtras } = await import('./lib/variant-extras.ts');
  const { writeTrafficScript } = await import('./lib/traffic-script.ts');
  const { takeExtrasPage, writeMemberExtras } = await import('./lib/member-extras-script.ts');
  const { writeSiteImages } = await import('./lib/lander-images.ts');
  const { writeOgImage } = await import('./lib/og-image.ts');
  const { trimVariantCss } = await import('./lib/page-css.ts');
  const { writeAppIcons, writeAppWorker } = await import('./lib/pwa-files.ts');
  const steps = new StepTimes();

  rmSync(astroOut, { recursive: true, force: true });
  await steps.time('astro', () => build({ root, logLevel: 'warn' }));
  // Shared by every variant like the _astro/ assets (copied below).
  await steps.time('traffic script', () => writeTrafficScript(astroOut));
  const extrasPage = takeExtrasPage(astroOut);

  rmSync(sitesOut, { recursive: true, force: true });
  // The back office's page (src/pages/staff-console/) belongs to no site: it goes to its own root.
  const shared = readdirSync(astroOut).filter((name) => !list.some((v) => v.site.id === name) && name !== STAFF_PAGES);
  await inPool(list, PARALLEL_VARIANTS, async ({ site, locale }) => {
    const from = join(astroOut, site.id, locale);
    const to = join(sitesOut, site.id, locale);
    if (!existsSync(from)) throw new Error(`build-sites: Astro produced no pages for ${site.id}/${locale}`);
    await steps.time('copy', () => {
      mkdirSync(to, { recursive: true });
      cpSync(from, to, { recursive: true });
      // Astro reserves 404.astro; the page is built as not-found.html and served as 404.html.
      renameSync(join(to, 'not-found.html'), join(to, '404.html'));
      // _astro/ and public/ files are shared by all variants; each root gets its own copy.
      for (const name of shared) cpSync(join(astroOut, name), join(to, name), { recursive: true });
    });
    await steps.time('manifest, robots, sitemap, rewrites', () => writeVariantExtras(site, locale, to));
    await steps.time('member extras', () => writeMemberExtras(to, locale, extrasPage));
    await Promise.all([
      steps.time('lander images', () => writeSiteImages(site, to)),
      steps.time('share image', () => writeOgImage(site, locale, to)),
      steps.time('app icons', () => writeAppIcons(site, to)),
      steps.time('page css', () => trimVariantCss(to)),
    ]);
    // Last: its version hashes the root's final shell page, scripts, manifest and icons.
    await steps.time('app worker', () => writeAppWorker(to));
  });
  const staffOut = join(sitesOut, STAFF_ROOT);
  await steps.time('copy', () => {
    cpSync(join(astroOut, STAFF_PAGES), staffOut, { recursive: true });
    for (const name of shared) cpSync(join(astroOut, name), join(staffOut, name), { recursive: true });
  });
  rmSync(astroOut, { recursive: true, force: true });
  const stamp: BuildStamp = { builtAt: new Date().toISOString(), variants: ids, inputs };
  writeFileSync(join(sitesOut, 'build.json'), `${JSON.stringify(stamp, null, 2)}\n`);
  return {
    variants: list.length,
    seconds: (performance.now() - started) / 1000,
    skipped: false,
    steps: steps.seconds(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args;
  try {
    args = parseBuildArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`build-sites: ${(error as Error).message}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(BUILD_USAGE);
    process.exit(0);
  }
  if (args.sites.length > 0) process.env['BUILD_SITES'] = args.sites.join(',');
  if (args.locales.length > 0) process.env['BUILD_LOCALES'] = args.locales.join(',');
  const result = await buildSites({ force: args.force });
  // For `npm run bench -- --build` (scripts/lib/bench-static-build.ts).
  const resultFile = process.env['BUILD_RESULT_FILE'];
  if (resultFile) writeFileSync(resultFile, JSON.stringify(result));
  if (result.skipped) {
    console.log(
      `dist/sites is current for these ${result.variants} variants (same sources): nothing to build (--force builds anyway)`,
    );
  } else {
    const steps = Object.entries(result.steps).map(([step, s]) => `${step} ${s.toFixed(1)} s`);
    console.log(`Built ${result.variants} site variants into dist/sites in ${result.seconds.toFixed(1)} s`);
    console.log(`  steps (busy time, two variants at a time): ${steps.join(', ')}`);
  }
}
