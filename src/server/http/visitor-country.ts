/**
 * The visitor's countries, read the same way by every route: the geoip country from the CDN
 * header when we sit behind a trusted proxy (TRUST_PROXY), else from the `country` cookie the
 * static server (or the CDN's edge) wrote from it; the selected country from the
 * `selected_country` cookie that /lang-config?country=YY sets. Only countries of SPEC §9 count.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isCountryCode, type CountryCode } from '#src/lib/locales.ts';
import { COUNTRY_COOKIE_NAME, SELECTED_COUNTRY_COOKIE_NAME } from '#src/lib/visitor-hints.ts';
import type { Config } from '../env.ts';
import type { AppEnv } from './context.ts';

function country(value: string | undefined): CountryCode | null {
  const code = value?.toUpperCase();
  return isCountryCode(code) ? code : null;
}

/** The geoip country from the CDN header of a request's headers; null unless the proxy is trusted. */
export function countryOfHeaders(
  config: Pick<Config, 'trustProxy'>,
  header: (name: string) => string | undefined,
): CountryCode | null {
  if (!config.trustProxy) return null;
  return country(header('cf-ipcountry') ?? header('x-country-code'));
}

/** The geoip country from the CDN header; null unless the proxy is trusted. */
export function headerCountry(c: Context<AppEnv>): CountryCode | null {
  return countryOfHeaders(c.get('deps').config, (name) => c.req.header(name));
}

/** The geoip country: the trusted header, else the `country` cookie written from it. */
export function geoipCountry(c: Context<AppEnv>): CountryCode | null {
  return headerCountry(c) ?? country(getCookie(c, COUNTRY_COOKIE_NAME));
}

/** The country the visitor picked, if any. */
export function selectedCountry(c: Context<AppEnv>): CountryCode | null {
  return country(getCookie(c, SELECTED_COUNTRY_COOKIE_NAME));
}
