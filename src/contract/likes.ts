/**
 * Likes, matches, the swipe game, the match finder and the auto-like of the like modal
 * (SPEC §2.6 'Like modal', §2.7 'Likes', 'Swipe game', 'Match finder', §3 'Likes data',
 * §4 Likes, §7, §8 'Likes and swipes', §9). Every profile is a `profileCard` built for the
 * viewer: only profiles the viewer may see, never one of a blocked pair.
 *
 * Limits (src/lib/constants.ts): LIKES_PER_DAY likes and SWIPES_PER_DAY swipe decisions per
 * rolling 24 hours (DAILY_LIMIT_WINDOW_MS), the same for free and premium members. A like is
 * also a Yes decision. Unliking does not give a like back, and liking a profile again the
 * same day is not a second like. A like over the limit answers 429 `daily_limit`
 * ('You can give out 4 Likes per day. …' with the hours until the next like), a Yes of the
 * swipe game as well (a No still plays); a swipe when no swipes are left answers 429
 * `swipe_limit` ('You have no Swipes and Likes left for today. …', or with likes left 'You
 * have no swipes left for today. …', with the hours until the game goes on).
 */
import * as z from 'zod/mini';
import { MATCH_FINDER_AGE_BUCKETS } from '#src/lib/constants.ts';
import { declareErrors, defineEndpoint } from './define.ts';
import { profileCard, publicIdRef } from './members.ts';

/** The error code of a like over the daily limit (HTTP 429). */
export const DAILY_LIMIT_ERROR = 'daily_limit';
/** The error code of a swipe when no swipes are left today (HTTP 429). */
export const SWIPE_LIMIT_ERROR = 'swipe_limit';

/** Error codes of the likes calls with their HTTP status; texts in `likes.errors.<code>`. */
export const LIKES_ERRORS = declareErrors('likes.errors', { [DAILY_LIMIT_ERROR]: 429, [SWIPE_LIMIT_ERROR]: 429 });

const profileRef = z.strictObject({ profile: publicIdRef });
const remaining = z.number().check(z.int(), z.nonnegative());

/**
 * GET /api/likes.php: the likes data (SPEC §3). `profiles`: the profiles I liked, newest like
 * first. `liked_by`: the profiles that liked me, new ones (`like_new`) first, then newest
 * first. Matches are the profiles in both lists (`did_like_profile` and `liked_by_profile`
 * are both true on their cards). `total_new_likes` feeds the nav badge and the title prefix.
 * Each list holds at most LIKES_LIST_MAX cards.
 */
