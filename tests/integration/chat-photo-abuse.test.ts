/**
 * Chat photos are not decoded for free (docs/security.md): an unknown or blocked
 * conversation, a retry's client_id (also one of another conversation) and a short balance
 * are answered before the photo is read or decoded; a member's hourly limit and the fair
 * decoding gate (one decode per member, one waiting) stop a burst of parallel uploads, while
 * another member's photo still gets its turn; a member's share of decoding (megapixels over
 * time) makes one who keeps sending huge photos wait, and refuses them past the wait a photo
 * may have.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PHOTO_FIELDS, postChatPhoto, sentMessage } from '#src/contract/chat.ts';
import { postPhoto } from '#src/contract/photos.ts';
import { postBlock } from '#src/contract/members.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { CHAT_PHOTO_UPLOAD_LIMIT } from '#src/server/features/chat/photo-send.ts';
import {
  decodingBalance,
  decodingLoad,
  PHOTO_DECODING,
  spendDecodingShare,
} from '#src/server/features/photos/index.ts';
import { accountKey, hit } from '#src/server/http/rate-limit.ts';
import { balanceOf, chatMember, clientId, prices, startChat, type ChatMember } from './chat-fixtures.ts';
import { call, createTestApp, seedSiteData, type TestApp } from './harness.ts';

/** Decodes seen, running now and at most at once; `delayMs` holds each decode that long. */
const decodes = vi.hoisted(() => ({ count: 0, running: 0, peak: 0, delayMs: 0 }));

// The decoder itself: chat photos and profile photos alike go through it.
vi.mock('#src/server/features/photos/process.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#src/server/features/photos/process.ts')>();
  return {
    ...original,
    processUpload: async (...args: Parameters<typeof original.processUpload>) => {
      decodes.count += 1;
      decodes.running += 1;
      decodes.peak = Math.max(decodes.peak, decodes.running);
      try {
        if (decodes.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, decodes.delayMs));
        return await original.processUpload(...args);
      } finally {
        decodes.running -= 1;
      }
    },
  };
});

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  Object.assign(decodes, { count: 0, running: 0, peak: 0, delayMs: 0 });
});

