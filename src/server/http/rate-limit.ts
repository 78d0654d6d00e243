/**
 * A small fixed-window rate limiter backed by the database (`rate_limits`), so every API
 * process counts against the same numbers. A key names the action and its subject, e.g.
 * `signup:ip:<hash>` or `activation-mail:account:42`; IP addresses are stored hashed.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import type { AppEnv } from './context.ts';
import { appKey } from '../features/keys/app-keys.ts';
import { HttpError } from './errors.ts';

export interface Limit {
  /** At most this many hits per window. */
  max: number;
  windowMs: number;
}

export const rateLimited = () => new HttpError('rate_limited', 'api.rate_limited', 429);

/** The client's IP: the socket address, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket (in-process requests in tests).
    return 'unknown';
  }
}

const isSecret = (v: unknown): v is { secret: string } =>
  typeof (v as { secret?: unknown } | null)?.secret === 'string';

/**
 * A rate-limit subject for an IP address. Only a keyed hash (HMAC with a secret the server
 * keeps in app_keys) is stored, so the table cannot be turned back into addresses by
 * hashing the small IPv4 space.
 */
export async function ipKey(db: Db, action: string, ip: string): Promise<string> {
  const { secret } = await appKey(db, 'ip_hash', isSecret, () => ({ secret: randomBytes(32).toString('hex') }));
  return `${action}:ip:${createHmac('sha256', secret).update(ip).digest('hex').slice(0, 32)}`;
}

export function accountKey(action: string, accountId: number): string {
  return `${action}:account:${accountId}`;
}

/**
 * Counts one hit of a key and answers whether it is still within the limit. Atomic: an
 * upsert that starts a new window when the old one has passed.
 */
export async function hit(db: Db, key: string, limit: Limit, now: Date): Promise<boolean> {
  const windowOpen = new Date(now.getTime() - limit.windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${windowOpen.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= limit.max;
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
