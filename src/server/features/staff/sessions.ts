/**
 * Staff sessions (docs/staff.md "Sessions"): a random token in a cookie of the staff origin
 * only (host-only, HttpOnly, SameSite=Strict, Secure and `__Host-` prefixed in production);
 * only its SHA-256 is stored. After the password a session is 'second_factor' for
 * PENDING_MINUTES (good for the second step only); after it 'active' until
 * STAFF_SESSION_HOURS after login or STAFF_IDLE_MINUTES after its last use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { STAFF_ROLES, type StaffRole } from '#src/contract/define.ts';
import { STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS } from '#src/contract/staff.ts';
import type { Db } from '#src/server/db/client.ts';
import { staffAccounts, staffSessions } from '#src/server/db/schema.ts';
import { requestIsHttps } from '#src/server/http/client-ip.ts';
import type { AppEnv } from '#src/server/http/context.ts';

const MINUTE = 60_000;
/** How long the second step may take after the password. */
export const PENDING_MINUTES = 5;
/** How stale last_seen_at may get before a request writes it again (well inside the idle time). */
const LAST_SEEN_INTERVAL_MS = MINUTE;

export interface StaffSession {
  sessionId: number;
  staffId: number;
  email: string;
  name: string;
  roles: StaffRole[];
  stage: 'second_factor' | 'active';
  secondFactorAt: Date | null;
}

/** The cookie's name: `__Host-` prefixed in production (Secure, path /, no Domain: this host only). */
export function staffCookieName(c: Context<AppEnv>): string {
  return c.get('deps').config.production ? '__Host-staff' : 'staff';
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** Starts a session of `stage` for a staff account and sets its cookie. */
export async function startStaffSession(
  c: Context<AppEnv>,
  staffId: number,
  stage: StaffSession['stage'],
): Promise<void> {
  const { database, now } = c.get('deps');
  const at = now();
  const token = randomBytes(32).toString('base64url');
  const lifetimeMs = stage === 'active' ? STAFF_SESSION_HOURS * 60 * MINUTE : PENDING_MINUTES * MINUTE;
  await database.db.insert(staffSessions).values({
    staffId,
    tokenHash: hashToken(token),
    stage,
    expiresAt: new Date(at.getTime() + lifetimeMs),
    lastSeenAt: at,
    secondFactorAt: stage === 'active' ? at : null,
    createdAt: at,
  });
  const secure = c.get('deps').config.production || requestIsHttps(c);
  setCookie(c, staffCookieName(c), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    maxAge: Math.round(lifetimeMs / 1000),
  });
}

/**
 * The second step done: the pending session becomes active, with a new token (the pending
 * one is dropped, so a token seen before the second factor is worth nothing after it).
 */
export async function activateStaffSession(c: Context<AppEnv>, pending: StaffSession): Promise<void> {
  await endStaffSession(c.get('deps').database.db, pending.sessionId);
  await startStaffSession(c, pending.staffId, 'active');
}

/**
 * The request's staff session, live at `now`: a pending one within PENDING_MINUTES, an active
 * one within its 12 hours and 30 idle minutes, of an active staff account. Writes the last use
 * at most once a minute.
 */
export async function findStaffSession(c: Context<AppEnv>): Promise<StaffSession | null> {
  const token = getCookie(c, staffCookieName(c));
  if (!token) return null;
  const { database, now } = c.get('deps');
  const db = database.db;
  const at = now();
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      roles: staffAccounts.roles,
      stage: staffSessions.stage,
      secondFactorAt: staffSessions.secondFactorAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, at),
        eq(staffAccounts.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (at.getTime() - row.lastSeenAt.getTime() >= STAFF_IDLE_MINUTES * MINUTE) {
    await endStaffSession(db, row.sessionId);
    return null;
  }
  if (at.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS) {
    await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    staffId: row.staffId,
    email: row.email,
    name: row.name,
    roles: row.roles.filter(isStaffRole),
    stage: row.stage,
    secondFactorAt: row.secondFactorAt,
  };
}

/** Records a second factor just given (re-authentication). */
export async function markSecondFactor(db: Db, sessionId: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ secondFactorAt: at }).where(eq(staffSessions.id, sessionId));
}

export async function endStaffSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

export function clearStaffCookie(c: Context<AppEnv>): void {
  deleteCookie(c, staffCookieName(c), { path: '/', secure: c.get('deps').config.production });
}
