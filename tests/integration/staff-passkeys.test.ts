/**
 * Staff passkeys (docs/staff.md "Passkeys"): registering one after a recent second factor,
 * logging in with password and passkey, re-authenticating with it, removing it; and the
 * refusals: another key's signature, a challenge used before or handed to another session,
 * another origin or RP ID, a counter that did not grow, someone else's passkey. A software
 * authenticator with a real key pair signs the answers (software-authenticator.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getStaffMe,
  getStaffPasskeys,
  postStaffPasskey,
  postStaffPasskeyChallenge,
  postStaffPasskeyOptions,
  postStaffPasskeyRemove,
  postStaffReauth,
  postStaffSecondFactor,
  type PasskeyCredential,
  type StaffPasskey,
} from '#src/contract/staff.ts';
import { staffAuditLog, staffWebauthnChallenges } from '#src/server/db/schema.ts';
import { createTestApp, errorAnswerOf, json, seedSiteData, type TestApp } from './harness.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';
import {
  createTestStaff,
  passwordStep,
  staffCookieOf,
  staffLogin,
  staffRequest,
  STAFF_HOST,
  STAFF_PASSWORD,
  totpNow,
  type TestStaff,
} from './staff-helpers.ts';

const MINUTE = 60_000;
const ORIGIN = `http://${STAFF_HOST}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

async function codeOf(response: Response): Promise<{ status: number; code: string }> {
  return { status: response.status, code: (await errorAnswerOf(response)).error.code };
}

const post = (path: string, cookie: string, body: unknown = {}) =>
  staffRequest(t, path, { method: 'POST', json: body, cookie });

async function optionsOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(200);
  return (await json<{ options: Record<string, unknown> }>(response)).options;
}

async function auditOf(staffId: number, action: string) {
  return t.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.staffId, staffId), eq(staffAuditLog.action, action)));
}

/** Registers a passkey of `key` on the active session `cookie`; answers it. */
async function register(cookie: string, key: SoftwareAuthenticator, name: string): Promise<StaffPasskey> {
  const options = await optionsOf(await post(postStaffPasskeyOptions.path, cookie));
  const response = await post(postStaffPasskey.path, cookie, {
    name,
    credential: key.register(options, { origin: ORIGIN }),
  });
  expect(response.status).toBe(200);
  return (await json<{ passkey: StaffPasskey }>(response)).passkey;
}

/** The password step and a passkey challenge for it: the pending cookie and the options. */
async function pendingWithChallenge(staff: TestStaff) {
  const pending = await passwordStep(t, staff);
  const options = await optionsOf(await post(postStaffPasskeyChallenge.path, pending));
  return { pending, options };
}

const secondFactor = (pending: string, passkey: PasskeyCredential) =>
  post(postStaffSecondFactor.path, pending, { passkey });

