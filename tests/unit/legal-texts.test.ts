/**
 * The legal and info page texts (src/legal): every page exists in all eleven locales with the
 * English structure and placeholders, and renders for every site with the site's own
 * company, refund days and fictional-profile names filled in.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { companyFor, sites } from '#sites-config';
import { LOCALES } from '#src/lib/locales.ts';
import { translator } from '#src/i18n/index.ts';
import {
  LEGAL_TEXT_PAGES,
  LEGAL_TEXT_VARIANTS,
  legalPlaceholders,
  legalSourcePath,
  placeholdersOf,
  renderLegalText,
} from '#src/legal/render.ts';

const read = (page: (typeof LEGAL_TEXT_PAGES)[number], language: string) =>
  readFileSync(legalSourcePath(page, language), 'utf8');
const headings = (markdown: string, level: number) =>
  markdown.split('\n').filter((line) => line.startsWith(`${'#'.repeat(level)} `)).length;
const known = Object.keys(legalPlaceholders(sites[0]!, companyFor(sites[0]!), 'en'));

describe.each(LEGAL_TEXT_PAGES)('legal text %s', (page) => {
  it('exists in every locale', () => {
    expect(LOCALES.filter((locale) => !existsSync(legalSourcePath(page, locale)))).toEqual([]);
  });

  it('keeps the English structure and placeholders in every locale, translated', () => {
    const english = read(page, 'en');
    expect(english).not.toMatch(/^# /m);
    for (const locale of LOCALES) {
      const text = read(page, locale);
      expect(headings(text, 2), `${page}/${locale} sections`).toBe(headings(english, 2));
      expect(headings(text, 3), `${page}/${locale} sub-sections`).toBe(headings(english, 3));
      expect(placeholdersOf(text), `${page}/${locale} placeholders`).toEqual(placeholdersOf(english));
      if (locale !== 'en')
        expect(text.slice(0, 400), `${page}/${locale} is translated`).not.toBe(english.slice(0, 400));
    }
  });

  it('uses only placeholders the settings fill, and names no company or brand itself', () => {
    for (const locale of LOCALES) {
      const text = read(page, locale);
      expect(placeholdersOf(text).filter((name) => !known.includes(name))).toEqual([]);
      for (const site of sites) expect(text).not.toContain(site.brand);
      expect(text).not.toMatch(/Moonlit Media/);
    }
  });
});

describe('rendered legal texts', () => {
  it('fill in each site company, refund days and fictional-profile names', () => {
    for (const site of sites) {
      const company = companyFor(site);
      for (const locale of ['en', 'de', 'pl'] as const) {
        const terms = renderLegalText('terms', { site, company, locale });
        expect(terms).toContain(company.name);
        expect(terms).toContain(translator(locale)('fictional.plural'));
        expect(terms).not.toMatch(/\{\{/);
        const refunds = renderLegalText('return-policy', { site, company, locale });
        expect(refunds).toContain(String(site.settings.refund_days));
      }
    }
  });

  it('render every page for every locale without leftovers', () => {
    const site = sites[2]!;
    for (const page of LEGAL_TEXT_PAGES) {
      for (const locale of LOCALES) {
        const html = renderLegalText(page, { site, company: companyFor(site), locale });
        expect(html, `${page}/${locale}`).toMatch(/<h2/);
        expect(html, `${page}/${locale}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it('has the separate US privacy text, in English', () => {
    for (const language of LEGAL_TEXT_VARIANTS.privacy) {
      const text = read('privacy', language);
      expect(text).not.toBe(read('privacy', 'en'));
      expect(text).toMatch(/California|United States/);
    }
  });
});
