/**
 * Adding a photo: the member's profile, the photo limit of SPEC §6 (3 free, 25 premium),
 * the stored files under a random key and the photo row, being inspected until a moderator
 * approves it. The first photo of a profile without a main photo becomes the main photo.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '#src/contract/photos.ts';
import type { OwnPhoto } from '#src/contract/photos.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { accounts, photos, profiles } from '#src/server/db/schema.ts';
import type { AppDeps } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { accountKey, enforce } from '#src/server/http/rate-limit.ts';
import { deleteAll, putAll } from '#src/server/providers/storage/all-or-none.ts';
import { StorageUnavailableError, type StorageProvider } from '#src/server/providers/storage/types.ts';
import { assertDecodeTurn, decodeInTurn } from './decoding.ts';
import { PHOTO_VARIANTS, photoFileName } from './files.ts';
import { listOwnPhotos } from './own.ts';
import { processUpload, type ProcessedPhoto } from './process.ts';

/** A fresh storage key: 32 hex characters from 16 random bytes (128 bits). */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

export const photoLimitError = (max: number) => fail('photo_limit', { field: 'photo', params: { max } });

export interface Uploader {
  accountId: number;
  profileId: number;
  /** The most photos this member may hold. */
  limit: number;
}

/** The member's profile and photo limit; null when the account has no profile here. */
export async function loadUploader(db: Db, accountId: number, siteId: string | null): Promise<Uploader | null> {
  const [row] = await db
    .select({ profileId: profiles.id, paidUser: accounts.paidUser, siteId: accounts.siteId })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row || (siteId && row.siteId !== siteId)) return null;
  return { accountId, profileId: row.profileId, limit: row.paidUser ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE };
}

/** Photos that count against the limit: all but rejected ones. */
export async function countPhotos(db: Pick<Db, 'select'>, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), ne(photos.status, 'rejected')));
  return row?.n ?? 0;
}

export interface SavedPhoto {
  id: number;
  publicId: string;
  isMain: boolean;
}

/**
 * Stores the variants and the row (a member's upload, or staff adding a chat pal's photo). The
 * limit is checked again under a lock of the profile row, so parallel uploads cannot pass it;
 * the files of a refused upload are removed. `within` runs in the same transaction (an audit
 * row that stands or falls with the photo).
 */
export async function savePhoto(
  db: Db,
  storage: StorageProvider,
  uploader: Pick<Uploader, 'profileId' | 'limit'>,
  processed: ProcessedPhoto,
  now: Date,
  within?: (tx: Tx, saved: SavedPhoto) => Promise<void>,
): Promise<SavedPhoto> {
  const key = newStorageKey();
  const written = await storeVariants(storage, key, processed);
  try {
    return await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ mainPhotoId: profiles.mainPhotoId })
        .from(profiles)
        .where(eq(profiles.id, uploader.profileId))
        .for('update');
      const held = await countPhotos(tx, uploader.profileId);
      if (held >= uploader.limit) throw photoLimitError(uploader.limit);
      const [inserted] = await tx
        .insert(photos)
        .values({
          publicId: randomPublicId(),
          profileId: uploader.profileId,
          storageKey: key,
          width: processed.width,
          height: processed.height,
          thumbWidth: processed.thumbWidth,
          thumbHeight: processed.thumbHeight,
          status: 'being_inspected',
          position: sql`(select coalesce(max(${photos.position}), -1) + 1 from ${photos} where ${photos.profileId} = ${uploader.profileId})`,
          createdAt: now,
        })
        .returning({ id: photos.id, publicId: photos.publicId });
      if (!inserted) throw new Error('photo insert returned nothing');
      const isMain = profile?.mainPhotoId == null;
      if (isMain)
        await tx.update(profiles).set({ mainPhotoId: inserted.id }).where(eq(profiles.id, uploader.profileId));
      const saved = { id: inserted.id, publicId: inserted.publicId, isMain };
      await within?.(tx, saved);
      return saved;
    });
  } catch (error) {
    await deleteAll(storage, written);
    throw error;
  }
}

/**
 * Writes every variant of a photo, or none (putAll); a store that cannot be reached answers
 * 503 `storage_unavailable` (docs/operations.md "Photo storage"). Answers the written keys.
 */
async function storeVariants(storage: StorageProvider, key: string, processed: ProcessedPhoto): Promise<string[]> {
  const objects = PHOTO_VARIANTS.map((variant) => ({
    key: photoFileName(key, variant),
    bytes: processed.variants[variant],
    contentType: 'image/jpeg',
  }));
  try {
    await putAll(storage, objects);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.warn(`[photos] an upload was refused: ${error.message}`);
    throw fail('storage_unavailable');
  }
  return objects.map((object) => object.key);
}

/** Uploads per account and hour. */
export const UPLOAD_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

/**
 * POST /api/photos.php: saves a new photo of `uploader`. The member's decoding turn
 * (decoding.ts), the hourly upload limit and the photo limit are checked before the file is
 * read (`readFile`); then it is decoded in the member's turn, stored and answered as one of
 * the member's own photos.
 */
export async function uploadPhoto(
  deps: Pick<AppDeps, 'database' | 'photoStorage' | 'now'>,
  uploader: Uploader,
  readFile: () => Promise<Uint8Array>,
): Promise<OwnPhoto | undefined> {
  const db = deps.database.db;
  assertDecodeTurn(uploader.accountId);
  await enforce(db, accountKey('photo-upload', uploader.accountId), UPLOAD_LIMIT, deps.now());
  // A cheap early answer before decoding; savePhoto checks again under a lock.
  if ((await countPhotos(db, uploader.profileId)) >= uploader.limit) throw photoLimitError(uploader.limit);
  const processed = await decodeInTurn(uploader.accountId, readFile, (bytes) => processUpload(bytes));
  const saved = await savePhoto(db, deps.photoStorage, uploader, processed, deps.now());
  return (await listOwnPhotos(db, uploader.profileId)).find((p) => p.id === saved.publicId);
}
