/**
 * Password reset (single-use link, 1 hour, 3 mails per account per day; using one ends the
 * account's other links), password change in settings, and e-mail change: asked with the
 * current password, confirmed from the new address (24 hours). A confirmed change ends the
 * other sessions and unused links, and mails the old address a link that undoes it (14
 * days); the undo ends every session and sends that address a reset link.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { accounts, profiles, sessions } from '#src/server/db/schema.ts';
import { accountKey, clientIp, enforce, hit, ipKey } from '#src/server/http/rate-limit.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { link, type RequestContext } from '#src/server/platform/request-context.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import { sendAccountMail } from './mails.ts';
import { forgetLoginFailures } from './login.ts';
import { consumeToken, issueToken, revokeTokens } from './tokens.ts';
import { fail } from '#src/server/http/errors.ts';
import { normalizeEmail, validatePassword } from './validation.ts';

const HOUR = 3_600_000;
/** Reset mails per account per day (SPEC §8 'Too many password reset emails sent'). */
export const RESET_DAILY_LIMIT = { max: 3, windowMs: 24 * HOUR };
/** Reset requests and link uses per IP address per hour. */
export const RESET_IP_LIMIT = { max: 20, windowMs: HOUR };
/**
 * Current-password checks (password change, e-mail change, deletion) per account per hour:
 * what a stolen session may guess.
 */
export const PASSWORD_CHECK_LIMIT = { max: 10, windowMs: HOUR };
/** E-mail change requests per account per hour. */
export const MAIL_CHANGE_LIMIT = { max: 5, windowMs: HOUR };

const LIVE = ['not_confirmed', 'confirmed'] as const;

/**
 * Checks the member's current password, counted (before the check) against
 * PASSWORD_CHECK_LIMIT; a wrong one answers `code` on `field`.
 */
export async function checkCurrentPassword(
  ctx: RequestContext,
  accountId: number,
  password: string,
  wrong: { code: 'old_password_wrong' | 'password_wrong'; field: string },
): Promise<void> {
  await enforce(ctx.db, accountKey('password-check', accountId), PASSWORD_CHECK_LIMIT, ctx.now);
  const [account] = await ctx.db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, password))) {
    throw fail(wrong.code, { field: wrong.field });
  }
}

async function profileName(ctx: RequestContext, accountId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.accountId, accountId))
    .limit(1);
  return row?.name ?? '';
}

export async function requestPasswordReset(ctx: RequestContext, rawEmail: string): Promise<void> {
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
  if (!account || !email) throw fail('reset_email_not_found', { field: 'email' });
  if (!(await hit(db, accountKey('password-reset-mail', account.id), RESET_DAILY_LIMIT, now))) {
    throw fail('reset_daily_limit', { field: 'email' });
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
export async function completePasswordReset(ctx: RequestContext, token: string, password: string): Promise<void> {
  const { db, site, now, c } = ctx;
  await enforce(db, await ipKey(db, 'password-reset', clientIp(c)), RESET_IP_LIMIT, now);
  validatePassword(password);
  const used = await consumeToken(db, 'password_reset', token, now);
  if (!used) throw fail('link_invalid', { field: 'token' });
  const passwordHash = await hashPassword(password);
  const [updated] = await db
    .update(accounts)
    .set({ passwordHash })
    .where(and(eq(accounts.id, used.accountId), eq(accounts.siteId, site.id), inArray(accounts.status, LIVE)))
    .returning({ id: accounts.id, email: accounts.email });
  if (!updated) throw fail('link_invalid', { field: 'token' });
  await db.delete(sessions).where(eq(sessions.accountId, used.accountId));
  // The other reset links (and pending e-mail changes) of the account die with this one.
  await revokeTokens(db, used.accountId, ['password_reset', 'mail_change'], now);
  if (updated.email) await forgetLoginFailures(db, site.id, updated.email);
}

/** Settings: checks the old password, sets the new one, ends the member's other sessions, mails a notice. */
export async function changePassword(
  ctx: RequestContext,
  session: { accountId: number; sessionId: number },
  body: { old_password: string; password: string; password_repeat: string },
): Promise<void> {
  const { db } = ctx;
  if (body.password !== body.password_repeat) throw fail('passwords_differ', { field: 'password_repeat' });
  await checkCurrentPassword(ctx, session.accountId, body.old_password, {
    code: 'old_password_wrong',
    field: 'old_password',
  });
  validatePassword(body.password);
  await db
    .update(accounts)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(accounts.id, session.accountId));
  await db.delete(sessions).where(and(eq(sessions.accountId, session.accountId), ne(sessions.id, session.sessionId)));
  // The owner hears of it at their address: a stranger with the old password is noticed.
  const [account] = await db
    .select({ email: accounts.email, language: accounts.language, name: profiles.name })
    .from(accounts)
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, session.accountId))
    .limit(1);
  if (account?.email) {
    await sendAccountMail(
      ctx,
      { kind: 'password_changed_notice', to: account.email, language: account.language, name: account.name ?? '' },
      { bestEffort: true },
    );
  }
}

