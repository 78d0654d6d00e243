/**
 * The moderation console (SPEC §4 Photos, docs/profiles.md 'Moderation'): the queue of photos
 * being inspected and the moderator's decision. Only accounts with the role moderator or admin
 * may call these (403 `forbidden` for others); the queue spans every site of the network.
 */
import * as z from 'zod/mini';
import { GENDERS } from '#src/lib/constants.ts';
import { defineEndpoint } from './define.ts';
import { PHOTO_REJECT_REASONS } from './photos.ts';

export const MODERATION_PAGE_SIZE = 24;

export const queuedPhoto = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  uploaded_at: z.string(),
  /** It is (or would become) the profile image. */
  is_main: z.boolean(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    age: z.number().check(z.int()),
    gender: z.enum(GENDERS),
    site: z.string(),
    type: z.enum(['member', 'fictional']),
    /** The profile's photos already approved, for comparison ('not you'). */
    active_photos: z.array(z.object({ id: z.string(), thumb_url: z.string() })),
  }),
});
export type QueuedPhoto = z.infer<typeof queuedPhoto>;

/** The queue's order by upload time; the oldest first unless asked otherwise. */
export const MODERATION_ORDERS = ['oldest', 'newest'] as const;
export type ModerationOrder = (typeof MODERATION_ORDERS)[number];

/**
 * GET /api/moderation/photos.php?site=…&order=…&member=…: the photos being inspected, the
 * oldest first (`order=newest`: the newest first), of one site or all, and with `member` only
 * those of profiles whose name contains it or whose id it is (`total` counts the same set).
 */
export const getModerationQueue = defineEndpoint({
  method: 'GET',
  path: '/api/moderation/photos.php',
  query: z.looseObject({
    site: z.optional(z.string().check(z.maxLength(40))),
    order: z.optional(z.enum(MODERATION_ORDERS)),
    member: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  }),
  response: z.object({
    photos: z.array(queuedPhoto).check(z.maxLength(MODERATION_PAGE_SIZE)),
    total: z.number().check(z.int()),
  }),
  errors: ['authentication_required', 'forbidden'],
  roles: ['moderator', 'admin'],
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
    z.strictObject({ photo: z.string().check(z.maxLength(40)), decision: z.literal('approve') }),
    z.strictObject({
      photo: z.string().check(z.maxLength(40)),
      decision: z.literal('reject'),
      reason: z.enum(PHOTO_REJECT_REASONS),
    }),
  ]),
  response: z.object({ ok: z.literal(true), remaining: z.number().check(z.int()) }),
  errors: ['authentication_required', 'forbidden', 'not_found'],
  roles: ['moderator', 'admin'],
});
