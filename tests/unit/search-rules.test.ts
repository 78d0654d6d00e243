/** The member search's pure rules (src/features/search/search-rules.ts; SPEC §4, §5, §7, §9). */
import { describe, expect, it } from 'vitest';
import {
  ageBoundsOf,
  ageLabel,
  ageOptionKey,
  ageOptions,
  countryChoices,
  hasPageAfter,
  locationOutcome,
  pageFromParam,
  pageItems,
  queryString,
  searchParams,
  showCountryFilter,
  similarAgeBounds,
  withoutShown,
} from '#src/features/search/search-rules.ts';
import { searchRequestQuery, similarFilters } from '#src/features/search/search-state.ts';
import { numberedProfiles, REGIONS } from './search-fixtures.ts';

describe('age ranges (SPEC §9)', () => {
  it('offers exactly the ranges of SPEC §9, each sending its bounds', () => {
    const options = ageOptions({ min_age: null, max_age: null });
    expect(options.map((o) => [o.key, o.min_age, o.max_age])).toEqual([
      ['all', null, null],
      ['18-25', null, 25],
      ['26-35', 26, 35],
      ['36-45', 36, 45],
      ['46-55', 46, 55],
      ['56-65', 56, 65],
      ['65+', 65, null],
    ]);
    expect(ageBoundsOf('18-25')).toEqual({ min_age: null, max_age: 25 });
    expect(ageBoundsOf('65+')).toEqual({ min_age: 65, max_age: null });
  });

  it('selects the range whose bounds are equal, else a custom option with the searched bounds', () => {
    expect(ageOptionKey({ min_age: 36, max_age: 45 })).toBe('36-45');
    expect(ageOptionKey({ min_age: null, max_age: null })).toBe('all');
    expect(ageOptionKey({ min_age: 30, max_age: 40 })).toBe('custom');
    const options = ageOptions({ min_age: 30, max_age: 40 });
    expect(options[0]).toEqual({ key: 'custom', min_age: 30, max_age: 40 });
    expect(options).toHaveLength(8);
  });

  it('labels a range, an open upper end, and no bounds', () => {
    expect(ageLabel({ min_age: null, max_age: null })).toEqual({ key: 'all', values: {} });
    expect(ageLabel({ min_age: null, max_age: 25 })).toEqual({ key: 'range', values: { min: 18, max: 25 } });
    expect(ageLabel({ min_age: 65, max_age: null })).toEqual({ key: 'over', values: { min: 65 } });
    expect(ageLabel({ min_age: 30, max_age: 40 })).toEqual({ key: 'range', values: { min: 30, max: 40 } });
  });
});

describe('similar search (SPEC §7)', () => {
  it('widens the ages by 5 each side, never under 18; a missing bound stays missing', () => {
    expect(similarAgeBounds({ min_age: 26, max_age: 35 })).toEqual({ min_age: 21, max_age: 40 });
    expect(similarAgeBounds({ min_age: 20, max_age: 25 })).toEqual({ min_age: 18, max_age: 30 });
    expect(similarAgeBounds({ min_age: null, max_age: 25 })).toEqual({ min_age: null, max_age: 30 });
    expect(similarAgeBounds({ min_age: 65, max_age: null })).toEqual({ min_age: 60, max_age: null });
  });

  it('searches all regions of the country and saves nothing', () => {
    const filters = { gender: 'female' as const, country: 'DE', countryregion: 11, min_age: 26, max_age: 35 };
    const query = searchRequestQuery(
      { source: 'members', hideNudity: false, trafficsource: null, viewer: 'a1' },
      { kind: 'manual', page: 1, filters: similarFilters(filters), doNotSave: true },
    );
    expect(query).toEqual({
      source: 'members',
      hideNudity: '0',
      manual_search: '1',
      do_not_save: '1',
      gender: 'female',
      country: 'DE',
      countryregion: '0',
      min_age: '21',
      max_age: '40',
      page: '1',
      pp: '12',
    });
  });

  it('removes the profiles already shown', () => {
    const [a, b, c] = numberedProfiles(3);
    expect(withoutShown([a!, b!, c!], new Set(['m2'])).map((p) => p.id)).toEqual(['m1', 'm3']);
  });
});

