/**
 * Who is searching (SPEC §2.7 'Member search', §6 Visitor): what a search depends on besides
 * its query, and the session's member with their saved filters and exceptions, read in one
 * prepared query (step 1 of service.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SearchFilterOptions } from '#src/contract/search.ts';
import type { Gender } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, blocks, conversations, likes, profiles, searchFilters } from '#src/server/db/schema.ts';
import { type CardContext, viewerColumns, type Viewer } from '#src/server/features/members/index.ts';

/** A logged-in member searching: who they are, their saved filters, their exceptions. */
export interface Searcher {
  viewer: Viewer;
  gender: Gender;
  seeking: Gender | null;
  birthdate: string;
  country: string;
  saved: SearchFilterOptions | null;
  /** Profiles either side of a block with the member. */
  blocked: number[];
  /** Listable privacy-mode profiles of the site that liked the member or share a conversation. */
  privacyInTouch: number[];
}

/** What a search depends on besides its query. */
export interface SearchContext extends CardContext {
  db: Db;
  siteId: string;
  /** The logged-in member, or null for a visitor. */
  searcher: Searcher | null;
  /** The site's countries (settings.countries) and offered filters (settings.search_fields). */
  countries: readonly string[];
  searchFields: readonly string[];
  /** A visitor's country (country cookie or geoip); unused for members. */
  visitorCountry: string | null;
}

const toIds = (value: unknown) => ((value as unknown[] | null) ?? []).map(Number);

/**
 * The session's member on this site with everything the search needs, in one query: a
 * prepared statement (db/prepared.ts), so PostgreSQL parses and plans it once per connection.
 */
const searcherQuery = preparedFor((db) => {
  const me = profiles.id;
  return db
    .select({
      ...viewerColumns,
      gender: profiles.gender,
      seeking: profiles.seeking,
      birthdate: profiles.birthdate,
      country: profiles.country,
      savedAt: searchFilters.updatedAt,
      savedGender: searchFilters.gender,
      savedCountry: searchFilters.country,
      savedRegion: searchFilters.regionId,
      savedMin: searchFilters.minAge,
      savedMax: searchFilters.maxAge,
      blocked: sql<unknown>`array(
        select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${me}
        union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${me})`,
      privacyInTouch: sql<unknown>`array(
        select other.id from ${profiles} other where other.id in (
          select ${likes.likerId} from ${likes} where ${likes.likedId} = ${me}
          union all select ${conversations.profileHigh} from ${conversations} where ${conversations.profileLow} = ${me}
          union all select ${conversations.profileLow} from ${conversations} where ${conversations.profileHigh} = ${me})
        and other.site_id = ${accounts.siteId} and other.privacy_mode = true
        and other.status = 'active' and other.invisible = false)`,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(searchFilters, eq(searchFilters.accountId, accounts.id))
    .where(and(eq(accounts.id, sql.placeholder('accountId')), eq(accounts.siteId, sql.placeholder('siteId'))))
    .limit(1)
    .prepare('search_searcher');
});

/** The session's member on this site (searcherQuery); null for an account of another site or without a profile. */
export async function loadSearcher(db: Db, accountId: number, siteId: string): Promise<Searcher | null> {
  const [row] = await searcherQuery(db).execute({ accountId, siteId });
  if (!row) return null;
  return {
    viewer: { accountId: row.accountId, profileId: row.profileId, siteId: row.siteId, paid: row.paid, role: row.role },
    gender: row.gender,
    seeking: row.seeking,
    birthdate: row.birthdate,
    country: row.country,
    saved:
      row.savedAt === null
        ? null
        : {
            gender: row.savedGender,
            country: row.savedCountry,
            countryregion: row.savedRegion ?? 0,
            min_age: row.savedMin,
            max_age: row.savedMax,
          },
    blocked: toIds(row.blocked),
    privacyInTouch: toIds(row.privacyInTouch),
  };
}
