/**
 * The legal and info page texts (SPEC §2.1 /pages/*, the 2257 statement): Markdown files in
 * src/legal/<page>/<locale>.md (plus privacy/en-US.md), read at build time, their
 * `{{placeholders}}` filled from the site settings and the operating company, then rendered
 * to HTML. The files hold no company, brand or number of their own, so a settings change
 * reaches every page and language at the next build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import type { CompanyConfig, SiteConfig } from '#sites-config';
import type { Locale } from '#src/lib/locales.ts';
import { normalizePhone } from '#src/lib/legal.ts';
import {
  LIKES_PER_DAY,
  MIN_AGE,
  PHOTO_LIMIT_FREE,
  PHOTO_LIMIT_PREMIUM,
  REACTIVATION_WINDOW_DAYS,
} from '#src/lib/constants.ts';
import { translator } from '#src/i18n/index.ts';

/** Pages whose text lives in src/legal/<page>/. */
export const LEGAL_TEXT_PAGES = [
  'terms',
  'privacy',
  'cookies',
  'faq',
  'service',
  'return-policy',
  'ban',
  'statement-2257',
] as const;
export type LegalTextPage = (typeof LEGAL_TEXT_PAGES)[number];

/** Language variants with a text of their own besides the eleven locales (SPEC §1). */
export const LEGAL_TEXT_VARIANTS = { privacy: ['en-US'] } as const satisfies Partial<Record<LegalTextPage, string[]>>;

const LEGAL_DIR = join(process.cwd(), 'src/legal');

/** Path of the Markdown source of a page in a locale (or a variant such as 'en-US'). */
export function legalSourcePath(page: LegalTextPage, language: string): string {
  return join(LEGAL_DIR, page, `${language}.md`);
}

/** The values the texts' `{{placeholders}}` stand for, for one site and locale. */
export function legalPlaceholders(site: SiteConfig, company: CompanyConfig, locale: Locale): Record<string, string> {
  const t = translator(locale);
  const number = new Intl.NumberFormat(locale);
  const s = site.settings;
  return {
    brand: site.brand,
    domain: site.domains[locale],
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: new Intl.DisplayNames([locale], { type: 'region' }).of(company.country) ?? company.country,
    company_kvk: company.kvk,
    company_vat: company.vat_numbers.join(', '),
    support_email: s.support_email,
    support_phone: s.support_phone,
    support_phone_dial: normalizePhone(s.support_phone),
    refund_days: number.format(s.refund_days),
    fictional_singular: t('fictional.singular'),
    fictional_plural: t('fictional.plural'),
    message_credits: number.format(s.message_credits),
    photo_credits: number.format(s.photo_credits),
    gift_credits: number.format(s.gift_credits),
    min_age: number.format(MIN_AGE),
    reactivation_days: number.format(REACTIVATION_WINDOW_DAYS),
    photo_limit_free: number.format(PHOTO_LIMIT_FREE),
    photo_limit_premium: number.format(PHOTO_LIMIT_PREMIUM),
    likes_per_day: number.format(LIKES_PER_DAY),
  };
}

const PLACEHOLDER = /\{\{\s*([a-z_0-9]+)\s*\}\}/g;

/** The placeholders a text uses, sorted (tests compare them across locales). */
export function placeholdersOf(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

/** Fills the placeholders; an unknown one stops the build with its name. */
export function fillPlaceholders(markdown: string, values: Record<string, string>, source = 'text'): string {
  return markdown.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${source}: unknown placeholder {{${name}}}`);
    return value;
  });
}

// Settings values are plain text: no markup of their own. Only the characters that could
// open HTML or a link are escaped, so e-mail addresses stay intact inside mailto: links.
function escapeMarkdown(value: string): string {
  return value.replace(/[`[\]<>]/g, '\\$&');
}

/**
 * The HTML of a page's text for a site and locale; `language` picks a variant text
 * ('en-US') when one exists. Values are Markdown-escaped before they are filled in.
 */
export function renderLegalText(
  page: LegalTextPage,
  options: { site: SiteConfig; company: CompanyConfig; locale: Locale; language?: string },
): string {
  const { site, company, locale, language = locale } = options;
  const path = existsSync(legalSourcePath(page, language))
    ? legalSourcePath(page, language)
    : legalSourcePath(page, locale);
  const values = Object.fromEntries(
    Object.entries(legalPlaceholders(site, company, locale)).map(([k, v]) => [k, escapeMarkdown(v)]),
  );
  const markdown = fillPlaceholders(readFileSync(path, 'utf8'), values, path);
  return marked.parse(markdown, { async: false, gfm: true });
}
