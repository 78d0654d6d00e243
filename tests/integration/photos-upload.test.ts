/** POST /api/photos.php: multipart photo uploads (the photo rules of SPEC §2.7, §6). */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { PHOTO_MAX_BYTES, postPhoto } from '#src/contract/photos.ts';
import { accounts, photos, profiles } from '#src/server/db/schema.ts';
import { PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import { UPLOAD_LIMIT } from '#src/server/features/photos/upload.ts';
import { accountKey, hit } from '#src/server/http/rate-limit.ts';
import { photoStorageDir } from '#src/server/providers/storage/index.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp, errorAnswerOf, answerOf } from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});

afterAll(async () => {
  await t.close();
});

interface UploadInit {
  session?: string | undefined;
  clientHeader?: boolean;
  headers?: Record<string, string>;
  locale?: string;
  host?: string;
}

/** Sends a file as multipart/form-data the way the browser does. */
async function upload(file: Blob | null, init: UploadInit = {}, name = 'photo.jpg'): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('host', init.host ?? 'default.localhost');
  headers.set('accept', 'application/json, text/plain, */*');
  if (init.clientHeader !== false) headers.set('x-request-type', 'client');
  const cookies = [
    ...(init.session ? [`${AUTH_COOKIE_NAME}=${init.session}`] : []),
    ...(init.locale ? [`locale=${init.locale}`] : []),
  ];
  if (cookies.length) headers.set('cookie', cookies.join('; '));
  const form = new FormData();
  if (file) form.append('photo', file, name);
  return await t.app.request(postPhoto.path, { method: 'POST', headers, body: form });
}

function blob(bytes: Uint8Array, type = 'image/jpeg'): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

async function member(overrides: { paid?: boolean } = {}) {
  const created = await createTestMember(t);
  if (overrides.paid) await t.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  return { ...created, session: await t.login(created.accountId) };
}

