/**
 * Size budgets of the built sites (SPEC speed goals; checked after the build in npm test).
 * Static pages ship no framework JavaScript; their HTML (with inlined CSS) stays small;
 * the members shell's JavaScript stays within its budget. Every variant is complete.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../sites.config.ts';
import { upfrontScriptBytes } from '../../scripts/lib/shell-js.ts';
import { LOCALES } from '../../src/lib/locales.ts';
import { LEGAL_PAGES, SHELL_ROUTES } from '../../src/lib/routes.ts';

const dist = join(import.meta.dirname, '../../dist/sites');
const KB = 1024;
/** First HTML response, CSS inlined, compressed. */
const STATIC_HTML_GZIP_BUDGET = 14 * KB;
/** Inline script on a static page (the site-entry warning). */
const INLINE_SCRIPT_BUDGET = 600;
/** JavaScript the members shell loads, compressed. */
const SHELL_JS_GZIP_BUDGET = 130 * KB;

function staticPages(root: string): string[] {
  return ['index.html', '404.html', ...LEGAL_PAGES.map((p) => `pages/${p}.html`)].filter((p) =>
    existsSync(join(root, p)),
  );
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
        'moderation.html',
        '_redirects',
        'manifest.webmanifest',
        ...LEGAL_PAGES.map((p) => `pages/${p}.html`),
      ]
        .filter((file) => !existsSync(join(root, file)))
        .map((file) => join(root, file)),
    );
    expect(missing).toEqual([]);
  });

  it('rewrites every members-area path to the shell', () => {
    const rules = readFileSync(join(dist, 'default/en/_redirects'), 'utf8');
    for (const route of SHELL_ROUTES) expect(rules).toContain(`${route}  /members.html  200`);
  });

  it('ships no framework JavaScript on static pages, only a small inline script', () => {
    const offenders: string[] = [];
    for (const { root } of variants) {
      for (const page of staticPages(root)) {
        const html = readFileSync(join(root, page), 'utf8');
        if (/<script[^>]+src=/.test(html) || html.includes('astro-island') || /type="module"/.test(html))
          offenders.push(`${root}/${page}: loads JavaScript`);
        const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].reduce(
          (n, m) => n + (m[1]?.length ?? 0),
          0,
        );
        if (inline > INLINE_SCRIPT_BUDGET) offenders.push(`${root}/${page}: ${inline} bytes of inline script`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it(`keeps static HTML under ${STATIC_HTML_GZIP_BUDGET / KB} KB compressed`, () => {
    const over: string[] = [];
    for (const { root } of variants) {
      for (const page of staticPages(root)) {
        const size = gzipSync(readFileSync(join(root, page))).length;
        if (size > STATIC_HTML_GZIP_BUDGET) over.push(`${root}/${page}: ${(size / KB).toFixed(1)} KB`);
      }
    }
    expect(over).toEqual([]);
  });

  it(`keeps the members shell JavaScript under ${SHELL_JS_GZIP_BUDGET / KB} KB compressed`, () => {
    const root = join(dist, 'default/en');
    expect(readFileSync(join(root, 'members.html'), 'utf8')).toContain('astro-island');
    const { files, gzipBytes: total } = upfrontScriptBytes(root, 'members.html');
    expect(files).toBeGreaterThan(1);
    expect(total).toBeLessThan(SHELL_JS_GZIP_BUDGET);
  });
});
