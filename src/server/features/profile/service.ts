/**
 * Profile details of the caller's own profile (SPEC §3) and the public signup teasers
 * (SPEC §2.7 /signup-matches).
 */
import { and, desc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { ProfileDetails, Teaser } from '../../../contract/profile.ts';
import { TEASERS_MAX } from '../../../contract/profile.ts';
import type { Gender } from '../../../lib/constants.ts';
import { accounts, profileInterests, profiles } from '../../db/schema.ts';
import { authenticationRequired } from '../../http/errors.ts';
import type { AccountContext } from '../accounts/common.ts';
import { siteSettings } from '../accounts/common.ts';

/**
 * Saves the given details of the caller's profile on the request's site; fields left out
 * stay as they are, `interests` replaces the whole set. All in one transaction.
 */
export async function saveProfileDetails(ctx: AccountContext, accountId: number, details: ProfileDetails) {
  await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(and(eq(profiles.accountId, accountId), eq(profiles.siteId, ctx.site.id), eq(accounts.siteId, ctx.site.id)))
      .limit(1);
    if (!profile) throw authenticationRequired();

    const columns = {
      ...(details.sexuality !== undefined ? { sexuality: details.sexuality } : {}),
      ...(details.hair_color !== undefined ? { hairColor: details.hair_color } : {}),
      ...(details.eye_color !== undefined ? { eyeColor: details.eye_color } : {}),
      ...(details.body_type !== undefined ? { bodyType: details.body_type } : {}),
      ...(details.relationship_status !== undefined ? { relationshipStatus: details.relationship_status } : {}),
      ...(details.tattoos !== undefined ? { tattoos: details.tattoos } : {}),
      ...(details.about_me !== undefined ? { aboutMe: details.about_me || null } : {}),
      ...(details.signup_reason !== undefined ? { signupReason: details.signup_reason || null } : {}),
    };
    if (Object.keys(columns).length > 0) {
      await tx.update(profiles).set(columns).where(eq(profiles.id, profile.id));
    }
    if (details.interests !== undefined) {
      await tx.delete(profileInterests).where(eq(profileInterests.profileId, profile.id));
      if (details.interests.length > 0) {
        await tx
          .insert(profileInterests)
          .values(details.interests.map((interest) => ({ profileId: profile.id, interest })));
      }
    }
  });
}

/** YYYY-MM-DD of `now` minus whole years (UTC). */
function yearsBefore(now: Date, years: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

/** Age in whole years on `now` of a YYYY-MM-DD birthdate. */
export function ageOf(birthdate: string, now: Date): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age;
}

export interface TeaserQuery {
  gender: Gender;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

/**
 * Up to TEASERS_MAX active profiles of the site for visitors: members with a confirmed
 * account, or fictional profiles; never invisible or privacy-mode ones. Most recently
 * active first (deterministic, and varies as members come and go).
 */
export async function findTeasers(ctx: AccountContext, query: TeaserQuery): Promise<Teaser[]> {
  const settings = await siteSettings(ctx);
  const showCity = (settings.visible_profile_fields as readonly string[]).includes('city');
  const conditions = [
    eq(profiles.siteId, ctx.site.id),
    eq(profiles.status, 'active'),
    eq(profiles.gender, query.gender),
    eq(profiles.invisible, false),
    eq(profiles.privacyMode, false),
    or(
      eq(profiles.type, 'fictional'),
      and(eq(profiles.type, 'member'), isNotNull(profiles.accountId), eq(accounts.status, 'confirmed')),
    ),
  ];
  // Age a..b: born on or before now - a years, and after now - (b + 1) years.
  if (query.min_age !== undefined) conditions.push(lte(profiles.birthdate, yearsBefore(ctx.now, query.min_age)));
  if (query.max_age !== undefined) conditions.push(gt(profiles.birthdate, yearsBefore(ctx.now, query.max_age + 1)));

  const rows = await ctx.db
    .select({
      publicId: profiles.publicId,
      name: profiles.name,
      birthdate: profiles.birthdate,
      city: profiles.city,
      type: profiles.type,
    })
    .from(profiles)
    .leftJoin(accounts, and(eq(accounts.id, profiles.accountId), eq(accounts.siteId, profiles.siteId)))
    .where(and(...conditions))
    .orderBy(desc(profiles.lastActiveAt), sql`${profiles.publicId}`)
    .limit(TEASERS_MAX);

  return rows.map((row) => ({
    id: row.publicId,
    name: row.name,
    age: ageOf(row.birthdate, ctx.now),
    ...(showCity && row.city ? { city: row.city } : {}),
    type: row.type,
  }));
}
