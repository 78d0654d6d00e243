/** Signup (SPEC §2.7, §5, §6) and activation (SPEC §4 "Not confirmed"). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { postActivationMail } from '#src/contract/accounts.ts';
import { currentUser, getUser } from '#src/contract/user.ts';
import { catalogues } from '#src/i18n/index.ts';
import { accountTokens, accounts, creditLedger, profiles, trafficSources } from '#src/server/db/schema.ts';
import {
  PASSWORD,
  accountsApp,
  call,
  expectError,
  expectNoSecrets,
  freshIp,
  mailsTo,
  sessionOf,
  setSiteSettings,
  signupInput,
  signupMember,
  tokenFromMail,
  uniqueEmail,
} from './accounts-helpers.ts';
import { createTestMember, type TestApp, errorAnswerOf, answerOf } from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await accountsApp();
});
afterAll(() => t.close());

const signup = (input: Record<string, unknown>, init: Parameters<typeof call>[2] = {}) =>
  call(t, '/api/signup.php', { method: 'POST', json: signupInput(input), ...init });

describe('POST /api/signup.php', () => {
  it('creates a not-confirmed account with a disabled profile, credits, a session and an activation mail', async () => {
    const { user, accountId, response, input, session } = await signupMember(
      t,
      { name: 'Rosalind', trafficsource: { network: '{net1}', sub1: '{abc}' } },
      { host: 'nl.default.localhost:4321', headers: { 'cf-ipcountry': 'be' } },
    );
    expect(z.strictObject(currentUser.shape).parse(user)).toBeTruthy();
    expect(user).toMatchObject({
      email: input.email,
      name: 'Rosalind',
      status: 'not_confirmed',
      credits: 20,
      language: 'nl',
      profile: { name: 'Rosalind', status: 'disabled', country: 'BE', main_image: null },
    });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.accountId, accountId));
    expect(ledger).toMatchObject([{ delta: 20, reason: 'signup_bonus', balanceAfter: 20 }]);
    const [source] = await t.db.select().from(trafficSources).where(eq(trafficSources.accountId, accountId));
    expect(source).toMatchObject({ network: 'net1', sub1: 'abc', ref: null });

    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('auth.session=') && /HttpOnly/.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('auth.loggedIn=1'))).toBe(true);

    const me = await call(t, '/api/user.php', { session, host: 'nl.default.localhost:4321' });
    expect(me.status).toBe(200);

    const { mail, link, token } = await tokenFromMail(t, input.email, '/api/activate.php');
    expect(link).toBe(`http://nl.default.localhost:4321/api/activate.php?token=${token}`);
    expect(mail.subject).toContain('Flirtmoment');
    expect(mail.html).toContain(link);
    // In the member's language (nl until translated falls back to the English texts).
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.text).toContain('Rosalind');
    // The token exists only in the mail.
    const tokens = await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, accountId));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).not.toBe(token);
    expectNoSecrets(JSON.stringify(user), [token, tokens[0]?.tokenHash ?? '', session]);
  });

  it('uses a country of the locale when no geoip country is known, and the first site country otherwise', async () => {
    const de = await signupMember(t, {}, { host: 'de.default.localhost' });
    expect(de.user).toMatchObject({ profile: { country: 'DE' }, language: 'de' });
    await setSiteSettings(t, 'she', { countries: ['US', 'CA'] });
    const she = await signupMember(t, {}, { host: 'she.localhost' });
    expect(she.user).toMatchObject({ profile: { country: 'US' }, language: 'en' });
  });

  it('escapes the name in the HTML mail', async () => {
    const { input } = await signupMember(t, { name: 'Amy & "Bo"' });
    const [mail] = await mailsTo(t, input.email);
    expect(mail?.html).toContain('Amy &amp; &quot;Bo&quot;');
    expect(mail?.html).not.toContain('Amy & "Bo"');
  });

  it('never puts a forged Host into the link', async () => {
    const email = uniqueEmail();
    const response = await signup({ email }, { host: 'evil.example:80@attacker.test' });
    // A host that is not ours is not a site at all.
    expect(response.status).toBe(404);
    const forced = await call(t, '/api/signup.php?_force_domain=flirtmoment.com', {
      method: 'POST',
      json: signupInput({ email }),
      host: 'attacker.test',
    });
    expect(forced.status).toBe(200);
    const { link } = await tokenFromMail(t, email, '/api/activate.php');
    expect(link.startsWith('https://flirtmoment.com/api/activate.php?token=')).toBe(true);
  });

  describe('signup modes (SPEC §6)', () => {
    it("'with_trafficsource' needs a traffic source with a field; otherwise invite-only", async () => {
      await setSiteSettings(t, 'bbw', { signups: 'with_trafficsource' });
      await expectError(await signup({}, { host: 'bbw.localhost' }), 403, 'signups_closed');
      await expectError(
        await signup({ trafficsource: { sub1: '{}' } }, { host: 'bbw.localhost' }),
        403,
        'signups_closed',
      );
      const ok = await signup({ trafficsource: { ref: 'partner' } }, { host: 'bbw.localhost' });
      expect(ok.status).toBe(200);
      await setSiteSettings(t, 'bbw', { signups: 'invite_only' });
      await expectError(
        await signup({ trafficsource: { ref: 'partner' } }, { host: 'bbw.localhost' }),
        403,
        'signups_closed',
      );
    });
  });

  describe('validation texts (SPEC §5)', () => {
    it('refuses an invalid e-mail address', async () => {
      const body = await expectError(await signup({ email: 'not-an-address' }), 400, 'email_invalid');
      expect(body.error.field).toBe('email');
      await expectError(await signup({ email: 'a@b' }), 400, 'email_invalid');
    });

    it('refuses a username equal to the e-mail or starting with @', async () => {
      const email = uniqueEmail();
      await expectError(await signup({ email, name: email.toUpperCase() }), 400, 'name_is_email');
      await expectError(await signup({ name: '@sunny' }), 400, 'name_starts_with_at');
      await expectError(await signup({ name: 'Sun<b>ny' }), 400, 'name_invalid');
    });

    it('needs a real date of birth and the minimum age', async () => {
      await expectError(await signup({ date_of_birth: '1990-02-30' }), 400, 'date_of_birth_invalid');
      await expectError(await signup({ date_of_birth: '2030-01-01' }), 400, 'date_of_birth_invalid');
      await expectError(await signup({ date_of_birth: '1850-01-01' }), 400, 'date_of_birth_invalid');
      // The clock is 2025-06-01: born 2007-06-02 is one day short of 18.
      await expectError(await signup({ date_of_birth: '2007-06-02' }), 400, 'date_of_birth_too_young', {
        min_age: 18,
      });
      expect((await signup({ date_of_birth: '2007-06-01' })).status).toBe(200);
    });

    it('needs a password of 8 to 128 characters that is not common', async () => {
      await expectError(await signup({ password: 'Ab1!xyz' }), 400, 'password_too_short', { min: 8 });
      await expectError(await signup({ password: 'x'.repeat(129) }), 400, 'password_too_long', { max: 128 });
      await expectError(await signup({ password: 'PassWord1' }), 400, 'password_common');
      await expectError(await signup({ password: 'qwertyuiop' }), 400, 'password_common');
      // No composition rules: eight lower-case letters that are not common are fine.
      expect((await signup({ password: 'zebrakite' })).status).toBe(200);
    });

    it('answers the texts in the request language', async () => {
      const response = await signup({ email: 'nope' }, { cookies: { locale: 'en' } });
      expect((await errorAnswerOf(response)).error.message).toBe(catalogues.en.accounts.errors.email_invalid);
    });
  });

  describe('existing addresses', () => {
    it('answers email_exists for a confirmed or not-confirmed address on the site (any case)', async () => {
      const { input } = await signupMember(t);
      await expectError(await signup({ email: input.email.toUpperCase() }), 409, 'email_exists');
      const confirmed = uniqueEmail();
      await createTestMember(t, { email: confirmed });
      await expectError(await signup({ email: confirmed }), 409, 'email_exists');
      // Another site is another account.
      expect((await signup({ email: confirmed }, { host: 'gay.localhost' })).status).toBe(200);
    });

    it('answers email_pending_deletion for an account being deleted', async () => {
      const email = uniqueEmail();
      const member = await createTestMember(t, { email });
      await t.db
        .update(accounts)
        .set({ status: 'deleted', deletedAt: t.clock.now })
        .where(eq(accounts.id, member.accountId));
      await expectError(await signup({ email }), 409, 'email_pending_deletion');
    });
  });

  it('allows 5 signups per IP address per hour', async () => {
    const ip = freshIp();
    // Refused attempts do not count.
    await expectError(await signup({ email: 'bad' }, { ip }), 400, 'email_invalid');
    for (let i = 0; i < 5; i++) expect((await signup({}, { ip })).status).toBe(200);
    await expectError(await signup({}, { ip }), 429, 'rate_limited');
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    expect((await signup({}, { ip })).status).toBe(200);
  });

  it('holds the IP limit against parallel signups: exactly 5 of 12 are created', async () => {
    const ip = freshIp();
    // Two refused ones run alongside: they give their count back.
    const answers = await Promise.all([
      signup({ email: 'bad' }, { ip }),
      ...Array.from({ length: 12 }, () => signup({}, { ip })),
      signup({ date_of_birth: '2020-01-01' }, { ip }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(statuses.filter((s) => s === 400)).toHaveLength(2);
  });
});

describe('activation', () => {
  it('confirms the account once, then the link is spent', async () => {
    const { input, accountId, session } = await signupMember(t);
    const { token } = await tokenFromMail(t, input.email, '/api/activate.php');
    const done = await call(t, `/api/activate.php?token=${token}`);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/activate/done');
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.status).toBe('confirmed');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.accountId, accountId));
    expect(profile?.status).toBe('active');
    const me = await answerOf(getUser, await call(t, '/api/user.php', { session }));
    expect(me.user).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });

    const again = await call(t, `/api/activate.php?token=${token}`);
    expect(again.headers.get('location')).toBe('/activate/error');
  });

  it('fails for an unknown or expired link', async () => {
    const unknown = await call(t, '/api/activate.php?token=abcdefghijklmnopqrstuvwxyz');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/activate/error');

    const { input } = await signupMember(t);
    const { token } = await tokenFromMail(t, input.email, '/api/activate.php');
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 7 * 24 * 3_600_000 + 1000);
    const expired = await call(t, `/api/activate.php?token=${token}`);
    t.clock.now = start;
    expect(expired.headers.get('location')).toBe('/activate/error');
  });

  it('sends a new confirmation mail, 3 per hour, and refuses it once confirmed', async () => {
    const { input, session } = await signupMember(t);
    await expectError(
      await call(t, '/api/activation-mail.php', { method: 'POST', json: {} }),
      403,
      'authentication_required',
    );
    for (let i = 0; i < 3; i++) {
      const response = await call(t, '/api/activation-mail.php', { method: 'POST', json: {}, session });
      expect(response.status).toBe(200);
      expect(await answerOf(postActivationMail, response)).toEqual({ sent: true });
    }
    expect(await mailsTo(t, input.email)).toHaveLength(4);
    await expectError(
      await call(t, '/api/activation-mail.php', { method: 'POST', json: {}, session }),
      429,
      'rate_limited',
    );
    // Every mailed link works (once).
    const { token } = await tokenFromMail(t, input.email, '/api/activate.php');
    expect((await call(t, `/api/activate.php?token=${token}`)).headers.get('location')).toBe('/activate/done');
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    await expectError(
      await call(t, '/api/activation-mail.php', { method: 'POST', json: {}, session }),
      409,
      'already_confirmed',
    );
  });

  it('logs a new member in right away with the password', async () => {
    const { input } = await signupMember(t);
    const response = await call(t, '/api/user.php', {
      method: 'POST',
      json: { email: input.email, password: PASSWORD },
    });
    expect(response.status).toBe(200);
  });
});

describe('secrets', () => {
  it('never puts a token, a token hash or a password hash into an API answer', async () => {
    const bodies: string[] = [];
    const record = async (response: Response) => {
      bodies.push(await response.clone().text());
      return response;
    };
    const { input, session, body } = await signupMember(t);
    bodies.push(JSON.stringify(body));
    await record(await call(t, '/api/activation-mail.php', { method: 'POST', json: {}, session }));
    const activation = await tokenFromMail(t, input.email, '/api/activate.php');
    await record(await call(t, `/api/activate.php?token=${activation.token}`));
    const loggedIn = await record(
      await call(t, '/api/user.php', { method: 'POST', json: { email: input.email, password: PASSWORD } }),
    );
    const second = sessionOf(loggedIn) ?? '';
    await record(await call(t, '/api/user.php', { session: second }));
    await record(await call(t, '/api/password-reset.php', { method: 'POST', json: { email: input.email } }));
    const reset = await tokenFromMail(t, input.email, '/reset-password/do');
    await record(
      await call(t, '/api/password-reset.php', {
        method: 'PUT',
        json: { token: reset.token, password: 'Brass-Meadow-4410' },
      }),
    );
    const third = sessionOf(
      await record(
        await call(t, '/api/user.php', { method: 'POST', json: { email: input.email, password: 'Brass-Meadow-4410' } }),
      ),
    );
    const next = uniqueEmail('secret');
    await record(
      await call(t, '/api/mail-change.php', {
        method: 'POST',
        json: { email: next, password: 'Brass-Meadow-4410' },
        session: third ?? '',
      }),
    );
    const change = await tokenFromMail(t, next, '/mail-change/do');
    await record(
      await call(t, '/api/mail-change.php', { method: 'PUT', json: { token: change.token }, session: third ?? '' }),
    );
    await record(
      await call(t, '/api/user.php', {
        method: 'DELETE',
        json: { reason: 'other', password: 'Brass-Meadow-4410' },
        session: third ?? '',
      }),
    );
    const reactivation = await tokenFromMail(t, next, '/api/reactivate.php');
    await record(await call(t, `/api/reactivate.php?token=${reactivation.token}`));

    const hashes = (await t.db.select({ hash: accountTokens.tokenHash }).from(accountTokens)).map((r) => r.hash);
    const passwordHashes = (await t.db.select({ hash: accounts.passwordHash }).from(accounts))
      .map((r) => r.hash)
      .filter((h): h is string => h !== null);
    const secrets = [
      session,
      second,
      third ?? '',
      activation.token,
      reset.token,
      change.token,
      reactivation.token,
      ...hashes,
      ...passwordHashes,
    ].filter((s) => s.length > 0);
    expect(bodies.length).toBeGreaterThanOrEqual(12);
    for (const body of bodies) expectNoSecrets(body, secrets);
  });
});

describe('activation mail per IP', () => {
  it('allows 20 confirmation mails per IP address per hour over all accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < 7; i++) {
      const { session } = await signupMember(t);
      for (let j = 0; j < 3; j++) {
        const response = await call(t, '/api/activation-mail.php', { method: 'POST', json: {}, session, ip });
        if (i * 3 + j < 20) expect(response.status).toBe(200);
        else await expectError(response, 429, 'rate_limited');
      }
    }
  });
});
