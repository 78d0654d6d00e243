/**
 * Other members as a member sees them (SPEC §2.7 'Profile card', 'Member profile', §3
 * 'Profile (other members)', §4 blocking): DTOs built for the viewer. They never carry an
 * e-mail address, coordinates, credits, a field the site does not list in
 * visible_profile_fields, or the URL of a photo the viewer may not see. Ids are the random
 * public ids of profiles and photos.
 */
import * as z from 'zod/mini';
import { GENDERS, INTERESTS, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { declareErrors, defineEndpoint } from './define.ts';

/** The longest public id of a profile or photo. */
export const PUBLIC_ID_MAX = 40;
/** A profile named by its public id in a query or body. */
export const publicIdRef = z.string().check(z.minLength(1), z.maxLength(PUBLIC_ID_MAX));

/** A profile's main image as others see it (SPEC §3); only ever an active photo. */
export const publicMainImage = z.object({
  thumb_filename: z.string(),
  thumb_width: z.number().check(z.int()),
  thumb_height: z.number().check(z.int()),
  status: z.literal('active'),
  /** The square image of the swipe game and match finder. */
  match: z.string(),
});

/** Like state between the viewer and a profile (SPEC §3, §4 Likes). */
const likeFlags = {
  /** A like from this profile the viewer has not seen yet. */
  like_new: z.boolean(),
  /** The viewer liked them. */
  did_like_profile: z.boolean(),
  /** They liked the viewer. */
  liked_by_profile: z.boolean(),
};

/** A profile card (SPEC §2.7 'Profile card'); also the related profiles of a profile page. */
export const profileCard = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().check(z.int()),
  type: z.enum(['member', 'fictional']),
  /** Locale code; its 2-letter prefix drives the language badge (SPEC §5). */
  language: z.string(),
  /** Location detail fields, each only when listed in visible_profile_fields. */
  country: z.optional(z.string()),
  countryregion: z.optional(z.number().check(z.int())),
  city: z.optional(z.string()),
  main_image: z.nullable(publicMainImage),
  ...likeFlags,
});
export type ProfileCard = z.infer<typeof profileCard>;

/** A photo on a member's profile page. */
export const publicPhoto = z.object({
  id: z.string(),
  /** The image the viewer gets: the full photo, or the server-blurred one when locked. */
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  /** Premium-only and the viewer is not premium: `url` is the blurred derivative. */
  locked: z.boolean(),
});
export type PublicPhoto = z.infer<typeof publicPhoto>;

const attribute = <T extends readonly [string, ...string[]]>(values: T) => z.optional(z.enum(values));

/** The member profile page (SPEC §2.7 'Member profile'). */
export const memberProfile = z.extend(profileCard, {
  gender: z.optional(z.enum(GENDERS)),
  sexuality: attribute(PROFILE_ATTRIBUTES.sexuality),
  hair_color: attribute(PROFILE_ATTRIBUTES.hair_color),
  eye_color: attribute(PROFILE_ATTRIBUTES.eye_color),
  body_type: attribute(PROFILE_ATTRIBUTES.body_type),
  relationship_status: attribute(PROFILE_ATTRIBUTES.relationship_status),
  tattoos: attribute(PROFILE_ATTRIBUTES.tattoos),
  signup_reason: z.optional(z.string()),
  about_me: z.optional(z.string()),
  interests: z.optional(z.array(z.enum(INTERESTS))),
  photos: z.array(publicPhoto),
  /** The viewer blocked this profile (the page offers to unblock). */
  blocked_by_me: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** How many related profiles a profile page shows. */
export const RELATED_PROFILES_MAX = 6;

/**
 * GET /api/member.php?id=<profile id>: a profile page. Opening it clears the profile's
 * new-like marker. A viewer the profile blocked gets 403 `blocked` with "You're blocked by
 * {name}. You do not have access to this page." and the name in `blocked_by`; a profile the
 * viewer may not see (hidden, privacy mode, gone, another site) is a 404.
 */
export const getMember = defineEndpoint({
  method: 'GET',
  path: '/api/member.php',
  query: z.looseObject({ id: publicIdRef }),
  response: z.object({
    profile: memberProfile,
    related: z.array(profileCard).check(z.maxLength(RELATED_PROFILES_MAX)),
  }),
  errors: ['authentication_required', 'unknown_site', 'not_found', 'blocked'],
  roles: ['member'],
});

/** The code of a profile that blocked the viewer (403), its text `members.blocked` ("You're blocked by {name}"). */
export const MEMBER_ERRORS = declareErrors('members', { blocked: 403 });

/** The body of the 403 `blocked` answer of member.php: the error plus who blocked. */
export const blockedAnswer = z.object({
  error: z.object({ code: z.literal('blocked'), message: z.string() }),
  blocked_by: z.string(),
});

/** A member the caller blocked, for the unblock list in settings. */
export const blockedProfile = z.object({
  id: z.string(),
  name: z.string(),
  thumb_url: z.nullable(z.string()),
  blocked_at: z.string(),
});
export type BlockedProfile = z.infer<typeof blockedProfile>;

/**
 * POST /api/block.php: blocks a profile. The chats and likes between the two are deleted,
 * and each is hidden from the other everywhere (search, likes, profile, chat, push).
 * Blocking twice is not an error.
 */
export const postBlock = defineEndpoint({
  method: 'POST',
  path: '/api/block.php',
  body: z.strictObject({ profile: publicIdRef }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/** DELETE /api/block.php: unblocks a profile (what was deleted stays deleted). */
export const deleteBlock = defineEndpoint({
  method: 'DELETE',
  path: '/api/block.php',
  body: z.strictObject({ profile: publicIdRef }),
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/** GET /api/blocks.php: the profiles the caller blocked, newest first. */
export const getBlocks = defineEndpoint({
  method: 'GET',
  path: '/api/blocks.php',
  response: z.object({ profiles: z.array(blockedProfile) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});
