/**
 * Profile details of the caller's own profile (SPEC §3) and the public signup teasers
 * (SPEC §2.7 /signup-matches).
 */
import { and, asc, desc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { OwnProfile, PROFILE_ERRORS, ProfileDetails, Teaser } from '#src/contract/profile.ts';
import { TEASERS_MAX } from '#src/contract/profile.ts';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM, photoUrl } from '#src/contract/photos.ts';
import { PROFILE_ATTRIBUTES, type Gender, type Interest } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts, interests, photos, profileInterests, profiles, regions } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import type { RequestContext } from '#src/server/platform/request-context.ts';
import { siteSettings } from '#src/server/features/site/index.ts';
import { validateDateOfBirth, validateName } from '#src/server/features/accounts/index.ts';
import { ageOf } from '#src/server/features/members/index.ts';
import { listOwnPhotos } from '#src/server/features/photos/index.ts';

const profileError = (code: (typeof PROFILE_ERRORS)[number], field: string) =>
  fail('invalid_input', { message: `profile.errors.${code}`, field });

/** The caller's profile on the request's site, locked for the transaction. */
async function lockOwnProfile(tx: Pick<Db, 'select'>, ctx: RequestContext, accountId: number) {
  const [profile] = await tx
    .select({ id: profiles.id, country: profiles.country, email: accounts.email })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.accountId, accountId), eq(profiles.siteId, ctx.site.id), eq(accounts.siteId, ctx.site.id)))
    .for('update', { of: profiles })
    .limit(1);
  if (!profile) throw fail('authentication_required');
  return profile;
}

/**
 * Saves the given fields of the caller's profile on the request's site; fields left out
 * stay as they are, `interests` replaces the whole set. The username, date of birth and
 * location follow SPEC §5 (the texts of the signup); the country must be one the site
 * serves and the region one of that country's (0 = none). All in one transaction.
 */
