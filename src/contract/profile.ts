/**
 * Profile details (SPEC §3 "Profile attributes", "Interests") and the signup teasers of
 * /signup-matches (SPEC §2.1, §2.7). Teasers are public: never an e-mail address,
 * coordinates, credits or photo URLs.
 */
import * as z from 'zod/mini';
import { GENDERS, INTERESTS, PROFILE_ATTRIBUTES } from '#src/lib/constants.ts';
import { defineEndpoint } from './define.ts';
import { publicIdRef } from './members.ts';
import { ownPhoto } from './photos.ts';

import {
  ABOUT_ME_MAX,
  CITY_MAX,
  DATE_OF_BIRTH_ERRORS,
  INTERESTS_MAX,
  NAME_ERRORS,
  NAME_MAX,
  NAME_MIN,
  SIGNUP_REASON_MAX,
} from './limits.ts';

export const profileDetailsBody = z.partial(
  z.strictObject({
    sexuality: z.enum(PROFILE_ATTRIBUTES.sexuality),
    hair_color: z.enum(PROFILE_ATTRIBUTES.hair_color),
    eye_color: z.enum(PROFILE_ATTRIBUTES.eye_color),
    body_type: z.enum(PROFILE_ATTRIBUTES.body_type),
    relationship_status: z.enum(PROFILE_ATTRIBUTES.relationship_status),
    tattoos: z.enum(PROFILE_ATTRIBUTES.tattoos),
    interests: z.array(z.enum(INTERESTS)).check(
      z.maxLength(INTERESTS_MAX),
      z.refine((list) => new Set(list).size === list.length, { message: 'duplicate interest' }),
    ),
    about_me: z.string().check(z.trim(), z.maxLength(ABOUT_ME_MAX)),
    signup_reason: z.string().check(z.trim(), z.maxLength(SIGNUP_REASON_MAX)),
    /** The username shown to others (SPEC §5: not the e-mail address, not starting with '@'). */
    name: z.string().check(z.trim(), z.minLength(NAME_MIN), z.maxLength(NAME_MAX)),
    gender: z.enum(GENDERS),
    /** YYYY-MM-DD, at least min_age years ago (SPEC §5). */
    date_of_birth: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    /** A country the site serves; changing it without a region clears the region. */
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
    /** A region id of regions.php for the country, or 0 for none. */
    countryregion: z.number().check(z.int(), z.nonnegative()),
    city: z.string().check(z.trim(), z.maxLength(CITY_MAX)),
  }),
);
export type ProfileDetails = z.infer<typeof profileDetailsBody>;

/** Error codes of the profile calls with their texts in `profile.errors.<code>`. */
export const PROFILE_ERRORS = ['country_invalid', 'region_invalid'] as const;

/** The caller's own profile as the 'My profile' editor shows it (SPEC §2.7). */
export const ownProfile = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  date_of_birth: z.string(),
  age: z.number().check(z.int()),
  country: z.string(),
  countryregion: z.number().check(z.int()),
  city: z.string(),
  sexuality: z.nullable(z.enum(PROFILE_ATTRIBUTES.sexuality)),
  hair_color: z.nullable(z.enum(PROFILE_ATTRIBUTES.hair_color)),
  eye_color: z.nullable(z.enum(PROFILE_ATTRIBUTES.eye_color)),
  body_type: z.nullable(z.enum(PROFILE_ATTRIBUTES.body_type)),
  relationship_status: z.nullable(z.enum(PROFILE_ATTRIBUTES.relationship_status)),
  tattoos: z.nullable(z.enum(PROFILE_ATTRIBUTES.tattoos)),
  signup_reason: z.string(),
  about_me: z.string(),
  interests: z.array(z.enum(INTERESTS)),
  invisible: z.boolean(),
  privacy_mode: z.boolean(),
  photos: z.array(ownPhoto),
  /** The most photos this member may hold (3 free, 25 premium). */
  photo_limit: z.number().check(z.int()),
});
export type OwnProfile = z.infer<typeof ownProfile>;

