/**
 * City suggestions of the location field (GET /api/cities.php, contract src/contract/profile.ts).
 * A keystroke reads the small `city_suggestions` table, never `profiles`: the hourly job (and
 * the seed) rebuild it per site, country, region and city from the profiles visitors may see
 * (shown, neither invisible nor in privacy mode). A city is suggested only when at least
 * CITY_SUGGESTION_MIN_MEMBERS such profiles give it, so a member's own free-text city (a
 * village, a street, a name) never reaches anyone else.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CITY_SUGGESTIONS_MAX } from '#src/contract/profile.ts';
import type { Db } from '#src/server/db/client.ts';
import { citySuggestions, profiles } from '#src/server/db/schema.ts';
import { isShownProfile } from '#src/server/features/members/index.ts';

/** The fewest visible profiles of a site that must give a city before it is suggested. */
export const CITY_SUGGESTION_MIN_MEMBERS = 3;

/** Rebuilds the suggestions of every site from the visible profiles (one transaction). */
export async function refreshCitySuggestions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(citySuggestions);
    const city = sql`btrim(${profiles.city})`;
    await tx.execute(sql`
      insert into ${citySuggestions} (site_id, country, region_id, city_key, city, members)
      select ${profiles.siteId}, ${profiles.country}, coalesce(${profiles.regionId}, 0), lower(${city}),
             mode() within group (order by ${city}), count(*)::int
      from ${profiles}
      where ${profiles.city} is not null and ${city} <> ''
        and ${isShownProfile()} and ${profiles.invisible} = false and ${profiles.privacyMode} = false
      group by 1, 2, 3, 4`);
  });
}

/**
 * The site's cities for the country (and region) starting with what was typed, regardless of
 * case, most common first; only cities of at least CITY_SUGGESTION_MIN_MEMBERS profiles.
 */
export async function suggestCities(
  db: Db,
  siteId: string,
  query: { country: string; countryregion?: number | undefined; q?: string | undefined },
): Promise<string[]> {
  const typed = (query.q ?? '').trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const members = sql<number>`sum(${citySuggestions.members})`;
  const rows = await db
    .select({ city: sql<string>`(array_agg(${citySuggestions.city} order by ${citySuggestions.members} desc))[1]` })
    .from(citySuggestions)
    .where(
      and(
        eq(citySuggestions.siteId, siteId),
        eq(citySuggestions.country, query.country),
        query.countryregion ? eq(citySuggestions.regionId, query.countryregion) : undefined,
        typed ? sql`${citySuggestions.cityKey} like lower(${typed}) || '%'` : undefined,
      ),
    )
    .groupBy(citySuggestions.cityKey)
    .having(sql`${members} >= ${CITY_SUGGESTION_MIN_MEMBERS}`)
    .orderBy(desc(members), asc(citySuggestions.cityKey))
    .limit(CITY_SUGGESTIONS_MAX);
  return rows.map((r) => r.city);
}
