import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  landerSlugLocale,
  localeFromLanguage,
  menuCountry,
  menuLocales,
  regionLabel,
} from '#src/lib/locales.ts';

describe('locales', () => {
  it('has the eleven locales of the spec', () => {
    expect([...LOCALES].sort()).toEqual(['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']);
  });

  it('reads domain_language by its first two characters', () => {
    expect(localeFromLanguage('nl_NL')).toBe('nl');
    expect(localeFromLanguage('de-AT')).toBe('de');
    expect(localeFromLanguage('pt_BR')).toBeNull();
    expect(localeFromLanguage(undefined)).toBeNull();
  });

  it('offers all locales to a logged-out visitor whose geoip country differs from the selected one', () => {
    expect(menuLocales({ loggedIn: false, geoipCountry: 'DE', selectedCountry: 'NL' })).toEqual(LOCALES);
  });

  it("otherwise offers the selected country's locales", () => {
    expect(menuLocales({ loggedIn: false, geoipCountry: 'BE', selectedCountry: 'BE' })).toEqual(['nl', 'fr', 'de']);
    expect(menuLocales({ loggedIn: true, geoipCountry: 'DE', selectedCountry: 'CH' })).toEqual([
      'de',
      'it',
      'fr',
      'en',
    ]);
    expect(menuLocales({ loggedIn: true, geoipCountry: null, selectedCountry: 'FI' })).toEqual(['fi', 'sv']);
  });

  it('treats the geoip country as the selected one when the visitor picked none', () => {
    expect(menuLocales({ loggedIn: false, geoipCountry: 'BE', selectedCountry: null })).toEqual(['nl', 'fr', 'de']);
    expect(menuLocales({ loggedIn: true, geoipCountry: 'CA', selectedCountry: null })).toEqual(['en', 'fr']);
  });

  it('offers all locales when no country is known, or when it is not one of the spec', () => {
    expect(menuLocales({ loggedIn: false, geoipCountry: null, selectedCountry: null })).toEqual(LOCALES);
    expect(menuLocales({ loggedIn: true, geoipCountry: null, selectedCountry: null })).toEqual(LOCALES);
    expect(menuLocales({ loggedIn: false, geoipCountry: 'BR', selectedCountry: null })).toEqual(LOCALES);
    expect(menuLocales({ loggedIn: true, geoipCountry: 'NL', selectedCountry: 'BR' })).toEqual(LOCALES);
  });

  it('offers all locales to a logged-out visitor with a selected country but no geoip country', () => {
    expect(menuLocales({ loggedIn: false, geoipCountry: null, selectedCountry: 'NL' })).toEqual(LOCALES);
  });

  it('lets a member keep the selected country wherever they are', () => {
    expect(menuCountry({ loggedIn: true, geoipCountry: 'ES', selectedCountry: 'NL' })).toBe('NL');
    expect(menuCountry({ loggedIn: false, geoipCountry: 'ES', selectedCountry: 'NL' })).toBeNull();
    expect(menuCountry({ loggedIn: false, geoipCountry: 'NL', selectedCountry: 'NL' })).toBe('NL');
  });

  it('names regions as each country does', () => {
    expect(regionLabel('NL')).toBe('province');
    expect(regionLabel('DE')).toBe('state');
    expect(regionLabel('CH')).toBe('canton');
    expect(regionLabel('PL')).toBe('voivodeship');
    expect(regionLabel('SE')).toBe('county');
    expect(regionLabel('GB')).toBe('region');
  });

  it("uses 'eng' for English in lander slugs", () => {
    expect(landerSlugLocale('en')).toBe('eng');
    expect(landerSlugLocale('de')).toBe('de');
  });
});
