/**
 * Likes, matches, the daily limits, the swipe game, the match finder and the auto-like
 * (contract src/contract/likes.ts; SPEC §2.6, §2.7, §4 Likes, §8, §9). Who may be liked,
 * offered or listed is decided by visibility.ts; every profile leaves as a profile card.
 *
 * The daily limits count a rolling window (DAILY_LIMIT_WINDOW_MS) of the member's likes and
 * swipe decisions. A like is stored in `likes` and, as a Yes decision, in `swipes`; the
 * `swipes` row stays when the like is withdrawn, so unliking never gives a like back, and
 * liking the same profile again within the window is not a second like.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { LikesData, MatchFinderAnswers } from '#src/contract/likes.ts';
import { DAILY_LIMIT_ERROR, LIKES_LIST_MAX, SWIPE_LIMIT_ERROR } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import {
  COUNTRY_NEIGHBOURS,
  DAILY_LIMIT_WINDOW_MS,
  LIKES_PER_DAY,
  MATCH_FINDER_AGE_BUCKETS,
  MATCH_FINDER_RESULTS,
  SWIPE_CANDIDATES,
  SWIPES_PER_DAY,
  type Gender,
} from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { likes, photos, profiles, swipes } from '#src/server/db/schema.ts';
import { HttpError, notFound } from '#src/server/http/errors.ts';
import { cardColumns, mainPhotoJoin, toProfileCard, type CardContext } from '../members/cards.ts';
import { visibleTo, type Viewer } from '../members/visibility.ts';

export interface LikesContext extends CardContext {
  db: Db;
  viewer: Viewer;
}

const HOUR_MS = 3_600_000;

/** Whole hours from now until `at`, rounded up, at least 1 (the countdown of the messages). */
export function hoursUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / HOUR_MS));
}

export const dailyLimitReached = (hours: number) =>
  new HttpError(DAILY_LIMIT_ERROR, 'likes.errors.daily_limit', 429, undefined, {
    count: hours,
    hours,
    max: LIKES_PER_DAY,
  });

export const swipeLimitReached = (hours: number) =>
  new HttpError(SWIPE_LIMIT_ERROR, 'likes.errors.swipe_limit', 429, undefined, { count: hours, hours });

// ---------------------------------------------------------------- daily budget

/** What is left of one daily limit. */
export interface Allowance {
  left: number;
  /** When the next one becomes free; null while some are left. */
  nextAt: Date | null;
  /** The profiles already counted in the window (deciding on them again costs nothing). */
  counted: ReadonlySet<number>;
}

export interface DailyBudget {
  likes: Allowance;
  swipes: Allowance;
}

function allowance(firstAt: Map<number, number>, max: number): Allowance {
  const used = firstAt.size;
  const counted = new Set(firstAt.keys());
  if (used < max) return { left: max - used, nextAt: null, counted };
  // One becomes free when the (used - max + 1)-th oldest leaves the window.
  const times = [...firstAt.values()].sort((a, b) => a - b);
  return { left: 0, nextAt: new Date((times[used - max] ?? 0) + DAILY_LIMIT_WINDOW_MS), counted };
}

/**
 * The member's likes and swipes of the last 24 hours. A profile counts once per window, from
 * the first like (or decision) on it; every like is also a decision.
 */
export async function loadBudget(db: Db, profileId: number, now: Date): Promise<DailyBudget> {
  const since = new Date(now.getTime() - DAILY_LIMIT_WINDOW_MS);
  const liked = await db
    .select({ target: likes.likedId, at: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likerId, profileId), gt(likes.createdAt, since)));
  const decided = await db
    .select({ target: swipes.targetId, at: swipes.createdAt, decision: swipes.decision })
    .from(swipes)
    .where(and(eq(swipes.swiperId, profileId), gt(swipes.createdAt, since)));
  const likedAt = new Map<number, number>();
  const decidedAt = new Map<number, number>();
  const first = (map: Map<number, number>, target: number, at: Date) =>
    map.set(target, Math.min(map.get(target) ?? Infinity, at.getTime()));
  for (const row of liked) {
    first(likedAt, row.target, row.at);
    first(decidedAt, row.target, row.at);
  }
  for (const row of decided) {
    if (row.decision === 'yes') first(likedAt, row.target, row.at);
    first(decidedAt, row.target, row.at);
  }
  return { likes: allowance(likedAt, LIKES_PER_DAY), swipes: allowance(decidedAt, SWIPES_PER_DAY) };
}

