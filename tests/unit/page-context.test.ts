/**
 * The page context pages and components read from their route (src/layouts/page-context.ts),
 * and the lander context built on it (src/landers/context.ts).
 */
import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { catalogues } from '#src/i18n/index.ts';
import { pageContext } from '#src/layouts/page-context.ts';
import { landerContext } from '#src/landers/context.ts';

const site = sites[0]!;
const params = { site: site.id, locale: 'nl' };

describe('pageContext', () => {
  it('gives the site, locale and a translator of the route', () => {
    const { site: found, locale, t, brandTitle } = pageContext({ params });
    expect(found).toBe(site);
    expect(locale).toBe('nl');
    expect(t('nav.login')).toBe(catalogues.nl.nav.login);
    expect(brandTitle('Inloggen')).toBe(`Inloggen · ${site.brand}`);
  });

  it('makes one context per variant', () => {
    expect(pageContext({ params: { ...params } })).toBe(pageContext({ params }));
    expect(pageContext({ params: { ...params, locale: 'de' } }).locale).toBe('de');
  });

  it('refuses a route without a known site and locale', () => {
    expect(() => pageContext({ params: { site: 'nope', locale: 'nl' } })).toThrow();
    expect(() => pageContext({ params: { site: site.id, locale: 'xx' } })).toThrow();
    expect(() => pageContext({ params: {} })).toThrow();
  });
});

describe('landerContext', () => {
  it("reads the lander's own texts with the brand, and the layout props", () => {
    const { k, layout } = landerContext('gallery', { params });
    const brand = { brand: site.brand };
    const nl = pageContext({ params }).t;
    expect(k('headline')).toBe(nl('landers.gallery.headline', brand));
    expect(layout.title).toBe(nl('landers.gallery.title', brand));
    expect(layout.title).toContain(site.brand);
    expect(layout.description).toBe(nl('landers.gallery.description', brand));
    expect(layout.path).toMatch(/^\/landers\/gallery\/[a-z-]+$/);
  });
});
