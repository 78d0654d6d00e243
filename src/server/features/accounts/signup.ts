/**
 * Signup (SPEC §2.7, §6) and activation (SPEC §4 "Not confirmed"): creates a not-confirmed
 * account with a disabled profile, stores the traffic source, books the signup credits,
 * logs the member in and mails a single-use activation link (7 days).
 */
import { randomPublicId } from '#src/server/db/ids.ts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signupBody, TrafficSource } from '#src/contract/accounts.ts';
import type { CurrentUser } from '#src/contract/user.ts';
import type { SiteConfig } from '#sites-config';
import { signupCountryOfLocale } from '#src/lib/locales.ts';
import { accounts, profiles, trafficSources } from '#src/server/db/schema.ts';
import { headerCountry } from '#src/server/http/visitor-country.ts';
import { cleanTrafficValue, trafficFieldMax } from '#src/lib/traffic.ts';
import { fail } from '#src/server/http/errors.ts';
import {
  clientIp,
  enforce,
  hitCount,
  ipHashOfKey,
  ipKey,
  accountKey,
  rateLimited,
  undoHit,
} from '#src/server/http/rate-limit.ts';
import { applyCredits } from '#src/server/features/credits/index.ts';
import { releaseHeldMessages, recordSystemMessage } from '#src/server/features/chat/index.ts';
import { loadCurrentUser } from './current-user.ts';
import { hashPassword } from './password.ts';
import { createSession, setSessionCookie } from './sessions.ts';
import { link, type RequestContext } from '#src/server/platform/request-context.ts';
import { isUniqueViolation } from '#src/server/platform/unique-violation.ts';
import { siteSettings } from '#src/server/features/site/index.ts';
import { signupLanding } from '#src/server/features/traffic/index.ts';
import { sendAccountMail } from './mails.ts';
import { consumeToken, issueToken } from './tokens.ts';
import { normalizeEmail, validateDateOfBirth, validateName, validatePassword } from './validation.ts';

const HOUR = 3_600_000;
/** Accounts one IP address may create per hour. */
export const SIGNUP_IP_LIMIT = { max: 5, windowMs: HOUR };
/** Confirmation mails one account may request per hour. */
export const ACTIVATION_MAIL_LIMIT = { max: 3, windowMs: HOUR };
/** Confirmation mails one IP address may request per hour (over all its accounts). */
export const ACTIVATION_MAIL_IP_LIMIT = { max: 20, windowMs: HOUR };

/** The traffic source with braces stripped and empty fields dropped; null when nothing is left. */
export function cleanTrafficSource(source: TrafficSource | undefined): TrafficSource | null {
  if (!source) return null;
  const cleaned: TrafficSource = {};
  for (const field of ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const) {
    const value = cleanTrafficValue(source[field] ?? '', trafficFieldMax(field));
    if (value) cleaned[field] = value;
  }
  return Object.keys(cleaned).length > 0 ? cleaned : null;
}

/** The member's DTO after a change; 500 when the account vanished meanwhile. */
export async function currentUserOf(ctx: RequestContext, accountId: number): Promise<CurrentUser> {
  const loaded = await loadCurrentUser(ctx.db, accountId, ctx.deps.sites);
  if (!loaded) throw new Error(`account ${accountId} has no current user`);
  return loaded.user;
}

export async function sendActivationMail(ctx: RequestContext, accountId: number, bestEffort: boolean): Promise<void> {
  const [account] = await ctx.db
    .select({ email: accounts.email, language: accounts.language, name: profiles.name })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account?.email) return;
  const token = await issueToken(ctx.db, { accountId, kind: 'activation', now: ctx.now });
  await sendAccountMail(
    ctx,
    {
      kind: 'activation',
      to: account.email,
      language: account.language,
      name: account.name,
      link: link(ctx, '/api/activate.php', token),
    },
    { bestEffort },
  );
}

export async function signup(ctx: RequestContext, body: z.output<typeof signupBody>): Promise<CurrentUser> {
  const { db, now, c } = ctx;
  const settings = await siteSettings(ctx);
  const source = cleanTrafficSource(body.trafficsource);
  const open = settings.signups === 'all' || (settings.signups === 'with_trafficsource' && source !== null);
  if (!open) throw fail('signups_closed');

  // Typos are answered before anything is counted.
  const email = normalizeEmail(body.email);
  if (!email) throw fail('email_invalid', { field: 'email' });
  validateName(body.name, email);
  validateDateOfBirth(body.date_of_birth, now);
  validatePassword(body.password);

  // The IP's allowance is taken next, atomically, so parallel signups cannot all pass the
  // check; a signup that fails later (a taken address) gives it back, so only created
  // accounts use it up.
  const ipLimitKey = await ipKey(db, 'signup', clientIp(c));
  if ((await hitCount(db, ipLimitKey, SIGNUP_IP_LIMIT, now)) > SIGNUP_IP_LIMIT.max) {
    await undoHit(db, ipLimitKey);
    throw rateLimited();
  }
  try {
    return await createAccount(ctx, { ...body, email }, settings, source, ipHashOfKey(ipLimitKey));
  } catch (error) {
    await undoHit(db, ipLimitKey);
    throw error;
  }
}

