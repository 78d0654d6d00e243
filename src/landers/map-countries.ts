/**
 * Countries the map lander (maplanding) names. Pure functions of the site config and the page
 * locale, so the page never states more than the site's own settings say: the countries the
 * site serves, their names in the page language, and the CSS that shows the visitor's own
 * country (BaseHtml puts the geoip `country` cookie on `<html data-country>`) without script.
 */
import type { SiteConfig } from '#sites-config';
import { COUNTRY_LOCALES, isCountryCode, type CountryCode, type Locale } from '#src/lib/locales.ts';

export interface LanderCountry {
  code: CountryCode;
  /** The country's name in the page language ('Niederlande' on a German page). */
  name: string;
  /** One of the country's languages is the page locale: its visitors are this page's audience. */
  local: boolean;
}

/**
 * The site's countries in the page language: those that speak the page locale first, then
 * the others, each group alphabetically by name.
 */
export function siteCountries(site: Pick<SiteConfig, 'settings'>, locale: Locale): LanderCountry[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = site.settings.countries.filter(isCountryCode).map((code) => ({
    code,
    name: names.of(code) ?? code,
    local: (COUNTRY_LOCALES[code] as readonly Locale[]).includes(locale),
  }));
  const collator = new Intl.Collator(locale);
  return countries.sort((a, b) => Number(b.local) - Number(a.local) || collator.compare(a.name, b.name));
}

/**
 * CSS that shows, among elements `.<prefix>-<code>` (hidden by default), the one of the
 * visitor's country, and hides `.<prefix>-any` (the 'your area' fallback) when that country
 * is one of `codes`. Codes are validated country codes, so they are safe in a selector.
 */
export function visitorCountryCss(codes: readonly CountryCode[], prefix: string): string {
  if (codes.length === 0) return '';
  const matches = codes.map((code) => `[data-country=${code}]`).join(',');
  return [
    `.${prefix}-c{display:none}`,
    ...codes.map((code) => `[data-country=${code}] .${prefix}-${code}{display:inline}`),
    `:root:is(${matches}) .${prefix}-any{display:none}`,
  ].join('');
}
