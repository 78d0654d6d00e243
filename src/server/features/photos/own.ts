/**
 * The member's own photos (SPEC §2.7 'My profile'): the list as its owner sees it, setting
 * the profile image or premium-only flag, and deleting a photo with its files. Every call
 * works on the caller's own profile only; another member's photo id is simply not found.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { OwnPhoto, OwnPhotos, PhotoRejectReason } from '#src/contract/photos.ts';
import { PHOTO_REJECT_REASONS, photoUrl } from '#src/contract/photos.ts';
import type { Db } from '#src/server/db/client.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import { fail } from '#src/server/http/errors.ts';
import type { StorageProvider } from '#src/server/providers/storage/types.ts';
import { PHOTO_VARIANTS, photoFileName } from './files.ts';
import type { Uploader } from './upload.ts';

export const photoNotFound = () => fail('not_found', { message: 'photos.errors.photo_not_found', field: 'photo' });
export const mainNotPremium = () =>
  fail('invalid_input', { message: 'photos.errors.main_not_premium', field: 'premium' });

function rejectReason(value: string | null): PhotoRejectReason | null {
  return (PHOTO_REJECT_REASONS as readonly string[]).includes(value ?? '') ? (value as PhotoRejectReason) : null;
}

/** The owner's view of a photo row. */
export function toOwnPhoto(row: {
  publicId: string;
  status: OwnPhoto['status'];
  width: number;
  height: number;
  premium: boolean;
  rejectReason: string | null;
  isMain: boolean;
}): OwnPhoto {
  return {
    id: row.publicId,
    status: row.status,
    thumb_url: photoUrl(row.publicId, 'thumb'),
    url: photoUrl(row.publicId, 'full'),
    width: row.width,
    height: row.height,
    is_main: row.isMain,
    premium: row.premium,
    reject_reason: row.status === 'rejected' ? rejectReason(row.rejectReason) : null,
  };
}

/** The profile's photos, the profile image first, then in upload order. */
export async function listOwnPhotos(db: Pick<Db, 'select'>, profileId: number): Promise<OwnPhoto[]> {
  const rows = await db
    .select({
      publicId: photos.publicId,
      status: photos.status,
      width: photos.width,
      height: photos.height,
      premium: photos.premium,
      rejectReason: photos.rejectReason,
      isMain: sql<boolean>`${photos.id} is not distinct from ${profiles.mainPhotoId}`,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(photos.profileId, profileId))
    .orderBy(
      desc(sql`${photos.id} is not distinct from ${profiles.mainPhotoId}`),
      asc(photos.position),
      asc(photos.id),
    );
  return rows.map((row) => toOwnPhoto(row));
}

export async function ownPhotos(db: Db, uploader: Uploader): Promise<OwnPhotos> {
  return { photos: await listOwnPhotos(db, uploader.profileId), limit: uploader.limit };
}

async function lockedPhoto(tx: Pick<Db, 'select'>, profileId: number, publicId: string) {
  const [row] = await tx
    .select({ id: photos.id, status: photos.status, premium: photos.premium, storageKey: photos.storageKey })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.publicId, publicId)))
    .for('update')
    .limit(1);
  if (!row) throw photoNotFound();
  return row;
}

/**
 * Sets a photo as the profile image and/or its premium-only flag. The profile image is
 * shown to everyone (cards, search): it cannot be premium-only, so making a photo the
 * profile image makes it public, and marking the profile image premium-only is refused.
 */
export async function updateOwnPhoto(
  db: Db,
  uploader: Uploader,
  input: { photo: string; main?: true | undefined; premium?: boolean | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ mainPhotoId: profiles.mainPhotoId })
      .from(profiles)
      .where(eq(profiles.id, uploader.profileId))
      .for('update');
    const photo = await lockedPhoto(tx, uploader.profileId, input.photo);
    const willBeMain = input.main === true || profile?.mainPhotoId === photo.id;
    if (input.premium === true && willBeMain) throw mainNotPremium();
    if (input.main === true) {
      if (photo.status === 'rejected') throw photoNotFound();
      await tx.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.id, uploader.profileId));
      await tx.update(photos).set({ premium: false }).where(eq(photos.id, photo.id));
    }
    if (input.premium !== undefined && input.premium !== photo.premium) {
      await tx.update(photos).set({ premium: input.premium }).where(eq(photos.id, photo.id));
    }
  });
}

/**
 * The photo that becomes the profile image when the current one goes: the first active
 * photo by position other than `except`, or null.
 */
export async function nextMainPhoto(tx: Pick<Db, 'select'>, profileId: number, except: number): Promise<number | null> {
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'active'), ne(photos.id, except)))
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1);
  return next?.id ?? null;
}

/**
 * Deletes one of the member's photos. Its files go too, unless another photo row shares
 * the storage key (the seeded demo pool). Files that cannot be removed are logged, not
 * an error for the member: the row is gone, so nothing serves them any more.
 */
export async function deleteOwnPhoto(
  db: Db,
  storage: StorageProvider,
  uploader: Uploader,
  publicId: string,
): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ mainPhotoId: profiles.mainPhotoId })
      .from(profiles)
      .where(eq(profiles.id, uploader.profileId))
      .for('update');
    const photo = await lockedPhoto(tx, uploader.profileId, publicId);
    if (profile?.mainPhotoId === photo.id) {
      const next = await nextMainPhoto(tx, uploader.profileId, photo.id);
      await tx.update(profiles).set({ mainPhotoId: next }).where(eq(profiles.id, uploader.profileId));
    }
    await tx.delete(photos).where(eq(photos.id, photo.id));
    const [shared] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.storageKey, photo.storageKey))
      .limit(1);
    return shared ? null : photo.storageKey;
  });
  if (storageKey) {
    await Promise.all(PHOTO_VARIANTS.map((variant) => storage.delete(photoFileName(storageKey, variant)))).catch(
      (error: unknown) => console.error('[photos] files of a deleted photo stay for now:', error),
    );
  }
}
