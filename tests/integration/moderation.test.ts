/**
 * The photo queue's rules (SPEC §2.7 'Moderation', the moderation feature's loadQueue and
 * decidePhoto) through the back office's calls: GET /api/staff/moderation/photos (the queue of
 * photos being inspected, all sites) and POST /api/staff/moderation/photos/decide (approve, or
 * reject with a reason the member sees). Who may call them: staff-roles.test.ts; bulk
 * decisions and their audit entries: staff-moderation.test.ts. The member sites' old calls
 * (/api/moderation/*.php) are gone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStaffModerationPhotos, postStaffModerationPhotos } from '#src/contract/staff-moderation.ts';
import { getPhotos, photoUrl } from '#src/contract/photos.ts';
import { randomPublicId } from '#src/server/db/ids.ts';
import { photos, profiles } from '#src/server/db/schema.ts';
import { PHOTO_SIZES, PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import { countPhotos } from '#src/server/features/photos/upload.ts';
import {
  createTestApp,
  createTestMember,
  FIXED_NOW,
  seedSiteData,
  type TestApp,
  errorAnswerOf,
  answerOf,
} from './harness.ts';
import { createTestStaff, staffLogin, staffRequest } from './staff-helpers.ts';

const QUEUE = getStaffModerationPhotos.path;
const DECIDE = postStaffModerationPhotos.path;
const HOUR = 60 * 60 * 1000;

let t: TestApp;
/** Staff sessions (the back office's cookie). */
let moderator: string;
let admin: string;
/** Member accounts' sessions: one with the moderator role, one without. */
let memberModerator: string;
let memberSession: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  admin = await staffLogin(t, await createTestStaff(t, ['admin']));
  const session = async (role: 'member' | 'moderator') =>
    t.login((await createTestMember(t, { role, name: `Member ${role}` })).accountId);
  memberModerator = await session('moderator');
  memberSession = await session('member');
});
afterAll(() => t.close());

/** A photo row of a profile: being inspected unless told, uploaded `hoursAgo` before now. */
async function addPhoto(
  profileId: number,
  init: { status?: 'being_inspected' | 'active' | 'rejected'; hoursAgo?: number; position?: number } = {},
) {
  const [row] = await t.db
    .insert(photos)
    .values({
      publicId: randomPublicId(),
      profileId,
      storageKey: randomPublicId(20),
      width: PHOTO_SIZES.full.width,
      height: PHOTO_SIZES.full.height,
      thumbWidth: PHOTO_SIZES.thumb.width,
      thumbHeight: PHOTO_SIZES.thumb.height,
      status: init.status ?? 'being_inspected',
      position: init.position ?? 0,
      createdAt: new Date(FIXED_NOW.getTime() - (init.hoursAgo ?? 1) * HOUR),
    })
    .returning({ id: photos.id, publicId: photos.publicId });
  if (!row) throw new Error('no photo');
  return row;
}

async function setMain(profileId: number, photoId: number | null) {
  await t.db.update(profiles).set({ mainPhotoId: photoId }).where(eq(profiles.id, profileId));
}

