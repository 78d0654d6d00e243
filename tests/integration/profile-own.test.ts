/**
 * The 'My profile' calls (SPEC §2.7 'My profile', §5): the own profile, saving
 * basics, location and details with the SPEC texts, and the own photos
 * (list, profile image, premium-only, delete with files). Another member's ids do nothing.
 * City suggestions: cities.test.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '#src/contract/user.ts';
import en from '#src/i18n/locales/en.json' with { type: 'json' };
import { deletePhoto, getPhotos, putPhoto } from '#src/contract/photos.ts';
import { getOwnProfile, putProfileDetails } from '#src/contract/profile.ts';
import { accounts, photos, profiles, regions } from '#src/server/db/schema.ts';
import { PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import { photoStorageDir } from '#src/server/providers/storage/index.ts';
import {
  createTestApp,
  createTestMember,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

async function member(photoCount = 0, extra: Parameters<typeof createTestMember>[1] = {}) {
  const list = [];
  for (let i = 0; i < photoCount; i++) list.push({ key: await writeTestPhotoFiles(t), status: 'active' as const });
  const created = await createTestMember(t, { photos: list, ...extra });
  return { ...created, session: await t.login(created.accountId) };
}

const put = (session: string, body: unknown, locale?: string) =>
  t.request('/api/profile.php', { method: 'PUT', session, json: body, ...(locale ? { cookies: { locale } } : {}) });

describe('GET /api/profile.php', () => {
  it('answers the own profile with photos and limit, and nothing to visitors', async () => {
    const m = await member(2);
    const { profile } = await answerOf(getOwnProfile, await t.request('/api/profile.php', { session: m.session }));
    expect(profile).toMatchObject({
      id: m.publicId,
      gender: 'female',
      date_of_birth: '1980-04-12',
      age: 45,
      country: 'NL',
      city: 'Amsterdam',
      invisible: false,
      privacy_mode: false,
      photo_limit: 3,
    });
    expect(profile.photos).toHaveLength(2);
    expect(profile.photos[0]?.is_main).toBe(true);
    const visitor = await t.request('/api/profile.php');
    expect(visitor.status).toBe(403);
  });
});

describe('PUT /api/profile.php', () => {
  it('saves basics, location and details and answers the saved profile', async () => {
    const m = await member();
    const [utrecht] = await t.db
      .select()
      .from(regions)
      .where(and(eq(regions.country, 'NL'), eq(regions.code, 'UT')));
    const response = await put(m.session, {
      name: 'Sunny',
      gender: 'male',
      date_of_birth: '1975-02-28',
      country: 'NL',
      countryregion: utrecht?.id,
      city: 'Utrecht',
      hair_color: 'gray',
      body_type: 'fat',
      interests: ['music', 'gangbang'],
      about_me: 'Hello there',
    });
    expect(response.status).toBe(200);
    const { profile } = await answerOf(putProfileDetails, response);
    expect(profile).toMatchObject({
      name: 'Sunny',
      gender: 'male',
      date_of_birth: '1975-02-28',
      age: 50,
      countryregion: utrecht?.id,
      city: 'Utrecht',
      hair_color: 'gray',
      body_type: 'fat',
      about_me: 'Hello there',
    });
    expect(profile.interests.sort()).toEqual(['gangbang', 'music']);
  });

  it('answers the SPEC texts for the username and date of birth, in the member language', async () => {
    const m = await member();
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, m.accountId));
    const cases: [unknown, string, string][] = [
      [{ name: account?.email }, 'name', 'Username may not be the same as your e-mail address'],
      [{ name: '@sunny' }, 'name', 'Username may not start with @'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Enter your date of birth (18+)'],
      [{ date_of_birth: '1980-02-30' }, 'date_of_birth', 'Invalid date of birth.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(m.session, body);
      expect(response.status).toBe(400);
      expect((await errorAnswerOf(response)).error).toMatchObject({ field, message });
    }
    const german = await errorAnswerOf(await put(m.session, { name: '@x1' }, 'de'));
    expect(german.error.message).not.toBe('Username may not start with @');
    // Nothing of the refused saves was stored.
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect(row?.birthdate).toBe('1980-04-12');
    expect(row?.name).not.toContain('@');
  });

  it('takes only countries the site serves and regions of the chosen country; a new country clears the region', async () => {
    const m = await member();
    const [bavaria] = await t.db
      .select()
      .from(regions)
      .where(and(eq(regions.country, 'DE'), eq(regions.code, 'BY')));
    const wrongRegion = await put(m.session, { countryregion: bavaria?.id });
    expect(await errorAnswerOf(wrongRegion)).toMatchObject({ error: { field: 'countryregion' } });
    const wrongCountry = await put(m.session, { country: 'BR' });
    expect(await errorAnswerOf(wrongCountry)).toMatchObject({
      error: { field: 'country', message: en.profile.errors.country_invalid },
    });
    const moved = await answerOf(putProfileDetails, await put(m.session, { country: 'DE' }));
    expect(moved.profile).toMatchObject({ country: 'DE', countryregion: 0 });
    const withRegion = await answerOf(putProfileDetails, await put(m.session, { countryregion: bavaria?.id }));
    expect(withRegion.profile.countryregion).toBe(bavaria?.id);
  });
});

describe('own photos', () => {
  const list = async (session: string) => answerOf(getPhotos, await t.request('/api/photos.php', { session }));

  it('sets a photo as the profile image and premium-only; the profile image cannot be premium-only', async () => {
    const m = await member(3);
    const before = await list(m.session);
    expect(before.limit).toBe(3);
    const [main, second, third] = before.photos;
    if (!main || !second || !third) throw new Error('photos');

    const premium = await t.request('/api/photos.php', {
      method: 'PUT',
      session: m.session,
      json: { photo: third.id, premium: true },
    });
    expect((await answerOf(putPhoto, premium)).photos.find((p) => p.id === third.id)?.premium).toBe(true);

    const refused = await t.request('/api/photos.php', {
      method: 'PUT',
      session: m.session,
      json: { photo: main.id, premium: true },
    });
    expect(refused.status).toBe(400);
    expect((await errorAnswerOf(refused)).error.field).toBe('premium');

    // Making the premium photo the profile image makes it public.
    const after = await answerOf(
      putPhoto,
      await t.request('/api/photos.php', { method: 'PUT', session: m.session, json: { photo: third.id, main: true } }),
    );
    expect(after.photos[0]).toMatchObject({ id: third.id, is_main: true, premium: false });
    const user = await answerOf(
      getUser,
      await t.request('/api/user.php', { session: m.session, headers: { 'x-request-type': 'client' } }),
    );
    expect(user.user.profile.main_image?.thumb_filename).toBe(`/api/photo.php?id=${third.id}&v=thumb`);
  });

  it('deletes a photo with its files; the next active photo becomes the profile image', async () => {
    const m = await member(2);
    const [main, second] = (await list(m.session)).photos;
    if (!main || !second) throw new Error('photos');
    const [row] = await t.db.select().from(photos).where(eq(photos.publicId, main.id));
    const response = await t.request('/api/photos.php', {
      method: 'DELETE',
      session: m.session,
      json: { photo: main.id },
    });
    const answer = await answerOf(deletePhoto, response);
    expect(answer.photos).toEqual([expect.objectContaining({ id: second.id, is_main: true })]);
    for (const variant of PHOTO_VARIANTS) {
      expect(existsSync(join(photoStorageDir(t.config), photoFileName(row?.storageKey ?? '', variant)))).toBe(false);
    }
    const last = await answerOf(
      deletePhoto,
      await t.request('/api/photos.php', { method: 'DELETE', session: m.session, json: { photo: second.id } }),
    );
    expect(last.photos).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect(profile?.mainPhotoId).toBeNull();
  });

  it("cannot touch another member's photo", async () => {
    const owner = await member(2);
    const other = await member();
    const [photo] = (await list(owner.session)).photos;
    if (!photo) throw new Error('photo');
    for (const [method, body] of [
      ['DELETE', { photo: photo.id }],
      ['PUT', { photo: photo.id, main: true }],
      ['PUT', { photo: photo.id, premium: true }],
    ] as const) {
      const response = await t.request('/api/photos.php', { method, session: other.session, json: body });
      expect(response.status).toBe(404);
    }
    expect((await list(owner.session)).photos).toHaveLength(2);
    expect((await list(other.session)).photos).toEqual([]);
    expect((await t.request('/api/photos.php')).status).toBe(403);
  });
});
