/** The member's own account: GET and PUT /api/user.php. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, getUser, putUserLanguage } from '#src/contract/user.ts';
import { catalogues } from '#src/i18n/index.ts';
import { accounts } from '#src/server/db/schema.ts';
import { applyCredits } from '#src/server/features/credits/ledger.ts';
import {
  createTestApp,
  createTestMember,
  FIXED_NOW,
  seedSiteData,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof createTestMember>>;
let other: Awaited<ReturnType<typeof createTestMember>>;
let session: string;
const email = 'anna.user@example.test';
const otherEmail = 'someone.else@example.test';

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  member = await createTestMember(t, {
    email,
    name: 'Anna',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$not-a-real-hash',
    photos: [
      { key: 'abcdefghijklmnop1234', status: 'active' },
      { key: 'abcdefghijklmnop5678', status: 'being_inspected', premium: true },
    ],
  });
  other = await createTestMember(t, { email: otherEmail, name: 'Bert', gender: 'male', seeking: 'female' });
  await t.db.transaction((tx) =>
    applyCredits(tx, {
      accountId: member.accountId,
      delta: 20,
      reason: 'signup_bonus',
      reference: 'user-test',
      now: FIXED_NOW,
    }),
  );
  session = await t.login(member.accountId);
});
afterAll(() => t.close());

describe('GET /api/user.php', () => {
  it('answers 403 authentication_required when nobody is logged in', async () => {
    const response = await t.request('/api/user.php', { headers: { 'X-Request-Type': 'client' } });
    expect(response.status).toBe(403);
    expect(await errorAnswerOf(response)).toEqual({
      error: { code: 'authentication_required', message: catalogues.en.api.authentication_required },
    });
  });

  it('answers 403 for an unknown session token', async () => {
    const response = await t.request('/api/user.php', { session: 'not-a-session' });
    expect(response.status).toBe(403);
  });

  it("answers the member's own account with exactly the contract's fields", async () => {
    const response = await t.request('/api/user.php', { session, headers: { 'X-Request-Type': 'client' } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { user } = getUser.response.parse(JSON.parse(text));
    expect(Object.keys(user).sort()).toEqual(Object.keys(currentUser.shape).sort());
    expect(Object.keys(user.profile).sort()).toEqual(Object.keys(currentUser.shape.profile.shape).sort());
    expect(user).toMatchObject({
      id: String(member.accountId),
      name: 'Anna',
      email,
      credits: 20,
      paid_user: false,
      status: 'confirmed',
      role: 'member',
      signup_date: FIXED_NOW.toISOString(),
      notifications_disabled: [],
      fictional_icon: 'mask',
      language: 'en',
      profile: {
        id: member.publicId,
        name: 'Anna',
        country: 'NL',
        status: 'active',
        main_image: {
          // Served by the viewer-checked photo endpoint under the photo's random id.
          filename: expect.stringMatching(/^\/api\/photo\.php\?id=[a-z0-9]{12}&v=full$/) as unknown,
          thumb_filename: expect.stringMatching(/^\/api\/photo\.php\?id=[a-z0-9]{12}&v=thumb$/) as unknown,
          status: 'active',
        },
      },
    });
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(otherEmail);
    expect(text).not.toMatch(/password|token|session/i);
  });

  it('answers main_image null for a member without photos', async () => {
    const response = await t.request('/api/user.php', { session: await t.login(other.accountId) });
    const { user } = await answerOf(getUser, response);
    expect(user.profile.main_image).toBeNull();
    expect(user.email).toBe(otherEmail);
  });

  it('does not accept a session on another site', async () => {
    const response = await t.request('/api/user.php', { session, host: 'kinkbound.com' });
    expect(response.status).toBe(403);
  });
});

describe('PUT /api/user.php', () => {
  it('saves the chosen language', async () => {
    const response = await t.request('/api/user.php', { method: 'PUT', session, json: { language: 'de' } });
    expect(response.status).toBe(200);
    expect((await answerOf(putUserLanguage, response)).user.language).toBe('de');
    const [row] = await t.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, member.accountId));
    expect(row?.language).toBe('de');
    const again = await answerOf(getUser, await t.request('/api/user.php', { session }));
    expect(again.user.language).toBe('de');
  });

  it('rejects a language that is not one of the eleven, naming the field', async () => {
    const response = await t.request('/api/user.php', { method: 'PUT', session, json: { language: 'xx' } });
    expect(response.status).toBe(400);
    const body = await errorAnswerOf(response);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.field).toBe('language');
    expect(body.error.message).toContain('language');
  });

  it('refuses a body that is not JSON', async () => {
    const plain = await t.request('/api/user.php', {
      method: 'PUT',
      session,
      body: 'language=fr',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(plain.status).toBe(415);
    expect((await errorAnswerOf(plain)).error.code).toBe('invalid_input');

    const broken = await t.request('/api/user.php', {
      method: 'PUT',
      session,
      body: '{"language": "fr"',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await errorAnswerOf(broken)).error.field).toBe('body');
    const [row] = await t.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.id, member.accountId));
    expect(row?.language).toBe('de');
  });

  it('needs a login', async () => {
    const response = await t.request('/api/user.php', { method: 'PUT', json: { language: 'fr' } });
    expect(response.status).toBe(403);
    expect((await errorAnswerOf(response)).error.code).toBe('authentication_required');
  });
});
