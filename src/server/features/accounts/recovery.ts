/**
 * Password reset (single-use link, 1 hour, 3 mails per account per day), password change in
 * settings, and e-mail change confirmed from the new address (24 hours; the old one is told).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { accounts, profiles, sessions } from '#src/server/db/schema.ts';
import { accountKey, clientIp, enforce, hit, ipKey } from '#src/server/http/rate-limit.ts';
import { hashPassword, verifyPassword } from '../user/password.ts';
import { isUniqueViolation, link, sendAccountMail, type AccountContext } from './common.ts';
import { consumeToken, issueToken } from './tokens.ts';
import { accountError, normalizeEmail, validatePassword } from './validation.ts';

const HOUR = 3_600_000;
/** Reset mails per account per day (SPEC §8 'Too many password reset emails sent'). */
export const RESET_DAILY_LIMIT = { max: 3, windowMs: 24 * HOUR };
/** Reset requests and link uses per IP address per hour. */
export const RESET_IP_LIMIT = { max: 20, windowMs: HOUR };
/** Password change attempts (old password guesses) per account per hour. */
export const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: HOUR };
/** E-mail change requests per account per hour. */
export const MAIL_CHANGE_LIMIT = { max: 5, windowMs: HOUR };

const LIVE = ['not_confirmed', 'confirmed'] as const;

async function profileName(ctx: AccountContext, accountId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  return row?.name ?? '';
}

export async function requestPasswordReset(ctx: AccountContext, rawEmail: string): Promise<void> {
  const { db, site, now, c } = ctx;
  await enforce(db, await ipKey(db, 'password-reset', clientIp(c)), RESET_IP_LIMIT, now);
  const email = normalizeEmail(rawEmail);
  const [account] = email
    ? await db
        .select({ id: accounts.id, language: accounts.language })
        .from(accounts)
        .where(and(eq(accounts.siteId, site.id), eq(accounts.email, email), inArray(accounts.status, LIVE)))
        .limit(1)
    : [];
  if (!account || !email) throw accountError('reset_email_not_found', 404, 'email');
  if (!(await hit(db, accountKey('password-reset-mail', account.id), RESET_DAILY_LIMIT, now))) {
    throw accountError('reset_daily_limit', 429, 'email');
  }
  const token = await issueToken(db, { accountId: account.id, kind: 'password_reset', now });
  await sendAccountMail(ctx, {
    kind: 'reset',
    to: email,
    language: account.language,
    name: await profileName(ctx, account.id),
    link: link(ctx, '/reset-password/do', token),
  });
}

/** Sets the password from a reset link; ends every session and lifts the login lock. */
export async function completePasswordReset(ctx: AccountContext, token: string, password: string): Promise<void> {
  const { db, site, now, c } = ctx;
  await enforce(db, await ipKey(db, 'password-reset', clientIp(c)), RESET_IP_LIMIT, now);
  validatePassword(password);
  const used = await consumeToken(db, 'password_reset', token, now);
  if (!used) throw accountError('link_invalid', 400, 'token');
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(accounts)
    .set({ passwordHash, failedLogins: 0, failedLoginsSince: null, loginLockedUntil: null })
    .where(and(eq(accounts.id, used.accountId), eq(accounts.siteId, site.id), inArray(accounts.status, LIVE)))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw accountError('link_invalid', 400, 'token');
  await db.delete(sessions).where(eq(sessions.accountId, used.accountId));
}

/** Settings: checks the old password, sets the new one, ends the member's other sessions. */
export async function changePassword(
  ctx: AccountContext,
  session: { accountId: number; sessionId: number },
  body: { old_password: string; password: string; password_repeat: string },
): Promise<void> {
  const { db, now } = ctx;
  if (body.password !== body.password_repeat) throw accountError('passwords_differ', 400, 'password_repeat');
  await enforce(db, accountKey('password-change', session.accountId), PASSWORD_CHANGE_LIMIT, now);
  const [account] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, session.accountId))
    .limit(1);
  if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, body.old_password))) {
    throw accountError('old_password_wrong', 400, 'old_password');
  }
  validatePassword(body.password);
  await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(accounts.id, session.accountId));
  await db.delete(sessions).where(and(eq(sessions.accountId, session.accountId), ne(sessions.id, session.sessionId)));
}

async function emailTaken(ctx: AccountContext, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.siteId, ctx.site.id), eq(accounts.email, email)))
    .limit(1);
  return row !== undefined;
}

/** Mails a confirmation link to the new address. */
export async function requestMailChange(ctx: AccountContext, accountId: number, rawEmail: string): Promise<void> {
  const { db, now } = ctx;
  const email = normalizeEmail(rawEmail);
  if (!email) throw accountError('new_email_invalid', 400, 'email');
  if (await emailTaken(ctx, email)) throw accountError('new_email_taken', 409, 'email');
  await enforce(db, accountKey('mail-change', accountId), MAIL_CHANGE_LIMIT, now);
  const [account] = await db
    .select({ language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const token = await issueToken(db, { accountId, kind: 'mail_change', now, newEmail: email });
  await sendAccountMail(ctx, {
    kind: 'mail_change',
    to: email,
    language: account?.language ?? 'en',
    name: await profileName(ctx, accountId),
    link: link(ctx, '/mail-change/do', token),
  });
}

/** Confirms an e-mail change from its link; tells the old address. Answers the new one. */
export async function confirmMailChange(ctx: AccountContext, token: string): Promise<string> {
  const { db, site, now } = ctx;
  const used = await consumeToken(db, 'mail_change', token, now);
  if (!used?.newEmail) throw accountError('link_invalid', 400, 'token');
  const [account] = await db
    .select({ email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(and(eq(accounts.id, used.accountId), eq(accounts.siteId, site.id), inArray(accounts.status, LIVE)))
    .limit(1);
  if (!account?.email) throw accountError('link_invalid', 400, 'token');
  if (account.email !== used.newEmail && (await emailTaken(ctx, used.newEmail))) {
    throw accountError('new_email_taken', 409, 'email');
  }
  try {
    await db.update(accounts).set({ email: used.newEmail }).where(eq(accounts.id, used.accountId));
  } catch (error) {
    if (isUniqueViolation(error)) throw accountError('new_email_taken', 409, 'email');
    throw error;
  }
  if (account.email !== used.newEmail) {
    await sendAccountMail(
      ctx,
      {
        kind: 'mail_changed_notice',
        to: account.email,
        language: account.language,
        name: await profileName(ctx, used.accountId),
      },
      { bestEffort: true },
    );
  }
  return used.newEmail;
}
