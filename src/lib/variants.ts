/**
 * The (site, locale) variants the static build emits, and helpers the pages share.
 */
import { sites, type SiteConfig } from '#sites-config';
import { LOCALES, type Locale } from './locales.ts';

export interface Variant {
  site: SiteConfig;
  locale: Locale;
}

/** Every site × locale; `SITES`/`LOCALES` env filters narrow it for `npm run dev`. */
export function variants(filter?: { sites?: string[]; locales?: string[] }): Variant[] {
  const out: Variant[] = [];
  for (const site of sites) {
    if (filter?.sites?.length && !filter.sites.includes(site.id)) continue;
    for (const locale of LOCALES) {
      if (filter?.locales?.length && !filter.locales.includes(locale)) continue;
      out.push({ site, locale });
    }
  }
  return out;
}

/** CSS custom properties for a site's theme, written into each page head. */
export function themeCss(site: SiteConfig): string {
  const t = site.theme;
  const vars: Record<string, string> = {
    primary: t.primary,
    'on-primary': t.onPrimary,
    secondary: t.secondary,
    success: t.success,
    warning: t.warning,
    danger: t.danger,
    unread: t.unread,
    surface: t.surface,
    'surface-alt': t.surfaceAlt,
    ink: t.ink,
    'ink-muted': t.inkMuted,
  };
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `--site-${k}:${v}`)
    .join(';')}}`;
}

/** The canonical origin of a variant: its locale domain over https. */
export function variantOrigin(site: SiteConfig, locale: Locale): string {
  return `https://${site.domains[locale]}`;
}
