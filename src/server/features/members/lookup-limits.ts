/**
 * Rate limits of the reading calls a scraper would loop over: search, member pages, teasers
 * and city suggestions (the numbers are LOOKUP_LIMITS in src/contract/limits.ts). Each call
 * counts against the member's account and against the client's IP address; over either
 * limit it answers 429 rate_limited with the translated message.
 */
import type { Context } from 'hono';
import { LOOKUP_LIMITS, LOOKUP_WINDOW_MS, type LookupKind } from '#src/contract/limits.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { accountKey, clientIp, hitCounts, ipKey, rateLimited } from '#src/server/http/rate-limit.ts';

/** Counts one lookup of the account (when logged in) and of the IP address; throws 429 over a limit. */
export async function limitLookup(c: Context<AppEnv>, kind: LookupKind, accountId: number | null): Promise<void> {
  const { database, now } = c.get('deps');
  const { db } = database;
  const at = now();
  const limits: { account?: number; ip: number } = LOOKUP_LIMITS[kind];
  const ip = await ipKey(db, `lookup-${kind}`, clientIp(c));
  const account = accountId === null || limits.account === undefined ? null : accountKey(`lookup-${kind}`, accountId);
  // Both counters in one statement: a search costs one write, not two.
  const counts = await hitCounts(db, account === null ? [ip] : [ip, account], LOOKUP_WINDOW_MS, at);
  const withinIp = (counts.get(ip) ?? 1) <= limits.ip;
  const withinAccount = account === null || (counts.get(account) ?? 1) <= (limits.account ?? Infinity);
  if (!withinIp || !withinAccount) throw rateLimited();
}
