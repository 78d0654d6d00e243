/** GET /api/teasers.php: the public teasers of /signup-matches (SPEC §2.7), and what they never show. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTeaser, getTeasers, type Teaser } from '#src/contract/profile.ts';
import { accounts, profiles } from '#src/server/db/schema.ts';
import { accountsApp, call, expectError, setSiteSettings } from './accounts-helpers.ts';
import { FIXED_NOW, createTestMember, type TestApp, answerOf } from './harness.ts';

let t: TestApp;
let counter = 0;
beforeAll(async () => {
  t = await accountsApp();
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(FIXED_NOW.getTime() - minutes * 60_000);

async function teasers(query: string, host = 'default.localhost'): Promise<Teaser[]> {
  const response = await call(t, `/api/teasers.php?${query}`, { host });
  expect(response.status).toBe(200);
  return (await answerOf(getTeasers, response)).profiles;
}

async function fictional(values: Partial<typeof profiles.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.db
    .insert(profiles)
    .values({
      publicId: `fict${counter}x${Math.random().toString(36).slice(2, 8)}`,
      siteId: 'default',
      type: 'fictional',
      status: 'active',
      name: `Pal${counter}`,
      gender: 'male',
      birthdate: '1990-01-01',
      country: 'NL',
      city: 'Utrecht',
      lat: 52090,
      lon: 5120,
      lastActiveAt: minutesAgo(counter),
      ...values,
    })
    .returning({ id: profiles.id, publicId: profiles.publicId });
  if (!row) throw new Error('no profile');
  return row;
}

describe('GET /api/teasers.php', () => {
  it('shows active members and fictional profiles of the asked gender, most recently active first', async () => {
    const a = await createTestMember(t, { gender: 'female', name: 'Anna', birthdate: '1995-06-02' });
    const b = await createTestMember(t, { gender: 'female', name: 'Bea', city: 'Delft' });
    const f = await fictional({ gender: 'female', name: 'Fenna', birthdate: '2000-06-01', lastActiveAt: FIXED_NOW });
    await createTestMember(t, { gender: 'male', name: 'Man' });
    await t.db
      .update(profiles)
      .set({ lastActiveAt: minutesAgo(5) })
      .where(eq(profiles.id, a.profileId));
    await t.db
      .update(profiles)
      .set({ lastActiveAt: minutesAgo(10) })
      .where(eq(profiles.id, b.profileId));

    const list = await teasers('gender=female');
    expect(list).toEqual([
      { id: f.publicId, name: 'Fenna', age: 25, city: 'Utrecht', type: 'fictional' },
      { id: a.publicId, name: 'Anna', age: 29, city: 'Amsterdam', type: 'member' },
      { id: b.publicId, name: 'Bea', age: 45, city: 'Delft', type: 'member' },
    ]);
    // Deterministic: the same order again.
    expect(await teasers('gender=female')).toEqual(list);
  });

  it('never answers e-mail addresses, coordinates or credits, and of photos only the thumb of an active main photo', async () => {
    const m = await createTestMember(t, {
      gender: 'male',
      name: 'Private',
      photos: [{ key: 'zqsecretkey', status: 'active' }],
    });
    const inspected = await createTestMember(t, {
      gender: 'male',
      name: 'Inspected',
      photos: [{ key: 'zqpendingkey', status: 'being_inspected' }],
    });
    await t.db.update(accounts).set({ credits: 777 }).where(eq(accounts.id, m.accountId));
    await fictional({ gender: 'male' });
    const response = await call(t, '/api/teasers.php?gender=male');
    const text = await response.text();
    // Public ids are random base36, so they are left out of the search for leaked words.
    const withoutIds = text.replace(/"id":"[0-9a-z]+"/g, '"id":""').replace(/id=[0-9a-zA-Z_-]+/g, 'id=');
    expect(withoutIds).not.toMatch(
      /@example\.test|email|lat|lon|credits|777|zqsecretkey|zqpendingkey|52090|full|match|blur/i,
    );
    const list = (JSON.parse(text) as { profiles: Teaser[] }).profiles;
    for (const teaser of list) {
      expect(Object.keys(teaser).sort()).toEqual(expect.arrayContaining(['age', 'id', 'name', 'type']));
      expect(Object.keys(teaser).every((key) => ['age', 'id', 'name', 'type', 'city', 'image'].includes(key))).toBe(
        true,
      );
    }
    expect(list.find((p) => p.id === m.publicId)?.image).toMatch(/^\/api\/photo\.php\?id=[^&]+&v=thumb$/);
    expect(list.find((p) => p.id === inspected.publicId)).toBeDefined();
    expect(list.find((p) => p.id === inspected.publicId)?.image).toBeUndefined();
  });

  it('leaves out invisible, privacy-mode, disabled and account-less member profiles', async () => {
    const gender = 'female';
    const birthdate = '1960-03-03';
    const visible = await createTestMember(t, { gender, birthdate, name: 'Visible' });
    const invisible = await createTestMember(t, { gender, birthdate, name: 'Invisible', invisible: true });
    const privacy = await createTestMember(t, { gender, birthdate, name: 'Privacy' });
    await t.db.update(profiles).set({ privacyMode: true }).where(eq(profiles.id, privacy.profileId));
    await createTestMember(t, { gender, birthdate, name: 'Unconfirmed', status: 'not_confirmed' });
    const orphan = await createTestMember(t, { gender, birthdate, name: 'Orphan' });
    await t.db.update(profiles).set({ accountId: null }).where(eq(profiles.id, orphan.profileId));
    const deleted = await createTestMember(t, { gender, birthdate, name: 'Deleted' });
    await t.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, deleted.accountId));
    await fictional({ gender, birthdate, name: 'HiddenPal', invisible: true });
    await fictional({ gender, birthdate, name: 'OffPal', status: 'disabled' });
    const pal = await fictional({ gender, birthdate, name: 'Pal' });

    const names = (await teasers('gender=female&min_age=65&max_age=65')).map((p) => p.name).sort();
    expect(names).toEqual(['Pal', 'Visible']);
    expect(visible.publicId && invisible.publicId && pal.publicId).toBeTruthy();
  });

  it('filters by age and answers at most 8', async () => {
    for (let i = 0; i < 10; i += 1) await fictional({ gender: 'male', birthdate: '1940-01-01', name: `Old${i}` });
    const old = await teasers('gender=male&min_age=80');
    expect(old).toHaveLength(8);
    expect(old.every((p) => p.age === 85 && p.name.startsWith('Old'))).toBe(true);
    const young = await teasers('gender=male&max_age=30');
    expect(young.every((p) => p.age <= 30)).toBe(true);
    expect(young.some((p) => p.name.startsWith('Old'))).toBe(false);
  });

  it('shows only profiles of the request site', async () => {
    await createTestMember(t, { siteId: 'bdsm', gender: 'female', name: 'Kinky', birthdate: '1970-07-07' });
    expect((await teasers('gender=female&min_age=54&max_age=55')).map((p) => p.name)).not.toContain('Kinky');
    expect((await teasers('gender=female&min_age=54&max_age=55', 'bdsm.localhost')).map((p) => p.name)).toEqual([
      'Kinky',
    ]);
  });

  it("leaves the city out when the site does not show 'city'", async () => {
    await fictional({ siteId: 'gay', gender: 'male', name: 'Cityless', city: 'Rotterdam' });
    await setSiteSettings(t, 'gay', { visible_profile_fields: ['age', 'country'] });
    const [only] = await teasers('gender=male', 'gay.localhost');
    expect(only).toMatchObject({ name: 'Cityless', type: 'fictional' });
    expect(only).not.toHaveProperty('city');
  });

  it('rejects a missing or unknown gender and ages under 18 (400 naming the field)', async () => {
    for (const [query, field] of [
      ['', 'gender'],
      ['gender=other', 'gender'],
      ['gender=male&min_age=12', 'min_age'],
    ] as const) {
      const answer = await expectError(await call(t, `/api/teasers.php?${query}`), 400, 'invalid_input');
      expect(answer.error.field).toBe(field);
    }
  });

  it('puts profiles with an approved photo first', async () => {
    const plain = await createTestMember(t, { gender: 'female', name: 'Plain', birthdate: '1940-01-01' });
    const pictured = await createTestMember(t, {
      gender: 'female',
      name: 'Pictured',
      birthdate: '1940-01-01',
      photos: [{ key: 'zqpicturedkey', status: 'active' }],
    });
    await t.db.update(profiles).set({ lastActiveAt: FIXED_NOW }).where(eq(profiles.id, plain.profileId));
    await t.db
      .update(profiles)
      .set({ lastActiveAt: minutesAgo(600) })
      .where(eq(profiles.id, pictured.profileId));
    const list = await teasers('gender=female&min_age=80&max_age=90');
    expect(list.map((p) => p.name)).toEqual(['Pictured', 'Plain']);
  });

  it('answers one public profile by id for the profile landers, and null for hidden ones', async () => {
    const shown = await createTestMember(t, {
      gender: 'female',
      name: 'Lander',
      photos: [{ key: 'zqlanderkey', status: 'active' }],
    });
    const hidden = await createTestMember(t, { gender: 'female', name: 'Hidden', invisible: true });
    const privacy = await createTestMember(t, { gender: 'female', name: 'Private' });
    await t.db.update(profiles).set({ privacyMode: true }).where(eq(profiles.id, privacy.profileId));
    const unconfirmed = await createTestMember(t, { gender: 'female', name: 'Unconfirmed', status: 'not_confirmed' });
    const pal = await fictional({ gender: 'female', name: 'PalLander' });

    const response = await call(t, `/api/teaser.php?id=${shown.publicId}`);
    expect(response.status).toBe(200);
    const { profile } = await answerOf(getTeaser, response);
    expect(profile).toMatchObject({ id: shown.publicId, name: 'Lander', type: 'member', city: 'Amsterdam' });
    expect(profile?.image).toMatch(/v=thumb$/);

    const palAnswer = await answerOf(getTeaser, await call(t, `/api/teaser.php?id=${pal.publicId}`));
    expect(palAnswer.profile).toMatchObject({ name: 'PalLander', type: 'fictional' });

    // Hidden (invisible, privacy mode, not confirmed) and unknown profiles answer alike, so
    // the answer tells nothing about them (docs/marketing.md).
    const answers = [];
    for (const id of [hidden.publicId, privacy.publicId, unconfirmed.publicId, 'doesnotexist']) {
      const missing = await call(t, `/api/teaser.php?id=${id}`);
      expect(missing.status).toBe(200);
      answers.push(await missing.text());
    }
    expect(answers).toEqual(Array(4).fill('{"profile":null}'));
    // Another site does not answer this site's profile.
    const foreign = await call(t, `/api/teaser.php?id=${shown.publicId}`, { host: 'gay.localhost' });
    expect(await foreign.text()).toBe('{"profile":null}');
  });
});
