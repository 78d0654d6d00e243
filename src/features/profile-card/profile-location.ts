/**
 * The location detail fields of a profile as shown on cards and the profile page (SPEC §2.7
 * 'Profile card'): city, region and country, the latter two by name. Only the fields the DTO
 * carries are shown: the server already limits them to visible_profile_fields.
 */
import { countryName, regionName, type Region } from '#src/stores/site-data.ts';

export interface LocationFields {
  city?: string | undefined;
  countryregion?: number | undefined;
  country?: string | undefined;
}

/** The location parts in reading order (city, region, country); unknown regions are left out. */
export function locationParts(
  fields: LocationFields,
  locale: string,
  regions: Record<string, Region[]> | null,
): string[] {
  const parts: string[] = [];
  if (fields.city) parts.push(fields.city);
  if (fields.countryregion) {
    const region = fields.country
      ? regionName(regions, fields.country, fields.countryregion)
      : anyRegionName(regions, fields.countryregion);
    if (region) parts.push(region);
  }
  if (fields.country) parts.push(countryName(fields.country, locale));
  return parts;
}

/** A region by id when the country is not shown (region ids are unique across countries). */
function anyRegionName(regions: Record<string, Region[]> | null, id: number): string | null {
  for (const list of Object.values(regions ?? {})) {
    const found = list.find((region) => region.id === id);
    if (found) return found.name;
  }
  return null;
}
