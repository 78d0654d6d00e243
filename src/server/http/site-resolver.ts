/**
 * Which site and locale a request is for, from its host name (pure functions).
 * Hosts: a configured locale domain (flirtmoment.nl → default site, nl), `<id>.localhost`
 * (the site's default locale) and `<locale>.<id>.localhost`; `www.` is ignored.
 */
import type { SiteConfig } from '#sites-config';
import { isLocale, type Locale } from '#src/lib/locales.ts';

export interface HostMatch {
  site: SiteConfig;
  /** The domain's language: the locale this host stands for. */
  domainLocale: Locale;
}

export function hostnameOf(host: string | null | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  const withoutPort = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : (value.split(':')[0] ?? '');
  return withoutPort.replace(/^www\./, '').replace(/\.$/, '');
}

export function resolveHost(sites: readonly SiteConfig[], host: string | null | undefined): HostMatch | null {
  const name = hostnameOf(host);
  if (!name) return null;
  for (const site of sites) {
    for (const [locale, domain] of Object.entries(site.domains)) {
      if (domain === name && isLocale(locale)) return { site, domainLocale: locale };
    }
  }
  const local = /^(?:([a-z]{2})\.)?([a-z0-9-]+)\.localhost$/.exec(name);
  if (local) {
    const site = sites.find((s) => s.id === local[2]);
    if (site) {
      const prefix = local[1];
      if (prefix === undefined) return { site, domainLocale: site.defaultLocale };
      if (isLocale(prefix)) return { site, domainLocale: prefix };
    }
  }
  return null;
}

/** The locale of a request (SPEC §4 "Locale"): the locale cookie, else the domain's language. */
export function resolveLocale(
  cookieLocale: string | undefined,
  domainLocale: Locale,
): { locale: Locale; fromCookie: boolean } {
  if (isLocale(cookieLocale)) return { locale: cookieLocale, fromCookie: true };
  return { locale: domainLocale, fromCookie: false };
}
