/**
 * Photos (SPEC §2.7 'My profile', §4 photos, §6 photo rights). Uploads are
 * multipart/form-data with the file in the field `photo`; the answer describes the new
 * photo, which is being inspected until a moderator approves it. Error messages come in the
 * member's language (keys `photos.errors.<code>`).
 */
import * as z from 'zod/mini';
import { declareErrors, defineEndpoint } from './define.ts';

/** The multipart field of the uploaded file. */
export const PHOTO_FIELD = 'photo';
/** At most this many bytes per uploaded file. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** At most this many pixels (width × height) per uploaded image. */
export const PHOTO_MAX_PIXELS = 40_000_000;
/** Photos a member may hold: free members and premium (paid) members. */
export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
/** What the file picker offers; the server identifies the format by content regardless. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';

/** Error codes of the photo calls with their HTTP status, each with its text in `photos.errors.<code>`. */
export const PHOTO_ERRORS = declareErrors(
  'photos.errors',
  // storage_unavailable: photo storage could not be reached; nothing was stored (try again later).
  { photo_missing: 400, photo_type: 415, photo_too_large: 413, photo_limit: 400, storage_unavailable: 503 },
  // A HEIC file of an accepted type that the decoder gave up on (unreadable, too slow, too big).
  { 'photos.errors.photo_heic_failed': 422 },
);
export type PhotoErrorCode = (typeof PHOTO_ERRORS.codes)[number];

/** Why a moderator rejected a photo; the member sees the text `photos.reject_reasons.<reason>`. */
export const PHOTO_REJECT_REASONS = ['no_face', 'nudity', 'not_you', 'quality', 'copyright', 'other'] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/** The stored variants a photo URL may ask for (`v=`): see server features/photos/files.ts. */
export const PHOTO_URL_VARIANTS = ['full', 'thumb', 'match', 'blur'] as const;
export type PhotoUrlVariant = (typeof PHOTO_URL_VARIANTS)[number];

/**
 * GET /api/photo.php?id=<photo id>&v=<variant>: the image file (image/jpeg). The server checks
 * the viewer on every request, not just the URL: the owner and moderators get any variant;
 * other members get active photos of profiles they may see, a non-premium viewer only the
 * `blur` variant of a premium-only photo; visitors only the thumb/match of a main photo.
 * Anything else is a 404 (nothing tells whether the photo exists).
 */
export const PHOTO_FILE_PATH = '/api/photo.php';

/** The URL of one variant of a photo; photo ids are random, never a sequence. */
export function photoUrl(photoId: string, variant: PhotoUrlVariant): string {
  return `${PHOTO_FILE_PATH}?id=${encodeURIComponent(photoId)}&v=${variant}`;
}

export const ownPhoto = z.object({
  /** Random (not a sequence others could walk); other members see it only for photos they may see. */
  id: z.string(),
  status: z.enum(['being_inspected', 'active', 'rejected']),
  /** The owner always sees their photos, whatever the status. */
  thumb_url: z.string(),
  url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  is_main: z.boolean(),
  /** Premium-only: non-premium viewers get a blurred image behind a lock. */
  premium: z.boolean(),
  /** Why a moderator rejected it (rejected photos only). */
  reject_reason: z.nullable(z.enum(PHOTO_REJECT_REASONS)),
});
export type OwnPhoto = z.infer<typeof ownPhoto>;

const ownPhotos = z.object({
  photos: z.array(ownPhoto),
  /** The most photos this member may hold (3 free, 25 premium); rejected ones do not count. */
  limit: z.number().check(z.int()),
});
export type OwnPhotos = z.infer<typeof ownPhotos>;

/** POST /api/photos.php (multipart/form-data, field `photo`): adds a photo, being inspected. */
export const postPhoto = defineEndpoint({
  method: 'POST',
  path: '/api/photos.php',
  response: z.object({ photo: z.extend(ownPhoto, { status: z.literal('being_inspected') }) }),
  errors: [
    'authentication_required',
    'rate_limited',
    'photo_missing',
    'photo_type',
    'photo_too_large',
    'photo_limit',
    'storage_unavailable',
  ],
  roles: ['member'],
});

/** GET /api/photos.php: the caller's photos in order (main first), with the photo limit. */
export const getPhotos = defineEndpoint({
  method: 'GET',
  path: '/api/photos.php',
  response: ownPhotos,
  errors: ['authentication_required'],
  roles: ['member'],
});

/**
 * PUT /api/photos.php: sets a photo as the profile image (`main: true`; not a rejected one)
 * and/or marks it premium-only. Answers the whole list.
 */
export const putPhoto = defineEndpoint({
  method: 'PUT',
  path: '/api/photos.php',
  body: z.strictObject({
    photo: z.string().check(z.maxLength(40)),
    main: z.optional(z.literal(true)),
    premium: z.optional(z.boolean()),
  }),
  response: ownPhotos,
  errors: ['authentication_required', 'not_found'],
  roles: ['member'],
});

/**
 * DELETE /api/photos.php: deletes a photo and its files. When it was the profile image, the
 * next active photo becomes it (or none). Answers the whole list.
 */
export const deletePhoto = defineEndpoint({
  method: 'DELETE',
  path: '/api/photos.php',
  body: z.strictObject({ photo: z.string().check(z.maxLength(40)) }),
  response: ownPhotos,
  errors: ['authentication_required', 'not_found'],
  roles: ['member'],
});