describe('registering a passkey', () => {
  it('needs a second factor in the last minutes, then lists the named passkey (audited)', async () => {
    const staff = await createTestStaff(t, ['moderator']);
    const cookie = await staffLogin(t, staff);
    const key = new SoftwareAuthenticator();

    // Past the re-authentication window a session cannot add a factor.
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await codeOf(await post(postStaffPasskeyOptions.path, cookie))).toEqual({
      status: 403,
      code: 'staff_reauth_required',
    });
    t.clock.now = new Date(t.clock.now.getTime() + MINUTE);
    await post(postStaffReauth.path, cookie, { code: await totpNow(t, staff.secret) });

    const passkey = await register(cookie, key, 'Work laptop');
    expect(passkey).toMatchObject({ name: 'Work laptop', last_used_at: null });
    const list = await json<{ passkeys: StaffPasskey[] }>(await staffRequest(t, getStaffPasskeys.path, { cookie }));
    expect(list.passkeys.map((p) => p.name)).toEqual(['Work laptop']);
    expect(await auditOf(staff.id, 'passkey_registered')).toHaveLength(1);
  });

  it('refuses a creation answer for another origin, or with a challenge used before', async () => {
    const staff = await createTestStaff(t, ['finance']);
    const cookie = await staffLogin(t, staff);
    const key = new SoftwareAuthenticator();
    const options = await optionsOf(await post(postStaffPasskeyOptions.path, cookie));
    const foreign = await post(postStaffPasskey.path, cookie, {
      name: 'Phone',
      credential: key.register(options, { origin: 'http://default.localhost' }),
    });
    expect(await codeOf(foreign)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    // The refused answer used the challenge up: the right answer to it now fails too.
    const late = await post(postStaffPasskey.path, cookie, {
      name: 'Phone',
      credential: key.register(options, { origin: ORIGIN }),
    });
    expect(await codeOf(late)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    expect(await auditOf(staff.id, 'passkey_register_failed')).toHaveLength(2);
    const list = await json<{ passkeys: StaffPasskey[] }>(await staffRequest(t, getStaffPasskeys.path, { cookie }));
    expect(list.passkeys).toEqual([]);
  });
});

describe('logging in with a passkey', () => {
  let staff: TestStaff;
  let key: SoftwareAuthenticator;

  beforeAll(async () => {
    staff = await createTestStaff(t, ['admin']);
    key = new SoftwareAuthenticator();
    await register(await staffLogin(t, staff), key, 'Security key');
  });

  it('the password step says a passkey is there; its assertion makes the session active', async () => {
    const login = await staffRequest(t, '/api/staff/login', {
      method: 'POST',
      json: { email: staff.email, password: STAFF_PASSWORD },
    });
    expect(await json(login)).toEqual({ next: 'totp', passkey: true });
    const pending = staffCookieOf(login) ?? '';
    const options = await optionsOf(await post(postStaffPasskeyChallenge.path, pending));
    expect(options['rpId']).toBe(STAFF_HOST);
    expect(options['allowCredentials']).toEqual([expect.objectContaining({ id: key.id })]);

    const ok = await secondFactor(pending, key.assert(options, { origin: ORIGIN }));
    expect(ok.status).toBe(200);
    const active = staffCookieOf(ok);
    expect((await staffRequest(t, getStaffMe.path, { cookie: active })).status).toBe(200);
    const [entry] = (await auditOf(staff.id, 'login')).slice(-1);
    expect(entry?.after).toEqual({ second_factor: 'passkey' });
    // The challenge is gone with its use.
    expect(
      await t.db
        .select()
        .from(staffWebauthnChallenges)
        .where(eq(staffWebauthnChallenges.challenge, String(options['challenge']))),
    ).toEqual([]);
  });

  it('refuses another key’s signature, and the challenge is then used up', async () => {
    const { pending, options } = await pendingWithChallenge(staff);
    const forged = await secondFactor(pending, key.assert(options, { origin: ORIGIN, wrongKey: true }));
    expect(await codeOf(forged)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    const right = await secondFactor(pending, key.assert(options, { origin: ORIGIN }));
    expect(await codeOf(right)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    expect((await auditOf(staff.id, 'passkey_failed')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a replayed assertion on another login', async () => {
    const first = await pendingWithChallenge(staff);
    const answer = key.assert(first.options, { origin: ORIGIN });
    expect((await secondFactor(first.pending, answer)).status).toBe(200);
    const second = await pendingWithChallenge(staff);
    expect(await codeOf(await secondFactor(second.pending, answer))).toEqual({
      status: 400,
      code: 'staff_passkey_invalid',
    });
  });

  it('refuses another origin and another RP ID', async () => {
    for (const bent of [{ origin: 'http://default.localhost' }, { origin: ORIGIN, rpId: 'default.localhost' }]) {
      const { pending, options } = await pendingWithChallenge(staff);
      expect(await codeOf(await secondFactor(pending, key.assert(options, bent)))).toEqual({
        status: 400,
        code: 'staff_passkey_invalid',
      });
    }
  });

  it('refuses a counter that did not grow (a cloned key)', async () => {
    const { pending, options } = await pendingWithChallenge(staff);
    const clone = await secondFactor(pending, key.assert(options, { origin: ORIGIN, counter: 1 }));
    expect(await codeOf(clone)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
  });

  it('refuses a passkey of another staff member', async () => {
    const other = await createTestStaff(t, ['admin']);
    const otherKey = new SoftwareAuthenticator();
    await register(await staffLogin(t, other), otherKey, 'Theirs');
    const { pending, options } = await pendingWithChallenge(staff);
    expect(await codeOf(await secondFactor(pending, otherKey.assert(options, { origin: ORIGIN })))).toEqual({
      status: 400,
      code: 'staff_passkey_invalid',
    });
  });

  it('keeps the TOTP code as the fallback', async () => {
    // The refusals above count as wrong codes (CODE_LOCK): their 15 minutes pass first.
    t.clock.now = new Date(t.clock.now.getTime() + 16 * MINUTE);
    const pending = await passwordStep(t, staff);
    const ok = await post(postStaffSecondFactor.path, pending, { code: await totpNow(t, staff.secret) });
    expect(ok.status).toBe(200);
  });

  it('asks for a challenge only with a pending or active session, and only when there is a passkey', async () => {
    expect((await staffRequest(t, postStaffPasskeyChallenge.path, { method: 'POST' })).status).toBe(401);
    const without = await passwordStep(t, await createTestStaff(t, ['admin']));
    expect(await codeOf(await post(postStaffPasskeyChallenge.path, without))).toEqual({
      status: 409,
      code: 'staff_no_passkey',
    });
  });
});

describe('re-authentication and removal', () => {
  it('a passkey re-authenticates; removing one needs it and is audited; another’s is not found', async () => {
    const staff = await createTestStaff(t, ['finance']);
    const key = new SoftwareAuthenticator();
    const cookie = await staffLogin(t, staff);
    const passkey = await register(cookie, key, 'Laptop');
    const spare = await register(cookie, new SoftwareAuthenticator(), 'Spare key');

    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    expect(await codeOf(await post(postStaffPasskeyRemove.path, cookie, { id: spare.id }))).toEqual({
      status: 403,
      code: 'staff_reauth_required',
    });

    // A pending-login challenge does not serve re-authentication, and the other way round.
    const options = await optionsOf(await post(postStaffPasskeyChallenge.path, cookie));
    const reauth = await post(postStaffReauth.path, cookie, { passkey: key.assert(options, { origin: ORIGIN }) });
    expect(reauth.status).toBe(200);
    expect(await auditOf(staff.id, 'reauth')).toEqual([
      expect.objectContaining({ after: { second_factor: 'passkey' } }),
    ]);

    const other = await createTestStaff(t, ['finance']);
    const otherCookie = await staffLogin(t, other);
    expect(await codeOf(await post(postStaffPasskeyRemove.path, otherCookie, { id: passkey.id }))).toEqual({
      status: 404,
      code: 'not_found',
    });

    expect((await post(postStaffPasskeyRemove.path, cookie, { id: spare.id })).status).toBe(200);
    const list = await json<{ passkeys: StaffPasskey[] }>(await staffRequest(t, getStaffPasskeys.path, { cookie }));
    expect(list.passkeys.map((p) => p.name)).toEqual(['Laptop']);
    const removed = await auditOf(staff.id, 'passkey_removed');
    expect(removed.map((entry) => (entry.before as { name?: string } | null)?.name)).toEqual(['Spare key']);
  });

  it('a wrong passkey, or one of an expired challenge, does not re-authenticate', async () => {
    const staff = await createTestStaff(t, ['finance']);
    const key = new SoftwareAuthenticator();
    const cookie = await staffLogin(t, staff);
    await register(cookie, key, 'Laptop');
    t.clock.now = new Date(t.clock.now.getTime() + 11 * MINUTE);
    const options = await optionsOf(await post(postStaffPasskeyChallenge.path, cookie));
    const forged = await post(postStaffReauth.path, cookie, {
      passkey: key.assert(options, { origin: ORIGIN, wrongKey: true }),
    });
    expect(await codeOf(forged)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    // PASSKEY_CHALLENGE_MINUTES later (the session is still within its idle time).
    const stale = await optionsOf(await post(postStaffPasskeyChallenge.path, cookie));
    t.clock.now = new Date(t.clock.now.getTime() + 5 * MINUTE + 1_000);
    const late = await post(postStaffReauth.path, cookie, { passkey: key.assert(stale, { origin: ORIGIN }) });
    expect(await codeOf(late)).toEqual({ status: 400, code: 'staff_passkey_invalid' });
    expect(await codeOf(await post(postStaffPasskeyOptions.path, cookie))).toEqual({
      status: 403,
      code: 'staff_reauth_required',
    });
  });
});