/** The game stops for today when either the swipes or the likes are used up. */
function gameOverUntil(budget: DailyBudget): Date | null {
  if (budget.likes.left > 0 && budget.swipes.left > 0) return null;
  const times = [budget.likes.nextAt, budget.swipes.nextAt].filter((at): at is Date => at !== null);
  return new Date(Math.max(...times.map((at) => at.getTime())));
}

/** Serializes one member's likes and swipes, so two requests cannot both take the last one. */
async function lockMember(tx: Db, profileId: number): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
}

// ---------------------------------------------------------------- profiles

type Self = { gender: Gender; seeking: Gender; country: string; birthdate: string };

/** The viewer's own gender, sought gender (the other one when not set), country and birthdate. */
async function loadSelf(db: Db, profileId: number): Promise<Self> {
  const [row] = await db
    .select({
      gender: profiles.gender,
      seeking: profiles.seeking,
      country: profiles.country,
      birthdate: profiles.birthdate,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, seeking: row.seeking ?? (row.gender === 'male' ? 'female' : 'male') };
}

/** The internal id of a profile the viewer may see, by public id; 404 otherwise. */
async function findVisible(ctx: LikesContext, publicId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.publicId, publicId), visibleTo(ctx.viewer)))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

/** The card of one profile the viewer may see. */
async function loadCard(ctx: LikesContext, profileId: number): Promise<ProfileCard> {
  const [row] = await ctx.db
    .select(cardColumns(ctx.viewer.profileId))
    .from(profiles)
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(profiles.id, profileId), visibleTo(ctx.viewer)))
    .limit(1);
  if (!row) throw notFound();
  return toProfileCard(row, ctx);
}

/** The profile has an active profile image (the swipe game, match finder and like modal show it). */
const activeMainPhoto = and(mainPhotoJoin, eq(photos.status, 'active'));

