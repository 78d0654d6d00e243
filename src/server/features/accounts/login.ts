/**
 * Login and logout (SPEC §4 "Session", §8). Wrong passwords lock the account softly: after
 * LOGIN_LOCK.failures within LOGIN_LOCK.windowMs it is blocked for LOGIN_LOCK.lockMs, so a
 * stranger can lock a member out for minutes only. Each IP address has its own failure
 * allowance. Unknown addresses cost the same argon2 work as wrong passwords.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '#src/contract/user.ts';
import { accounts } from '#src/server/db/schema.ts';
import { clientIp, hit, ipKey, isExhausted, rateLimited } from '#src/server/http/rate-limit.ts';
import { createSession, setSessionCookie } from '../session/sessions.ts';
import { hashPassword, verifyPassword } from '../user/password.ts';
import type { AccountContext } from './common.ts';
import { currentUserOf } from './signup.ts';
import { accountError, normalizeEmail } from './validation.ts';

const MINUTE = 60_000;
export const LOGIN_LOCK = { failures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
/** Failed logins one IP address may make per 15 minutes. */
export const LOGIN_IP_LIMIT = { max: 20, windowMs: 15 * MINUTE };

let dummyHash: Promise<string> | null = null;

/** Spends the time of a password check when there is no account to check. */
async function verifyDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('no account has this password: timing only');
  await verifyPassword(await dummyHash, password);
}

function blocked(lockedUntil: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / MINUTE));
  return accountError('login_blocked', 429, 'password', { minutes });
}

/** Counts a wrong password; answers the lock's end when this failure locked the account. */
async function recordFailure(ctx: AccountContext, accountId: number): Promise<Date | null> {
  const { db, now } = ctx;
  const windowOpen = new Date(now.getTime() - LOGIN_LOCK.windowMs).toISOString();
  const fresh = sql`${accounts.failedLoginsSince} is null or ${accounts.failedLoginsSince} <= ${windowOpen}::timestamptz`;
  const [row] = await db
    .update(accounts)
    .set({
      failedLogins: sql`case when ${fresh} then 1 else ${accounts.failedLogins} + 1 end`,
      failedLoginsSince: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${accounts.failedLoginsSince} end`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ failures: accounts.failedLogins });
  if (!row || row.failures < LOGIN_LOCK.failures) return null;
  const until = new Date(now.getTime() + LOGIN_LOCK.lockMs);
  await db
    .update(accounts)
    .set({ loginLockedUntil: until, failedLogins: 0, failedLoginsSince: null })
    .where(eq(accounts.id, accountId));
  return until;
}

export async function login(ctx: AccountContext, input: { email: string; password: string }): Promise<CurrentUser> {
  const { db, site, now, c } = ctx;
  const ipFailures = await ipKey(db, 'login-failures', clientIp(c));
  if (await isExhausted(db, ipFailures, LOGIN_IP_LIMIT, now)) throw rateLimited();
  const failed = async () => {
    await hit(db, ipFailures, LOGIN_IP_LIMIT, now);
    return accountError('login_failed', 401);
  };

  const email = normalizeEmail(input.email);
  const [account] = email
    ? await db
        .select({
          id: accounts.id,
          status: accounts.status,
          passwordHash: accounts.passwordHash,
          lockedUntil: accounts.loginLockedUntil,
        })
        .from(accounts)
        .where(and(eq(accounts.siteId, site.id), eq(accounts.email, email)))
        .limit(1)
    : [];
  if (!account?.passwordHash || account.status === 'deleted' || account.status === 'purged') {
    await verifyDummy(input.password);
    throw await failed();
  }
  if (account.lockedUntil && account.lockedUntil > now) throw blocked(account.lockedUntil, now);

  if (!(await verifyPassword(account.passwordHash, input.password))) {
    const lockedUntil = await recordFailure(ctx, account.id);
    await hit(db, ipFailures, LOGIN_IP_LIMIT, now);
    if (lockedUntil) throw blocked(lockedUntil, now);
    throw accountError('login_failed', 401);
  }
  // Only someone with the password learns that the account is banned.
  if (account.status === 'banned') throw accountError('login_banned', 403);

  await db
    .update(accounts)
    .set({ failedLogins: 0, failedLoginsSince: null, loginLockedUntil: null })
    .where(eq(accounts.id, account.id));
  const token = await createSession(db, account.id, now);
  setSessionCookie(c, token);
  return currentUserOf(ctx, account.id);
}
