/**
 * Login sessions: a random token in the 'auth.' cookie (30 days, HttpOnly, SameSite lax,
 * Secure over https); only its SHA-256 is stored, so a database leak reveals no session.
 * A session unused for SESSION_IDLE_DAYS ends before that; its last use is written at most
 * once per LAST_SEEN_INTERVAL_MS, so a request costs one indexed read and (almost) no write.
 * That read also brings the account's current-user columns (features/accounts/current-user.ts):
 * user.php, asked on every page of the members app, answers with no statement of its own.
 * On PGlite the read's rows are kept in memory until the database reports a change
 * (./cache.ts), so a request with a known session runs no statement at all.
 */
import { createHash, randomBytes } from 'node:crypto';
import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { AUTH_COOKIE_MAX_AGE_S, AUTH_COOKIE_NAME, AUTH_MARKER_COOKIE_NAME } from '#src/lib/constants.ts';
import type { Db } from '#src/server/db/client.ts';
import { preparedFor } from '#src/server/db/prepared.ts';
import { accounts, photos, profiles, sessions } from '#src/server/db/schema.ts';
import { currentUserColumns, type CurrentUserRow } from './current-user.ts';
import type { AppEnv, SessionAccount } from '#src/server/http/context.ts';
import { sessionCache, type SessionCache, type SessionRow } from './session-cache.ts';

/**
 * A session nobody used for this many days ends (SPEC §4 Session, docs/decisions.md), within
 * its 30-day lifetime.
 */
export const SESSION_IDLE_DAYS = 21;
const SESSION_IDLE_MS = SESSION_IDLE_DAYS * 24 * 3_600_000;
/** How stale `last_seen_at` may get before a request writes it again. */
export const LAST_SEEN_INTERVAL_MS = 3_600_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for an account; returns the token for the cookie (never stored). The IP
 * hash (ipHashOfKey of the request's rate-limit key) lets staff find members by address.
 */
export async function createSession(db: Db, accountId: number, now: Date, ipHash?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    accountId,
    ipHash: ipHash ?? null,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + AUTH_COOKIE_MAX_AGE_S * 1000),
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

/**
 * The session read every API request with a session cookie makes, for all the requests that
 * arrive together (see `readSession`): a prepared statement (db/prepared.ts) that also
 * selects the account's current-user columns (its profile and main photo by their keys), so
 * user.php answers from it without a second statement. Expiry and idleness are checked per
 * request, against its own clock (`isLive`).
 */
const sessionsByToken = preparedFor((db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      ...currentUserColumns,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        inArray(accounts.status, ['not_confirmed', 'confirmed']),
      ),
    )
    .prepare('sessions_by_token'),
);

/** At most this many sessions in one read. */
const MAX_BATCH = 100;

/**
 * The session reads of a database handle, batched: the requests whose reads are asked in
 * the same turn of the event loop (the server parses every request that arrived before it
 * goes on) share one statement. Under load that is one round trip for several requests
 * instead of one each; a lone request waits for the end of its turn, well under a
 * millisecond. Every read in a batch starts after its request arrived, so no request is
 * answered from before a write that finished before it came.
 */
const loaders = new WeakMap<Db, DataLoader<string, SessionRow | null>>();

function sessionLoader(db: Db): DataLoader<string, SessionRow | null> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (tokenHashes: readonly string[]) => {
        const rows = await sessionsByToken(db).execute({ tokenHashes: [...new Set(tokenHashes)] });
        const byHash = new Map<string, SessionRow>();
        for (const { tokenHash, sessionId, expiresAt, lastSeenAt, ...account } of rows) {
          byHash.set(tokenHash, { sessionId, expiresAt, lastSeenAt, account });
        }
        return tokenHashes.map((tokenHash) => byHash.get(tokenHash) ?? null);
      },
      { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
    );
    loaders.set(db, loader);
  }
  return loader;
}

/** The current-user columns read with each session found by the middleware (or findSession). */
const accountRows = new WeakMap<SessionAccount, CurrentUserRow>();

/**
 * The account's current-user columns as read with this session in the same request, if
 * it came from findSession (features/user builds user.php's answer from them).
 */
export function sessionAccountRow(session: SessionAccount): CurrentUserRow | undefined {
  return accountRows.get(session);
}

/** The session under a token hash, if it is still live at `now` (expired and idle ones are not). */
async function readSession(db: Db, tokenHash: string, now: Date): Promise<SessionRow | null> {
  const row = await sessionLoader(db).load(tokenHash);
  return row && isLive(row, now) ? row : null;
}

/** Whether a session is still live at `now`: not expired, used within SESSION_IDLE_DAYS. */
function isLive(row: SessionRow, now: Date): boolean {
  return row.expiresAt.getTime() > now.getTime() && now.getTime() - row.lastSeenAt.getTime() < SESSION_IDLE_MS;
}

/**
 * The live session of a token: not expired, used within SESSION_IDLE_DAYS, account neither
 * deleted nor banned. One read by the unique token hash (shared with the requests that
 * arrive together), or none when `cache` (PGlite, ./cache.ts) keeps it; the last use is
 * written when it is older than LAST_SEEN_INTERVAL_MS (which drops the kept copy: the next
 * request reads it again).
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
  cache: SessionCache | null = null,
): Promise<SessionAccount | null> {
  const tokenHash = hashToken(token);
  let row = cache?.get(tokenHash);
  if (!row || !isLive(row, now)) {
    const generation = cache?.generation ?? 0;
    row = (await readSession(db, tokenHash, now)) ?? undefined;
    if (!row) return null;
    cache?.keep(tokenHash, row, generation);
  }
  const { sessionId, lastSeenAt, account } = row;
  if (now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  const session: SessionAccount = { sessionId, accountId: account.id, role: account.role, siteId: account.siteId };
  accountRows.set(session, account);
  return session;
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

function isHttps(c: Context<AppEnv>): boolean {
  const proto = c.get('deps').config.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
  return (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
}

/**
 * Sets the session cookie (HttpOnly) and a readable marker `auth.loggedIn=1` that holds no
 * secret: static pages read it to treat the visitor as a member (site-entry warning, footer).
 */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  // Production is https behind its proxy whatever the request looks like (docs/security.md).
  const secure = c.get('deps').config.production || isHttps(c);
  const options = { path: '/', sameSite: 'Lax', secure, maxAge: AUTH_COOKIE_MAX_AGE_S } as const;
  setCookie(c, AUTH_COOKIE_NAME, token, { ...options, httpOnly: true });
  setCookie(c, AUTH_MARKER_COOKIE_NAME, '1', options);
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, AUTH_COOKIE_NAME, { path: '/' });
  deleteCookie(c, AUTH_MARKER_COOKIE_NAME, { path: '/' });
}

/** Puts the request's session (or null) into the context. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = getCookie(c, AUTH_COOKIE_NAME);
  const { database, now } = c.get('deps');
  c.set('session', token ? await findSession(database.db, token, now(), sessionCache(database)) : null);
  await next();
};
