/**
 * The moderation console (issue 4 'Moderation'): the queue of photos being inspected and the
 * moderator's decision. Only accounts with the role moderator or admin may call these
 * (403 `forbidden` for others); the queue spans every site of the network.
 */
import { z } from 'zod';
import { GENDERS } from '../lib/constants.ts';
import { defineEndpoint } from './define.ts';
import { PHOTO_REJECT_REASONS } from './photos.ts';

export const MODERATION_PAGE_SIZE = 24;

export const queuedPhoto = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  uploaded_at: z.string(),
  /** It is (or would become) the profile image. */
  is_main: z.boolean(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    age: z.number().int(),
    gender: z.enum(GENDERS),
    site: z.string(),
    type: z.enum(['member', 'fictional']),
    /** The profile's photos already approved, for comparison ('not you'). */
    active_photos: z.array(z.object({ id: z.string(), thumb_url: z.string() })),
  }),
});
export type QueuedPhoto = z.infer<typeof queuedPhoto>;

/** GET /api/moderation/photos.php?site=…: the oldest photos being inspected first. */
export const getModerationQueue = defineEndpoint({
  method: 'GET',
  path: '/api/moderation/photos.php',
  query: z.looseObject({ site: z.string().max(40).optional() }),
  response: z.object({ photos: z.array(queuedPhoto).max(MODERATION_PAGE_SIZE), total: z.number().int() }),
  errors: ['authentication_required', 'forbidden'],
  auth: true,
});

/**
 * POST /api/moderation/photo.php: approves a photo (it becomes active and is shown; the
 * profile image when the profile has none) or rejects it with a reason the member sees.
 * A photo already decided answers `not_found`, so two moderators never decide one twice.
 */
export const postModerationDecision = defineEndpoint({
  method: 'POST',
  path: '/api/moderation/photo.php',
  body: z.discriminatedUnion('decision', [
    z.object({ photo: z.string().max(40), decision: z.literal('approve') }).strict(),
    z
      .object({ photo: z.string().max(40), decision: z.literal('reject'), reason: z.enum(PHOTO_REJECT_REASONS) })
      .strict(),
  ]),
  response: z.object({ ok: z.literal(true), remaining: z.number().int() }),
  errors: ['authentication_required', 'forbidden', 'not_found'],
  auth: true,
});
