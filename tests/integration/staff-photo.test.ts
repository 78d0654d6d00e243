/**
 * The back office's photo files (docs/staff.md "Reports and moderation"): GET /api/staff/photo
 * serves moderators and admins every variant of any photo (being inspected, active,
 * rejected) on the staff origin, never cached, and the photo queue and reports link to it
 * (the staff origin does not serve the member sites' photo.php). Nobody else gets the bytes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl } from '#src/contract/photos.ts';
import { postReport } from '#src/contract/reports.ts';
import {
  getStaffModerationPhotos,
  getStaffPhoto,
  getStaffReports,
  staffPhotoUrl,
} from '#src/contract/staff-moderation.ts';
import { photos } from '#src/server/db/schema.ts';
import {
  answerOf,
  call,
  createTestApp,
  createTestMember,
  seedSiteData,
  writeTestPhotoFiles,
  type TestApp,
} from './harness.ts';
import { createTestStaff, STAFF_COOKIE, staffLogin, staffRequest } from './staff-helpers.ts';

let t: TestApp;
let moderator: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  moderator = await staffLogin(t, await createTestStaff(t, ['moderator']));
  admin = await staffLogin(t, await createTestStaff(t, ['admin']));
});
afterAll(async () => {
  await t.close();
});

/** A member of `site` with one photo in `status`; answers the photo's public id and storage key. */
async function memberPhoto(status: 'active' | 'being_inspected' | 'rejected', site = 'default') {
  const key = await writeTestPhotoFiles(t);
  const member = await createTestMember(t, {
    siteId: site,
    photos: [{ key, status: status === 'rejected' ? 'being_inspected' : status }],
  });
  const [row] = await t.db
    .select({ id: photos.id, publicId: photos.publicId })
    .from(photos)
    .where(eq(photos.profileId, member.profileId));
  if (!row) throw new Error('no photo');
  if (status === 'rejected') {
    await t.db.update(photos).set({ status: 'rejected', rejectReason: 'quality' }).where(eq(photos.id, row.id));
  }
  return { ...member, photoId: row.publicId, key };
}

describe('GET /api/staff/photo', () => {
  it('serves moderators and admins the asked variant of a photo in any status, never cached', async () => {
    for (const status of ['being_inspected', 'rejected', 'active'] as const) {
      const photo = await memberPhoto(status, status === 'active' ? 'default' : 'gay');
      for (const [cookie, variant] of [
        [moderator, 'full'],
        [admin, 'thumb'],
        [moderator, 'blur'],
      ] as const) {
        const response = await staffRequest(t, staffPhotoUrl(photo.photoId, variant), { cookie });
        expect(response.status, `${status} ${variant}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(await response.text()).toBe(`${photo.key}:${variant}`);
      }
    }
  });

  it('answers the full image without a variant; 404 for an unknown photo, 400 for a bad id or variant', async () => {
    const photo = await memberPhoto('being_inspected');
    const full = await staffRequest(t, `${getStaffPhoto.path}?id=${photo.photoId}`, { cookie: moderator });
    expect(await full.text()).toBe(`${photo.key}:full`);
    const unknown = await staffRequest(t, staffPhotoUrl('P-doesnotexist', 'full'), { cookie: moderator });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
    for (const query of ['', `?id=${photo.photoId}&v=huge`, '?id=%00x', `?id=${'x'.repeat(41)}`]) {
      expect((await staffRequest(t, `${getStaffPhoto.path}${query}`, { cookie: moderator })).status, query).toBe(400);
    }
  });

  it('gives the bytes to nobody else: no session, a member, marketing and finance staff, member sites', async () => {
    const photo = await memberPhoto('being_inspected');
    const url = staffPhotoUrl(photo.photoId, 'full');
    const owner = await t.login(photo.accountId);
    const refusals = [
      await staffRequest(t, url),
      await t.request(url, { host: 'staff.localhost', session: owner }),
      await staffRequest(t, url, { cookie: await staffLogin(t, await createTestStaff(t, ['marketing'])) }),
      await staffRequest(t, url, { cookie: await staffLogin(t, await createTestStaff(t, ['finance'])) }),
      // The staff API does not answer on a member site, even with the owner's or a moderator's cookies.
      await t.request(url, { session: owner, cookies: { [STAFF_COOKIE]: moderator } }),
    ];
    for (const [index, response] of refusals.entries()) {
      expect(response.status, String(index)).toBe(403);
      expect(response.headers.get('content-type'), String(index)).toMatch(/json/);
      expect(await response.text(), String(index)).not.toContain(photo.key);
    }
  });
});

describe('the back office links to its own photo files', () => {
  it('the photo queue: every image URL loads on the staff origin', async () => {
    const [approvedKey, newKey] = [await writeTestPhotoFiles(t), await writeTestPhotoFiles(t)];
    const member = await createTestMember(t, {
      photos: [
        { key: approvedKey, status: 'active' },
        { key: newKey, status: 'being_inspected' },
      ],
    });
    const rows = await t.db
      .select({ publicId: photos.publicId, status: photos.status })
      .from(photos)
      .where(eq(photos.profileId, member.profileId));
    const approvedId = rows.find((row) => row.status === 'active')?.publicId ?? '';
    const queue = await answerOf(
      getStaffModerationPhotos,
      await staffRequest(t, `${getStaffModerationPhotos.path}?member=${member.publicId}`, { cookie: moderator }),
    );
    expect(queue.photos).toHaveLength(1);
    const [queued] = queue.photos;
    const urls = [queued?.url, queued?.thumb_url, queued?.profile.active_photos[0]?.thumb_url];
    expect(urls).toEqual([
      staffPhotoUrl(queued?.id ?? '', 'full'),
      staffPhotoUrl(queued?.id ?? '', 'thumb'),
      staffPhotoUrl(approvedId, 'thumb'),
    ]);
    const expected = [`${newKey}:full`, `${newKey}:thumb`, `${approvedKey}:thumb`];
    for (const [index, url] of urls.entries()) {
      const response = await staffRequest(t, url ?? '', { cookie: moderator });
      expect(response.headers.get('content-type'), url ?? '').toBe('image/jpeg');
      expect(await response.text()).toBe(expected[index]);
    }
    // The member sites' photo file is not served on the staff origin.
    expect((await staffRequest(t, photoUrl(approvedId, 'thumb'), { cookie: moderator })).status).toBe(404);
  });

  it('a photo report: the reported photo and the profile photo load on the staff origin', async () => {
    const reported = await memberPhoto('active');
    const reporter = await createTestMember(t);
    await call(t, postReport, {
      session: await t.login(reporter.accountId),
      body: { target: 'photo', id: reported.photoId, reason: 'explicit_photo' },
    });
    const list = await answerOf(
      getStaffReports,
      await staffRequest(t, `${getStaffReports.path}?view=open`, { cookie: admin }),
    );
    const report = list.reports.find((r) => r.photo?.id === reported.photoId);
    expect(report?.photo?.url).toBe(staffPhotoUrl(reported.photoId, 'full'));
    expect(report?.profile.photo_url).toBe(staffPhotoUrl(reported.photoId, 'thumb'));
    for (const url of [report?.photo?.url, report?.profile.photo_url]) {
      expect((await staffRequest(t, url ?? '', { cookie: admin })).status, url ?? undefined).toBe(200);
    }
  });
});
