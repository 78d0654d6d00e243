/**
 * Photos in S3-compatible object storage (STORAGE=s3; docs/operations.md "Photo storage"),
 * against a real local S3 server (s3-server.ts): uploads land in the bucket as all four
 * variants, are served only through photo.php's viewer checks (being inspected, premium
 * blur), and go with a photo's or an account's deletion. A store that goes away answers
 * uploads 503 `storage_unavailable` in the member's language, keeps nothing half-written and
 * fails /readyz (viewing answers 503 meanwhile); it recovers when the store comes back.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '#sites-config';
import { deleteAccount } from '#src/contract/accounts.ts';
import { deletePhoto, postPhoto, putPhoto } from '#src/contract/photos.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { translator } from '#src/i18n/index.ts';
import { accounts, photos } from '#src/server/db/schema.ts';
import { purgeDeletedAccounts } from '#src/server/features/accounts/deletion.ts';
import { hashPassword } from '#src/server/features/accounts/password.ts';
import { PHOTO_VARIANTS, photoFileName } from '#src/server/features/photos/files.ts';
import { photoStorageDir } from '#src/server/providers/storage/index.ts';
import { createS3StorageProvider } from '#src/server/providers/storage/s3.ts';
import { StorageUnavailableError, type StorageProvider } from '#src/server/providers/storage/types.ts';
import { seed } from '#src/server/seed/index.ts';
import { PASSWORD } from './accounts-helpers.ts';
import {
  answerOf,
  call,
  createTestApp,
  createTestMember,
  errorAnswerOf,
  seedSiteData,
  type TestApp,
  type TestAppOptions,
} from './harness.ts';
import { startS3Server, type TestS3 } from './s3-server.ts';

const started = await startS3Server();
const s3: TestS3 | null = typeof started === 'string' ? null : started;
if (typeof started === 'string') console.warn(`photos-s3: skipped, ${started}`);

const DAY = 24 * 3_600_000;

let t: TestApp;

async function s3App(options: TestAppOptions = {}): Promise<TestApp> {
  if (!s3) throw new Error('no S3 server');
  const app = await createTestApp({ ...options, vars: { ...s3.vars, ...options.vars } });
  await seedSiteData(app);
  return app;
}

beforeAll(async () => {
  if (s3) t = await s3App();
});
afterAll(async () => {
  if (s3) await t.close();
  await s3?.close();
});

async function portraitJpeg(): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(bytes);
}

/** Sends a photo as multipart/form-data the way the browser does. */
async function upload(app: TestApp, session: string, locale = 'en'): Promise<Response> {
  const form = new FormData();
  form.append('photo', new Blob([await portraitJpeg()], { type: 'image/jpeg' }), 'me.jpg');
  return app.app.request(postPhoto.path, {
    method: 'POST',
    headers: {
      host: 'default.localhost',
      accept: 'application/json',
      'x-request-type': 'client',
      cookie: `${AUTH_COOKIE_NAME}=${session}; locale=${locale}`,
    },
    body: form,
  });
}

async function member(app: TestApp, init: { paid?: boolean } = {}) {
  const created = await createTestMember(app, { passwordHash: await hashPassword(PASSWORD) });
  if (init.paid) await app.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, created.accountId));
  return { ...created, session: await app.login(created.accountId) };
}

async function storageKeyOf(app: TestApp, publicId: string): Promise<string> {
  const [row] = await app.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.publicId, publicId));
  if (!row) throw new Error('no photo row');
  return row.key;
}

const objectsOf = (key: string) => PHOTO_VARIANTS.map((variant) => photoFileName(key, variant)).sort();

async function uploaded(app: TestApp, session: string) {
  const response = await upload(app, session);
  expect(response.status).toBe(200);
  const { photo } = await answerOf(postPhoto, response);
  return { id: photo.id, key: await storageKeyOf(app, photo.id) };
}