export const getLikes = defineEndpoint({
  method: 'GET',
  path: '/api/likes.php',
  response: z.object({
    profiles: z.array(profileCard),
    liked_by: z.array(profileCard),
    total_new_likes: remaining,
    /** Likes the member can still give in the current 24 hours. */
    likes_left: remaining,
    /** With no likes left: the hours until the next one (rounded up); null otherwise. */
    next_like_in_hours: z.nullable(z.number().check(z.int(), z.positive())),
  }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});
export type LikesData = z.infer<typeof getLikes.response>;

/** The most cards each list of likes.php holds. */
export const LIKES_LIST_MAX = 500;

/**
 * POST /api/like.php: likes a profile the viewer may see (404 otherwise, and for oneself).
 * Liking a profile already liked changes nothing and costs nothing. `match`: they liked me
 * too. 429 `daily_limit` over the daily limit.
 */
export const postLike = defineEndpoint({
  method: 'POST',
  path: '/api/like.php',
  body: profileRef,
  response: z.object({ match: z.boolean(), likes_left: remaining, profile: profileCard }),
  errors: ['authentication_required', 'unknown_site', 'not_found', DAILY_LIMIT_ERROR],
  roles: ['member'],
});

/** DELETE /api/like.php: withdraws my like (fine when there is none); the like is not given back. */
export const deleteLike = defineEndpoint({
  method: 'DELETE',
  path: '/api/like.php',
  body: profileRef,
  response: z.object({ ok: z.literal(true), likes_left: remaining }),
  errors: ['authentication_required', 'unknown_site'],
  roles: ['member'],
});

/**
 * GET /api/swipe.php: the next profiles of the swipe game (at most SWIPE_CANDIDATES): of the
 * gender I seek, visible to me and listed in search, with a profile image, not swiped and not
 * liked by me yet; closest to my age, of my country, then of its neighbour country (the pairs
 * of the search's country filter), then of the site's other countries. Empty when the game is
 * over for today (no swipes left); `next_in_hours` then says when it goes on (null while it can
 * be played). With no likes left the game goes on with No only; `next_like_in_hours` says when
 * a like is free again (null while some are left).
 */
export const getSwipe = defineEndpoint({
  method: 'GET',
  path: '/api/swipe.php',
  response: z.object({
    profiles: z.array(profileCard),
    swipes_left: remaining,
    likes_left: remaining,
    next_in_hours: z.nullable(z.number().check(z.int(), z.positive())),
    next_like_in_hours: z.nullable(z.number().check(z.int(), z.positive())),
  }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/**
 * POST /api/swipe.php: a Yes or No on a profile the viewer may see (404 otherwise). A Yes is
 * a like (`match` when they liked me too); a No keeps the profile out of the game. Deciding
 * on a profile again does not use another swipe. 429 `swipe_limit` when no swipes are left
 * today; 429 `daily_limit` for a Yes that needs a like when no likes are left (likes given on
 * profile pages share the budget).
 */
export const postSwipe = defineEndpoint({
  method: 'POST',
  path: '/api/swipe.php',
  body: z.strictObject({ profile: publicIdRef, decision: z.enum(['yes', 'no']) }),
  response: z.object({ match: z.boolean(), swipes_left: remaining, likes_left: remaining }),
  errors: ['authentication_required', 'unknown_site', 'not_found', SWIPE_LIMIT_ERROR, DAILY_LIMIT_ERROR],
  roles: ['member'],
});

type AgeBucketKey = (typeof MATCH_FINDER_AGE_BUCKETS)[number]['key'];
const ageBuckets = MATCH_FINDER_AGE_BUCKETS.map((bucket) => bucket.key) as [AgeBucketKey, ...AgeBucketKey[]];

/** The match finder questionnaire (SPEC §2.7 'Match finder'). */
export const matchFinderAnswers = z.looseObject({
  age: z.enum(ageBuckets),
  appearance: z.enum(['normal', 'sexy']),
  race: z.enum(['white', 'other']),
});
export type MatchFinderAnswers = z.infer<typeof matchFinderAnswers>;

/**
 * GET /api/match-finder.php?age=&appearance=&race=: up to MATCH_FINDER_RESULTS profiles of
 * the gender I seek, visible to me and listed in search, with a profile image, in the age
 * bucket; `appearance=sexy` keeps profiles whose stated body type is slim or average,
 * `normal` any body type. Profiles hold no ethnicity, so `race` filters nothing. Closest to
 * my age (moved into the bucket), of my country, then of its neighbour country, then of the
 * site's other countries.
 */
export const getMatchFinder = defineEndpoint({
  method: 'GET',
  path: '/api/match-finder.php',
  query: matchFinderAnswers,
  response: z.object({ profiles: z.array(profileCard) }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});

/**
 * GET /api/auto-like.php: the like modal's profile (SPEC §2.6). A fictional chat pal of the
 * gender I seek, visible to me, with a profile image, that had not liked me, likes me now
 * (a new like); closest in age, of my country, its neighbour country, then the others. At most one
 * per rolling day: asked again, it answers the same pal. 404 when there is none.
 */
export const getAutoLike = defineEndpoint({
  method: 'GET',
  path: '/api/auto-like.php',
  response: z.object({ profile: profileCard }),
  errors: ['authentication_required', 'unknown_site', 'not_found'],
  roles: ['member'],
});
