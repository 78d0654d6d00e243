/**
 * GET /api/photo.php?id=<photo id>&v=<variant> (contract/photos.ts PHOTO_FILE_PATH): the
 * image file, after checking the viewer on every request (the URL alone proves nothing):
 * - the owner gets every variant of their photos, moderators and admins of every photo (the
 *   chat-pal inbox moved to the back office, which serves its photos itself);
 * - other members get active photos of profiles they may see (visibility.ts); a premium-only
 *   photo reaches a member who is not premium only as the server-blurred `blur` variant;
 * - visitors get the thumb and match images of a public profile's main photo, nothing more.
 * Everything else is a 404 that does not tell whether the photo exists.
 * The back office gets its photos from GET /api/staff/photo (serveStaffPhoto, below).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { PUBLIC_ID_MAX } from '#src/contract/members.ts';
import { PHOTO_URL_VARIANTS, type PhotoUrlVariant } from '#src/contract/photos.ts';
import type { Db } from '#src/server/db/client.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import { StorageUnavailableError, type StorageProvider } from '#src/server/providers/storage/types.ts';
import { isStaff, loadViewer, visibleTo, visibleToVisitors, type Viewer } from '#src/server/features/members/index.ts';
import { photoFileName } from './files.ts';

/** Browsers may keep an image a short while; it is private to the viewer who got it. */
const CACHE_CONTROL = 'private, max-age=600';

function isVariant(value: string | undefined): value is PhotoUrlVariant {
  return (PHOTO_URL_VARIANTS as readonly string[]).includes(value ?? '');
}

interface PhotoAccess {
  storageKey: string;
  status: 'being_inspected' | 'active' | 'rejected';
  premium: boolean;
  isMain: boolean;
  ownerProfileId: number;
  siteId: string;
  /** The profile passes the viewer's visibility rules. */
  visible: boolean;
}

async function loadAccess(db: Db, photoId: string, viewer: Viewer | null, siteId: string): Promise<PhotoAccess | null> {
  const visibility = viewer ? visibleTo(viewer) : visibleToVisitors(siteId);
  const [row] = await db
    .select({
      storageKey: photos.storageKey,
      status: photos.status,
      premium: photos.premium,
      isMain: sql<boolean>`${photos.id} = ${profiles.mainPhotoId}`,
      ownerProfileId: profiles.id,
      siteId: profiles.siteId,
      visible: sql<boolean>`${visibility}`,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    // Moderators inspect the photos of every site from one console.
    .where(and(eq(photos.publicId, photoId), isStaff(viewer) ? undefined : eq(profiles.siteId, siteId)))
    .limit(1);
  return row ?? null;
}

/** The variant the viewer may get of this photo, or null for none. */
export function allowedVariant(
  access: PhotoAccess,
  viewer: Viewer | null,
  asked: PhotoUrlVariant,
): PhotoUrlVariant | null {
  if (viewer && (viewer.profileId === access.ownerProfileId || isStaff(viewer))) return asked;
  if (access.status !== 'active' || !access.visible) return null;
  if (!viewer) return access.isMain && (asked === 'thumb' || asked === 'match') ? asked : null;
  if (access.premium && !access.isMain && !viewer.paid) return asked === 'blur' ? 'blur' : null;
  return asked;
}

export async function servePhoto(c: Context<AppEnv>, storage: StorageProvider): Promise<Response> {
  const photoId = c.req.query('id');
  const asked = c.req.query('v') ?? 'full';
  const site = c.get('site');
  // A NUL character cannot reach PostgreSQL text (it would answer 500): no such photo.
  if (!site || !photoId || photoId.length > PUBLIC_ID_MAX || photoId.includes('\u0000') || !isVariant(asked)) {
    throw fail('not_found');
  }
  const db = c.get('deps').database.db;
  const viewer = await loadViewer(c);
  const access = await loadAccess(db, photoId, viewer, site.id);
  const variant = access ? allowedVariant(access, viewer, asked) : null;
  if (!access || !variant) throw fail('not_found');
  return photoFile(storage, access.storageKey, variant, CACHE_CONTROL);
}

/**
 * The back office's photo file (docs/staff.md "Reports and moderation"): any variant of any
 * photo of any site, whatever its status, as moderators and admins get it from photo.php
 * (allowedVariant). The caller checked the staff roles; the answer is never stored
 * (`private, no-store`): a photo being inspected or rejected is not for any cache.
 */
export async function serveStaffPhoto(
  db: Db,
  storage: StorageProvider,
  photoId: string,
  variant: PhotoUrlVariant,
): Promise<Response> {
  const [row] = await db
    .select({ storageKey: photos.storageKey })
    .from(photos)
    .where(eq(photos.publicId, photoId))
    .limit(1);
  if (!row) throw fail('not_found');
  return photoFile(storage, row.storageKey, variant, 'private, no-store');
}

/** The stored file of one variant as an image answer; 404 when the file is gone. */
/**
 * A stored photo file for one viewer only (`private, no-store`): a chat photo shown to the
 * operator holding the chat, or to staff reading a conversation; 404 when it is gone, 503 when
 * the store is away.
 */
export function privatePhotoFile(storage: StorageProvider, storageKey: string, variant: PhotoUrlVariant) {
  return photoFile(storage, storageKey, variant, 'private, no-store');
}

async function photoFile(
  storage: StorageProvider,
  storageKey: string,
  variant: PhotoUrlVariant,
  cacheControl: string,
): Promise<Response> {
  const bytes = await storage.get(photoFileName(storageKey, variant)).catch((error: unknown) => {
    // The store is away (docs/operations.md "Photo storage"): it passes, no bug.
    if (error instanceof StorageUnavailableError) {
      console.warn(`[photos] a photo could not be read: ${error.message}`);
      throw fail('unavailable');
    }
    throw error;
  });
  if (!bytes) throw fail('not_found');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': cacheControl,
      // The answer depends on who asks.
      Vary: 'Cookie',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
