/**
 * What the likes, the swipe game, the match finder and the auto-like share: the viewer's
 * context, their own profile, the profiles they may see (members/visibility.ts) and the
 * nearest-in-age candidates with an active profile image. Every profile leaves as a card.
 */
import { and, asc, desc, eq, gte, lt, notInArray, type SQL } from 'drizzle-orm';
import type { ProfileCard } from '#src/contract/members.ts';
import { COUNTRY_NEIGHBOURS, type Gender } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import {
  cardColumns,
  mainPhotoJoin,
  toProfileCard,
  type CardContext,
  visibleTo,
  type Viewer,
} from '#src/server/features/members/index.ts';

export interface LikesContext extends CardContext {
  db: Db;
  viewer: Viewer;
}

export type Self = { gender: Gender; seeking: Gender; country: string; birthdate: string };

/** The viewer's own gender, sought gender (the other one when not set), country and birthdate. */
export async function loadSelf(db: Db, profileId: number): Promise<Self> {
  const [row] = await db
    .select({
      gender: profiles.gender,
      seeking: profiles.seeking,
      country: profiles.country,
      birthdate: profiles.birthdate,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) throw fail('not_found');
  return { ...row, seeking: row.seeking ?? (row.gender === 'male' ? 'female' : 'male') };
}

/** The internal id of a profile the viewer may see, by public id; 404 otherwise. */
export async function findVisible(ctx: LikesContext, publicId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), visibleTo(ctx.viewer)))
    .limit(1);
  if (!row) throw fail('not_found');
  return row.id;
}

/** The card of one profile the viewer may see. */
export async function loadCard(ctx: LikesContext, profileId: number): Promise<ProfileCard> {
  const [row] = await ctx.db
    .select(cardColumns(ctx.viewer.profileId))
    .from(profiles)
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(profiles.id, profileId), visibleTo(ctx.viewer)))
    .limit(1);
  if (!row) throw fail('not_found');
  return toProfileCard(row, ctx);
}

/** The profile has an active profile image (the swipe game, match finder and like modal show it). */
export const activeMainPhoto = and(mainPhotoJoin, eq(photos.status, 'active'));

export function yearsBefore(now: Date, years: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/**
 * Up to `limit` profiles matching `where` with an active profile image, closest in age to
 * `pivot` (a birthdate): of the viewer's country first, then of its neighbour
 * (COUNTRY_NEIGHBOURS, as the search's country filter offers), then of the site's other
 * countries when those two have too few. Each tier is two
 * index-ordered walks from the pivot (older and younger) on profiles_search, so the cost
 * does not grow with the site.
 */
export async function nearestInAge(ctx: LikesContext, where: SQL, pivot: string, country: string, limit: number) {
  const walk = (part: SQL, older: boolean) =>
    ctx.db
      .select(cardColumns(ctx.viewer.profileId))
      .from(profiles)
      .innerJoin(photos, activeMainPhoto)
      .where(and(where, part, older ? lt(profiles.birthdate, pivot) : gte(profiles.birthdate, pivot)))
      .orderBy(older ? desc(profiles.birthdate) : asc(profiles.birthdate), asc(profiles.id))
      .limit(limit);
  const distance = (birthdate: string) => Math.abs(Date.parse(birthdate) - Date.parse(pivot));
  const nearest = async (part: SQL, wanted: number) => {
    const rows = [...(await walk(part, true)), ...(await walk(part, false))];
    return rows
      .sort((a, b) => distance(a.birthdate) - distance(b.birthdate) || a.publicId.localeCompare(b.publicId))
      .slice(0, wanted);
  };
  const local = await nearest(eq(profiles.country, country), limit);
  const neighbour = COUNTRY_NEIGHBOURS[country];
  const near =
    neighbour && local.length < limit ? await nearest(eq(profiles.country, neighbour), limit - local.length) : [];
  const found = [...local, ...near];
  if (found.length >= limit) return found;
  // A country with few members: the site's other countries follow, so the game goes on.
  const farther = await nearest(
    notInArray(profiles.country, neighbour ? [country, neighbour] : [country]),
    limit - found.length,
  );
  return [...found, ...farther];
}

/** Profiles of the gender the viewer seeks that search lists for them. */
export function discoverable(viewer: Viewer, self: Self): SQL {
  return and(visibleTo(viewer, { listedIn: 'search' }), eq(profiles.gender, self.seeking)) as SQL;
}

/** The next profiles of the swipe game and what is left today. */
