/**
 * Creates one member (account + profile, optionally photos) directly in the database: used
 * by the demo logins and by tests that need a logged-in member without a signup flow.
 */
import type { Gender } from '#src/lib/constants.ts';
import type { CountryCode } from '#src/lib/locales.ts';
import type { Db } from '../db/client.ts';
import { accounts, photos, profiles } from '../db/schema.ts';
import { PHOTO_SIZES } from '#src/server/features/photos/index.ts';
import { Random } from './prng.ts';
import { eq } from 'drizzle-orm';

export interface NewMember {
  siteId: string;
  email: string;
  /** Null or absent: the account cannot log in with a password. */
  passwordHash?: string | null;
  role?: 'member' | 'moderator' | 'operator' | 'admin';
  status?: 'not_confirmed' | 'confirmed';
  language?: string;
  name: string;
  gender: Gender;
  seeking: Gender;
  birthdate: string;
  country: CountryCode;
  regionId?: number | null;
  city?: string | null;
  aboutMe?: string | null;
  /** Hidden from search (staff accounts). */
  invisible?: boolean;
  photos?: readonly { key: string; status: 'active' | 'being_inspected'; premium?: boolean }[];
  now: Date;
}

export interface CreatedMember {
  accountId: number;
  profileId: number;
  publicId: string;
}

/** Inserts the member in one transaction; the profile is active when the account is confirmed. */
export async function createMember(db: Db, input: NewMember): Promise<CreatedMember> {
  const status = input.status ?? 'confirmed';
  const publicId = new Random(`${input.siteId}:${input.email}`).token(12);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        siteId: input.siteId,
        email: input.email.toLowerCase(),
        passwordHash: input.passwordHash ?? null,
        status,
        role: input.role ?? 'member',
        language: input.language ?? 'en',
        signupDate: input.now,
        createdAt: input.now,
      })
      .returning({ id: accounts.id });
    if (!account) throw new Error(`could not create ${input.email}`);
    const [profile] = await tx
      .insert(profiles)
      .values({
        publicId,
        siteId: input.siteId,
        accountId: account.id,
        type: 'member',
        status: status === 'confirmed' ? 'active' : 'disabled',
        name: input.name,
        gender: input.gender,
        seeking: input.seeking,
        birthdate: input.birthdate,
        country: input.country,
        regionId: input.regionId ?? null,
        city: input.city ?? null,
        language: input.language ?? 'en',
        aboutMe: input.aboutMe ?? null,
        invisible: input.invisible ?? false,
        lastActiveAt: input.now,
        createdAt: input.now,
      })
      .returning({ id: profiles.id });
    if (!profile) throw new Error(`could not create the profile of ${input.email}`);
    const list = input.photos ?? [];
    if (list.length > 0) {
      const inserted = await tx
        .insert(photos)
        .values(
          list.map((p, position) => ({
            publicId: new Random(`${publicId}:photo:${position}`).token(12),
            profileId: profile.id,
            storageKey: p.key,
            width: PHOTO_SIZES.full.width,
            height: PHOTO_SIZES.full.height,
            thumbWidth: PHOTO_SIZES.thumb.width,
            thumbHeight: PHOTO_SIZES.thumb.height,
            status: p.status,
            premium: p.premium ?? false,
            position,
            createdAt: input.now,
          })),
        )
        .returning({ id: photos.id, position: photos.position });
      const main = inserted.find((p) => p.position === 0);
      if (main) await tx.update(profiles).set({ mainPhotoId: main.id }).where(eq(profiles.id, profile.id));
    }
    return { accountId: account.id, profileId: profile.id, publicId };
  });
}
