/**
 * The built home pages show their site's niche headline and subline (src/i18n/locales
 * `home.hero.<niche>`), in the variant's language. Reads dist/sites: run after the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import { LOCALES, type Locale } from '#src/lib/locales.ts';

const dist = join(import.meta.dirname, '../../dist/sites');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();

function builtVariants(): { site: (typeof sites)[number]; locale: Locale }[] {
  if (!existsSync(join(dist, 'build.json')))
    throw new Error('dist/sites is missing: run `npm run build` before the budgets (npm test does).');
  const { variants } = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as { variants: string[] };
  return variants.flatMap((variant) => {
    const [id, locale] = variant.split('/');
    const site = sites.find((s) => s.id === id);
    return site && LOCALES.includes(locale as Locale) ? [{ site, locale: locale as Locale }] : [];
  });
}

describe('built home hero', () => {
  it("shows the site's niche headline and subline in every built variant", () => {
    const variants = builtVariants();
    expect(variants.length).toBeGreaterThan(0);
    for (const { site, locale } of variants) {
      const html = readFileSync(join(dist, site.id, locale, 'index.html'), 'utf8');
      const hero = catalogues[locale].home.hero[site.niche];
      const [, title = '', subtitle = ''] =
        /<h1 id="hero-title"[^>]*>([\s\S]*?)<\/h1>\s*<p[^>]*>([\s\S]*?)<\/p>/.exec(html) ?? [];
      expect(text(title), `${site.id}/${locale}`).toBe(hero.title);
      expect(text(subtitle), `${site.id}/${locale}`).toBe(hero.subtitle);
    }
  });
});