async function createAccount(
  ctx: RequestContext,
  body: z.output<typeof signupBody>,
  settings: SiteConfig['settings'],
  source: TrafficSource | null,
  /** The keyed hash of the signup's IP address (the staff search by IP hash). */
  ipHash: string,
): Promise<CurrentUser> {
  const { db, site, now, c } = ctx;
  const { email } = body;

  const taken = async () => {
    const [existing] = await db
      .select({ status: accounts.status })
      .from(accounts)
      .where(and(eq(accounts.siteId, site.id), eq(accounts.email, email)))
      .limit(1);
    if (!existing) return null;
    return existing.status === 'deleted'
      ? fail('email_pending_deletion', { field: 'email', params: { support: settings.support_email } })
      : fail('email_exists', { field: 'email' });
  };
  const known = await taken();
  if (known) throw known;

  const passwordHash = await hashPassword(body.password);
  const locale = c.get('locale');
  const localeCountry = signupCountryOfLocale(locale);
  const country =
    headerCountry(ctx.c) ??
    (settings.countries.includes(localeCountry) ? localeCountry : (settings.countries[0] ?? localeCountry));

  let accountId: number;
  try {
    accountId = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          siteId: site.id,
          email,
          passwordHash,
          status: 'not_confirmed',
          language: locale,
          signupDate: now,
          signupIpHash: ipHash,
          createdAt: now,
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error('the account was not created');
      await tx.insert(profiles).values({
        publicId: randomPublicId(),
        siteId: site.id,
        accountId: account.id,
        type: 'member',
        status: 'disabled',
        name: body.name,
        gender: body.gender,
        seeking: body.seeking ?? (body.gender === 'male' ? 'female' : 'male'),
        birthdate: body.date_of_birth,
        country,
        language: locale,
        signupReason: body.signup_message ?? null,
        lastActiveAt: now,
        createdAt: now,
      });
      // The lander (and experiment variant) the visitor came from is kept with the source.
      const landing = signupLanding(ctx.c.req.header('cookie'), site.id, locale);
      if (source || landing) {
        await tx.insert(trafficSources).values({ accountId: account.id, ...source, ...landing, createdAt: now });
      }
      if (settings.signup_credits > 0) {
        await applyCredits(tx, {
          accountId: account.id,
          delta: settings.signup_credits,
          reason: 'signup_bonus',
          reference: `signup:${account.id}`,
          now,
        });
      }
      return account.id;
    });
  } catch (error) {
    // A twin signup with the same address won the race.
    if (isUniqueViolation(error)) throw (await taken()) ?? fail('email_exists', { field: 'email' });
    throw error;
  }
  const token = await createSession(db, accountId, now, ipHash);
  setSessionCookie(c, token);
  await sendActivationMail(ctx, accountId, true);
  return currentUserOf(ctx, accountId);
}

/** POST /api/activation-mail.php: a new confirmation mail, 3 per hour per account. */
export async function resendActivation(ctx: RequestContext, accountId: number): Promise<void> {
  const [account] = await ctx.db
    .select({ status: accounts.status, siteId: accounts.siteId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account || account.siteId !== ctx.site.id) throw fail('authentication_required');
  if (account.status !== 'not_confirmed') throw fail('already_confirmed');
  await enforce(ctx.db, accountKey('activation-mail', accountId), ACTIVATION_MAIL_LIMIT, ctx.now);
  await enforce(ctx.db, await ipKey(ctx.db, 'activation-mail', clientIp(ctx.c)), ACTIVATION_MAIL_IP_LIMIT, ctx.now);
  await sendActivationMail(ctx, accountId, false);
}

/** GET /api/activate.php: true when the link confirmed the account. */
export async function activate(ctx: RequestContext, token: string): Promise<boolean> {
  const used = await consumeToken(ctx.db, 'activation', token, ctx.now);
  if (!used) return false;
  const outcome = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ status: accounts.status, siteId: accounts.siteId, confirmedAt: accounts.confirmedAt })
      .from(accounts)
      .where(eq(accounts.id, used.accountId))
      .for('update');
    if (!account || account.siteId !== ctx.site.id) return { ok: false, stored: [] };
    if (account.status === 'confirmed') return { ok: true, stored: [] };
    if (account.status !== 'not_confirmed') return { ok: false, stored: [] };
    await tx.update(accounts).set({ status: 'confirmed', confirmedAt: ctx.now }).where(eq(accounts.id, used.accountId));
    await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.accountId, used.accountId));
    // Chat (features/chat): the messages held while unconfirmed go out, and the site welcomes
    // the member the first time the address is confirmed.
    const stored = [await releaseHeldMessages(tx, ctx.deps, used.accountId, ctx.now)];
    if (!account.confirmedAt) {
      stored.push(
        await recordSystemMessage(tx, ctx.deps.events, {
          accountId: used.accountId,
          key: 'welcome',
          params: { brand: ctx.site.brand },
          reference: 'welcome',
          now: ctx.now,
        }),
      );
    }
    return { ok: true, stored };
  });
  for (const events of outcome.stored) await ctx.deps.events.announce(events);
  return outcome.ok;
}
