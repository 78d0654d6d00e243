/**
 * The staff login (docs/staff.md "Login"): the password (argon2id, as members'), then the
 * second factor: a passkey (the better one, passkeys.ts), a TOTP code, or one of the recovery
 * codes; a staff member without a second factor enrols TOTP first (QR code, then a first code). Every step is in the audit log, the
 * failures included. Limits: LOGIN_IP_LIMIT attempts per IP, STAFF_LOGIN_LOCK wrong passwords
 * per address and CODE_LOCK wrong codes per account, each in 15 minutes.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { REAUTH_MINUTES, type PasskeyCredential, type StaffMe, type WebauthnOptions } from '#src/contract/staff.ts';
import { staffAccounts } from '#src/server/db/schema.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import {
  accountKey,
  clientIp,
  countAttempt,
  hashedKey,
  hit,
  ipKey,
  rateLimited,
  resetLimit,
} from '#src/server/http/rate-limit.ts';
import { hashPassword, verifyPassword } from '#src/server/features/accounts/index.ts';
import { audit, auditBy, type Actor, type AuditRecord } from './audit.ts';
import {
  activateStaffSession,
  clearStaffCookie,
  endStaffSession,
  markSecondFactor,
  startStaffSession,
  type StaffSession,
} from './sessions.ts';
import { assertionOptions, hasPasskey, verifyAssertion } from './passkeys.ts';
import { acceptTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg, useRecoveryCode } from './totp.ts';

const MINUTE = 60_000;
export const LOGIN_IP_LIMIT = { max: 20, windowMs: 15 * MINUTE };
export const STAFF_LOGIN_LOCK = { max: 5, windowMs: 15 * MINUTE };
/** Wrong second-factor codes per account: five in 15 minutes, so guessing six digits is hopeless. */
export const CODE_LOCK = { max: 5, windowMs: 15 * MINUTE };

/** A hash to check against when the address is unknown, so both answers take as long. */
let dummyHash: Promise<string> | null = null;

type StaffAccount = typeof staffAccounts.$inferSelect;

async function accountById(c: Context<AppEnv>, staffId: number): Promise<StaffAccount> {
  const [account] = await c
    .get('deps')
    .database.db.select()
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  if (!account) throw fail('staff_login_expired');
  return account;
}

/** Appends an audit entry of `actor` outside any transaction. */
export async function log(c: Context<AppEnv>, actor: Actor, record: AuditRecord): Promise<void> {
  await audit(c.get('deps').database.db, await auditBy(c, actor), record);
}

const actorOf = (account: Pick<StaffAccount, 'id' | 'email' | 'roles'>): Actor => ({
  staffId: account.id,
  email: account.email,
  roles: account.roles,
});

export function sessionActor(session: StaffSession): Actor {
  return { staffId: session.staffId, email: session.email, roles: session.roles };
}

export function staffMeOf(
  session: Pick<StaffSession, 'staffId' | 'email' | 'name' | 'roles' | 'secondFactorAt'>,
): StaffMe {
  return {
    id: session.staffId,
    email: session.email,
    name: session.name,
    roles: session.roles,
    second_factor_at: session.secondFactorAt?.toISOString() ?? null,
  };
}

/** Step one: the password. Starts the pending session; answers the second step to take. */
export async function staffLogin(
  c: Context<AppEnv>,
  email: string,
  password: string,
): Promise<{ next: 'totp' | 'enrol'; passkey: boolean }> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const at = now();
  const address = email.trim().toLowerCase();
  if (!(await hit(db, await ipKey(db, 'staff-login', clientIp(c)), LOGIN_IP_LIMIT, at))) throw rateLimited();
  const addressKey = await hashedKey(db, 'staff-login-failures', 'email', address);
  const attempt = await countAttempt(db, addressKey, STAFF_LOGIN_LOCK, at);

  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, address)).limit(1);
  dummyHash ??= hashPassword('not the password of anyone');
  const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyHash), password);
  if (attempt.number > STAFF_LOGIN_LOCK.max) {
    await log(c, account ? actorOf(account) : { staffId: null, email: address, roles: [] }, {
      action: 'login_locked',
    });
    throw rateLimited();
  }
  if (!account || !passwordOk || account.status !== 'active') {
    await log(c, account ? actorOf(account) : { staffId: null, email: address, roles: [] }, {
      action: 'login_failed',
      ...(account && passwordOk ? { reason: 'account disabled' } : {}),
    });
    throw fail('staff_login_failed');
  }
  await resetLimit(db, addressKey);
  await startStaffSession(c, account.id, 'second_factor');
  return { next: account.totpEnabledAt ? 'totp' : 'enrol', passkey: await hasPasskey(db, account.id) };
}

function requirePending(session: StaffSession | null): StaffSession {
  if (session?.stage !== 'second_factor') throw fail('staff_login_expired');
  return session;
}

/** Counts a wrong code (audited); past CODE_LOCK the account's codes wait (429). */
async function wrongCode(c: Context<AppEnv>, account: StaffAccount, action: string): Promise<never> {
  await log(c, actorOf(account), { action });
  throw fail('staff_code_invalid');
}

async function codesLocked(c: Context<AppEnv>, staffId: number): Promise<void> {
  const { database, now } = c.get('deps');
  const attempt = await countAttempt(database.db, accountKey('staff-code', staffId), CODE_LOCK, now());
  if (attempt.number > CODE_LOCK.max) throw rateLimited();
}

/** A passkey's answer refused (audited, counted with the wrong codes). */
async function wrongPasskey(c: Context<AppEnv>, account: StaffAccount, action: string): Promise<never> {
  await log(c, actorOf(account), { action });
  throw fail('staff_passkey_invalid');
}