describe('country filter (SPEC §5)', () => {
  it('takes the server options, adds the geolocated country the site serves, sorted by name', () => {
    const choices = countryChoices({
      serverOptions: ['NL', 'BE'],
      selected: 'NL',
      geolocated: 'DE',
      siteCountries: ['NL', 'BE', 'DE'],
      locale: 'en',
    });
    expect(choices.map((c) => c.name)).toEqual(['Belgium', 'Germany', 'Netherlands']);
    // Sorted in the interface language: Dutch names order differently.
    const dutch = countryChoices({
      serverOptions: ['DE', 'AT'],
      selected: 'DE',
      geolocated: null,
      siteCountries: null,
      locale: 'nl',
    });
    expect(dutch.map((c) => c.name)).toEqual(['Duitsland', 'Oostenrijk']);
  });

  it('leaves out a geolocated country the site does not serve, and duplicates', () => {
    const choices = countryChoices({
      serverOptions: ['NL', 'BE', 'NL'],
      selected: 'BE',
      geolocated: 'FR',
      siteCountries: ['NL', 'BE'],
      locale: 'en',
    });
    expect(choices.map((c) => c.code)).toEqual(['BE', 'NL']);
  });

  it('is hidden with one option; no country chosen adds "All countries" as an option', () => {
    const one = countryChoices({
      serverOptions: ['DK'],
      selected: 'DK',
      geolocated: null,
      siteCountries: null,
      locale: 'en',
    });
    expect(showCountryFilter(one, 'DK')).toBe(false);
    expect(showCountryFilter(one, null)).toBe(true);
    expect(showCountryFilter([], null)).toBe(false);
  });
});

describe('geolocation (SPEC §5)', () => {
  const options = { siteCountries: ['DE', 'AT'], regions: REGIONS };

  it('applies a served country and a known region', () => {
    expect(locationOutcome({ country: 'DE', countryregion: 11, region_code: 'DE-BY' }, options)).toEqual({
      status: 'applied',
      country: 'DE',
      countryregion: 11,
    });
  });

  it('marks the location as an error when the region or country is not among the options', () => {
    expect(locationOutcome({ country: 'DE', countryregion: 99, region_code: null }, options)).toEqual({
      status: 'unmatched',
      country: 'DE',
    });
    expect(locationOutcome({ country: 'FR', countryregion: 5, region_code: 'FR-IDF' }, options)).toEqual({
      status: 'unmatched',
      country: null,
    });
    expect(locationOutcome({ country: null, countryregion: 0, region_code: null }, options)).toEqual({
      status: 'unmatched',
      country: null,
    });
    expect(locationOutcome(false, options)).toEqual({ status: 'failed' });
  });
});

describe('pages and the URL (SPEC §2.7, §9)', () => {
  it('reads a 1-based page parameter as a 0-based page', () => {
    expect(pageFromParam(undefined)).toBe(0);
    expect(pageFromParam('1')).toBe(0);
    expect(pageFromParam('3')).toBe(2);
    expect(pageFromParam('0')).toBe(0);
    expect(pageFromParam('x')).toBe(0);
  });

  it('writes page and similarpage 1-based, leaves them out on the first page, keeps the rest', () => {
    const current = { network: 'abc', autolocation: '', page: '4' };
    expect(searchParams(current, { page: 0, similarPage: 0 })).toEqual({ network: 'abc', autolocation: '' });
    expect(searchParams(current, { page: 2, similarPage: 1 })).toEqual({
      network: 'abc',
      autolocation: '',
      page: '3',
      similarpage: '2',
    });
    expect(queryString({ page: '2' })).toBe('?page=2');
    expect(queryString({})).toBe('');
  });

  it('knows when pages follow, also beyond a capped count', () => {
    expect(hasPageAfter(0, { numResults: 30, capped: false }, 12)).toBe(true);
    expect(hasPageAfter(2, { numResults: 30, capped: false }, 12)).toBe(false);
    expect(hasPageAfter(1, { numResults: 24, capped: false }, 12)).toBe(false);
    expect(hasPageAfter(99, { numResults: 1200, capped: true }, 12)).toBe(true);
  });

  it('lists the first, last and nearby pages with gaps between', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    // A single skipped page is shown rather than a gap.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    // Capped: the last page is unknown.
    expect(pageItems(5, 6, { capped: true })).toEqual([1, 'gap', 4, 5, 6]);
  });
});
