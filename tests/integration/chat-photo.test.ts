/**
 * Photo messages (SPEC §1 'Business model' photo_credits, §2.7 'image upload'): the
 * upload is re-encoded without metadata, costs photo_credits, and its file reaches the two
 * participants only.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PHOTO_FIELDS, getChatMessages, postChatPhoto, sentMessage } from '#src/contract/chat.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { messages } from '#src/server/db/schema.ts';
import { StorageUnavailableError } from '#src/server/providers/storage/index.ts';
import { balanceOf, chatLedger, chatMember, clientId, prices, startChat, type ChatMember } from './chat-fixtures.ts';
import { call, createTestApp, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.close();
});

/** A JPEG with EXIF (camera, GPS) that must not survive. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'SecretCam', Copyright: 'SECRET-OWNER-NAME' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1234/100' },
    })
    .toBuffer();
}

function uploadPhoto(from: ChatMember, conversation: string, bytes: Uint8Array, client = clientId(), app = t) {
  const form = new FormData();
  form.append(CHAT_PHOTO_FIELDS.photo, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'me.jpg');
  form.append(CHAT_PHOTO_FIELDS.conversation, conversation);
  form.append(CHAT_PHOTO_FIELDS.client_id, client);
  return app.app.request(postChatPhoto.path, {
    method: 'POST',
    headers: {
      host: 'default.localhost',
      'x-request-type': 'client',
      cookie: `${AUTH_COOKIE_NAME}=${from.session}`,
    },
    body: form,
  });
}

function fetchFile(url: string, session?: string) {
  return t.request(url, session ? { session } : {});
}

describe('photo messages', () => {
  it('are re-encoded without EXIF, cost photo_credits, and are shown to the two participants only', async () => {
    const price = await prices(t);
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const key = clientId();
    const response = await uploadPhoto(me, chat, original, key);
    expect(response.status).toBe(200);
    const sent = sentMessage.parse(await response.json());
    expect(sent.credits).toBe(100 - price.photo_credits);
    expect(sent.message).toMatchObject({ kind: 'photo', from: 'me', photo: { width: 640, height: 480 } });
    expect(await chatLedger(t, me.accountId)).toMatchObject([{ reason: 'photo', delta: -price.photo_credits }]);

    // A retry with the same client_id is not charged again.
    const retry = sentMessage.parse(await (await uploadPhoto(me, chat, original, key)).json());
    expect(retry.message.id).toBe(sent.message.id);
    expect(await balanceOf(t, me.accountId)).toBe(100 - price.photo_credits);

    const seen = await call(t, getChatMessages, { session: her.session, query: { id: chat } });
    const photo = seen.messages[0]?.photo;
    if (!photo) throw new Error('no photo for the recipient');
    for (const session of [me.session, her.session]) {
      for (const url of [photo.url, photo.thumb_url]) {
        const file = await fetchFile(url, session);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/jpeg');
        const bytes = Buffer.from(await file.arrayBuffer());
        expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        expect(bytes.includes('SECRET-OWNER-NAME')).toBe(false);
      }
    }
    const stranger = await chatMember(t);
    expect((await fetchFile(photo.url, stranger.session)).status).toBe(404);
    expect((await fetchFile(photo.url)).status).toBe(404);
    const [row] = await t.db
      .select({ key: messages.photoKey })
      .from(messages)
      .where(eq(messages.publicId, sent.message.id));
    expect(row?.key).toMatch(/^[a-f0-9]{32}$/);
  });

  it('402 before processing without enough credits; not an image is refused', async () => {
    const me = await chatMember(t, { paid: true, credits: 1 });
    const her = await chatMember(t, { gender: 'female' });
    const chat = await startChat(t, me, her.publicId);
    const poor = await uploadPhoto(me, chat, await cameraJpeg());
    expect(poor.status).toBe(402);
    expect(((await poor.json()) as { error: { code: string } }).error.code).toBe('insufficient_credits');

    const rich = await chatMember(t, { paid: true, credits: 100 });
    const richChat = await startChat(t, rich, her.publicId);
    const text = await uploadPhoto(rich, richChat, new TextEncoder().encode('not an image at all'));
    expect(text.status).toBe(415);
    expect(await balanceOf(t, rich.accountId)).toBe(100);
  });
});

describe('photo storage that cannot be reached', () => {
  it('answers 503 with Retry-After, charges nothing and leaves no file and no message', async () => {
    const stored = new Set<string>();
    // The thumbnail's write fails at once while the full image's is still under way.
    const app = await createTestApp({
      deps: (deps) => ({
        ...deps,
        photoStorage: {
          ...deps.photoStorage,
          put: async (key, bytes, type) => {
            if (key.endsWith('-thumb.jpg'))
              throw new StorageUnavailableError('write', new Error('connect ECONNREFUSED'));
            await new Promise((resolve) => setTimeout(resolve, 100));
            await deps.photoStorage.put(key, bytes, type);
            stored.add(key);
          },
          delete: async (key) => {
            await deps.photoStorage.delete(key);
            stored.delete(key);
          },
        },
      }),
    });
    try {
      await seedSiteData(app);
      const me = await chatMember(app, { paid: true, credits: 100 });
      const her = await chatMember(app, { gender: 'female' });
      const chat = await startChat(app, me, her.publicId);
      const response = await uploadPhoto(me, chat, await cameraJpeg(), clientId(), app);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable');
      expect(stored.size).toBe(0);
      expect(await balanceOf(app, me.accountId)).toBe(100);
      expect(await chatLedger(app, me.accountId)).toEqual([]);
      const seen = await call(app, getChatMessages, { session: her.session, query: { id: chat } });
      expect(seen.messages.filter((m) => m.kind === 'photo')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