/**
 * A passkey challenge for the session: the login's second step (pending session) or
 * re-authentication (active session).
 */
export async function passkeyChallenge(
  c: Context<AppEnv>,
  session: StaffSession | null,
): Promise<{ options: WebauthnOptions }> {
  if (!session) throw fail('staff_login_expired');
  return { options: await assertionOptions(c, session, session.stage === 'active' ? 'reauth' : 'login') };
}

export type SecondFactorInput = { code: string } | { recovery_code: string } | { passkey: PasskeyCredential };

/** Checks one second factor of the account for `purpose`; answers its name for the audit log. */
async function checkSecondFactor(
  c: Context<AppEnv>,
  session: StaffSession,
  account: StaffAccount,
  input: SecondFactorInput,
  purpose: 'login' | 'reauth',
): Promise<'passkey' | 'totp' | 'recovery_code'> {
  const db = c.get('deps').database.db;
  const at = c.get('deps').now();
  await codesLocked(c, account.id);
  if ('passkey' in input) {
    const used = await verifyAssertion(c, session, purpose, input.passkey);
    if (!used) return wrongPasskey(c, account, purpose === 'login' ? 'passkey_failed' : 'reauth_failed');
    await resetLimit(db, accountKey('staff-code', account.id));
    return 'passkey';
  }
  const method = 'code' in input ? 'totp' : 'recovery_code';
  const accepted =
    'code' in input
      ? await acceptTotp(db, account, input.code.replace(/\s/g, ''), at)
      : await useRecoveryCode(db, account.id, input.recovery_code, at);
  if (!accepted) {
    return wrongCode(
      c,
      account,
      purpose === 'reauth' ? 'reauth_failed' : `${method === 'totp' ? 'totp' : 'recovery_code'}_failed`,
    );
  }
  await resetLimit(db, accountKey('staff-code', account.id));
  return method;
}

/** Step two: a passkey, a TOTP code or a recovery code; the session becomes active. */
export async function staffSecondFactor(
  c: Context<AppEnv>,
  session: StaffSession | null,
  input: SecondFactorInput,
): Promise<StaffMe> {
  const pending = requirePending(session);
  const account = await accountById(c, pending.staffId);
  if (!account.totpEnabledAt) throw fail('staff_login_expired');
  const method = await checkSecondFactor(c, pending, account, input, 'login');
  await activateStaffSession(c, pending);
  await log(c, actorOf(account), { action: 'login', after: { second_factor: method } });
  return staffMeOf({ ...pending, secondFactorAt: c.get('deps').now() });
}

/** Enrolment, first half: a new secret for the pending login (replacing one not confirmed yet). */
export async function startEnrolment(
  c: Context<AppEnv>,
  session: StaffSession | null,
): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const pending = requirePending(session);
  const account = await accountById(c, pending.staffId);
  if (account.totpEnabledAt) throw fail('staff_already_enrolled');
  const secret = newTotpSecret();
  await c
    .get('deps')
    .database.db.update(staffAccounts)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(eq(staffAccounts.id, account.id));
  const url = otpauthUrl(secret, account.email);
  return { secret, otpauth_url: url, qr_svg: await qrSvg(url) };
}

/** Enrolment, second half: the first code turns the second factor on; answers the recovery codes. */
export async function finishEnrolment(
  c: Context<AppEnv>,
  session: StaffSession | null,
  code: string,
): Promise<{ staff: StaffMe; recovery_codes: string[] }> {
  const pending = requirePending(session);
  const { database, now } = c.get('deps');
  const db = database.db;
  const account = await accountById(c, pending.staffId);
  if (account.totpEnabledAt) throw fail('staff_already_enrolled');
  await codesLocked(c, account.id);
  const at = now();
  if (!(await acceptTotp(db, account, code.replace(/\s/g, ''), at))) return wrongCode(c, account, 'totp_failed');
  await db.update(staffAccounts).set({ totpEnabledAt: at }).where(eq(staffAccounts.id, account.id));
  const codes = await newRecoveryCodes(db, account.id, at);
  await activateStaffSession(c, pending);
  await log(c, actorOf(account), { action: 'totp_enrolled' });
  await log(c, actorOf(account), { action: 'login', after: { second_factor: 'totp' } });
  return { staff: staffMeOf({ ...pending, secondFactorAt: at }), recovery_codes: codes };
}

/**
 * Re-authentication: a TOTP code or a passkey again; money actions and role changes then pass
 * for REAUTH_MINUTES.
 */
export async function reauthenticate(
  c: Context<AppEnv>,
  session: StaffSession,
  input: { code: string } | { passkey: PasskeyCredential },
): Promise<StaffMe> {
  const { database, now } = c.get('deps');
  const account = await accountById(c, session.staffId);
  const method = await checkSecondFactor(c, session, account, input, 'reauth');
  const at = now();
  await markSecondFactor(database.db, session.sessionId, at);
  await log(c, actorOf(account), { action: 'reauth', after: { second_factor: method } });
  return staffMeOf({ ...session, secondFactorAt: at });
}

/** Money actions and role changes: 403 staff_reauth_required without a second factor in REAUTH_MINUTES. */
export function requireRecentSecondFactor(session: StaffSession, now: Date): void {
  const at = session.secondFactorAt;
  if (!at || now.getTime() - at.getTime() > REAUTH_MINUTES * MINUTE) throw fail('staff_reauth_required');
}

export async function staffLogout(c: Context<AppEnv>, session: StaffSession): Promise<void> {
  const db = c.get('deps').database.db;
  await endStaffSession(db, session.sessionId);
  clearStaffCookie(c);
  await log(c, sessionActor(session), { action: 'logout' });
}