async function photoFile(app: TestApp, session: string | null, id: string, variant: string) {
  const response = await app.request(`/api/photo.php?id=${id}&v=${variant}`, session ? { session } : {});
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.skipIf(!s3)('photos in S3-compatible storage', () => {
  it('stores all four variants in the bucket and nothing on the local disk; /readyz asks the bucket', async () => {
    if (!s3) return;
    const owner = await member(t);
    const before = new Set(await s3.keys());
    const { key } = await uploaded(t, owner.session);
    const added = (await s3.keys()).filter((k) => !before.has(k));
    expect(added).toEqual(objectsOf(key));
    expect(existsSync(join(photoStorageDir(t.config), photoFileName(key, 'full')))).toBe(false);
    // The full variant is a 600×800 JPEG, as on the local disk.
    expect(await sharp(await s3.object(photoFileName(key, 'full'))).metadata()).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 800,
    });
    await expect(t.deps.photoStorage.list()[Symbol.asyncIterator]().next()).resolves.toMatchObject({ done: false });

    await (await t.request('/readyz')).arrayBuffer();
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { storage: 'ok' } });
    // The readiness probe leaves nothing behind.
    expect((await s3.keys()).filter((k) => k.startsWith('readyprobe'))).toEqual([]);
  });

  it('serves photos only through the viewer checks: inspection, premium blur, visitors', async () => {
    if (!s3) return;
    const owner = await member(t);
    const main = await uploaded(t, owner.session);
    const second = await uploaded(t, owner.session);
    const free = await member(t);
    const premium = await member(t, { paid: true });

    // Being inspected: the owner sees it, nobody else does.
    const own = await photoFile(t, owner.session, second.id, 'full');
    expect(own.status).toBe(200);
    expect(own.bytes).toEqual(await s3.object(photoFileName(second.key, 'full')));
    expect((await photoFile(t, free.session, second.id, 'full')).status).toBe(404);

    // Approved, and the second one premium-only.
    await t.db.update(photos).set({ status: 'active' }).where(eq(photos.profileId, owner.profileId));
    await call(t, putPhoto, { session: owner.session, body: { photo: second.id, premium: true } });

    expect((await photoFile(t, free.session, second.id, 'full')).status).toBe(404);
    expect((await photoFile(t, free.session, second.id, 'thumb')).status).toBe(404);
    const blurred = await photoFile(t, free.session, second.id, 'blur');
    expect(blurred.status).toBe(200);
    expect(blurred.bytes).toEqual(await s3.object(photoFileName(second.key, 'blur')));
    const unlocked = await photoFile(t, premium.session, second.id, 'full');
    expect(unlocked.status).toBe(200);
    expect(unlocked.bytes).toEqual(await s3.object(photoFileName(second.key, 'full')));

    // Visitors: the main photo's thumb only.
    expect((await photoFile(t, null, main.id, 'thumb')).status).toBe(200);
    expect((await photoFile(t, null, main.id, 'full')).status).toBe(404);
    expect((await photoFile(t, null, second.id, 'blur')).status).toBe(404);
  });

  it('deletes the objects of a deleted photo', async () => {
    if (!s3) return;
    const owner = await member(t);
    const { id, key } = await uploaded(t, owner.session);
    const answer = await call(t, deletePhoto, { session: owner.session, body: { photo: id } });
    expect(answer.photos.map((photo) => photo.id)).not.toContain(id);
    const left = new Set(await s3.keys());
    for (const name of objectsOf(key)) expect(left.has(name)).toBe(false);
  });

  it('deletes the objects of a deleted account when it is purged', async () => {
    if (!s3) return;
    const owner = await member(t);
    const first = await uploaded(t, owner.session);
    const second = await uploaded(t, owner.session);
    const kept = await uploaded(t, (await member(t)).session);
    await call(t, deleteAccount, { session: owner.session, body: { reason: 'found_someone', password: PASSWORD } });
    const purged = await purgeDeletedAccounts(t.db, new Date(t.clock.now.getTime() + 14 * DAY), t.deps.photoStorage);
    expect(purged).toBeGreaterThanOrEqual(1);

    const left = new Set(await s3.keys());
    for (const name of [...objectsOf(first.key), ...objectsOf(second.key)]) expect(left.has(name)).toBe(false);
    for (const name of objectsOf(kept.key)) expect(left.has(name)).toBe(true);
  });

  it('seeds the demo photo pool into the bucket, so seeded members show their photos', async () => {
    if (!s3) return;
    const app = await createTestApp({ vars: s3.vars });
    try {
      const result = await seed(app.database, app.config, {
        membersPerSite: 3,
        photoPoolSize: 4,
        sites: sites.filter((site) => site.id === 'default'),
      });
      expect(result.photos).toBeGreaterThan(0);
      const keys = new Set(await s3.keys());
      const rows = await app.db.select({ key: photos.storageKey }).from(photos);
      expect(rows.length).toBeGreaterThan(0);
      for (const { key } of rows) for (const name of objectsOf(key)) expect(keys.has(name)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('keeps nothing half-written when one variant fails: the others are removed once written', async () => {
    if (!s3) return;
    // The real bucket, with the blur write refused at once while the others are still under way.
    if (t.config.storage.kind !== 's3') throw new Error('not on S3');
    const real = createS3StorageProvider(t.config.storage);
    const flaky: StorageProvider = {
      ...real,
      put: async (key, bytes, type) => {
        if (key.endsWith('-blur.jpg')) throw new StorageUnavailableError('write', new Error('connection reset'));
        await new Promise((resolve) => setTimeout(resolve, 150));
        await real.put(key, bytes, type);
      },
    };
    const app = await s3App({ deps: (deps) => ({ ...deps, photoStorage: flaky }) });
    try {
      const owner = await member(app);
      const before = await s3.keys();
      const response = await upload(app, owner.session);
      expect(response.status).toBe(503);
      expect((await errorAnswerOf(response)).error.code).toBe('storage_unavailable');
      expect(await s3.keys()).toEqual(before);
      expect(await app.db.select().from(photos).where(eq(photos.profileId, owner.profileId))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!s3)('object storage unreachable', () => {
  it('answers uploads 503 storage_unavailable in the member’s language, stores no row, fails /readyz, and recovers', async () => {
    if (!s3) return;
    const owner = await member(t);
    const { id } = await uploaded(t, owner.session);
    const rowsBefore = await t.db.select().from(photos).where(eq(photos.profileId, owner.profileId));
    await s3.stop();
    try {
      const refused = await upload(t, owner.session, 'fr');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await errorAnswerOf(refused)).toEqual({
        error: { code: 'storage_unavailable', message: translator('fr')('photos.errors.storage_unavailable') },
      });
      expect(translator('fr')('photos.errors.storage_unavailable')).not.toBe(
        translator('en')('photos.errors.storage_unavailable'),
      );
      expect(await t.db.select().from(photos).where(eq(photos.profileId, owner.profileId))).toEqual(rowsBefore);

      // Viewing: 503 too (it passes), never 500.
      const viewed = await t.request(`/api/photo.php?id=${id}&v=full`, { session: owner.session });
      expect(viewed.status).toBe(503);
      expect((await errorAnswerOf(viewed)).error.code).toBe('unavailable');

      const ready = await t.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'failed' },
      });
    } finally {
      await s3.restart();
    }
    const ready = await t.request('/readyz');
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
    expect((await upload(t, owner.session)).status).toBe(200);
    expect((await photoFile(t, owner.session, id, 'full')).status).toBe(200);
  });
});
