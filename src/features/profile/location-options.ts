/**
 * The choices of the location section (SPEC §2.7 'My profile', §9 region labels): the
 * site's countries by name in the interface language (plus the member's own, should the
 * site no longer serve it), and the country's regions after a first 'no region' (id 0).
 */
import { regionLabel, type RegionLabel } from '#src/lib/locales.ts';
import { countryName, type Region } from '#src/stores/site-data.ts';

export interface CountryOption {
  code: string;
  name: string;
}

export function countryOptions(siteCountries: readonly string[], current: string, locale: string): CountryOption[] {
  const codes = new Set(siteCountries);
  if (current) codes.add(current);
  const collator = new Intl.Collator(locale);
  return [...codes]
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export interface RegionChoices {
  /** The key under `region_label.*` naming the country's regions (province, state…). */
  label: RegionLabel;
  regions: Region[];
}

export function regionChoices(regions: Readonly<Record<string, Region[]>> | null, country: string): RegionChoices {
  return { label: regionLabel(country), regions: regions?.[country] ?? [] };
}
