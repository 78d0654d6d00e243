/** Login, soft lock, ban, cookies and logout (SPEC §4 "Session", §8, §9). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getLogout, postLogin, postLogout } from '#src/contract/accounts.ts';
import { accounts, sessions } from '#src/server/db/schema.ts';
import { hashToken } from '#src/server/features/accounts/sessions.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import {
  PASSWORD,
  accountsApp,
  call,
  expectError,
  expectNoSecrets,
  freshIp,
  sessionOf,
  uniqueEmail,
} from './accounts-helpers.ts';
import { createTestMember, type TestApp, answerOf, errorAnswerOf } from './harness.ts';

const verifications = vi.hoisted(() => vi.fn());
vi.mock('#src/server/features/accounts/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#src/server/features/accounts/password.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string, password: string) => {
      verifications(hash, password);
      return real.verifyPassword(hash, password);
    },
  };
});

let t: TestApp;
let passwordHash: string;

beforeAll(async () => {
  t = await accountsApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

async function member(overrides: Parameters<typeof createTestMember>[1] = {}) {
  const email = uniqueEmail('login');
  const created = await createTestMember(t, { email, passwordHash, ...overrides });
  return { email, ...created };
}

const login = (email: string, password: string, init: Parameters<typeof call>[2] = {}) =>
  call(t, '/api/user.php', { method: 'POST', json: { email, password }, ...init });

const MINUTE = 60_000;

describe('POST /api/user.php (login)', () => {
  it('logs in with the right password, answers the user and sets the cookies', async () => {
    const { email, accountId } = await member();
    const response = await login(email.toUpperCase(), PASSWORD);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = postLogin.response.parse(JSON.parse(text));
    expect(body.user).toMatchObject({ id: String(accountId), email });
    const token = sessionOf(response);
    expect(token).toBeTruthy();
    expectNoSecrets(text, [token ?? '', hashToken(token ?? '')]);

    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('auth.session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/);
    const marker = cookies.find((c) => c.startsWith('auth.loggedIn='));
    expect(marker).toMatch(/^auth\.loggedIn=1;/);
    expect(marker).not.toMatch(/HttpOnly/);
    // Only the hash is stored.
    const rows = await t.db.select().from(sessions).where(eq(sessions.accountId, accountId));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token ?? '')]);
  });

  it('marks the cookies Secure behind an https proxy', async () => {
    const { email } = await member();
    const response = await login(email, PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('auth.session='))).toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('auth.loggedIn='))).toMatch(/Secure/);
  });

  it('gives a new token on every login and ends the session the browser came with', async () => {
    const { email } = await member();
    const first = sessionOf(await login(email, PASSWORD)) ?? '';
    const second = sessionOf(await login(email, PASSWORD, { session: first })) ?? '';
    expect(second).not.toBe(first);
    expect((await call(t, '/api/user.php', { session: first })).status).toBe(403);
    expect((await call(t, '/api/user.php', { session: second })).status).toBe(200);
  });

  it('answers login_failed for an unknown address and a wrong password; a deleted account with its password hears it is deleted', async () => {
    const { email, accountId } = await member();
    await expectError(await login(uniqueEmail('nobody'), PASSWORD), 401, 'login_failed');
    await expectError(await login('not an address', PASSWORD), 401, 'login_failed');
    await expectError(await login(email, 'Wrong-Password-1'), 401, 'login_failed');
    const noPassword = await member({ passwordHash: null });
    await expectError(await login(noPassword.email, PASSWORD), 401, 'login_failed');
    await t.db.update(accounts).set({ status: 'deleted', deletedAt: t.clock.now }).where(eq(accounts.id, accountId));
    // Only the right password tells that the account is deleted (and mails a reactivation link).
    await expectError(await login(email, 'Wrong-Password-1'), 401, 'login_failed');
    await expectError(await login(email, PASSWORD), 403, 'login_deleted', { days: 14 });
  });

  it('runs a full password verification for an unknown address too, so timing tells nothing', async () => {
    const { email } = await member();
    verifications.mockClear();
    await expectError(await login(uniqueEmail('nobody'), 'Wrong-Password-1'), 401, 'login_failed');
    await expectError(await login(email, 'Wrong-Password-1'), 401, 'login_failed');
    // One argon2id verification each: the unknown address checks against a dummy hash.
    expect(verifications).toHaveBeenCalledTimes(2);
    expect(verifications.mock.calls.every(([hash]) => String(hash).startsWith('$argon2id$'))).toBe(true);
  });

  it('answers login_banned to a banned member with the right password only', async () => {
    const { email, accountId } = await member();
    await t.db.update(accounts).set({ status: 'banned' }).where(eq(accounts.id, accountId));
    await expectError(await login(email, 'Wrong-Password-1'), 401, 'login_failed');
    await expectError(await login(email, PASSWORD), 403, 'login_banned');
  });

  it('blocks the account for 15 minutes after 5 wrong passwords within 15 minutes, then lets it in', async () => {
    const { email } = await member();
    const start = new Date(t.clock.now);
    for (let i = 0; i < 4; i++) await expectError(await login(email, `Wrong-Password-${i}`), 401, 'login_failed');
    await expectError(await login(email, 'Wrong-Password-5'), 429, 'login_blocked', { minutes: 15 });
    // Even the right password waits; the minutes count down (rounded up).
    t.clock.now = new Date(start.getTime() + 5 * MINUTE + 30_000);
    await expectError(await login(email, PASSWORD), 429, 'login_blocked', { minutes: 10 });
    t.clock.now = new Date(start.getTime() + 15 * MINUTE + 1000);
    expect((await login(email, PASSWORD)).status).toBe(200);
    t.clock.now = start;
  });

  it('forgets wrong passwords older than 15 minutes and after a successful login', async () => {
    const { email } = await member();
    const start = new Date(t.clock.now);
    for (let i = 0; i < 4; i++) await expectError(await login(email, `Wrong-${i}-password`), 401, 'login_failed');
    t.clock.now = new Date(start.getTime() + 16 * MINUTE);
    await expectError(await login(email, 'Wrong-again-1'), 401, 'login_failed');
    for (let i = 0; i < 3; i++) await expectError(await login(email, `Wrong-${i}-later`), 401, 'login_failed');
    expect((await login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) await expectError(await login(email, `Wrong-${i}-after`), 401, 'login_failed');
    t.clock.now = start;
  });

  it('checks exactly 5 of 30 parallel wrong passwords, then the account is locked', async () => {
    const { email } = await member();
    verifications.mockClear();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `Wrong-Password-${i}`)));
    // Only the first 5 attempts are checked against the account's hash; the rest spend the
    // same time on a dummy hash and learn nothing.
    expect(verifications.mock.calls.filter(([hash]) => hash === passwordHash)).toHaveLength(5);
    expect(verifications).toHaveBeenCalledTimes(30);
    const codes = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { error: { code: string } }).error.code),
    );
    expect(codes.filter((code) => code === 'login_failed')).toHaveLength(4);
    expect(codes.filter((code) => code === 'login_blocked')).toHaveLength(26);
    await expectError(await login(email, PASSWORD), 429, 'login_blocked', { minutes: 15 });
  });

  it('answers an unknown address like a locked account, so the lock tells nobody an account exists', async () => {
    const { email } = await member();
    const nobody = uniqueEmail('nobody');
    for (const address of [email, nobody]) {
      for (let i = 0; i < 4; i++) await expectError(await login(address, `Wrong-${i}-password`), 401, 'login_failed');
      await expectError(await login(address, 'Wrong-5-password'), 429, 'login_blocked', { minutes: 15 });
      verifications.mockClear();
      await expectError(await login(address, PASSWORD), 429, 'login_blocked', { minutes: 15 });
      // Locked or not, each answer spends one argon2 verification.
      expect(verifications).toHaveBeenCalledTimes(1);
    }
  });

  it('holds the IP limit against parallel attempts: 20 checked, the rest refused unchecked', async () => {
    const ip = freshIp();
    verifications.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(uniqueEmail('spray'), 'Wrong-Password-1', { ip })),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect(verifications).toHaveBeenCalledTimes(20);
  });

  it('limits failed logins per IP address (rate_limited), whoever the accounts are', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      await expectError(await login(uniqueEmail('spray'), 'Wrong-Password-1', { ip }), 401, 'login_failed');
    }
    const { email } = await member();
    await expectError(await login(email, PASSWORD, { ip }), 429, 'rate_limited');
    // Other addresses are not affected.
    expect((await login(email, PASSWORD)).status).toBe(200);
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 15 * MINUTE);
    expect((await login(email, PASSWORD, { ip })).status).toBe(200);
    t.clock.now = start;
  });

  it('needs JSON or the client header (CSRF)', async () => {
    const { email } = await member();
    const response = await t.request('/api/user.php', {
      method: 'POST',
      body: `email=${email}&password=${PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });
});

describe('logout', () => {
  const sameOrigin: Record<string, string> = { 'sec-fetch-site': 'same-origin' };

  it('POST ends the session and clears both cookies', async () => {
    const { email } = await member();
    const token = sessionOf(await login(email, PASSWORD)) ?? '';
    const response = await call(t, '/api/logout.php', { method: 'POST', json: {}, session: token });
    expect(response.status).toBe(200);
    expect(await answerOf(postLogout, response)).toEqual({ ok: true });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('auth.session='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('auth.loggedIn='))).toMatch(/Max-Age=0/);
    expect((await call(t, '/api/user.php', { session: token })).status).toBe(403);
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(0);
  });

  it('GET still works from the site itself (Sec-Fetch-Site, Origin or Referer)', async () => {
    const { email } = await member();
    for (const headers of <Record<string, string>[]>[
      sameOrigin,
      { origin: 'http://default.localhost' },
      { referer: 'http://default.localhost/members' },
    ]) {
      const token = sessionOf(await login(email, PASSWORD)) ?? '';
      const response = await call(t, '/api/logout.php', { session: token, headers });
      expect(response.status).toBe(200);
      expect(await answerOf(getLogout, response)).toEqual({ ok: true });
      expect((await call(t, '/api/user.php', { session: token })).status).toBe(403);
    }
  });

  it('GET from another site (an image or link elsewhere) logs nobody out', async () => {
    const { email } = await member();
    const token = sessionOf(await login(email, PASSWORD)) ?? '';
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
      {},
    ]) {
      const response = await call(t, '/api/logout.php', { session: token, headers });
      expect(response.status).toBe(403);
      expect((await errorAnswerOf(response)).error.code).toBe('cross_site');
    }
    expect((await call(t, '/api/user.php', { session: token })).status).toBe(200);
  });

  it('answers ok without a session too', async () => {
    expect((await call(t, '/api/logout.php', { headers: sameOrigin })).status).toBe(200);
    expect((await call(t, '/api/logout.php', { method: 'POST', json: {} })).status).toBe(200);
  });
});
