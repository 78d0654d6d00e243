/**
 * Profile cards for a viewer (SPEC §2.7 'Profile card', §3 'Profile (other members)'): the
 * columns a card needs, the like flags between the viewer and each profile, and the DTO
 * limited to the site's visible_profile_fields. Shared by the profile page's related
 * profiles and the search of the discovery issue.
 */
import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { ProfileCard } from '#src/contract/members.ts';
import { photoUrl } from '#src/contract/photos.ts';
import type { VisibleProfileField } from '#src/lib/constants.ts';
import { likes, photos, profiles } from '#src/server/db/schema.ts';

/** Age in whole years on `now` of a YYYY-MM-DD birthdate. */
export function ageOf(birthdate: string, now: Date): number {
  const [year, month, day] = birthdate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age;
}

/**
 * Select list of a card; join `photos` on the main photo (left join) alongside. The viewer's
 * profile id may be a placeholder of a prepared query.
 */
export function cardColumns(viewerProfileId: number | Placeholder | null) {
  const viewer = viewerProfileId ?? 0;
  return {
    profileId: profiles.id,
    publicId: profiles.publicId,
    name: profiles.name,
    birthdate: profiles.birthdate,
    type: profiles.type,
    language: profiles.language,
    country: profiles.country,
    regionId: profiles.regionId,
    city: profiles.city,
    photoPublicId: photos.publicId,
    photoStatus: photos.status,
    thumbWidth: photos.thumbWidth,
    thumbHeight: photos.thumbHeight,
    likeNew: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.id} and ${likes.likedId} = ${viewer} and ${likes.seenAt} is null)`,
    didLike: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${viewer} and ${likes.likedId} = ${profiles.id})`,
    likedBy: sql<boolean>`exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.id} and ${likes.likedId} = ${viewer})`,
  };
}

/** The join condition of a profile's main photo. */
export const mainPhotoJoin = eq(photos.id, profiles.mainPhotoId);

export type CardRow = {
  publicId: string;
  name: string;
  birthdate: string;
  type: 'member' | 'fictional';
  language: string;
  country: string;
  regionId: number | null;
  city: string | null;
  photoPublicId: string | null;
  photoStatus: 'being_inspected' | 'active' | 'rejected' | null;
  thumbWidth: number | null;
  thumbHeight: number | null;
  likeNew: boolean;
  didLike: boolean;
  likedBy: boolean;
};

export interface CardContext {
  now: Date;
  visibleFields: readonly VisibleProfileField[];
  /** The site's CDN prefix, put before the `match` image path (SPEC §3). */
  cdnPrefix: string;
}

export function toProfileCard(row: CardRow, ctx: CardContext): ProfileCard {
  const shows = (field: VisibleProfileField) => ctx.visibleFields.includes(field);
  const photoId = row.photoStatus === 'active' ? row.photoPublicId : null;
  return {
    id: row.publicId,
    name: row.name,
    age: ageOf(row.birthdate, ctx.now),
    type: row.type,
    language: row.language,
    ...(shows('country') ? { country: row.country } : {}),
    ...(shows('countryregion') && row.regionId !== null ? { countryregion: row.regionId } : {}),
    ...(shows('city') && row.city ? { city: row.city } : {}),
    main_image:
      photoId !== null
        ? {
            thumb_filename: photoUrl(photoId, 'thumb'),
            thumb_width: row.thumbWidth ?? 0,
            thumb_height: row.thumbHeight ?? 0,
            status: 'active' as const,
            match: `${ctx.cdnPrefix}${photoUrl(photoId, 'match')}`,
          }
        : null,
    like_new: row.likeNew,
    did_like_profile: row.didLike,
    liked_by_profile: row.likedBy,
  };
}