function yearsBefore(now: Date, years: number): string {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/**
 * Up to `limit` profiles matching `where` with an active profile image, closest in age to
 * `pivot` (a birthdate): of the viewer's country first, then of its neighbour
 * (COUNTRY_NEIGHBOURS, as the search's country filter offers), then of the site's other
 * countries when those two have too few. Each tier is two
 * index-ordered walks from the pivot (older and younger) on profiles_search, so the cost
 * does not grow with the site.
 */
async function nearestInAge(ctx: LikesContext, where: SQL, pivot: string, country: string, limit: number) {
  const walk = (part: SQL, older: boolean) =>
    ctx.db
      .select(cardColumns(ctx.viewer.profileId))
      .from(profiles)
      .innerJoin(photos, activeMainPhoto)
      .where(and(where, part, older ? lt(profiles.birthdate, pivot) : gte(profiles.birthdate, pivot)))
      .orderBy(older ? desc(profiles.birthdate) : asc(profiles.birthdate), asc(profiles.id))
      .limit(limit);
  const distance = (birthdate: string) => Math.abs(Date.parse(birthdate) - Date.parse(pivot));
  const nearest = async (part: SQL, wanted: number) => {
    const rows = [...(await walk(part, true)), ...(await walk(part, false))];
    return rows
      .sort((a, b) => distance(a.birthdate) - distance(b.birthdate) || a.publicId.localeCompare(b.publicId))
      .slice(0, wanted);
  };
  const local = await nearest(eq(profiles.country, country), limit);
  const neighbour = COUNTRY_NEIGHBOURS[country];
  const near =
    neighbour && local.length < limit ? await nearest(eq(profiles.country, neighbour), limit - local.length) : [];
  const found = [...local, ...near];
  if (found.length >= limit) return found;
  // A country with few members: the site's other countries follow, so the game goes on.
  const farther = await nearest(
    notInArray(profiles.country, neighbour ? [country, neighbour] : [country]),
    limit - found.length,
  );
  return [...found, ...farther];
}

// ---------------------------------------------------------------- likes

const likeOf = (likerId: number, likedId: number) => and(eq(likes.likerId, likerId), eq(likes.likedId, likedId));

async function likeExists(db: Db, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db.select({ at: likes.createdAt }).from(likes).where(likeOf(likerId, likedId)).limit(1);
  return row !== undefined;
}

/**
 * Remembers a decision on a profile. A decision of the current window keeps its time (it is
 * counted already) unless a No becomes a Yes: that like is given now.
 */
async function recordDecision(
  tx: Db,
  swiperId: number,
  targetId: number,
  decision: 'yes' | 'no',
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - DAILY_LIMIT_WINDOW_MS);
  const [existing] = await tx
    .select({ decision: swipes.decision, at: swipes.createdAt })
    .from(swipes)
    .where(and(eq(swipes.swiperId, swiperId), eq(swipes.targetId, targetId)))
    .limit(1);
  if (!existing) {
    await tx.insert(swipes).values({ swiperId, targetId, decision, createdAt: now });
    return;
  }
  const current = existing.at > since;
  if (current && existing.decision === decision) return;
  const at = current && decision === 'no' ? existing.at : now;
  await tx
    .update(swipes)
    .set({ decision, createdAt: at })
    .where(and(eq(swipes.swiperId, swiperId), eq(swipes.targetId, targetId)));
}

/** The likes data of likes.php: sent and received likes, new likes, what is left today. */
export async function loadLikes(ctx: LikesContext): Promise<LikesData> {
  const { db, viewer } = ctx;
  const me = viewer.profileId;
  const sent = await db
    .select(cardColumns(me))
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likedId))
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(likes.likerId, me), visibleTo(viewer)))
    .orderBy(desc(likes.createdAt), asc(profiles.publicId))
    .limit(LIKES_LIST_MAX);
  const received = await db
    .select(cardColumns(me))
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerId))
    .leftJoin(photos, mainPhotoJoin)
    .where(and(eq(likes.likedId, me), visibleTo(viewer)))
    .orderBy(sql`(${likes.seenAt} is null) desc`, desc(likes.createdAt), asc(profiles.publicId))
    .limit(LIKES_LIST_MAX);
  const [fresh] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerId))
    .where(and(eq(likes.likedId, me), isNull(likes.seenAt), visibleTo(viewer)));
  const budget = await loadBudget(db, me, ctx.now);
  return {
    profiles: sent.map((row) => toProfileCard(row, ctx)),
    liked_by: received.map((row) => toProfileCard(row, ctx)),
    total_new_likes: fresh?.count ?? 0,
    likes_left: budget.likes.left,
    next_like_in_hours: budget.likes.nextAt ? hoursUntil(budget.likes.nextAt, ctx.now) : null,
  };
}

/**
 * Likes a profile the viewer may see. Already liked: nothing changes. Liked before in the
 * window (and withdrawn): liked again at no cost. Otherwise it takes one of the day's likes,
 * or answers 429 `daily_limit` with the hours until the next one.
 */