export async function saveProfileDetails(ctx: RequestContext, accountId: number, details: ProfileDetails) {
  const settings = await siteSettings(ctx);
  await ctx.db.transaction(async (tx) => {
    const profile = await lockOwnProfile(tx, ctx, accountId);
    if (details.name !== undefined) validateName(details.name, profile.email ?? '');
    if (details.date_of_birth !== undefined) validateDateOfBirth(details.date_of_birth, ctx.now);
    const country = details.country ?? profile.country;
    if (details.country !== undefined && !(settings.countries as readonly string[]).includes(details.country)) {
      throw profileError('country_invalid', 'country');
    }
    let regionId: number | null | undefined;
    if (details.countryregion !== undefined) {
      regionId = details.countryregion === 0 ? null : details.countryregion;
      if (regionId !== null) {
        const [region] = await tx
          .select({ id: regions.id })
          .from(regions)
          .where(and(eq(regions.id, regionId), eq(regions.country, country)))
          .limit(1);
        if (!region) throw profileError('region_invalid', 'countryregion');
      }
    } else if (details.country !== undefined && details.country !== profile.country) {
      // A new country without a region: the old region belongs to the old country.
      regionId = null;
    }

    const columns = {
      ...(details.sexuality !== undefined ? { sexuality: details.sexuality } : {}),
      ...(details.hair_color !== undefined ? { hairColor: details.hair_color } : {}),
      ...(details.eye_color !== undefined ? { eyeColor: details.eye_color } : {}),
      ...(details.body_type !== undefined ? { bodyType: details.body_type } : {}),
      ...(details.relationship_status !== undefined ? { relationshipStatus: details.relationship_status } : {}),
      ...(details.tattoos !== undefined ? { tattoos: details.tattoos } : {}),
      ...(details.about_me !== undefined ? { aboutMe: details.about_me || null } : {}),
      ...(details.signup_reason !== undefined ? { signupReason: details.signup_reason || null } : {}),
      ...(details.name !== undefined ? { name: details.name } : {}),
      ...(details.gender !== undefined ? { gender: details.gender } : {}),
      ...(details.date_of_birth !== undefined ? { birthdate: details.date_of_birth } : {}),
      ...(details.country !== undefined ? { country: details.country } : {}),
      ...(regionId !== undefined ? { regionId } : {}),
      ...(details.city !== undefined ? { city: details.city || null } : {}),
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

function attribute<T extends readonly string[]>(values: T, value: string | null): T[number] | null {
  return value !== null && (values as readonly string[]).includes(value) ? value : null;
}

/** The caller's own profile with its photos (GET /api/profile.php). */
export async function loadOwnProfile(ctx: RequestContext, accountId: number): Promise<OwnProfile> {
  const [row] = await ctx.db
    .select({ profile: profiles, paidUser: accounts.paidUser })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.accountId, accountId), eq(profiles.siteId, ctx.site.id)))
    .limit(1);
  if (!row) throw fail('authentication_required');
  const p = row.profile;
  const [interestRows, photoList] = await Promise.all([
    ctx.db
      .select({ interest: profileInterests.interest })
      .from(profileInterests)
      .innerJoin(interests, eq(interests.key, profileInterests.interest))
      .where(eq(profileInterests.profileId, p.id))
      .orderBy(asc(interests.position)),
    listOwnPhotos(ctx.db, p.id),
  ]);
  return {
    id: p.publicId,
    name: p.name,
    gender: p.gender,
    date_of_birth: p.birthdate,
    age: ageOf(p.birthdate, ctx.now),
    country: p.country,
    countryregion: p.regionId ?? 0,
    city: p.city ?? '',
    sexuality: attribute(PROFILE_ATTRIBUTES.sexuality, p.sexuality),
    hair_color: attribute(PROFILE_ATTRIBUTES.hair_color, p.hairColor),
    eye_color: attribute(PROFILE_ATTRIBUTES.eye_color, p.eyeColor),
    body_type: attribute(PROFILE_ATTRIBUTES.body_type, p.bodyType),
    relationship_status: attribute(PROFILE_ATTRIBUTES.relationship_status, p.relationshipStatus),
    tattoos: attribute(PROFILE_ATTRIBUTES.tattoos, p.tattoos),
    signup_reason: p.signupReason ?? '',
    about_me: p.aboutMe ?? '',
    interests: interestRows.map((r) => r.interest as Interest),
    invisible: p.invisible,
    privacy_mode: p.privacyMode,
    photos: photoList,
    photo_limit: row.paidUser ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE,
  };
}

/** Switches invisible and/or privacy mode of the caller's profile; answers both. */
export async function savePrivacy(
  ctx: RequestContext,
  accountId: number,
  input: { invisible?: boolean | undefined; privacy_mode?: boolean | undefined },
): Promise<{ invisible: boolean; privacy_mode: boolean }> {
  const [row] = await ctx.db
    .update(profiles)
    .set({
      ...(input.invisible !== undefined ? { invisible: input.invisible } : {}),
      ...(input.privacy_mode !== undefined ? { privacyMode: input.privacy_mode } : {}),
    })
    .where(and(eq(profiles.accountId, accountId), eq(profiles.siteId, ctx.site.id)))
    .returning({ invisible: profiles.invisible, privacyMode: profiles.privacyMode });
  if (!row) throw fail('authentication_required');
  return { invisible: row.invisible, privacy_mode: row.privacyMode };
}

/** YYYY-MM-DD of `now` minus whole years (UTC). */
function yearsBefore(now: Date, years: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

export interface TeaserQuery {
  gender: Gender;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

/**
 * Who a visitor may see as a teaser (home, signup matches, profile landers): active profiles
 * of the site, members with a confirmed account or fictional profiles, never invisible or
 * privacy-mode ones.
 */
function publicTeaserConditions(siteId: string) {
  return [
    eq(profiles.siteId, siteId),
    eq(profiles.status, 'active'),
    eq(profiles.invisible, false),
    eq(profiles.privacyMode, false),
    or(
      eq(profiles.type, 'fictional'),
      and(eq(profiles.type, 'member'), isNotNull(profiles.accountId), eq(accounts.status, 'confirmed')),
    ),
  ];
}

function teaserQuery(ctx: RequestContext) {
  return ctx.db
    .select({
      publicId: profiles.publicId,
      name: profiles.name,
      birthdate: profiles.birthdate,
      city: profiles.city,
      type: profiles.type,
      photoPublicId: photos.publicId,
      photoStatus: photos.status,
    })
    .from(profiles)
    .leftJoin(accounts, and(eq(accounts.id, profiles.accountId), eq(accounts.siteId, profiles.siteId)))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId));
}

type TeaserRow = Awaited<ReturnType<ReturnType<typeof teaserQuery>['where']>>[number];

function toTeaser(row: TeaserRow, now: Date, showCity: boolean): Teaser {
  return {
    id: row.publicId,
    name: row.name,
    age: ageOf(row.birthdate, now),
    ...(showCity && row.city ? { city: row.city } : {}),
    type: row.type,
    // Visitors may see the thumb of a public main photo, and nothing else (photo.php checks it too).
    ...(row.photoStatus === 'active' && row.photoPublicId ? { image: photoUrl(row.photoPublicId, 'thumb') } : {}),
  };
}

/**
 * Up to TEASERS_MAX public profiles of the asked gender and ages: those with an approved
 * photo first (a teaser shows people), each group most recently active first.
 */
export async function findTeasers(ctx: RequestContext, query: TeaserQuery): Promise<Teaser[]> {
  const settings = await siteSettings(ctx);
  const showCity = (settings.visible_profile_fields as readonly string[]).includes('city');
  const conditions = [...publicTeaserConditions(ctx.site.id), eq(profiles.gender, query.gender)];
  // Age a..b: born on or before now - a years, and after now - (b + 1) years.
  if (query.min_age !== undefined) conditions.push(lte(profiles.birthdate, yearsBefore(ctx.now, query.min_age)));
  if (query.max_age !== undefined) conditions.push(gt(profiles.birthdate, yearsBefore(ctx.now, query.max_age + 1)));

  const rows = await teaserQuery(ctx)
    .where(and(...conditions))
    .orderBy(
      sql`(${photos.status} is not distinct from 'active') desc`,
      desc(profiles.lastActiveAt),
      sql`${profiles.publicId}`,
    )
    .limit(TEASERS_MAX);
  return rows.map((row) => toTeaser(row, ctx.now, showCity));
}

/** One public profile as a teaser (the profile landers), or null when a visitor may not see it. */
export async function findTeaser(ctx: RequestContext, publicId: string): Promise<Teaser | null> {
  const settings = await siteSettings(ctx);
  const showCity = (settings.visible_profile_fields as readonly string[]).includes('city');
  const [row] = await teaserQuery(ctx)
    .where(and(...publicTeaserConditions(ctx.site.id), eq(profiles.publicId, publicId)))
    .limit(1);
  return row ? toTeaser(row, ctx.now, showCity) : null;
}
