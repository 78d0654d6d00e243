/** Password reset, password change and e-mail change (SPEC §2.7, §5, §8). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMailChange, postPasswordChange, putPasswordReset } from '#src/contract/accounts.ts';
import { accounts, sessions } from '#src/server/db/schema.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import {
  PASSWORD,
  accountsApp,
  call,
  expectError,
  expectNoSecrets,
  freshIp,
  mailsTo,
  sessionOf,
  signupMember,
  tokenFromMail,
  uniqueEmail,
} from './accounts-helpers.ts';
import { createTestMember, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
let passwordHash: string;
const NEW_PASSWORD = 'Copper-Lantern-8817';

beforeAll(async () => {
  t = await accountsApp();
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

async function member(language = 'en') {
  const email = uniqueEmail('recovery');
  const created = await createTestMember(t, { email, passwordHash, language, name: 'Greta' });
  return { email, ...created };
}

const login = (email: string, password: string) =>
  call(t, '/api/user.php', { method: 'POST', json: { email, password } });
const requestReset = (email: string, ip?: string) =>
  call(t, '/api/password-reset.php', { method: 'POST', json: { email }, ...(ip ? { ip } : {}) });
const completeReset = (token: string, password: string) =>
  call(t, '/api/password-reset.php', { method: 'PUT', json: { token, password } });

describe('password reset', () => {
  it("answers 'E-mail address not found' for an unknown address", async () => {
    await expectError(await requestReset(uniqueEmail('nobody')), 404, 'reset_email_not_found');
    await expectError(await requestReset('not an address'), 404, 'reset_email_not_found');
  });

  it('mails a single-use link that sets the password, ends all sessions and lifts the lock', async () => {
    const { email, accountId } = await member('de');
    const sessionA = await t.login(accountId);
    const sessionB = await t.login(accountId);
    // Lock the account first.
    for (let i = 0; i < 5; i++) await login(email, `Wrong-Password-${i}`);
    await expectError(await login(email, PASSWORD), 429, 'login_blocked', { minutes: 15 });

    const response = await requestReset(email);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ sent: true });
    const { mail, token, link } = await tokenFromMail(t, email, '/reset-password/do');
    expect(link).toBe(`http://default.localhost/reset-password/do?token=${token}`);
    expect(mail.text).toContain('Greta');
    expectNoSecrets(text, [token]);

    // Password rules apply; a refused password does not spend the link.
    await expectError(await completeReset(token, 'short'), 400, 'password_too_short', { min: 8 });
    await expectError(await completeReset(token, 'password123'), 400, 'password_common');
    const done = await completeReset(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(await answerOf(putPasswordReset, done)).toEqual({ ok: true });

    for (const session of [sessionA, sessionB]) {
      expect((await call(t, '/api/user.php', { session })).status).toBe(403);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.accountId, accountId))).toHaveLength(0);
    await expectError(await login(email, PASSWORD), 401, 'login_failed');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);

    await expectError(await completeReset(token, 'Another-Password-77'), 400, 'link_invalid');
  });

  it("ends the account's other reset links when one of them is used", async () => {
    const { email } = await member();
    for (let i = 0; i < 2; i++) expect((await requestReset(email)).status).toBe(200);
    const [newer, older] = (await mailsTo(t, email)).map((mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '');
    expect((await completeReset(older ?? '', NEW_PASSWORD)).status).toBe(200);
    await expectError(await completeReset(newer ?? '', 'Another-Password-77'), 400, 'link_invalid');
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired or unknown link', async () => {
    const { email } = await member();
    await requestReset(email);
    const { token } = await tokenFromMail(t, email, '/reset-password/do');
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 3_600_000 + 1000);
    await expectError(await completeReset(token, NEW_PASSWORD), 400, 'link_invalid');
    t.clock.now = start;
    await expectError(await completeReset('abcdefghijklmnopqrstuvwxyz', NEW_PASSWORD), 400, 'link_invalid');
  });

  it('sends at most 3 reset mails per account per day', async () => {
    const { email } = await member();
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
    await expectError(await requestReset(email), 429, 'reset_daily_limit');
    expect(await mailsTo(t, email)).toHaveLength(3);
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 24 * 3_600_000);
    expect((await requestReset(email)).status).toBe(200);
    t.clock.now = start;
  });

  it('limits reset requests per IP address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++)
      await expectError(await requestReset(uniqueEmail('x'), ip), 404, 'reset_email_not_found');
    await expectError(await requestReset(uniqueEmail('x'), ip), 429, 'rate_limited');
  });
});

describe('POST /api/password.php (change password)', () => {
  const change = (session: string, body: Record<string, string>) =>
    call(t, '/api/password.php', { method: 'POST', json: body, session });

  it('needs a login', async () => {
    const response = await call(t, '/api/password.php', {
      method: 'POST',
      json: { old_password: PASSWORD, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD },
    });
    await expectError(response, 403, 'authentication_required');
  });

  it('checks the repeat, the old password and the password rules', async () => {
    const { accountId } = await member();
    const session = await t.login(accountId);
    await expectError(
      await change(session, { old_password: PASSWORD, password: NEW_PASSWORD, password_repeat: 'Different-1234' }),
      400,
      'passwords_differ',
    );
    await expectError(
      await change(session, {
        old_password: 'Not-my-password-1',
        password: NEW_PASSWORD,
        password_repeat: NEW_PASSWORD,
      }),
      400,
      'old_password_wrong',
    );
    await expectError(
      await change(session, { old_password: PASSWORD, password: 'iloveyou', password_repeat: 'iloveyou' }),
      400,
      'password_common',
    );
    await expectError(
      await change(session, { old_password: PASSWORD, password: 'short', password_repeat: 'short' }),
      400,
      'password_too_short',
      { min: 8 },
    );
  });

  it('sets the new password, keeps this session and ends the others', async () => {
    const { email, accountId } = await member();
    const current = await t.login(accountId);
    const other = await t.login(accountId);
    const response = await change(current, {
      old_password: PASSWORD,
      password: NEW_PASSWORD,
      password_repeat: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(await answerOf(postPasswordChange, response)).toEqual({ ok: true });
    expect((await call(t, '/api/user.php', { session: current })).status).toBe(200);
    expect((await call(t, '/api/user.php', { session: other })).status).toBe(403);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    // The owner is told at their address, with no password or link in it.
    const [notice] = await mailsTo(t, email);
    expect(notice?.subject).toBe('The password of your Flirtmoment account was changed');
    expect(notice?.text).toContain('Your other devices have been logged out.');
    expect(notice?.text).not.toContain(NEW_PASSWORD);
  });

  it('limits guesses of the old password', async () => {
    const { accountId } = await member();
    const session = await t.login(accountId);
    for (let i = 0; i < 10; i++) {
      await expectError(
        await change(session, {
          old_password: `Guess-${i}-xyz`,
          password: NEW_PASSWORD,
          password_repeat: NEW_PASSWORD,
        }),
        400,
        'old_password_wrong',
      );
    }
    await expectError(
      await change(session, { old_password: PASSWORD, password: NEW_PASSWORD, password_repeat: NEW_PASSWORD }),
      429,
      'rate_limited',
    );
  });
});

describe('e-mail change', () => {
  const request = (session: string, email: string, password = PASSWORD) =>
    call(t, '/api/mail-change.php', { method: 'POST', json: { email, password }, session });
  const confirm = (token: string, session?: string) =>
    call(t, '/api/mail-change.php', { method: 'PUT', json: { token }, ...(session ? { session } : {}) });

  it('refuses an invalid or taken address', async () => {
    const { accountId, email } = await member();
    const other = await member();
    const session = await t.login(accountId);
    await expectError(await request(session, 'no-at-sign'), 400, 'new_email_invalid');
    await expectError(await request(session, other.email.toUpperCase()), 409, 'new_email_taken');
    await expectError(await request(session, email), 409, 'new_email_taken');
    await expectError(
      await call(t, '/api/mail-change.php', { method: 'POST', json: { email: uniqueEmail(), password: PASSWORD } }),
      403,
      'authentication_required',
    );
  });

  it('asks for the current password: a session left open somewhere cannot move the account', async () => {
    const { accountId } = await member();
    const session = await t.login(accountId);
    const next = uniqueEmail('thief');
    await expectError(await request(session, next, 'Not-The-Password-1'), 400, 'password_wrong');
    await expectError(
      await call(t, '/api/mail-change.php', { method: 'POST', json: { email: next }, session }),
      400,
      'invalid_input',
    );
    expect(await mailsTo(t, next)).toHaveLength(0);
  });

  it('confirms via a link to the new address and mails the old one a way back', async () => {
    const { accountId, email } = await member();
    const session = await t.login(accountId);
    const next = uniqueEmail('new');
    const response = await request(session, next);
    expect(response.status).toBe(200);
    expect(await answerOf(postMailChange, response)).toEqual({ sent: true });
    expect(await mailsTo(t, email)).toHaveLength(0);
    const { token, link } = await tokenFromMail(t, next, '/mail-change/do');
    expect(link).toBe(`http://default.localhost/mail-change/do?token=${token}`);

    const done = await confirm(token, session);
    expect(done.status).toBe(200);
    const text = await done.text();
    expect(JSON.parse(text)).toEqual({ email: next });
    expectNoSecrets(text, [token]);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.email).toBe(next);
    const undo = await tokenFromMail(t, email, '/mail-change/do');
    expect(undo.mail.subject).toBe('The e-mail address of your Flirtmoment account was changed');
    expect(undo.mail.text).toContain('Undo the change');
    expect(undo.token).not.toBe(token);

    await expectError(await confirm(token), 400, 'link_invalid');
    expect((await login(next, PASSWORD)).status).toBe(200);
    await expectError(await login(email, PASSWORD), 401, 'login_failed');
  });

  it('a confirmed new address lifts a bounce of the old one, and keeps other reasons', async () => {
    const { accountId } = await member();
    await t.db
      .update(accounts)
      .set({ notificationsDisabled: ['bounce', 'fbl'] })
      .where(eq(accounts.id, accountId));
    const session = await t.login(accountId);
    const next = uniqueEmail('fixed');
    await request(session, next);
    const { token } = await tokenFromMail(t, next, '/mail-change/do');
    expect((await confirm(token, session)).status).toBe(200);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.notificationsDisabled).toEqual(['fbl']);
  });

  it('ends the other sessions and the reset links sent before the change', async () => {
    const { accountId, email } = await member();
    const mine = await t.login(accountId);
    const elsewhere = await t.login(accountId);
    expect((await requestReset(email)).status).toBe(200);
    const earlierReset = await tokenFromMail(t, email, '/reset-password/do');
    const next = uniqueEmail('moved');
    await request(mine, next);
    const { token } = await tokenFromMail(t, next, '/mail-change/do');
    expect((await confirm(token, mine)).status).toBe(200);

    expect((await call(t, '/api/user.php', { session: mine })).status).toBe(200);
    expect((await call(t, '/api/user.php', { session: elsewhere })).status).toBe(403);
    await expectError(await completeReset(earlierReset.token, NEW_PASSWORD), 400, 'link_invalid');
  });

  it('lets the old address undo the change: address back, every session ended, a reset link sent', async () => {
    const { accountId, email } = await member();
    const thief = await t.login(accountId);
    const stolen = uniqueEmail('stolen');
    await request(thief, stolen);
    const change = await tokenFromMail(t, stolen, '/mail-change/do');
    expect((await confirm(change.token, thief)).status).toBe(200);
    // The thief's reset link to the new address dies with the undo too.
    expect((await requestReset(stolen)).status).toBe(200);
    const thiefReset = await tokenFromMail(t, stolen, '/reset-password/do');

    const undo = await tokenFromMail(t, email, '/mail-change/do');
    const undone = await confirm(undo.token);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ email, undone: true });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.email).toBe(email);
    expect((await call(t, '/api/user.php', { session: thief })).status).toBe(403);
    await expectError(await completeReset(thiefReset.token, NEW_PASSWORD), 400, 'link_invalid');
    // The owner gets a reset link; the stolen address gets no way to undo the undo.
    const reset = await tokenFromMail(t, email, '/reset-password/do');
    expect((await completeReset(reset.token, NEW_PASSWORD)).status).toBe(200);
    expect((await mailsTo(t, stolen)).filter((m) => m.text.includes('/mail-change/do'))).toHaveLength(1);
    await expectError(await confirm(undo.token), 400, 'link_invalid');
  });

  it('refuses an expired link and an address taken meanwhile', async () => {
    const { accountId } = await member();
    const session = await t.login(accountId);
    const next = uniqueEmail('late');
    await request(session, next);
    const { token } = await tokenFromMail(t, next, '/mail-change/do');
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 24 * 3_600_000 + 1000);
    await expectError(await confirm(token), 400, 'link_invalid');
    t.clock.now = start;

    const raced = uniqueEmail('raced');
    await request(session, raced);
    const second = await tokenFromMail(t, raced, '/mail-change/do');
    await signupMember(t, { email: raced });
    await expectError(await confirm(second.token), 409, 'new_email_taken');
  });
});

describe('a session from login', () => {
  it('works with the cookie of the login answer', async () => {
    const { email } = await member();
    const token = sessionOf(await login(email, PASSWORD)) ?? '';
    expect((await call(t, '/api/user.php', { session: token })).status).toBe(200);
  });
});
