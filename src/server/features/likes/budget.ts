/**
 * The daily limits (SPEC §8 'Likes and swipes'): a rolling window (DAILY_LIMIT_WINDOW_MS) of
 * the member's likes and swipe decisions. A like is stored in `likes` and, as a Yes decision,
 * in `swipes`; the `swipes` row stays when the like is withdrawn, so unliking never gives a
 * like back, and liking the same profile again within the window is not a second like.
 */
import { and, eq, gt } from 'drizzle-orm';
import { DAILY_LIMIT_WINDOW_MS, LIKES_PER_DAY, SWIPES_PER_DAY } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { likes, profiles, swipes } from '#src/server/db/schema.ts';

const HOUR_MS = 3_600_000;

/** Whole hours from now until `at`, rounded up, at least 1 (the countdown of the messages). */
export function hoursUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / HOUR_MS));
}

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

/**
 * The swipe game stops for today when the swipes are used up (with likes gone, No still
 * plays); it goes on when a swipe is free again, or, with the likes gone too, when both are.
 */
export function gameOverUntil(budget: DailyBudget): Date | null {
  if (budget.swipes.left > 0) return null;
  const times = [budget.likes.nextAt, budget.swipes.nextAt].filter((at): at is Date => at !== null);
  return new Date(Math.max(...times.map((at) => at.getTime())));
}

/** Serializes one member's likes and swipes, so two requests cannot both take the last one. */
export async function lockMember(tx: Db, profileId: number): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for('update');
}

/**
 * Remembers a decision on a profile. A decision of the current window keeps its time (it is
 * counted already) unless a No becomes a Yes: that like is given now.
 */
export async function recordDecision(
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