async function upload(from: ChatMember, conversation: string, client = clientId(), photo = png): Promise<Response> {
  const form = new FormData();
  form.append(CHAT_PHOTO_FIELDS.photo, new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  form.append(CHAT_PHOTO_FIELDS.conversation, conversation);
  form.append(CHAT_PHOTO_FIELDS.client_id, client);
  return await t.app.request(postChatPhoto.path, {
    method: 'POST',
    headers: { host: 'default.localhost', 'x-request-type': 'client', cookie: `${AUTH_COOKIE_NAME}=${from.session}` },
    body: form,
  });
}

/** Waits until `done` holds (each check after a few milliseconds). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

async function pair(credits = 500) {
  const me = await chatMember(t, { paid: true, credits });
  const her = await chatMember(t, { gender: 'female' });
  return { me, her, chat: await startChat(t, me, her.publicId) };
}

describe('chat photos before decoding', () => {
  it('an unknown conversation is answered 404 without decoding, also 20 at once', async () => {
    const { me } = await pair();
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(me, 'NOSUCHCHAT1')));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 404));
    expect(decodes.count).toBe(0);
  });

  it("a retry's client_id is answered with the message sent, without decoding or charging", async () => {
    const price = await prices(t);
    const { me, her, chat } = await pair(100);
    const key = clientId();
    const first = sentMessage.parse(await (await upload(me, chat, key)).json());
    expect(decodes.count).toBe(1);
    const retries = await Promise.all(Array.from({ length: 20 }, () => upload(me, chat, key)));
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(sentMessage.parse(await retry.json()).message.id).toBe(first.message.id);
    }
    expect(decodes.count).toBe(1);
    expect(await balanceOf(t, me.accountId)).toBe(100 - price.photo_credits);
    // The same client_id in another conversation: 409, nothing decoded.
    const other = await chatMember(t, { gender: 'female' });
    const otherChat = await startChat(t, me, other.publicId);
    const reused = await upload(me, otherChat, key);
    expect(reused.status).toBe(409);
    expect(await errorCode(reused)).toBe('client_id_used');
    expect(decodes.count).toBe(1);
    // Blocked: the block deleted the conversation, so 404, and no decode either.
    await call(t, postBlock, { session: her.session, body: { profile: me.publicId } });
    expect((await upload(me, chat)).status).toBe(404);
    expect(decodes.count).toBe(1);
  });

  it('a balance short of the photo price is answered 402 without decoding', async () => {
    const { me, chat } = await pair(0);
    expect((await upload(me, chat)).status).toBe(402);
    expect(decodes.count).toBe(0);
  });

  it(`stops at ${CHAT_PHOTO_UPLOAD_LIMIT.max} photos per member and hour, before decoding`, async () => {
    const { me, chat } = await pair();
    for (let i = 0; i < CHAT_PHOTO_UPLOAD_LIMIT.max; i += 1) {
      await hit(t.db, accountKey('chat-photo', me.accountId), CHAT_PHOTO_UPLOAD_LIMIT, t.clock.now);
    }
    const limited = await upload(me, chat);
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe('rate_limited');
    expect(decodes.count).toBe(0);
  });
});

describe('the fair decoding gate', () => {
  it("one member's burst decodes one at a time with one waiting; another member still gets a turn", async () => {
    const burst = await pair();
    const other = await pair();
    decodes.delayMs = 150;
    const answers = Promise.all(Array.from({ length: 10 }, () => upload(burst.me, burst.chat)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const theirs = await upload(other.me, other.chat);
    expect(theirs.status).toBe(200);
    const statuses = (await answers).map((a) => a.status).sort();
    const allowed = 1 + PHOTO_DECODING.perKeyQueue;
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - allowed);
    expect(decodes.count).toBe(allowed + 1);
    // The small photos may also take the slot of small photos.
    expect(decodes.peak).toBeLessThanOrEqual(PHOTO_DECODING.concurrency + PHOTO_DECODING.lightSlots);
  });

  it("a member's profile photos and chat photos share one turn", async () => {
    const { me, chat } = await pair();
    decodes.delayMs = 150;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const profilePhoto = t.app.request(postPhoto.path, {
      method: 'POST',
      headers: { host: 'default.localhost', 'x-request-type': 'client', cookie: `${AUTH_COOKIE_NAME}=${me.session}` },
      body: form,
    });
    await until(() => decodes.running === 1);
    // The profile photo decodes and one chat photo waits: a third is refused before any work.
    const waiting = upload(me, chat);
    await until(() => decodingLoad().queued === 1);
    const refused = await upload(me, chat);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('rate_limited');
    expect((await profilePhoto).status).toBe(200);
    expect((await waiting).status).toBe(200);
    expect(decodes.count).toBe(2);
    expect(decodes.peak).toBe(1);
  });

  it("charges a photo's megapixels by its header against the member's share", async () => {
    const { me, chat } = await pair();
    const large = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#c8285a' } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    const started = performance.now();
    expect((await upload(me, chat, clientId(), large)).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    const { burst, perSecond } = PHOTO_DECODING.share;
    // 1.96 megapixels taken; what came back meanwhile is at most perSecond a second.
    expect(decodingBalance(me.accountId)).toBeLessThanOrEqual(burst - 1.96 + perSecond * seconds + 0.01);
    expect(decodingBalance(me.accountId)).toBeGreaterThanOrEqual(burst - 1.96 - 0.01);
  });

  it('makes a member in debt wait for their share, refuses past the longest wait, and leaves others alone', async () => {
    const { burst, perSecond, maxWaitMs } = PHOTO_DECODING.share;
    const debtor = await pair();
    const other = await pair();
    // Two seconds of debt: the photo waits that long, then is decoded.
    spendDecodingShare(debtor.me.accountId, burst + 2 * perSecond);
    const started = performance.now();
    const after = async (answer: Promise<Response>) => ({
      status: (await answer).status,
      ms: performance.now() - started,
    });
    const [waited, theirs] = await Promise.all([
      after(upload(debtor.me, debtor.chat)),
      after(upload(other.me, other.chat)),
    ]);
    expect(waited.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(waited.ms).toBeGreaterThanOrEqual(1_900);
    // The other member's photo did not wait for the debtor's share.
    expect(theirs.ms).toBeLessThan(waited.ms);
    // Deeper in debt than a photo may wait: refused at once, nothing decoded.
    decodes.count = 0;
    spendDecodingShare(debtor.me.accountId, burst + ((maxWaitMs + 5_000) / 1000) * perSecond);
    const refused = await upload(debtor.me, debtor.chat);
    expect(refused.status).toBe(429);
    expect(await errorCode(refused)).toBe('rate_limited');
    expect(decodes.count).toBe(0);
    expect((await upload(other.me, other.chat)).status).toBe(200);
  });
});