async function mainOf(profileId: number) {
  const [row] = await t.db
    .select({ mainPhotoId: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row?.mainPhotoId;
}

async function photoRow(id: number) {
  const [row] = await t.db.select().from(photos).where(eq(photos.id, id));
  return row;
}

const queue = (cookie: string, query = '') => staffRequest(t, `${QUEUE}${query}`, { cookie });

/** One photo's decision: `{ photo, decision, reason? }` as a bulk decision of that photo. */
const decide = (cookie: string, { photo, ...json }: { photo: string; [key: string]: unknown }) =>
  staffRequest(t, DECIDE, { method: 'POST', json: { photos: [photo], ...json }, cookie });

async function waiting(): Promise<number> {
  return (await t.db.select({ id: photos.id }).from(photos).where(eq(photos.status, 'being_inspected'))).length;
}

describe('the retired member calls', () => {
  it('answers 404 on member sites, also to a member account with the moderator role', async () => {
    const photo = await addPhoto((await createTestMember(t)).profileId);
    for (const session of [memberModerator, memberSession]) {
      const list = await t.request('/api/moderation/photos.php', { session });
      expect(list.status).toBe(404);
      const decision = await t.request('/api/moderation/photo.php', {
        method: 'POST',
        session,
        json: { photo: photo.publicId, decision: 'approve' },
      });
      expect(decision.status).toBe(404);
      expect((await errorAnswerOf(decision)).error.code).toBe('not_found');
    }
    expect((await photoRow(photo.id))?.status).toBe('being_inspected');
  });

  it('lets moderators and admins of the back office in', async () => {
    expect((await queue(moderator)).status).toBe(200);
    expect((await queue(admin)).status).toBe(200);
  });
});

describe('GET /api/staff/moderation/photos', () => {
  it('lists the photos being inspected of every site, oldest first, with the total and no e-mail addresses', async () => {
    const anna = await createTestMember(t, { name: 'Anna', email: 'anna.moderation@example.test' });
    const bert = await createTestMember(t, {
      siteId: 'she',
      name: 'Bert',
      gender: 'male',
      seeking: 'female',
      birthdate: '1990-01-15',
      email: 'bert.moderation@example.test',
    });
    const bertActive = await addPhoto(bert.profileId, { status: 'active', position: 0 });
    await setMain(bert.profileId, bertActive.id);
    await addPhoto(bert.profileId, { status: 'rejected', position: 1 });
    const newest = await addPhoto(anna.profileId, { hoursAgo: 1000, position: 1 });
    const oldest = await addPhoto(anna.profileId, { hoursAgo: 3000, position: 0 });
    const middle = await addPhoto(bert.profileId, { hoursAgo: 2000, position: 2 });
    await setMain(anna.profileId, oldest.id);

    const response = await queue(moderator);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('@');
    const answer = getStaffModerationPhotos.response.parse(JSON.parse(text));

    const times = answer.photos.map((p) => p.uploaded_at);
    expect(times).toEqual([...times].sort());
    const mine = answer.photos.filter((p) => [oldest, middle, newest].some((o) => o.publicId === p.id));
    expect(mine.map((p) => p.id)).toEqual([oldest.publicId, middle.publicId, newest.publicId]);
    expect(answer.total).toBe(await waiting());

    const [first, second, third] = mine;
    expect(first).toMatchObject({
      url: `/api/staff/photo?id=${oldest.publicId}&v=full`,
      thumb_url: `/api/staff/photo?id=${oldest.publicId}&v=thumb`,
      is_main: true,
      profile: { id: anna.publicId, name: 'Anna', age: 45, gender: 'female', site: 'default', type: 'member' },
    });
    expect(first?.profile.active_photos).toEqual([]);
    expect(third?.is_main).toBe(false);
    expect(second).toMatchObject({
      is_main: false,
      profile: { name: 'Bert', age: 35, gender: 'male', site: 'she', active_photos: [{ id: bertActive.publicId }] },
    });
    // Only approved photos are shown for comparison: not the rejected one, not those waiting.
    expect(second?.profile.active_photos).toEqual([
      { id: bertActive.publicId, thumb_url: `/api/staff/photo?id=${bertActive.publicId}&v=thumb` },
    ]);
  });

  it("filters by site, with that site's total", async () => {
    const she = await createTestMember(t, { siteId: 'she', name: 'Cleo' });
    const onShe = await addPhoto(she.profileId, { hoursAgo: 5 });
    const onDefault = await addPhoto((await createTestMember(t)).profileId, { hoursAgo: 5 });

    const answer = await answerOf(getStaffModerationPhotos, await queue(moderator, '?site=she'));
    expect(answer.photos.map((p) => p.profile.site)).toEqual(answer.photos.map(() => 'she'));
    expect(answer.photos.map((p) => p.id)).toContain(onShe.publicId);
    expect(answer.photos.map((p) => p.id)).not.toContain(onDefault.publicId);
    const sheWaiting = await t.db
      .select({ id: photos.id })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .where(and(eq(profiles.siteId, 'she'), eq(photos.status, 'being_inspected')));
    expect(answer.total).toBe(sheWaiting.length);
    expect(answer.total).toBeLessThan(await waiting());
  });

  it('refuses an unknown site', async () => {
    const response = await queue(moderator, '?site=nosuchsite');
    expect(response.status).toBe(400);
    expect(await errorAnswerOf(response)).toMatchObject({ error: { code: 'invalid_input', field: 'site' } });
  });

  it('lists the newest first when asked', async () => {
    const answer = await answerOf(getStaffModerationPhotos, await queue(moderator, '?order=newest'));
    const times = answer.photos.map((p) => p.uploaded_at);
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort().reverse());
    expect(answer.total).toBe(await waiting());
  });

  it("finds a member's photos by part of the name (any case) or by the profile id, with their total", async () => {
    const zoe = await createTestMember(t, { name: 'Zoë_Searchable' });
    const first = await addPhoto(zoe.profileId, { hoursAgo: 7 });
    const second = await addPhoto(zoe.profileId, { hoursAgo: 6 });
    // '_' in the search is a character, not a LIKE wildcard.
    const other = await createTestMember(t, { name: 'Zoëxsearchable' });
    await addPhoto(other.profileId, { hoursAgo: 6 });

    const byName = await answerOf(
      getStaffModerationPhotos,
      await queue(moderator, `?member=${encodeURIComponent('ë_search')}`),
    );
    expect(byName.photos.map((p) => p.id)).toEqual([first.publicId, second.publicId]);
    expect(byName.total).toBe(2);

    const byId = await answerOf(
      getStaffModerationPhotos,
      await queue(moderator, `?member=${zoe.publicId}&order=newest`),
    );
    expect(byId.photos.map((p) => p.id)).toEqual([second.publicId, first.publicId]);
    expect(byId.total).toBe(2);

    const none = await answerOf(getStaffModerationPhotos, await queue(moderator, '?member=nobody-is-called-this'));
    expect(none).toEqual({ photos: [], total: 0 });
  });

  it('refuses an unknown order', async () => {
    const response = await queue(moderator, '?order=random');
    expect(response.status).toBe(400);
    expect(await errorAnswerOf(response)).toMatchObject({ error: { code: 'invalid_input', field: 'order' } });
  });
});

describe('POST /api/staff/moderation/photos/decide', () => {
  it('approves: the photo becomes active and, on a profile without one, its main photo', async () => {
    const member = await createTestMember(t);
    const photo = await addPhoto(member.profileId);
    await setMain(member.profileId, null);

    const response = await decide(moderator, { photo: photo.publicId, decision: 'approve' });
    expect(response.status).toBe(200);
    expect(await answerOf(postStaffModerationPhotos, response)).toEqual({
      decided: [photo.publicId],
      missed: [],
      remaining: await waiting(),
    });
    const row = await photoRow(photo.id);
    expect(row).toMatchObject({ status: 'active', rejectReason: null, reviewedAt: t.clock.now });
    // A staff account is not a member account: the audit log names who (staff-moderation.test.ts).
    expect(row?.reviewedBy).toBeNull();
    expect(await mainOf(member.profileId)).toBe(photo.id);

    const list = await answerOf(getStaffModerationPhotos, await queue(moderator));
    expect(list.photos.map((p) => p.id)).not.toContain(photo.publicId);
  });

  it("approves without taking the place of the profile's main photo", async () => {
    const member = await createTestMember(t);
    const main = await addPhoto(member.profileId, { status: 'active', position: 0 });
    const photo = await addPhoto(member.profileId, { position: 1 });
    await setMain(member.profileId, main.id);

    expect((await decide(admin, { photo: photo.publicId, decision: 'approve' })).status).toBe(200);
    expect((await photoRow(photo.id))?.status).toBe('active');
    expect(await mainOf(member.profileId)).toBe(main.id);
  });

  it('rejects with the reason, keeps the photo, and moves the main photo to the first active one', async () => {
    const member = await createTestMember(t);
    const rejected = await addPhoto(member.profileId, { position: 0 });
    const later = await addPhoto(member.profileId, { status: 'active', position: 2 });
    const first = await addPhoto(member.profileId, { status: 'active', position: 1 });
    await addPhoto(member.profileId, { position: 3 });
    await setMain(member.profileId, rejected.id);
    const held = await countPhotos(t.db, member.profileId);

    const response = await decide(moderator, { photo: rejected.publicId, decision: 'reject', reason: 'no_face' });
    expect(response.status).toBe(200);
    expect(await answerOf(postStaffModerationPhotos, response)).toEqual({
      decided: [rejected.publicId],
      missed: [],
      remaining: await waiting(),
    });
    expect(await photoRow(rejected.id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'no_face',
      reviewedAt: t.clock.now,
    });
    expect(await mainOf(member.profileId)).toBe(first.id);
    expect(later.id).not.toBe(first.id);
    // Rejected photos stay until the member deletes them, but no longer count against the limit.
    expect(await countPhotos(t.db, member.profileId)).toBe(held - 1);
  });

  it('leaves the profile without a main photo when a rejected main photo has no active successor', async () => {
    const member = await createTestMember(t);
    const photo = await addPhoto(member.profileId);
    await setMain(member.profileId, photo.id);
    const response = await decide(moderator, { photo: photo.publicId, decision: 'reject', reason: 'quality' });
    expect(response.status).toBe(200);
    expect(await mainOf(member.profileId)).toBeNull();
  });

  it('keeps the main photo when rejecting another one', async () => {
    const member = await createTestMember(t);
    const main = await addPhoto(member.profileId, { status: 'active', position: 0 });
    const photo = await addPhoto(member.profileId, { position: 1 });
    await setMain(member.profileId, main.id);
    expect((await decide(moderator, { photo: photo.publicId, decision: 'reject', reason: 'nudity' })).status).toBe(200);
    expect(await mainOf(member.profileId)).toBe(main.id);
  });

  it('decides a photo only once: a second decision misses it and changes nothing', async () => {
    const member = await createTestMember(t);
    const photo = await addPhoto(member.profileId);
    expect((await decide(moderator, { photo: photo.publicId, decision: 'approve' })).status).toBe(200);

    const again = await decide(admin, { photo: photo.publicId, decision: 'reject', reason: 'other' });
    expect(again.status).toBe(200);
    expect(await answerOf(postStaffModerationPhotos, again)).toMatchObject({ decided: [], missed: [photo.publicId] });
    expect(await photoRow(photo.id)).toMatchObject({ status: 'active', rejectReason: null });
  });

  it('lets only one of two simultaneous decisions through', async () => {
    const member = await createTestMember(t);
    const photo = await addPhoto(member.profileId);
    const answers = await Promise.all(
      [
        decide(moderator, { photo: photo.publicId, decision: 'approve' }),
        decide(admin, { photo: photo.publicId, decision: 'reject', reason: 'copyright' }),
      ].map(async (response) => answerOf(postStaffModerationPhotos, await response)),
    );
    expect(answers.map((a) => a.decided.length).sort()).toEqual([0, 1]);
    expect(answers.map((a) => a.missed.length).sort()).toEqual([0, 1]);
    const row = await photoRow(photo.id);
    expect(row?.status).toBe(answers[0]?.decided.length === 1 ? 'active' : 'rejected');
  });

  it('misses a photo that does not exist', async () => {
    const response = await decide(moderator, { photo: 'doesnotexist', decision: 'approve' });
    expect(await answerOf(postStaffModerationPhotos, response)).toMatchObject({
      decided: [],
      missed: ['doesnotexist'],
    });
  });

  it('needs a known reason to reject', async () => {
    const photo = await addPhoto((await createTestMember(t)).profileId);
    for (const body of [
      { photo: photo.publicId, decision: 'reject' },
      { photo: photo.publicId, decision: 'reject', reason: 'ugly' },
      { photo: photo.publicId, decision: 'maybe' },
    ]) {
      const response = await decide(moderator, body);
      expect(response.status).toBe(400);
      expect((await errorAnswerOf(response)).error.code).toBe('invalid_input');
    }
    expect((await photoRow(photo.id))?.status).toBe('being_inspected');
  });

  it('shows the member the decision on their own photos: the status and the reason of a rejection', async () => {
    const member = await createTestMember(t);
    const approved = await addPhoto(member.profileId, { position: 0 });
    const rejected = await addPhoto(member.profileId, { position: 1 });
    await setMain(member.profileId, null);
    await decide(moderator, { photo: approved.publicId, decision: 'approve' });
    await decide(moderator, { photo: rejected.publicId, decision: 'reject', reason: 'not_you' });

    const response = await t.request(getPhotos.path, { session: await t.login(member.accountId) });
    expect(response.status).toBe(200);
    const own = await answerOf(getPhotos, response);
    expect(
      own.photos.map((p) => ({ id: p.id, status: p.status, is_main: p.is_main, reason: p.reject_reason })),
    ).toEqual([
      { id: approved.publicId, status: 'active', is_main: true, reason: null },
      { id: rejected.publicId, status: 'rejected', is_main: false, reason: 'not_you' },
    ]);
  });
});

describe('the photo files of the queue', () => {
  it('lets a member account with the moderator role see a photo being inspected on photo.php, and nobody else but its owner', async () => {
    const owner = await createTestMember(t);
    const photo = await addPhoto(owner.profileId);
    const [row] = await t.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photo.id));
    const storage = t.deps.photoStorage;
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    for (const variant of PHOTO_VARIANTS) await storage.put(photoFileName(row?.key ?? '', variant), jpeg, 'image/jpeg');

    const queued = (await answerOf(getStaffModerationPhotos, await queue(moderator))).photos.find(
      (p) => p.id === photo.publicId,
    );
    expect(queued).toBeDefined();
    // The back office's own file call (staff-photo.test.ts covers it further).
    const staffImage = await staffRequest(t, queued?.url ?? '', { cookie: moderator });
    expect(staffImage.status).toBe(200);
    for (const url of [photoUrl(photo.publicId, 'full'), photoUrl(photo.publicId, 'thumb')]) {
      const image = await t.request(url, { session: memberModerator });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await t.request(url, { session: memberSession })).status).toBe(404);
      expect((await t.request(url)).status).toBe(404);
    }
  });
});
