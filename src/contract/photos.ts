/**
 * Photos (SPEC §2.7 'My profile', §4 photos, §6 photo rights). Uploads are
 * multipart/form-data with the file in the field `photo`; the answer describes the new
 * photo, which is being inspected until a moderator approves it. Error messages come in the
 * member's language (keys `photos.errors.<code>`).
 */
import { z } from 'zod';
import { defineEndpoint } from './define.ts';

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

/** Error codes of the photo calls, each with its text in `photos.errors.<code>`. */
export const PHOTO_ERRORS = ['photo_missing', 'photo_type', 'photo_too_large', 'photo_limit'] as const;
export type PhotoErrorCode = (typeof PHOTO_ERRORS)[number];

export const ownPhoto = z.object({
  /** Not a sequence others could walk: the photo's own id, only ever sent to its owner. */
  id: z.string(),
  status: z.enum(['being_inspected', 'active', 'rejected']),
  /** Null until the photo is approved and served. */
  thumb_url: z.string().nullable(),
  is_main: z.boolean(),
});
export type OwnPhoto = z.infer<typeof ownPhoto>;

/** POST /api/photos.php (multipart/form-data, field `photo`): adds a photo. */
export const postPhoto = defineEndpoint({
  method: 'POST',
  path: '/api/photos.php',
  response: z.object({
    photo: ownPhoto.extend({ status: z.literal('being_inspected'), thumb_url: z.null() }),
  }),
  errors: ['authentication_required', 'rate_limited'],
  auth: true,
});
