import { describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { COUNTRY_LOCALES } from '#src/lib/locales.ts';
import { siteCountries, visitorCountryCss } from '#src/landers/map-countries.ts';

const site = sites[0]!;

describe('map lander countries', () => {
  it('names every country the site serves, in the page language', () => {
    const countries = siteCountries(site, 'de');
    expect(countries.map((c) => c.code).sort()).toEqual([...site.settings.countries].sort());
    expect(countries.find((c) => c.code === 'NL')?.name).toBe('Niederlande');
  });

  it("lists the countries that speak the page's language first, each group alphabetically", () => {
    const countries = siteCountries(site, 'nl');
    expect(countries.filter((c) => c.local).map((c) => c.name)).toEqual(['België', 'Nederland']);
    expect(countries.slice(0, 2).every((c) => c.local)).toBe(true);
    const others = countries.slice(2).map((c) => c.name);
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b, 'nl')));
  });

  it('marks a country local exactly when its languages include the locale', () => {
    for (const c of siteCountries(site, 'fr'))
      expect(c.local).toBe((COUNTRY_LOCALES[c.code] as readonly string[]).includes('fr'));
  });

  it('keeps only the countries a site serves', () => {
    const small = { settings: { ...site.settings, countries: ['SE', 'FI'] } };
    expect(siteCountries(small, 'sv').map((c) => c.code)).toEqual(['FI', 'SE']);
    expect(siteCountries(small, 'en')).toEqual([
      { code: 'FI', name: 'Finland', local: false },
      { code: 'SE', name: 'Sweden', local: false },
    ]);
  });
});

describe("CSS naming the visitor's country", () => {
  it("shows the visitor's country and hides the fallback only for the given countries", () => {
    const css = visitorCountryCss(['NL', 'BE'], 'mc');
    expect(css).toContain('.mc-c{display:none}');
    expect(css).toContain('[data-country=NL] .mc-NL{display:inline}');
    expect(css).toContain('[data-country=BE] .mc-BE{display:inline}');
    expect(css).toContain(':root:is([data-country=NL],[data-country=BE]) .mc-any{display:none}');
    expect(css).not.toContain('DE');
  });

  it('is empty without countries', () => {
    expect(visitorCountryCss([], 'mc')).toBe('');
  });
});
