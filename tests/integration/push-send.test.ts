/**
 * Web push for real (SPEC §4 Push, §7 POST user.php?push=1): a browser's
 * subscription is stored, a new message and a new like reach a push endpoint of this test
 * (a local HTTP server) encrypted for that subscription, without the message's text; a gone
 * endpoint (410) loses its subscription; the preference turns pushes off.
 */
import { createECDH, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '#src/contract/accounts.ts';
import { postLike, postSwipe } from '#src/contract/likes.ts';
import { deletePushSubscription, postPushSubscription, pushPayload } from '#src/contract/push.ts';
import { accounts, pushSubscriptions } from '#src/server/db/schema.ts';
import { pushesSettled } from '#src/server/features/push/sender.ts';
import { chatMember, sendChat, startChat, type ChatMember } from './chat-fixtures.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: TestApp;
let server: Server;
let origin = '';
const received: Received[] = [];

beforeAll(async () => {
  // The local endpoint below is a test host: pushes may reach it over http on loopback.
  t = await createTestApp({ vars: { PUSH_TEST_HOSTS: '127.0.0.1' } });
  await seedSiteData(t);
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret, at a path of the test endpoint. */
function browser(kind: 'ok' | 'gone' = 'ok') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${origin}/${kind}/${randomBytes(8).toString('hex')}`;
  return {
    endpoint,
    json: JSON.stringify({ endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }),
    /** Decrypts an aes128gcm body (RFC 8291 / RFC 8188) as the browser would. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
      const secret = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
      const ikm = hmac(hmac(auth, secret), keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      expect(padded[end]).toBe(2); // the last record's delimiter
      return JSON.parse(padded.subarray(0, end).toString('utf8'));
    },
  };
}

async function subscribe(member: ChatMember, json: string) {
  return call(t, postPushSubscription, {
    session: member.session,
    host: member.host,
    query: { push: '1' },
    body: { subscription: json },
  });
}

async function pushesTo(endpoint: string): Promise<Received[]> {
  await pushesSettled();
  return received.filter((r) => endpoint.endsWith(r.path));
}

describe('POST /api/user.php?push=1', () => {
  it('stores the subscription of the logged-in member; the same browser moves with a new login', async () => {
    const me = await chatMember(t);
    const other = await chatMember(t);
    const b = browser();
    expect(await subscribe(me, b.json)).toEqual({ ok: true });
    await subscribe(other, b.json);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.endpoint));
    expect(rows.map((r) => r.accountId)).toEqual([other.accountId]);

    await call(t, deletePushSubscription, {
      session: other.session,
      host: other.host,
      query: { push: '1' },
      body: { endpoint: b.endpoint },
    });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.endpoint))).toEqual([]);
  });

  it('needs a login and a subscription as a JSON string; without push=1 it is still the login', async () => {
    const b = browser();
    const anonymous = await callError(t, postPushSubscription, {
      host: 'default.localhost',
      query: { push: '1' },
      body: { subscription: b.json },
    });
    expect(anonymous.code).toBe('authentication_required');
    const me = await chatMember(t);
    const broken = await callError(t, postPushSubscription, {
      session: me.session,
      host: me.host,
      query: { push: '1' },
      body: { subscription: '{"endpoint":' },
    });
    expect(broken.code).toBe('invalid_input');
    const login = await callError(t, postLogin, {
      host: 'default.localhost',
      body: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(login.code).toBe('login_failed');
  });
});

describe('sending', () => {
  it('a new message pushes to the recipient, encrypted, signed, without the text', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const b = browser();
    await subscribe(her, b.json);
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'A secret only she may read');

    const [push, ...more] = await pushesTo(b.endpoint);
    expect(more).toEqual([]);
    if (!push) throw new Error('no push arrived');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['ttl']).toBeDefined();
    expect(String(push.headers['authorization'])).toMatch(/^vapid t=.+, k=.+/);
    expect(push.body.includes(Buffer.from('secret'))).toBe(false);
    const payload = pushPayload.parse(b.decrypt(push.body));
    expect(payload).toMatchObject({ type: 'message', openUrl: '/login' });
    expect(payload.checkUrl).toMatch(/^\/chats\/.+/);
    // The app icon's badge, set by the worker while the app is closed (SPEC §2.5).
    expect(payload.badge).toBe(1);
    expect(JSON.stringify(payload)).not.toContain('secret');
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, b.endpoint));
    expect(row?.lastSuccessAt).not.toBeNull();
  });

  it('a new like pushes to the liked member in her language; liking again does not', async () => {
    const me = await chatMember(t);
    const her = await chatMember(t, { gender: 'female' });
    await t.db.update(accounts).set({ language: 'de' }).where(eq(accounts.id, her.accountId));
    const b = browser();
    await subscribe(her, b.json);
    await call(t, postLike, { session: me.session, host: me.host, body: { profile: her.publicId } });
    await call(t, postLike, { session: me.session, host: me.host, body: { profile: her.publicId } });

    const pushes = await pushesTo(b.endpoint);
    expect(pushes).toHaveLength(1);
    const payload = pushPayload.parse(b.decrypt(pushes[0]?.body ?? Buffer.alloc(0)));
    expect(payload).toMatchObject({ type: 'like', title: 'Neues Like', checkUrl: '/likes', badge: 1 });
  });

  it('a Yes in the swipe game is a like and pushes too', async () => {
    const me = await chatMember(t);
    const her = await chatMember(t, { gender: 'female' });
    const b = browser();
    await subscribe(her, b.json);
    await call(t, postSwipe, { session: me.session, host: me.host, body: { profile: her.publicId, decision: 'yes' } });
    const pushes = await pushesTo(b.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushPayload.parse(b.decrypt(pushes[0]?.body ?? Buffer.alloc(0)))).toMatchObject({ type: 'like' });
  });

  it('an endpoint that answers 410 loses its subscription', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    const gone = browser('gone');
    await subscribe(her, gone.json);
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'Hello');
    expect(await pushesTo(gone.endpoint)).toHaveLength(1);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).toEqual(
      [],
    );
  });

  it('nothing is pushed when the member turned pushes off', async () => {
    const me = await chatMember(t, { paid: true, credits: 100 });
    const her = await chatMember(t, { gender: 'female' });
    await t.db
      .update(accounts)
      .set({ emailPreferences: { push: false } })
      .where(eq(accounts.id, her.accountId));
    const b = browser();
    await subscribe(her, b.json);
    const chat = await startChat(t, me, her.publicId);
    await sendChat(t, me, chat, 'Hello');
    await call(t, postLike, { session: me.session, host: me.host, body: { profile: her.publicId } });
    expect(await pushesTo(b.endpoint)).toEqual([]);
  });
});