export async function likeProfile(
  ctx: LikesContext,
  publicId: string,
): Promise<{ match: boolean; likes_left: number; profile: ProfileCard }> {
  const { viewer, now } = ctx;
  const targetId = await findVisible(ctx, publicId);
  const likesLeft = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, viewer.profileId);
    const budget = await loadBudget(tx, viewer.profileId, now);
    if (await likeExists(tx, viewer.profileId, targetId)) return budget.likes.left;
    const free = budget.likes.counted.has(targetId);
    if (!free && budget.likes.left === 0) throw dailyLimitReached(hoursUntil(budget.likes.nextAt ?? now, now));
    await tx
      .insert(likes)
      .values({ likerId: viewer.profileId, likedId: targetId, createdAt: now })
      .onConflictDoNothing();
    await recordDecision(tx, viewer.profileId, targetId, 'yes', now);
    return free ? budget.likes.left : budget.likes.left - 1;
  });
  const profile = await loadCard(ctx, targetId);
  return { match: profile.liked_by_profile, likes_left: likesLeft, profile };
}

/** Withdraws the viewer's like of a profile (none is fine); the day's like is not given back. */
export async function unlikeProfile(ctx: LikesContext, publicId: string): Promise<{ likes_left: number }> {
  const { db, viewer } = ctx;
  const [target] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.siteId, viewer.siteId), eq(profiles.publicId, publicId)))
    .limit(1);
  if (target) await db.delete(likes).where(likeOf(viewer.profileId, target.id));
  return { likes_left: (await loadBudget(db, viewer.profileId, ctx.now)).likes.left };
}

// ---------------------------------------------------------------- swipe game

/** Profiles of the gender the viewer seeks that search lists for them. */
function discoverable(viewer: Viewer, self: Self): SQL {
  return and(visibleTo(viewer, { listedIn: 'search' }), eq(profiles.gender, self.seeking)) as SQL;
}

