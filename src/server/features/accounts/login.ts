/**
 * Login (SPEC §4 "Session", §8). Wrong passwords lock the address softly: the
 * LOGIN_LOCK.failures-th attempt within LOGIN_LOCK.windowMs starts a lock of as long, so a
 * stranger can lock a member out for minutes only. Every attempt is counted before its
 * password is checked, in one atomic statement, and decided by its own number: 30 parallel
 * guesses get exactly LOGIN_LOCK.failures checks (a success takes its count back). The
 * count belongs to the address on the site, not to an account, and an attempt past the lock
 * spends the same argon2 time on a dummy hash: an unknown address, a locked account and a
 * wrong password answer alike, so nothing tells whether an account exists. Each IP address
 * has its own failure allowance, counted the same way.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '#src/contract/user.ts';
import type { Db } from '#src/server/db/client.ts';
import { accounts } from '#src/server/db/schema.ts';
import {
  clientIp,
  countAttempt,
  hashedKey,
  hitCount,
  ipHashOfKey,
  ipKey,
  rateLimited,
  resetLimit,
  undoHit,
} from '#src/server/http/rate-limit.ts';
import { REACTIVATION_WINDOW_DAYS } from '#src/lib/constants.ts';
import { REACTIVATION_WINDOW_MS, mailReactivationLink } from './deletion.ts';
import { createSession, setSessionCookie } from './sessions.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { RequestContext } from '#src/server/platform/request-context.ts';
import { currentUserOf } from './signup.ts';
import { fail } from '#src/server/http/errors.ts';
import { normalizeEmail } from './validation.ts';

const MINUTE = 60_000;
export const LOGIN_LOCK = { failures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** Failed logins one IP address may make per 15 minutes. */
export const LOGIN_IP_LIMIT = { max: 20, windowMs: 15 * MINUTE };

let dummyHash: Promise<string> | null = null;

/** Spends the time of a password check when there is no account (or no check) to make. */
async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('no account has this password: timing only');
  await verifyPassword(await dummyHash, password);
}

function blocked(lockedUntil: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE));
  return fail('login_blocked', { field: 'password', params: { minutes } });
}

/** The failure counter of an address on a site (hashed: the table holds no addresses). */
function addressKey(db: Db, siteId: string, email: string): Promise<string> {
  return hashedKey(db, 'login', 'email', `${siteId}:${email}`);
}

/** Lifts the lock of an address (a password reset proved the owner). */
export async function forgetLoginFailures(db: Db, siteId: string, email: string): Promise<void> {
  await resetLimit(db, await addressKey(db, siteId, email));
}

export async function login(ctx: RequestContext, input: { email: string; password: string }): Promise<CurrentUser> {
  const { db, site, now, c } = ctx;
  // Counted first: the IP's allowance is taken before the (slow) check, given back on success.
  const ipFailures = await ipKey(db, 'login-failures', clientIp(c));
  if ((await hitCount(db, ipFailures, LOGIN_IP_LIMIT, now)) > LOGIN_IP_LIMIT.max) throw rateLimited();

  const email = normalizeEmail(input.email);
  if (!email) {
    await verifyDummy(input.password);
    throw fail('login_failed');
  }
  const lockWindow = { max: LOGIN_LOCK.failures, windowMs: LOGIN_LOCK.lockMs };
  const addressFailures = await addressKey(db, site.id, email);
  const attempt = await countAttempt(db, addressFailures, lockWindow, now);
  if (attempt.number > LOGIN_LOCK.failures) {
    // Locked: the password is not checked, but the answer takes as long as a check.
    await verifyDummy(input.password);
    throw blocked(attempt.lockedUntil, now);
  }

  const [account] = await db
    .select({
      id: accounts.id,
      status: accounts.status,
      passwordHash: accounts.passwordHash,
      deletedAt: accounts.deletedAt,
    })
    .from(accounts)
    .where(and(eq(accounts.siteId, site.id), eq(accounts.email, email)))
    .limit(1);
  // A deleted account can still be restored within the window: its owner is told so.
  const restorable =
    account?.status === 'deleted' &&
    account.deletedAt !== null &&
    now.getTime() - account.deletedAt.getTime() < REACTIVATION_WINDOW_MS;
  const live = account?.passwordHash && (restorable || (account.status !== 'deleted' && account.status !== 'purged'));
  const right = live ? await verifyPassword(account.passwordHash ?? '', input.password) : false;
  if (!live) await verifyDummy(input.password);
  if (!account || !right) {
    if (attempt.number === LOGIN_LOCK.failures) throw blocked(attempt.lockedUntil, now);
    throw fail('login_failed');
  }
  // Only someone with the password learns that the account is banned, or deleted.
  if (account.status === 'banned') throw fail('login_banned');
  if (restorable) {
    await resetLimit(db, addressFailures);
    await undoHit(db, ipFailures);
    await mailReactivationLink(ctx, account.id);
    throw fail('login_deleted', { params: { days: REACTIVATION_WINDOW_DAYS } });
  }

  await resetLimit(db, addressFailures);
  await undoHit(db, ipFailures);
  const token = await createSession(db, account.id, now, ipHashOfKey(ipFailures));
  setSessionCookie(c, token);
  return currentUserOf(ctx, account.id);
}
