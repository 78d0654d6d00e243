/**
 * A small fixed-window rate limiter backed by the database (`rate_limits`), so every API
 * process counts against the same numbers. A key names the action and its subject, e.g.
 * `signup:ip:<hash>` or `activation-mail:account:42`; IP addresses are stored hashed.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { appKey } from '#src/server/platform/app-keys.ts';
import { fail } from './errors.ts';

export interface Limit {
  /** At most this many hits per window. */
  max: number;
  windowMs: number;
}

export const rateLimited = () => fail('rate_limited');

export { clientIp } from './client-ip.ts';

const isSecret = (v: unknown): v is { secret: string } =>
  typeof (v as { secret?: unknown } | null)?.secret === 'string';

/**
 * A rate-limit subject for an IP address. Only a keyed hash (HMAC with a secret the server
 * keeps in app_keys) is stored, so the table cannot be turned back into addresses by
 * hashing the small IPv4 space.
 */
export async function ipKey(db: Db, action: string, ip: string): Promise<string> {
  return hashedKey(db, action, 'ip', ip);
}

/** A rate-limit subject for any personal value (an e-mail address): stored as a keyed hash too. */
export async function hashedKey(db: Db, action: string, kind: string, value: string): Promise<string> {
  const { secret } = await appKey(db, 'ip_hash', isSecret, () => ({ secret: randomBytes(32).toString('hex') }));
  return `${action}:${kind}:${createHmac('sha256', secret).update(value).digest('hex').slice(0, 32)}`;
}

/** The keyed hash in an ipKey (the IP hash the audit log and the members' sessions store). */
export function ipHashOfKey(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}

export function accountKey(action: string, accountId: number): string {
  return `${action}:account:${accountId}`;
}

/**
 * Counts one hit of a key and answers the count in the current window (this hit included).
 * Atomic: one upsert that starts a new window when the old one has passed, so parallel
 * requests each get their own number and exactly `max` of them are within the limit.
 */
export async function hitCount(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  return (await hitCounts(db, [key], limit.windowMs, now)).get(key) ?? 1;
}

/**
 * Counts one hit of each key in one statement (one round trip and one commit for a call
 * limited per account and per IP) and answers each key's count, like hitCount.
 */
export async function hitCounts(
  db: Db,
  keys: readonly string[],
  windowMs: number,
  now: Date,
): Promise<Map<string, number>> {
  const windowOpen = new Date(now.getTime() - windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${windowOpen.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values(keys.map((key) => ({ key, windowStart: now, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count });
  return new Map(rows.map((row) => [row.key, row.count]));
}

/** Counts one hit of a key and answers whether it is still within the limit (see hitCount). */
export async function hit(db: Db, key: string, limit: Limit, now: Date): Promise<boolean> {
  return (await hitCount(db, key, limit, now)) <= limit.max;
}

/**
 * Takes back one hit counted before the outcome was known (a login that succeeded, a signup
 * that failed its checks), so only what the limit is about uses it up.
 */
export async function undoHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** An attempt counted by `countAttempt`: its number in the window and when the lock ends. */
export interface Attempt {
  /** This attempt's number in the window (1 = the first). */
  number: number;
  /** Attempts past `max` wait until then. */
  lockedUntil: Date;
}

/**
 * Counts an attempt of a lock-style limit (login failures): at most `max` attempts per
 * window, and the attempt that reaches `max` starts the lock, which lasts `windowMs` from
 * then. Later attempts in the lock are counted but move nothing. Atomic like hitCount.
 */
export async function countAttempt(db: Db, key: string, limit: Limit, now: Date): Promise<Attempt> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} or ${rateLimits.count} + 1 = ${limit.max} then ${at} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const windowStart = row?.windowStart ?? now;
  return { number: row?.count ?? 1, lockedUntil: new Date(windowStart.getTime() + limit.windowMs) };
}

/** Throws 429 rate_limited when the hit exceeds the limit. */
export async function enforce(db: Db, key: string, limit: Limit, now: Date): Promise<void> {
  if (!(await hit(db, key, limit, now))) throw rateLimited();
}

/** True when the key has already used up its window (without counting a hit). */
export async function isExhausted(db: Db, key: string, limit: Limit, now: Date): Promise<boolean> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row || row.windowStart.getTime() <= now.getTime() - limit.windowMs) return false;
  return row.count >= limit.max;
}

/** Forgets a key (e.g. the failure counter after a successful login). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters whose window started before `before` (run by the hourly purge). */
export async function pruneRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}
