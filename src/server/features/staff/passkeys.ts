/**
 * Passkeys, the better second factor (docs/staff.md "Passkeys"; WebAuthn Level 3 through
 * @simplewebauthn/server). The relying party is the staff origin: its host name
 * (config.staffHost, `staff.localhost` under `npm start`: WebAuthn accepts localhost names as
 * secure contexts over http) is the RP ID, and the page's origin must be the staff origin the
 * request came to. Challenges are single-use: one row per challenge, bound to the staff
 * session that asked and to its purpose, deleted by the answer that uses it (whatever the
 * verdict) and refused after PASSKEY_CHALLENGE_MINUTES. An assertion's signature counter must
 * grow when the authenticator keeps one (a cloned key shows an old counter).
 */
import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_MINUTES,
  type PasskeyCredential,
  type StaffPasskey,
  type WebauthnOptions,
} from '#src/contract/staff.ts';
import type { Db } from '#src/server/db/client.ts';
import { staffPasskeys, staffWebauthnChallenges } from '#src/server/db/schema.ts';
import { requestIsHttps } from '#src/server/http/client-ip.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { fail } from '#src/server/http/errors.ts';
import type { StaffSession } from './sessions.ts';
import { TOTP_ISSUER } from './totp.ts';

const MINUTE = 60_000;

type Purpose = (typeof staffWebauthnChallenges.$inferSelect)['purpose'];
type PasskeyRow = typeof staffPasskeys.$inferSelect;

/** The relying party: the staff host as RP ID, and the origin the browser must report. */
function relyingParty(c: Context<AppEnv>): { id: string; origin: string } {
  const { config } = c.get('deps');
  // staffRoute() answered only requests whose Host is config.staffHost.
  const id = config.staffHost ?? '';
  const scheme = config.production || requestIsHttps(c) ? 'https' : 'http';
  return { id, origin: `${scheme}://${(c.req.header('host') ?? id).toLowerCase()}` };
}

const transportsOf = (row: Pick<PasskeyRow, 'transports'>): AuthenticatorTransport[] =>
  row.transports as AuthenticatorTransport[];

export function passkeyDto(row: PasskeyRow): StaffPasskey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function passkeysOf(db: Db, staffId: number): Promise<PasskeyRow[]> {
  return db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).orderBy(asc(staffPasskeys.id));
}

export async function hasPasskey(db: Db, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffPasskeys.id })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .limit(1);
  return row !== undefined;
}

/** Stores a challenge handed out to the session (and drops the session's expired ones). */
async function keepChallenge(db: Db, sessionId: number, purpose: Purpose, challenge: string, now: Date): Promise<void> {
  await db
    .delete(staffWebauthnChallenges)
    .where(and(eq(staffWebauthnChallenges.sessionId, sessionId), lte(staffWebauthnChallenges.expiresAt, now)));
  await db.insert(staffWebauthnChallenges).values({
    sessionId,
    purpose,
    challenge,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * MINUTE),
    createdAt: now,
  });
}

/** The challenge the browser signed, as its client data carries it (null when unreadable). */
function challengeOf(credential: PasskeyCredential): string | null {
  try {
    const data = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the challenge the answer carries: true when it was handed out to this session for
 * this purpose and has not expired. The row is deleted either way, so it never counts twice.
 */
async function useChallenge(
  db: Db,
  sessionId: number,
  purpose: Purpose,
  credential: PasskeyCredential,
  now: Date,
): Promise<string | null> {
  const challenge = challengeOf(credential);
  if (challenge === null) return null;
  const [row] = await db
    .delete(staffWebauthnChallenges)
    .where(
      and(
        eq(staffWebauthnChallenges.challenge, challenge),
        eq(staffWebauthnChallenges.sessionId, sessionId),
        eq(staffWebauthnChallenges.purpose, purpose),
      ),
    )
    .returning({ expiresAt: staffWebauthnChallenges.expiresAt });
  return row && row.expiresAt.getTime() > now.getTime() ? challenge : null;
}

/** Creation options for a new passkey of the session's staff member. */
export async function registrationOptions(c: Context<AppEnv>, session: StaffSession): Promise<WebauthnOptions> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const existing = await passkeysOf(db, session.staffId);
  if (existing.length >= MAX_PASSKEYS) throw fail('staff_passkey_limit');
  const rp = relyingParty(c);
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.id,
    userName: session.email,
    userDisplayName: session.name,
    userID: new TextEncoder().encode(`staff:${session.staffId}`),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(db, session.sessionId, 'register', options.challenge, now());
  return { ...options };
}

/**
 * Verifies the browser's new credential against the session's registration challenge and
 * stores it under `name`; null when refused (the caller audits and answers).
 */
export async function registerPasskey(
  c: Context<AppEnv>,
  session: StaffSession,
  name: string,
  credential: PasskeyCredential,
): Promise<PasskeyRow | null> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const at = now();
  const challenge = await useChallenge(db, session.sessionId, 'register', credential, at);
  if (challenge === null) return null;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, session.staffId));
  if (n >= MAX_PASSKEYS) throw fail('staff_passkey_limit');
  const rp = relyingParty(c);
  const verdict = await verifyRegistrationResponse({
    response: credential as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verdict?.verified) return null;
  const { credential: made } = verdict.registrationInfo;
  const [row] = await db
    .insert(staffPasskeys)
    .values({
      staffId: session.staffId,
      credentialId: made.id,
      publicKey: Buffer.from(made.publicKey).toString('base64url'),
      counter: made.counter,
      transports: made.transports ?? [],
      name,
      createdAt: at,
    })
    // A credential registered before (by anyone) is not taken over.
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Request options for the staff member's passkeys (login's second step or re-authentication). */
export async function assertionOptions(
  c: Context<AppEnv>,
  session: StaffSession,
  purpose: 'login' | 'reauth',
): Promise<WebauthnOptions> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const existing = await passkeysOf(db, session.staffId);
  if (existing.length === 0) throw fail('staff_no_passkey');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(c).id,
    allowCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
  await keepChallenge(db, session.sessionId, purpose, options.challenge, now());
  return { ...options };
}

/**
 * Verifies an assertion of one of the session's staff member's passkeys against the session's
 * challenge for `purpose`; moves the passkey's counter on (only from the value it was checked
 * against, so two answers racing cannot both pass). Answers the passkey used, or null.
 */
export async function verifyAssertion(
  c: Context<AppEnv>,
  session: StaffSession,
  purpose: 'login' | 'reauth',
  credential: PasskeyCredential,
): Promise<PasskeyRow | null> {
  const { database, now } = c.get('deps');
  const db = database.db;
  const at = now();
  const challenge = await useChallenge(db, session.sessionId, purpose, credential, at);
  if (challenge === null) return null;
  const [row] = await db
    .select()
    .from(staffPasskeys)
    .where(and(eq(staffPasskeys.credentialId, credential.id), eq(staffPasskeys.staffId, session.staffId)))
    .limit(1);
  if (!row) return null;
  const rp = relyingParty(c);
  const verdict = await verifyAuthenticationResponse({
    response: credential as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      counter: row.counter,
      transports: transportsOf(row),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verdict?.verified) return null;
  const moved = await db
    .update(staffPasskeys)
    .set({ counter: verdict.authenticationInfo.newCounter, lastUsedAt: at })
    .where(and(eq(staffPasskeys.id, row.id), eq(staffPasskeys.counter, row.counter)))
    .returning();
  return moved[0] ?? null;
}

/** Removes one of the staff member's own passkeys; answers it, or null when there is none. */
export async function deletePasskey(db: Db, staffId: number, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, staffId)))
    .returning();
  return row ?? null;
}
