/**
 * Reverse geocoding of a member's browser position, offline (contract src/contract/geo.ts;
 * SPEC §4, §5 'Geolocation', §7 geocode.php):
 * - the country from its borders (@rapideditor/country-coder, loaded on first use);
 * - the region: the one the nearest known place of that country lies in (places.ts), mapped
 *   to our regions table (subdivisions.ts). Only served countries have regions; any other
 *   country is answered without one, and a position at sea has no country at all.
 * A part of a served country that country-coder names apart (French Guiana, Puerto Rico,
 * Åland) is that country with the part as its region when the country's regions list it.
 *
 * The member's position is stored snapped to GEO_GRID_DEGREES, on their own profile only.
 */
import { eq } from 'drizzle-orm';
import { GEO_GRID_DEGREES, type GeocodeAnswer } from '#src/contract/geo.ts';
import { isCountryCode } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { profiles, regions } from '#src/server/db/schema.ts';
import { nearestRegion, placeIndex } from './places.ts';
import { bareCode, resolveRegion } from './subdivisions.ts';

type CountryCoder = typeof import('@rapideditor/country-coder');

let coder: Promise<CountryCoder> | null = null;

/** country-coder builds its border index on import (about 20 MB): only when first needed. */
function countryCoder(): Promise<CountryCoder> {
  coder ??= import('@rapideditor/country-coder').catch((error: unknown) => {
    coder = null;
    throw error;
  });
  return coder;
}

interface RegionRow {
  id: number;
  /** The full ISO 3166-2 code, e.g. 'NL-NH'. */
  isoCode: string;
}

/** A country's regions by bare code ('NH', '84'). */
async function regionsByCode(db: Db, country: string): Promise<Map<string, RegionRow>> {
  const rows = await db
    .select({ id: regions.id, code: regions.code })
    .from(regions)
    .where(eq(regions.country, country));
  return new Map(
    rows.map((r) => {
      const bare = bareCode(country, r.code);
      return [bare, { id: r.id, isoCode: `${country}-${bare}` }];
    }),
  );
}

const answer = (country: string | null, region?: RegionRow): GeocodeAnswer => ({
  country,
  countryregion: region?.id ?? 0,
  region_code: region?.isoCode ?? null,
});

/** Country and region of a position. */
export async function reverseGeocode(db: Db, lat: number, lon: number): Promise<GeocodeAnswer> {
  const { iso1A2Code } = await countryCoder();
  const territory = iso1A2Code([lon, lat], { level: 'territory' });
  const country = iso1A2Code([lon, lat]) ?? territory;
  if (!country) return answer(null);

  if (territory && territory !== country && isCountryCode(country)) {
    // An overseas or autonomous part: a region of the country when its regions list it
    // (FR-GF, US-PR, FI-01 for Åland).
    const part = resolveRegion(country, territory, await regionsByCode(db, country));
    return part ? answer(country, part) : answer(territory);
  }
  if (!isCountryCode(country)) return answer(country);

  const [byCode, index] = await Promise.all([regionsByCode(db, country), placeIndex(country)]);
  if (byCode.size === 0) return answer(country);
  const regionOfCode = index.codes.map((code) => resolveRegion(country, code, byCode));
  return answer(country, nearestRegion(index, regionOfCode, lat, lon));
}

/** A coordinate snapped to the grid, in thousandths of a degree (the profile columns' unit). */
export function snappedE3(degrees: number): number {
  return Math.round(Math.round(degrees / GEO_GRID_DEGREES) * GEO_GRID_DEGREES * 1000);
}

/** Remembers the member's coarse position on their profile. */
export async function storePosition(db: Db, profileId: number, lat: number, lon: number, now: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ lat: snappedE3(lat), lon: snappedE3(lon), geoAt: now })
    .where(eq(profiles.id, profileId));
}
