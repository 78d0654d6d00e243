/** Regions per country (SPEC §3 "Region data"), for regions.php and profile locations. */
import { asc, inArray } from 'drizzle-orm';
import type { Locale } from '#src/lib/locales.ts';
import type { Db } from '#src/server/db/client.ts';
import { regions } from '#src/server/db/schema.ts';
import { siteDataOf } from './cache.ts';

export interface RegionItem {
  id: number;
  name: string;
}

/**
 * Country code → its regions, for each of the given countries (a country without regions
 * gets an empty list), sorted by name the way the request's language sorts.
 */
export async function loadRegions(
  db: Db,
  countries: readonly string[],
  locale: Locale,
): Promise<Record<string, RegionItem[]>> {
  const result: Record<string, RegionItem[]> = Object.fromEntries(countries.map((country) => [country, []]));
  if (countries.length === 0) return result;
  const read = () =>
    db
      .select({ id: regions.id, country: regions.country, name: regions.name })
      .from(regions)
      .where(inArray(regions.country, [...countries]))
      .orderBy(asc(regions.id));
  const cache = siteDataOf(db);
  const rows = await (cache ? cache.value(`regions:${countries.join(',')}`, read) : read());
  for (const row of rows) result[row.country]?.push({ id: row.id, name: row.name });
  const collator = new Intl.Collator(locale);
  for (const list of Object.values(result)) list.sort((a, b) => collator.compare(a.name, b.name));
  return result;
}