async function emailTaken(ctx: RequestContext, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.siteId, ctx.site.id), eq(accounts.email, email)))
    .limit(1);
  return row !== undefined;
}

/** Mails a confirmation link to the new address, once the current password is right. */
export async function requestMailChange(
  ctx: RequestContext,
  accountId: number,
  input: { email: string; password: string },
): Promise<void> {
  const { db, now } = ctx;
  const email = normalizeEmail(input.email);
  if (!email) throw fail('new_email_invalid', { field: 'email' });
  // Before anything is looked up: only the owner learns whether an address is taken.
  await checkCurrentPassword(ctx, accountId, input.password, { code: 'password_wrong', field: 'password' });
  if (await emailTaken(ctx, email)) throw fail('new_email_taken', { field: 'email' });
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

/**
 * Confirms an e-mail change from its link (or undoes one from the old address's link).
 * Either way the account's other sessions and unused links end: whoever asked for the
 * change keeps no way in through the old ones. Answers the address now on the account.
 */
export async function confirmMailChange(
  ctx: RequestContext,
  token: string,
): Promise<{ email: string; undone?: boolean }> {
  const { db, now } = ctx;
  const change = await consumeToken(db, 'mail_change', token, now);
  const undo = change ? null : await consumeToken(db, 'mail_change_undo', token, now);
  const used = change ?? undo;
  if (!used?.newEmail) throw fail('link_invalid', { field: 'token' });
  const previous = await setEmail(ctx, used.accountId, used.newEmail);

  const current = ctx.c.get('session');
  const keep: SQL | undefined =
    current && current.accountId === used.accountId && !undo ? ne(sessions.id, current.sessionId) : undefined;
  await db.delete(sessions).where(and(eq(sessions.accountId, used.accountId), keep));
  await revokeTokens(db, used.accountId, ['password_reset', 'mail_change', 'mail_change_undo'], now);
  const name = await profileName(ctx, used.accountId);

  if (undo) {
    // Whoever changed the address knew the password: the owner sets a new one.
    const reset = await issueToken(db, { accountId: used.accountId, kind: 'password_reset', now });
    await sendAccountMail(
      ctx,
      {
        kind: 'reset',
        to: used.newEmail,
        language: previous.language,
        name,
        link: link(ctx, '/reset-password/do', reset),
      },
      { bestEffort: true },
    );
    return { email: used.newEmail, undone: true };
  }
  if (previous.email !== used.newEmail) {
    const back = await issueToken(db, {
      accountId: used.accountId,
      kind: 'mail_change_undo',
      now,
      newEmail: previous.email,
    });
    await sendAccountMail(
      ctx,
      {
        kind: 'mail_changed_notice',
        to: previous.email,
        language: previous.language,
        name,
        link: link(ctx, '/mail-change/do', back),
      },
      { bestEffort: true },
    );
  }
  return { email: used.newEmail };
}

/** Puts `email` on a live account of the site; answers the address and language it had. */
async function setEmail(
  ctx: RequestContext,
  accountId: number,
  email: string,
): Promise<{ email: string; language: string }> {
  const { db, site } = ctx;
  const [account] = await db
    .select({ email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.siteId, site.id), inArray(accounts.status, LIVE)))
    .limit(1);
  if (!account?.email) throw fail('link_invalid', { field: 'token' });
  if (account.email !== email && (await emailTaken(ctx, email))) {
    throw fail('new_email_taken', { field: 'email' });
  }
  try {
    // A new address ends a bounce: the old one was what the mail server refused.
    const bounceCleared =
      account.email === email ? {} : { notificationsDisabled: sql`${accounts.notificationsDisabled} - 'bounce'` };
    await db
      .update(accounts)
      .set({ email, ...bounceCleared })
      .where(eq(accounts.id, accountId));
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('new_email_taken', { field: 'email' });
    throw error;
  }
  return { email: account.email, language: account.language };
}
