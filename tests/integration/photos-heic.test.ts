/**
 * HEIC uploads are decoded safely: the file's structure is checked before any decoder runs
 * (the primary image must be the one libheif decodes, its declared size within the limit),
 * and decoding runs in worker threads with a timeout, a heap limit and a bounded queue, so a
 * hostile file can neither freeze nor exhaust the server.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_PIXELS, postPhoto } from '#src/contract/photos.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { readHeifLayout } from '#src/server/features/photos/heif-boxes.ts';
import { HeicDecodeError, HeicDecoderPool, type HeicPoolOptions } from '#src/server/features/photos/heic-pool.ts';
import { processUpload } from '#src/server/features/photos/process.ts';
import { HttpError } from '#src/server/http/errors.ts';
import { SAMPLE_HEIC, buildHeif } from '../fixtures/heif.ts';
import { answerOf, createTestApp, createTestMember, errorAnswerOf, seedSiteData, type TestApp } from './harness.ts';

const WORKERS = join(import.meta.dirname, '../fixtures/heic-workers');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function upload(bytes: Uint8Array, locale = 'en'): Promise<Response> {
  const { accountId } = await createTestMember(t);
  const session = await t.login(accountId);
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/heic' }), 'IMG_0001.HEIC');
  return t.app.request(postPhoto.path, {
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

function pool(options: Partial<HeicPoolOptions> = {}): HeicDecoderPool {
  return new HeicDecoderPool({
    concurrency: 1,
    maxQueue: 4,
    timeoutMs: 20_000,
    maxPixels: PHOTO_MAX_PIXELS,
    ...options,
  });
}

describe('the HEIF structure check', () => {
  it('reads the primary item, the images a decoder lists, and the primary size', () => {
    expect(readHeifLayout(SAMPLE_HEIC)).toEqual({
      primaryId: 1,
      topLevelImageIds: [1],
      primarySize: { width: 96, height: 64 },
    });
    const multi = buildHeif({
      items: [
        { id: 1, width: 8000, height: 8000 },
        { id: 2, width: 96, height: 64 },
        { id: 3, width: 10, height: 10, hidden: true },
      ],
      primary: 2,
    });
    expect(readHeifLayout(multi)).toEqual({
      primaryId: 2,
      topLevelImageIds: [1, 2],
      primarySize: { width: 96, height: 64 },
    });
    // A thumbnail of the primary is no image of its own.
    const thumbnailFirst = buildHeif({
      items: [
        { id: 1, width: 48, height: 32 },
        { id: 2, width: 96, height: 64 },
      ],
      primary: 2,
      thumbnailOf: [1, 2],
    });
    expect(readHeifLayout(thumbnailFirst).topLevelImageIds).toEqual([2]);
  });

  it('throws on truncated boxes instead of reading past them', () => {
    expect(() => readHeifLayout(SAMPLE_HEIC.subarray(0, 200))).toThrow();
    expect(() => readHeifLayout(new Uint8Array(16))).toThrow();
  });
});

describe('POST /api/photos.php with a HEIC file', () => {
  it('refuses a multi-image HEIF whose primary is not the first, without decoding, in the member language', async () => {
    const decode = vi.spyOn(HeicDecoderPool.prototype, 'decode');
    // The primary (what the size check sees) is small; the first (what libheif decodes) is 64 MP.
    const file = buildHeif({
      items: [
        { id: 1, width: 8000, height: 8000 },
        { id: 2, width: 96, height: 64 },
      ],
      primary: 2,
    });
    const response = await upload(file, 'de');
    expect(response.status).toBe(415);
    expect(await errorAnswerOf(response)).toEqual({
      error: {
        code: 'photo_type',
        message:
          'Diese HEIC-Datei enthält mehrere Bilder, und das Foto ist nicht das erste davon. Bitte speichere das Foto als JPEG und wähle es erneut aus.',
        field: 'photo',
      },
    });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a primary image declared larger than the pixel limit without decoding', async () => {
    const decode = vi.spyOn(HeicDecoderPool.prototype, 'decode');
    const response = await upload(buildHeif({ items: [{ id: 1, width: 9000, height: 9000 }], primary: 1 }));
    expect(response.status).toBe(413);
    expect((await errorAnswerOf(response)).error.code).toBe('photo_too_large');
    expect(decode).not.toHaveBeenCalled();
  });

  it('still decodes the sample iPhone photo, in a worker', async () => {
    const decode = vi.spyOn(HeicDecoderPool.prototype, 'decode');
    const response = await upload(SAMPLE_HEIC);
    expect(response.status).toBe(200);
    const { photo } = await answerOf(postPhoto, response);
    expect([photo.width, photo.height]).toEqual([96, 64]);
    expect(decode).toHaveBeenCalledTimes(1);
  });
});

describe('the HEIC decoder pool', () => {
  it('decodes in a worker thread and answers the RGBA pixels', async () => {
    const image = await pool().decode(SAMPLE_HEIC);
    expect([image.width, image.height, image.data.byteLength]).toEqual([96, 64, 96 * 64 * 4]);
  });

  it('refuses in the worker an image larger than the limit before allocating it', async () => {
    const file = buildHeif({
      items: [
        { id: 1, width: 96, height: 64 },
        { id: 2, width: 96, height: 64 },
      ],
      primary: 1,
    });
    await expect(pool({ maxPixels: 96 * 64 - 1 }).decode(file)).rejects.toEqual(new HeicDecodeError('too_large'));
  });

  it('terminates a decode that takes too long, keeps the main thread free, and answers the translated failure', async () => {
    const stuck = pool({ timeoutMs: 400, workerUrl: new URL(`file://${WORKERS}/hang.ts`) });
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    try {
      await expect(stuck.decode(SAMPLE_HEIC)).rejects.toEqual(new HeicDecodeError('timeout'));
    } finally {
      clearInterval(ticker);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    // The event loop kept running while the worker spun.
    expect(ticks).toBeGreaterThan(3);
    // The upload answers the translated decode failure.
    const failed = await processUpload(SAMPLE_HEIC, { heic: stuck }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(HttpError);
    expect(failed).toMatchObject({ code: 'photo_type', messageKey: 'photos.errors.photo_heic_failed', status: 422 });
  });

  it('ends a worker that goes past its heap limit', async () => {
    const hog = pool({
      workerUrl: new URL(`file://${WORKERS}/hog.ts`),
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
    await expect(hog.decode(SAMPLE_HEIC)).rejects.toEqual(new HeicDecodeError('crashed'));
  });

  it('runs one decode at a time and refuses more than the queue holds as busy', async () => {
    const narrow = pool({ maxQueue: 1, timeoutMs: 600, workerUrl: new URL(`file://${WORKERS}/hang.ts`) });
    const first = narrow.decode(SAMPLE_HEIC);
    const second = narrow.decode(SAMPLE_HEIC);
    await expect(narrow.decode(SAMPLE_HEIC)).rejects.toEqual(new HeicDecodeError('busy'));
    await expect(first).rejects.toEqual(new HeicDecodeError('timeout'));
    await expect(second).rejects.toEqual(new HeicDecodeError('timeout'));
    const busy = await processUpload(SAMPLE_HEIC, {
      heic: pool({ maxQueue: 0, concurrency: 0 }),
    }).catch((error: unknown) => error);
    expect(busy).toMatchObject({ code: 'rate_limited', status: 429, messageKey: 'photos.errors.photo_busy' });
  });
});
