/** PUT /api/profile.php: the details of the caller's own profile (SPEC §3), as signup steps 2–4 save them. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putProfileDetails } from '#src/contract/profile.ts';
import { profileInterests, profiles } from '#src/server/db/schema.ts';
import { accountsApp, call, expectError } from './accounts-helpers.ts';
import { createTestMember, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await accountsApp();
});
afterAll(async () => {
  await t.close();
});

const put = (body: unknown, session?: string, host?: string) =>
  call(t, '/api/profile.php', {
    method: 'PUT',
    json: body,
    ...(session ? { session } : {}),
    ...(host ? { host } : {}),
  });

async function member() {
  const created = await createTestMember(t);
  return { ...created, session: await t.login(created.accountId) };
}

async function profileOf(profileId: number) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, profileId));
  const interests = await t.db
    .select({ interest: profileInterests.interest })
    .from(profileInterests)
    .where(eq(profileInterests.profileId, profileId));
  return { row, interests: interests.map((i) => i.interest).sort() };
}

describe('PUT /api/profile.php', () => {
  it('saves the given details and leaves the others as they are', async () => {
    const m = await member();
    const response = await put(
      {
        sexuality: 'bi',
        hair_color: 'dark_blond',
        eye_color: 'green',
        body_type: 'slim',
        relationship_status: 'single',
        tattoos: 'yes',
        interests: ['music', 'wine'],
        about_me: '  I like long walks.  ',
        signup_reason: 'Fun',
      },
      m.session,
    );
    expect(response.status).toBe(200);
    expect(await answerOf(putProfileDetails, response)).toMatchObject({
      ok: true,
      profile: { sexuality: 'bi', about_me: 'I like long walks.' },
    });
    const saved = await profileOf(m.profileId);
    expect(saved.row).toMatchObject({
      sexuality: 'bi',
      hairColor: 'dark_blond',
      eyeColor: 'green',
      bodyType: 'slim',
      relationshipStatus: 'single',
      tattoos: 'yes',
      aboutMe: 'I like long walks.',
      signupReason: 'Fun',
    });
    expect(saved.interests).toEqual(['music', 'wine']);

    // A later page sends only its own answers.
    expect((await put({ body_type: 'normal' }, m.session)).status).toBe(200);
    const after = await profileOf(m.profileId);
    expect(after.row).toMatchObject({ bodyType: 'normal', hairColor: 'dark_blond', aboutMe: 'I like long walks.' });
    expect(after.interests).toEqual(['music', 'wine']);
  });

  it('replaces the interests as a set, also with an empty list', async () => {
    const m = await member();
    await put({ interests: ['music', 'wine', 'beach'] }, m.session);
    expect((await put({ interests: ['art', 'music'] }, m.session)).status).toBe(200);
    expect((await profileOf(m.profileId)).interests).toEqual(['art', 'music']);
    expect((await put({ interests: [] }, m.session)).status).toBe(200);
    expect((await profileOf(m.profileId)).interests).toEqual([]);
  });

  it('rejects an unknown value with 400 naming the field, and saves nothing', async () => {
    const m = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ hair_color: 'purple' }, 'hair_color'],
      [{ sexuality: 'other' }, 'sexuality'],
      [{ tattoos: true }, 'tattoos'],
      [{ interests: ['music', 'skydiving'] }, 'interests.1'],
      [{ interests: ['music', 'music'] }, 'interests'],
      [{ about_me: 'x'.repeat(2001) }, 'about_me'],
      [{ signup_reason: 'x'.repeat(501) }, 'signup_reason'],
      [{ email: 'x@example.test' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await expectError(await put({ body_type: 'fat', ...body }, m.session), 400, 'invalid_input');
      expect(answer.error.field, JSON.stringify(body)).toBe(field);
    }
    expect((await profileOf(m.profileId)).row?.bodyType).toBeNull();
  });

  it('needs a login (403)', async () => {
    await expectError(await put({ body_type: 'slim' }), 403, 'authentication_required');
  });

  it("changes only the caller's own profile", async () => {
    const a = await member();
    const b = await member();
    await put({ eye_color: 'blue', interests: ['art'] }, b.session);
    expect((await put({ eye_color: 'brown', interests: ['music'] }, a.session)).status).toBe(200);
    expect((await profileOf(a.profileId)).row?.eyeColor).toBe('brown');
    const other = await profileOf(b.profileId);
    expect(other.row?.eyeColor).toBe('blue');
    expect(other.interests).toEqual(['art']);
  });

  it("refuses a session on another site's host", async () => {
    const m = await member();
    await expectError(await put({ eye_color: 'gray' }, m.session, 'bdsm.localhost'), 403, 'authentication_required');
    expect((await profileOf(m.profileId)).row?.eyeColor).toBeNull();
  });
});