/** The next profiles of the swipe game and what is left today. */
export async function loadSwipeGame(ctx: LikesContext) {
  const { db, viewer, now } = ctx;
  const budget = await loadBudget(db, viewer.profileId, now);
  const over = gameOverUntil(budget);
  const left = { swipes_left: budget.swipes.left, likes_left: budget.likes.left };
  if (over) return { profiles: [], ...left, next_in_hours: hoursUntil(over, now) };
  const self = await loadSelf(db, viewer.profileId);
  const me = viewer.profileId;
  const fresh = and(
    discoverable(viewer, self),
    sql`not exists (select 1 from ${swipes} where ${swipes.swiperId} = ${me} and ${swipes.targetId} = ${profiles.id})`,
    sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${me} and ${likes.likedId} = ${profiles.id})`,
  ) as SQL;
  const rows = await nearestInAge(ctx, fresh, self.birthdate, self.country, SWIPE_CANDIDATES);
  return { profiles: rows.map((row) => toProfileCard(row, ctx)), ...left, next_in_hours: null };
}

/**
 * A Yes or No of the swipe game on a profile the viewer may see. A Yes is a like; a No on a
 * profile the viewer likes leaves the like alone. Deciding again on a profile of today's
 * window costs nothing; otherwise, when the game is over for today, 429 `swipe_limit`.
 */
export async function swipeProfile(
  ctx: LikesContext,
  publicId: string,
  decision: 'yes' | 'no',
): Promise<{ match: boolean; swipes_left: number; likes_left: number }> {
  const { viewer, now } = ctx;
  const targetId = await findVisible(ctx, publicId);
  const me = viewer.profileId;
  const left = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, me);
    const budget = await loadBudget(tx, me, now);
    const liked = await likeExists(tx, me, targetId);
    const unchanged = { swipes: budget.swipes.left, likes: budget.likes.left };
    if (decision === 'no' && liked) return unchanged;
    const swipeCost = budget.swipes.counted.has(targetId) ? 0 : 1;
    const likeCost = decision === 'yes' && !liked && !budget.likes.counted.has(targetId) ? 1 : 0;
    const over = gameOverUntil(budget);
    if (over && swipeCost + likeCost > 0) throw swipeLimitReached(hoursUntil(over, now));
    if (decision === 'yes' && !liked) {
      await tx.insert(likes).values({ likerId: me, likedId: targetId, createdAt: now }).onConflictDoNothing();
    }
    await recordDecision(tx, me, targetId, decision, now);
    return { swipes: budget.swipes.left - swipeCost, likes: budget.likes.left - likeCost };
  });
  const match = decision === 'yes' && (await likeExists(ctx.db, targetId, me));
  return { match, swipes_left: left.swipes, likes_left: left.likes };
}

// ---------------------------------------------------------------- match finder

/** Body types an appearance answer keeps; null: any (SPEC §2.7 'Match finder'). */
const APPEARANCE_BODY_TYPES: Record<MatchFinderAnswers['appearance'], readonly string[] | null> = {
  normal: null,
  sexy: ['slim', 'normal'],
};

/**
 * The match finder's result: profiles of the sought gender in the age bucket (and, for
 * 'sexy', with a slim or average body type), closest to the viewer's own age within the
 * bucket, the viewer's country first. Profiles hold no ethnicity: `race` filters nothing.
 */
export async function findMatches(ctx: LikesContext, answers: MatchFinderAnswers): Promise<ProfileCard[]> {
  const { db, viewer, now } = ctx;
  const self = await loadSelf(db, viewer.profileId);
  const bucket = MATCH_FINDER_AGE_BUCKETS.find((b) => b.key === answers.age) ?? MATCH_FINDER_AGE_BUCKETS[0];
  // Age a..b: born on or before now - a years, and after now - (b + 1) years.
  const youngest = yearsBefore(now, bucket.min);
  const oldest = bucket.max === null ? null : yearsBefore(now, bucket.max + 1);
  const bodyTypes = APPEARANCE_BODY_TYPES[answers.appearance];
  const where = and(
    discoverable(viewer, self),
    lte(profiles.birthdate, youngest),
    oldest ? gt(profiles.birthdate, oldest) : undefined,
    bodyTypes ? inArray(profiles.bodyType, [...bodyTypes]) : undefined,
  ) as SQL;
  // Closest to the viewer's own age, moved into the bucket.
  let pivot = self.birthdate > youngest ? youngest : self.birthdate;
  if (oldest && pivot <= oldest) pivot = yearsBefore(now, bucket.max ?? bucket.min);
  const rows = await nearestInAge(ctx, where, pivot, self.country, MATCH_FINDER_RESULTS);
  return rows.map((row) => toProfileCard(row, ctx));
}

// ---------------------------------------------------------------- auto-like

/**
 * The like modal's auto-like: today's (a like from a fictional pal within the window) when
 * there is one, else a fictional pal of the sought gender with a profile image that had not
 * liked the viewer likes them now, closest in age, the viewer's country first. 404 when none.
 */
export async function autoLike(ctx: LikesContext): Promise<ProfileCard> {
  const { viewer, now } = ctx;
  const me = viewer.profileId;
  const since = new Date(now.getTime() - DAILY_LIMIT_WINDOW_MS);
  const palId = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, me);
    const [today] = await tx
      .select({ id: profiles.id })
      .from(likes)
      .innerJoin(profiles, eq(profiles.id, likes.likerId))
      .innerJoin(photos, activeMainPhoto)
      .where(and(eq(likes.likedId, me), gt(likes.createdAt, since), eq(profiles.type, 'fictional'), visibleTo(viewer)))
      .orderBy(desc(likes.createdAt))
      .limit(1);
    if (today) return today.id;
    const self = await loadSelf(tx, me);
    const where = and(
      discoverable(viewer, self),
      eq(profiles.type, 'fictional'),
      sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.id} and ${likes.likedId} = ${me})`,
    ) as SQL;
    const [pal] = await nearestInAge({ ...ctx, db: tx }, where, self.birthdate, self.country, 1);
    if (!pal) throw notFound();
    await tx.insert(likes).values({ likerId: pal.profileId, likedId: me, createdAt: now }).onConflictDoNothing();
    return pal.profileId;
  });
  return loadCard(ctx, palId);
}
