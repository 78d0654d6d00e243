/**
 * The home hero speaks to each niche (SPEC §1 "Site variants", §2.7 home): every niche has
 * its own headline and subline in every language, different from the default site's, and
 * the home page asks for the one of its site's niche. tests/budgets/home-hero.test.ts checks
 * the built pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import { LOCALES } from '#src/lib/locales.ts';

type Niche = (typeof sites)[number]['niche'];
const NICHES: readonly Niche[] = [1, 2, 3, 4, 5, 6, 7];
const DEFAULT_NICHE: Niche = 1;

describe.each(LOCALES)('home hero in %s', (locale) => {
  const hero = catalogues[locale].home.hero;

  it('has a headline and subline for every niche', () => {
    for (const niche of NICHES) {
      expect(hero[niche].title.trim(), `niche ${niche}`).not.toBe('');
      expect(hero[niche].subtitle.trim(), `niche ${niche}`).not.toBe('');
    }
  });

  it("gives every niche its own headline, none the default site's", () => {
    for (const niche of NICHES.filter((n) => n !== DEFAULT_NICHE)) {
      expect(hero[niche].title, `niche ${niche}`).not.toBe(hero[DEFAULT_NICHE].title);
      expect(hero[niche].subtitle, `niche ${niche}`).not.toBe(hero[DEFAULT_NICHE].subtitle);
    }
    expect(new Set(NICHES.map((n) => hero[n].title)).size).toBe(NICHES.length);
  });
});

describe('home page', () => {
  const source = readFileSync(join(import.meta.dirname, '../../src/pages/[site]/[locale]/index.astro'), 'utf8');
  const heading = /<h1 id="hero-title"[^>]*>\s*\{t\(([^)]*)\)\}\s*<\/h1>/.exec(source)?.[1];

  it("shows its site's niche headline and subline, not one text for all sites", () => {
    expect(heading).toBe('`home.hero.${site.niche}.title`');
    expect(source).toContain('{t(`home.hero.${site.niche}.subtitle`)}');
  });

  it('serves every configured niche', () => {
    for (const site of sites) expect(NICHES).toContain(site.niche);
  });
});
