/**
 * Web push against an attacker who controls the endpoint (docs/security.md, the hardening
 * round's findings "Web push reached internal addresses" and "One account stalled pushes for
 * everyone"): internal and non-https endpoints are refused when stored and when sent (names
 * resolving to loopback too), redirects are not followed and count as failures, failing
 * endpoints are dropped, an account keeps its 10 most recent subscriptions, and one account's
 * hanging endpoints do not hold up another member's push.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLike } from '#src/contract/likes.ts';
import { postPushSubscription } from '#src/contract/push.ts';
import { pushSubscriptions } from '#src/server/db/schema.ts';
import { isPublicAddress, publicLookup } from '#src/server/features/push/destination.ts';
import { pushesSettled } from '#src/server/features/push/sender.ts';
import { chatMember, type ChatMember } from './chat-fixtures.ts';
import { call, callError, createTestApp, seedSiteData, type TestApp } from './harness.ts';

/** The app whose pushes may reach the local endpoint (PUSH_TEST_HOSTS). */
let t: TestApp;
/** The app as development and production run it: no test hosts. */
let strict: TestApp;
let server: Server;
let origin = '';
const hits: { path: string; at: number }[] = [];
const hanging = new Set<ServerResponse>();
/** Once set, a hanging endpoint drops its connection at once (the end of the fairness test). */
let releaseHanging = false;

beforeAll(async () => {
  t = await createTestApp({ vars: { PUSH_TEST_HOSTS: '127.0.0.1' } });
  strict = await createTestApp({ env: 'development' });
  await seedSiteData(t);
  await seedSiteData(strict);
  server = createServer((request, response) => {
    const path = request.url ?? '';
    hits.push({ path, at: Date.now() });
    request.resume();
    if (path.startsWith('/hang/')) {
      if (releaseHanging) response.destroy();
      else hanging.add(response);
      return;
    }
    if (path.startsWith('/redirect-307/')) {
      response.writeHead(307, { location: `${origin}/target/307` }).end();
    } else if (path.startsWith('/redirect-302/')) {
      response.writeHead(302, { location: `${origin}/target/302` }).end();
    } else if (path.startsWith('/fail/')) {
      response.writeHead(500).end();
    } else {
      response.writeHead(201).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
  await strict.close();
});

function subscriptionJson(endpoint: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
}

function subscribe(app: TestApp, member: ChatMember, endpoint: string) {
  return call(app, postPushSubscription, {
    session: member.session,
    host: member.host,
    query: { push: '1' },
    body: { subscription: subscriptionJson(endpoint) },
  });
}

async function like(app: TestApp, liker: ChatMember, liked: ChatMember) {
  await call(app, postLike, { session: liker.session, host: liker.host, body: { profile: liked.publicId } });
}

const hitsOf = (prefix: string) => hits.filter((hit) => hit.path.startsWith(prefix));
const rowsOf = (app: TestApp, member: ChatMember) =>
  app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, member.accountId));

describe('push endpoints', () => {
  it('refuses internal, non-https and odd-scheme endpoints when subscribing (development as production)', async () => {
    const her = await chatMember(strict, { gender: 'female' });
    const port = new URL(origin).port;
    for (const endpoint of [
      `${origin}/ok/a`,
      `http://0x7f000001:${port}/ok/a`,
      'http://127.0.0.1:9871/x',
      'https://127.0.0.1/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://10.1.2.3/x',
      'https://192.168.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/x',
      'http://push.example.com/x',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'javascript:alert(1)',
    ]) {
      const error = await callError(strict, postPushSubscription, {
        session: her.session,
        host: her.host,
        query: { push: '1' },
        body: { subscription: subscriptionJson(endpoint) },
      });
      expect(error, endpoint).toMatchObject({ code: 'invalid_input', field: 'subscription' });
    }
    expect(await rowsOf(strict, her)).toEqual([]);
    expect(await subscribe(strict, her, 'https://fcm.googleapis.com/fcm/send/abc')).toEqual({ ok: true });
  });

  it('refuses an internal endpoint again when sending (a row stored before, or a name that now resolves inside)', async () => {
    const me = await chatMember(strict);
    const her = await chatMember(strict, { gender: 'female' });
    const endpoint = `${origin}/ok/stored-before`;
    const { keys } = JSON.parse(subscriptionJson(endpoint)) as { keys: { p256dh: string; auth: string } };
    await strict.db
      .insert(pushSubscriptions)
      .values({ accountId: her.accountId, endpoint, ...keys, createdAt: new Date() });
    await like(strict, me, her);
    await pushesSettled();
    expect(hitsOf('/ok/stored-before')).toEqual([]);
    expect((await rowsOf(strict, her))[0]?.failures).toBe(1);

    // DNS rebinding: the connection's own lookup refuses a name whose address is internal.
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(refused?.code).toBe('EPUSHADDRESS');
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '169.254.169.254', '100.64.0.1', '0.0.0.0']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('142.250.74.110')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200a')).toBe(true);
  });

  it('does not follow a redirect (307 nor 302): a failed delivery', async () => {
    const me = await chatMember(t);
    const her = await chatMember(t, { gender: 'female' });
    await subscribe(t, her, `${origin}/redirect-307/a`);
    await subscribe(t, her, `${origin}/redirect-302/a`);
    await like(t, me, her);
    await pushesSettled();
    expect(hitsOf('/redirect-307/')).toHaveLength(1);
    expect(hitsOf('/redirect-302/')).toHaveLength(1);
    expect(hitsOf('/target/')).toEqual([]);
    const rows = await rowsOf(t, her);
    expect(rows.map((row) => row.failures)).toEqual([1, 1]);
    expect(rows.every((row) => row.lastSuccessAt === null)).toBe(true);
  });

  it('drops an endpoint after 3 failures in a row', async () => {
    const her = await chatMember(t, { gender: 'female' });
    await subscribe(t, her, `${origin}/fail/a`);
    for (let i = 0; i < 3; i++) {
      expect(await rowsOf(t, her)).toHaveLength(1);
      await like(t, await chatMember(t), her);
      await pushesSettled();
    }
    expect(hitsOf('/fail/a')).toHaveLength(3);
    expect(await rowsOf(t, her)).toEqual([]);
  });
});

