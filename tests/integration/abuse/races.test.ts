/**
 * Races against the limits (docs/security.md): many requests at once, as a script
 * sends them, must not get more than the limit allows — not one more. Login lockout per
 * account (whatever the IPs), signups per IP and per address, password-reset mails per day
 * and reset links used once, likes and swipe decisions per day. Every answer is one of the
 * call's declared ones, never a 500.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_PER_DAY, SWIPES_PER_DAY } from '#src/lib/constants.ts';
import { accounts, likes, swipes } from '#src/server/db/schema.ts';
import { LOGIN_LOCK } from '#src/server/features/accounts/login.ts';
import { RESET_DAILY_LIMIT } from '#src/server/features/accounts/recovery.ts';
import { SIGNUP_IP_LIMIT } from '#src/server/features/accounts/signup.ts';
import {
  PASSWORD,
  accountsApp,
  call,
  freshIp,
  mailsTo,
  signupInput,
  signupMember,
  tokenFromMail,
  uniqueEmail,
} from '../accounts-helpers.ts';
import { createTestMember, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await accountsApp();
});
afterAll(() => t.close());

/** The error codes of answers (null for a success), after checking none is a 500. */
async function codesOf(answers: Response[]): Promise<(string | null)[]> {
  return Promise.all(
    answers.map(async (answer) => {
      const text = await answer.text();
      expect(answer.status, text.slice(0, 200)).toBeLessThan(500);
      if (answer.ok) return null;
      return (JSON.parse(text) as { error: { code: string } }).error.code;
    }),
  );
}

const count = (codes: (string | null)[], code: string | null) => codes.filter((c) => c === code).length;

describe('races against the limits', () => {
  it('locks an account after exactly its allowed failures, even from 30 IPs at once', async () => {
    const { input } = await signupMember(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t, '/api/user.php', { method: 'POST', json: { email: input.email, password: `Wrong-Password-${i}` } }),
      ),
    );
    const codes = await codesOf(answers);
    // The allowed failures are checked: all but the last answer login_failed, the last one
    // (which uses the allowance up) and every later one login_blocked.
    expect(count(codes, 'login_failed')).toBe(LOGIN_LOCK.failures - 1);
    expect(count(codes, 'login_blocked')).toBe(30 - (LOGIN_LOCK.failures - 1));
    const right = await call(t, '/api/user.php', { method: 'POST', json: { email: input.email, password: PASSWORD } });
    expect(await codesOf([right])).toEqual(['login_blocked']);
  });

  it('creates exactly the IP allowance of parallel signups from one address', async () => {
    const ip = freshIp();
    const inputs = Array.from({ length: 15 }, () => signupInput());
    const answers = await Promise.all(
      inputs.map((input) => call(t, '/api/signup.php', { method: 'POST', json: input, ip })),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(SIGNUP_IP_LIMIT.max);
    expect(count(codes, 'rate_limited')).toBe(15 - SIGNUP_IP_LIMIT.max);
    const created = await t.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        inArray(
          accounts.email,
          inputs.map((input) => input.email),
        ),
      );
    expect(created).toHaveLength(SIGNUP_IP_LIMIT.max);
  });

  it('creates one account of parallel signups with one e-mail address, the others told it exists', async () => {
    const email = uniqueEmail('twin');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(t, '/api/signup.php', { method: 'POST', json: signupInput({ email }) })),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(1);
    expect(count(codes, 'email_exists')).toBe(7);
    expect(await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email))).toHaveLength(1);
  });

  it('sends exactly the daily allowance of reset mails to parallel requests', async () => {
    const { input } = await signupMember(t);
    const before = (await mailsTo(t, input.email)).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, '/api/password-reset.php', { method: 'POST', json: { email: input.email } }),
      ),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(RESET_DAILY_LIMIT.max);
    expect(count(codes, 'reset_daily_limit')).toBe(10 - RESET_DAILY_LIMIT.max);
    expect((await mailsTo(t, input.email)).length - before).toBe(RESET_DAILY_LIMIT.max);
  });

  it('uses a reset link once when it is sent many times at once', async () => {
    const { input } = await signupMember(t);
    await call(t, '/api/password-reset.php', { method: 'POST', json: { email: input.email } });
    const { token } = await tokenFromMail(t, input.email, '/reset-password/do');
    const passwords = Array.from({ length: 6 }, (_, i) => `Quiet-Meadow-${i}-7731`);
    const answers = await Promise.all(
      passwords.map((password) => call(t, '/api/password-reset.php', { method: 'PUT', json: { token, password } })),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(1);
    expect(count(codes, 'link_invalid')).toBe(5);
    // The one password that won is the account's password: it logs in, the others do not.
    const logins = await Promise.all(
      passwords.map((password) => call(t, '/api/user.php', { method: 'POST', json: { email: input.email, password } })),
    );
    expect(logins.filter((answer) => answer.ok)).toHaveLength(1);
  });
});

describe('races against the daily likes', () => {
  async function member(gender: 'male' | 'female') {
    const created = await createTestMember(t, {
      gender,
      seeking: gender === 'male' ? 'female' : 'male',
      photos: [{ key: 'racestestkey', status: 'active' }],
    });
    return { ...created, session: await t.login(created.accountId) };
  }

  it('grants exactly the daily likes to parallel likes of different profiles', async () => {
    const me = await member('male');
    const targets = await Promise.all(Array.from({ length: 10 }, () => member('female')));
    const answers = await Promise.all(
      targets.map((target) =>
        t.request('/api/like.php', { method: 'POST', session: me.session, json: { profile: target.publicId } }),
      ),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(LIKES_PER_DAY);
    expect(count(codes, 'daily_limit')).toBe(10 - LIKES_PER_DAY);
    expect(await t.db.select().from(likes).where(eq(likes.likerId, me.profileId))).toHaveLength(LIKES_PER_DAY);
  });

  it('records one like of one profile liked many times at once, at the cost of one', async () => {
    const me = await member('male');
    const target = await member('female');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request('/api/like.php', { method: 'POST', session: me.session, json: { profile: target.publicId } }),
      ),
    );
    expect(count(await codesOf(answers), null)).toBe(8);
    const rows = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, me.profileId), eq(likes.likedId, target.profileId)));
    expect(rows).toHaveLength(1);
    // One like used: the others of the day are still there.
    const others = await Promise.all(Array.from({ length: LIKES_PER_DAY - 1 }, () => member('female')));
    for (const other of others) {
      const answer = await t.request('/api/like.php', {
        method: 'POST',
        session: me.session,
        json: { profile: other.publicId },
      });
      expect(answer.status).toBe(200);
    }
  });

  it('grants exactly the daily swipe decisions to parallel No decisions', async () => {
    const me = await member('male');
    const targets = await Promise.all(Array.from({ length: SWIPES_PER_DAY + 6 }, () => member('female')));
    const answers = await Promise.all(
      targets.map((target) =>
        t.request('/api/swipe.php', {
          method: 'POST',
          session: me.session,
          json: { profile: target.publicId, decision: 'no' },
        }),
      ),
    );
    const codes = await codesOf(answers);
    expect(count(codes, null)).toBe(SWIPES_PER_DAY);
    expect(count(codes, 'swipe_limit')).toBe(6);
    expect(await t.db.select().from(swipes).where(eq(swipes.swiperId, me.profileId))).toHaveLength(SWIPES_PER_DAY);
  });
});
