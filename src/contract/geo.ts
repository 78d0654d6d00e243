/**
 * Reverse geocoding of the browser's position (SPEC §4 'Geolocation', §5 'Geolocation',
 * §7 geocode.php). The server answers offline, from data shipped with it: the country from
 * its borders, the region of the regions data (regions.php) that the nearest known place
 * belongs to. The client applies the country only when it is among the search's country
 * options, and the region only when it is among that country's regions; otherwise it marks
 * the location as an error.
 *
 * A logged-in member's position is remembered on their profile only snapped to a coarse
 * grid (GEO_GRID_DEGREES); no call ever answers another member's coordinates.
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './define.ts';

/** The grid a member's stored position is snapped to: 0.1° (about 11 km north–south). */
export const GEO_GRID_DEGREES = 0.1;

export const geocodeQuery = z.looseObject({
  lat: z.coerce.number().check(z.minimum(-90), z.maximum(90)),
  lon: z.coerce.number().check(z.minimum(-180), z.maximum(180)),
});

export const geocodeAnswer = z.object({
  /** ISO country code, or null at sea / outside any country. */
  country: z.nullable(z.string()),
  /** The region id of regions.php the position lies in; 0 when unknown. */
  countryregion: z.number().check(z.int(), z.nonnegative()),
  /** The ISO 3166-2 code of that region (e.g. 'NL-NH'), or null. */
  region_code: z.nullable(z.string()),
});
export type GeocodeAnswer = z.infer<typeof geocodeAnswer>;

/**
 * GET /api/geocode.php?lat=&lon=: for logged-in members only (visitors cannot use
 * geolocation, SPEC §6). Stores the snapped position on the member's profile.
 */
export const getGeocode = defineEndpoint({
  method: 'GET',
  path: '/api/geocode.php',
  query: geocodeQuery,
  response: geocodeAnswer,
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});