describe('fairness', () => {
  it('keeps the 10 most recent subscriptions of an account', async () => {
    const her = await chatMember(t, { gender: 'female' });
    for (let i = 0; i < 12; i++) await subscribe(t, her, `${origin}/ok/cap-${i}`);
    const kept = (await rowsOf(t, her)).map((row) => row.endpoint).sort();
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(`${origin}/ok/cap-0`);
    expect(kept).not.toContain(`${origin}/ok/cap-1`);
    expect(kept).toContain(`${origin}/ok/cap-11`);
  });

  it('an account with 24 hanging endpoints does not delay another member’s push', async () => {
    const attacker = await chatMember(t, { gender: 'female' });
    const victim = await chatMember(t, { gender: 'female' });
    for (let i = 0; i < 24; i++) await subscribe(t, attacker, `${origin}/hang/${i}`);
    await subscribe(t, victim, `${origin}/ok/victim`);
    const me = await chatMember(t);
    // The attacker is liked first (twice: 20 hanging sends queued), then the victim.
    await like(t, me, attacker);
    await like(t, await chatMember(t), attacker);
    const started = Date.now();
    await like(t, me, victim);
    await expect.poll(() => hitsOf('/ok/victim').length, { timeout: 2_000, interval: 20 }).toBe(1);
    expect(hitsOf('/ok/victim')[0]!.at - started).toBeLessThan(2_000);
    // Only the attacker's share of the slots hangs; let them go so the run ends.
    expect(hitsOf('/hang/').length).toBeLessThanOrEqual(2);
    releaseHanging = true;
    for (const response of hanging) response.destroy();
    await pushesSettled();
  }, 30_000);
});