/** A camera-like JPEG: 800×600 pixels, EXIF orientation 6 (to be turned upright), GPS and a maker note. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Leaky 3000', Copyright: 'SECRET-OWNER-NAME' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 5678/100',
      },
    })
    .toBuffer();
}

async function storedFiles(photoId: string) {
  const [row] = await t.db.select().from(photos).where(eq(photos.publicId, photoId));
  if (!row) throw new Error('no photo row');
  const dir = photoStorageDir(t.config);
  return {
    row,
    dir,
    file: (variant: (typeof PHOTO_VARIANTS)[number]) => join(dir, photoFileName(row.storageKey, variant)),
  };
}

describe('POST /api/photos.php', () => {
  it('stores a JPEG re-encoded, upright, without EXIF or GPS, being inspected, as the main photo', async () => {
    const m = await member();
    const original = await cameraJpeg();
    // The test file really carries what must not survive.
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes('SECRET-OWNER-NAME')).toBe(true);

    const response = await upload(blob(original), { session: m.session });
    expect(response.status).toBe(200);
    const body = await answerOf(postPhoto, response);
    // A random id, not the row's sequence number.
    expect(body.photo.id).toMatch(/^[a-z0-9]{12}$/);
    expect(body).toEqual({
      photo: {
        id: body.photo.id,
        status: 'being_inspected',
        thumb_url: `/api/photo.php?id=${body.photo.id}&v=thumb`,
        url: `/api/photo.php?id=${body.photo.id}&v=full`,
        width: 600,
        height: 800,
        is_main: true,
        premium: false,
        reject_reason: null,
      },
    });

    const { row, file } = await storedFiles(body.photo.id);
    expect(row.profileId).toBe(m.profileId);
    expect(row.status).toBe('being_inspected');
    expect(row.storageKey).toMatch(/^[a-f0-9]{32}$/);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, m.profileId));
    expect(profile?.mainPhotoId).toBe(row.id);

    for (const variant of PHOTO_VARIANTS) {
      const bytes = await readFile(file(variant));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes('SECRET-OWNER-NAME')).toBe(false);
      expect(bytes.includes('SecretCam')).toBe(false);
      expect(bytes.includes('Exif\0')).toBe(false);
    }
    // Turned by its orientation: the 800×600 sensor image is a 600×800 portrait.
    const full = await sharp(await readFile(file('full'))).metadata();
    expect([full.width, full.height]).toEqual([600, 800]);
    expect([row.width, row.height]).toEqual([600, 800]);
    const thumb = await sharp(await readFile(file('thumb'))).metadata();
    expect([thumb.width, thumb.height]).toEqual([200, 266]);
    const match = await sharp(await readFile(file('match'))).metadata();
    expect([match.width, match.height]).toEqual([400, 400]);
    const blurred = await sharp(await readFile(file('blur'))).metadata();
    expect([blurred.width, blurred.height]).toEqual([200, 266]);
  });

  it('keeps large photos at most 1200×1600', async () => {
    const m = await member();
    const big = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const response = await upload(blob(big), { session: m.session });
    expect(response.status).toBe(200);
    const { photo } = await answerOf(postPhoto, response);
    const { file } = await storedFiles(photo.id);
    const meta = await sharp(await readFile(file('full'))).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
  });

  it('accepts PNG and WebP (identified by content, whatever the name), the second photo is not the main one', async () => {
    const m = await member();
    const png = await sharp({ create: { width: 300, height: 400, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    const first = await upload(blob(png, 'image/png'), { session: m.session }, 'a.png');
    expect(first.status).toBe(200);
    expect((await answerOf(postPhoto, first)).photo.is_main).toBe(true);
    const second = await upload(blob(webp, 'application/octet-stream'), { session: m.session }, 'b.jpg');
    expect(second.status).toBe(200);
    const { photo } = await answerOf(postPhoto, second);
    expect(photo.is_main).toBe(false);
    const { file } = await storedFiles(photo.id);
    expect((await sharp(await readFile(file('full'))).metadata()).format).toBe('jpeg');
  });

  it('accepts an iPhone HEIC photo (HEVC inside), decoded and stored as JPEG', async () => {
    const m = await member();
    const heic = await readFile(join(import.meta.dirname, '../fixtures/sample-hevc.heic'));
    // The fixture really is HEVC, which the prebuilt libvips cannot decode by itself.
    expect((await sharp(heic).metadata()).compression).toBe('hevc');
    const response = await upload(blob(heic, 'image/heic'), { session: m.session }, 'IMG_0001.HEIC');
    expect(response.status).toBe(200);
    const { photo } = await answerOf(postPhoto, response);
    expect([photo.width, photo.height]).toEqual([96, 64]);
    const { file } = await storedFiles(photo.id);
    const meta = await sharp(await readFile(file('full'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 96, 64]);
  });

  it('refuses a text file named .jpg, and other image formats, with the translated photo_type error', async () => {
    const m = await member();
    const text = new TextEncoder().encode('this is not a photo at all, just some text\n'.repeat(20));
    const response = await upload(blob(text), { session: m.session }, 'holiday.jpg');
    expect(response.status).toBe(415);
    expect(await errorAnswerOf(response)).toEqual({
      error: { code: 'photo_type', message: 'Please choose a JPEG, PNG, WebP or HEIC photo.', field: 'photo' },
    });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refused = await upload(blob(gif, 'image/jpeg'), { session: m.session });
    expect(refused.status).toBe(415);
    expect((await errorAnswerOf(refused)).error.code).toBe('photo_type');
    expect(await t.db.select().from(photos).where(eq(photos.profileId, m.profileId))).toHaveLength(0);
  });

  it('refuses files over 15 MB, by Content-Length and by the bytes sent', async () => {
    const m = await member();
    const declared = await upload(blob(new Uint8Array(10)), {
      session: m.session,
      headers: { 'content-length': String(PHOTO_MAX_BYTES + 10 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect((await errorAnswerOf(declared)).error.code).toBe('photo_too_large');

    const huge = new Uint8Array(PHOTO_MAX_BYTES + 1);
    huge.set(await cameraJpeg());
    const sent = await upload(blob(huge), { session: m.session });
    expect(sent.status).toBe(413);
    const body = await errorAnswerOf(sent);
    expect(body.error.code).toBe('photo_too_large');
    expect(body.error.message).toBe(
      'This photo is too large. Please choose a photo of at most 15 MB and 40 megapixels.',
    );
  });

  it('refuses images over 40 megapixels', async () => {
    const m = await member();
    const wide = await sharp({ create: { width: 10_000, height: 4_001, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const response = await upload(blob(wide, 'image/png'), { session: m.session });
    expect(response.status).toBe(413);
    expect((await errorAnswerOf(response)).error.code).toBe('photo_too_large');
  });

  it('limits free members to 3 photos and premium members to 25', async () => {
    const small = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const free = await member();
    for (let i = 0; i < 3; i++) expect((await upload(blob(small), { session: free.session })).status).toBe(200);
    const fourth = await upload(blob(small), { session: free.session });
    expect(fourth.status).toBe(400);
    expect(await errorAnswerOf(fourth)).toEqual({
      error: {
        code: 'photo_limit',
        message: 'You can add up to 3 photos. Premium members can add up to 25.',
        field: 'photo',
      },
    });
    const german = await upload(blob(small), { session: free.session, locale: 'de' });
    expect((await errorAnswerOf(german)).error.code).toBe('photo_limit');
    expect(await t.db.select().from(photos).where(eq(photos.profileId, free.profileId))).toHaveLength(3);
    // No files were left behind for the refused uploads: 3 photos × 4 variants.
    const keys = (await t.db.select().from(photos).where(eq(photos.profileId, free.profileId))).map(
      (p) => p.storageKey,
    );
    for (const key of keys)
      for (const v of PHOTO_VARIANTS)
        expect(existsSync(join(photoStorageDir(t.config), photoFileName(key, v)))).toBe(true);

    const premium = await member({ paid: true });
    for (let i = 0; i < 4; i++) expect((await upload(blob(small), { session: premium.session })).status).toBe(200);
  });

  it('needs a logged-in member', async () => {
    const jpeg = await cameraJpeg();
    const response = await upload(blob(jpeg));
    expect(response.status).toBe(403);
    expect((await errorAnswerOf(response)).error.code).toBe('authentication_required');
  });

  it('needs the X-Request-Type: client header (a plain form post cannot set it)', async () => {
    const m = await member();
    const response = await upload(blob(await cameraJpeg()), { session: m.session, clientHeader: false });
    expect(response.status).toBe(415);
    expect((await errorAnswerOf(response)).error.code).toBe('invalid_input');
    expect(await t.db.select().from(photos).where(eq(photos.profileId, m.profileId))).toHaveLength(0);
  });

  it('answers photo_missing without a file', async () => {
    const m = await member();
    const response = await upload(null, { session: m.session });
    expect(response.status).toBe(400);
    expect((await errorAnswerOf(response)).error).toEqual({
      code: 'photo_missing',
      message: 'Please choose a photo.',
      field: 'photo',
    });
  });

  it('rate-limits uploads per account', async () => {
    const m = await member();
    const key = accountKey('photo-upload', m.accountId);
    for (let i = 0; i < UPLOAD_LIMIT.max; i++) await hit(t.db, key, UPLOAD_LIMIT, t.clock.now);
    const response = await upload(blob(await cameraJpeg()), { session: m.session });
    expect(response.status).toBe(429);
    expect((await errorAnswerOf(response)).error.code).toBe('rate_limited');
  });

  it('takes a session on its own site only', async () => {
    const m = await member();
    const other = sites.find((s) => s.id !== 'default');
    if (!other) throw new Error('one site only');
    const response = await upload(blob(await cameraJpeg()), { session: m.session, host: `${other.id}.localhost` });
    expect(response.status).toBe(403);
    expect((await errorAnswerOf(response)).error.code).toBe('authentication_required');
  });
});