/** GET /api/profile.php: the caller's own profile with photos. */
export const getOwnProfile = defineEndpoint({
  method: 'GET',
  path: '/api/profile.php',
  response: z.object({ profile: ownProfile }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/**
 * PUT /api/profile.php: saves the given fields of the caller's own profile; fields left out
 * stay as they are, interests replace the set. Answers the saved profile.
 */
export const putProfileDetails = defineEndpoint({
  method: 'PUT',
  path: '/api/profile.php',
  body: profileDetailsBody,
  response: z.object({ ok: z.literal(true), profile: ownProfile }),
  errors: ['authentication_required', 'unknown_site', ...NAME_ERRORS, ...DATE_OF_BIRTH_ERRORS],
  roles: ['member'],
});

/**
 * PUT /api/privacy.php: invisible mode (hidden from search; existing partners still see the
 * member) and privacy mode (seen only by members the member liked or messaged), SPEC §4.
 */
export const putPrivacy = defineEndpoint({
  method: 'PUT',
  path: '/api/privacy.php',
  body: z.partial(z.strictObject({ invisible: z.boolean(), privacy_mode: z.boolean() })),
  response: z.object({ invisible: z.boolean(), privacy_mode: z.boolean() }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/** How many city suggestions cities.php answers at most. */
export const CITY_SUGGESTIONS_MAX = 10;

/**
 * GET /api/cities.php?country=NL&countryregion=…&q=Ams: city suggestions for the location
 * field, the cities members of the site live in, most common first (free text stays allowed).
 */
export const getCities = defineEndpoint({
  method: 'GET',
  path: '/api/cities.php',
  query: z.looseObject({
    country: z.string().check(z.regex(/^[A-Z]{2}$/)),
    countryregion: z.optional(z.coerce.number().check(z.int(), z.nonnegative())),
    q: z.optional(z.string().check(z.trim(), z.maxLength(CITY_MAX))),
  }),
  response: z.object({ cities: z.array(z.string()).check(z.maxLength(CITY_SUGGESTIONS_MAX)) }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/** How many teasers /signup-matches shows at most. */
export const TEASERS_MAX = 8;

export const teaser = z.object({
  /** The profile's public id. */
  id: z.string(),
  name: z.string(),
  age: z.number().check(z.int()),
  /** Only on sites whose visible_profile_fields include 'city'. */
  city: z.optional(z.string()),
  type: z.enum(['member', 'fictional']),
  /** The thumb URL of the public main photo (photo.php lets visitors see only that). */
  image: z.optional(z.string()),
});
export type Teaser = z.infer<typeof teaser>;

const age = z.coerce.number().check(z.int(), z.minimum(18), z.maximum(120));

/** GET /api/teasers.php?gender=…&min_age=…&max_age=…: a few active profiles of the site, for visitors. */
export const getTeasers = defineEndpoint({
  method: 'GET',
  path: '/api/teasers.php',
  query: z.looseObject({
    gender: z.enum(GENDERS),
    min_age: z.optional(age),
    max_age: z.optional(age),
  }),
  response: z.object({ profiles: z.array(teaser).check(z.maxLength(TEASERS_MAX)) }),
  errors: ['unknown_site'],
  roles: 'public',
});

/**
 * GET /api/teaser.php?id=…: one public profile for the profile landers
 * (/members/{id}/landing…, /members/{id}/signup). `profile: null` for a profile a visitor may
 * not see, without saying whether it exists (an expected answer for a lander link that went
 * stale, so not an error the browser would log).
 */
export const getTeaser = defineEndpoint({
  method: 'GET',
  path: '/api/teaser.php',
  query: z.looseObject({ id: publicIdRef }),
  response: z.object({ profile: z.nullable(teaser) }),
  errors: ['unknown_site'],
  roles: 'public',
});
