/**
 * Profile details (SPEC §3 "Profile attributes", "Interests") and the signup teasers of
 * /signup-matches (SPEC §2.1, §2.7). Teasers are public: never an e-mail address,
 * coordinates, credits or photo URLs.
 */
import { z } from 'zod';
import { GENDERS, INTERESTS, PROFILE_ATTRIBUTES } from '../lib/constants.ts';
import { defineEndpoint } from './define.ts';

/** How many interests a profile may have at most (all of them). */
export const INTERESTS_MAX = 51;
export const ABOUT_ME_MAX = 2000;
export const SIGNUP_REASON_MAX = 500;

export const profileDetailsBody = z
  .object({
    sexuality: z.enum(PROFILE_ATTRIBUTES.sexuality),
    hair_color: z.enum(PROFILE_ATTRIBUTES.hair_color),
    eye_color: z.enum(PROFILE_ATTRIBUTES.eye_color),
    body_type: z.enum(PROFILE_ATTRIBUTES.body_type),
    relationship_status: z.enum(PROFILE_ATTRIBUTES.relationship_status),
    tattoos: z.enum(PROFILE_ATTRIBUTES.tattoos),
    interests: z
      .array(z.enum(INTERESTS))
      .max(INTERESTS_MAX)
      .refine((list) => new Set(list).size === list.length, { message: 'duplicate interest' }),
    about_me: z.string().trim().max(ABOUT_ME_MAX),
    signup_reason: z.string().trim().max(SIGNUP_REASON_MAX),
  })
  .partial()
  .strict();
export type ProfileDetails = z.infer<typeof profileDetailsBody>;

/** PUT /api/profile.php: saves the given details of the caller's own profile; interests replace the set. */
export const putProfileDetails = defineEndpoint({
  method: 'PUT',
  path: '/api/profile.php',
  body: profileDetailsBody,
  response: z.object({ ok: z.literal(true) }),
  errors: ['authentication_required'],
  auth: true,
});

/** How many teasers /signup-matches shows at most. */
export const TEASERS_MAX = 8;

export const teaser = z.object({
  /** The profile's public id. */
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  /** Only on sites whose visible_profile_fields include 'city'. */
  city: z.string().optional(),
  type: z.enum(['member', 'fictional']),
});
export type Teaser = z.infer<typeof teaser>;

const age = z.coerce.number().int().min(18).max(120);

/** GET /api/teasers.php?gender=…&min_age=…&max_age=…: a few active profiles of the site, for visitors. */
export const getTeasers = defineEndpoint({
  method: 'GET',
  path: '/api/teasers.php',
  query: z.looseObject({
    gender: z.enum(GENDERS),
    min_age: age.optional(),
    max_age: age.optional(),
  }),
  response: z.object({ profiles: z.array(teaser).max(TEASERS_MAX) }),
  errors: ['unknown_site'],
});
