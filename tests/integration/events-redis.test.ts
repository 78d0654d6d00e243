/**
 * The realtime channel across API processes: two apps on one database, each with its own
 * Redis event hub (as two processes behind a load balancer), on the Redis of this machine
 * (TEST_REDIS_URL or REDIS_URL; .ci/run sets it). A member's channel on one app gets what
 * the other app publishes. Without Redis the hub keeps delivering on its own process.
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, type ServerEvent } from '#src/contract/events.ts';
import { AUTH_COOKIE_NAME } from '#src/lib/constants.ts';
import { composeApp } from '#src/server/app.ts';
import { createRedisEventHub } from '#src/server/features/events/index.ts';
import type { EventHub } from '#src/server/features/events/index.ts';
import type { AppEnv } from '#src/server/http/context.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';
import { sseReader, type SseReader } from './sse.ts';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? process.env['REDIS_URL'];

const counters = (total: number): ServerEvent => ({ type: 'counters', data: { total_unread: total } });

/** Opens a new channel on one app and waits for its cursor. */
async function openOn(app: Hono<AppEnv>, session: string): Promise<SseReader> {
  const response = await app.request(EVENTS_PATH, {
    headers: {
      host: 'default.localhost',
      accept: 'text/event-stream',
      cookie: `${AUTH_COOKIE_NAME}=${session}`,
    },
  });
  expect(response.status).toBe(200);
  const reader = sseReader(response);
  await reader.cursor();
  return reader;
}

describe.skipIf(!REDIS_URL)('realtime across two API processes through Redis (needs TEST_REDIS_URL)', () => {
  let t: TestApp;
  /** One channel per test file, so parallel runs on this Redis never meet. */
  const channel = `flirt:test:${randomBytes(6).toString('hex')}`;
  let hubA: EventHub;
  let hubB: EventHub;
  let appB: Hono<AppEnv>;

  beforeAll(async () => {
    t = await createTestApp();
    await seedSiteData(t);
    const withRedisHub = (set: (hub: EventHub) => void) =>
      composeApp(t.config, t.database, {
        now: () => new Date(t.clock.now),
        override: (deps) => {
          const events = createRedisEventHub(t.db, REDIS_URL!, { channel });
          set(events);
          return { ...deps, events };
        },
      });
    withRedisHub((hub) => (hubA = hub));
    appB = withRedisHub((hub) => (hubB = hub)).app;
    await Promise.all([hubA.ready(), hubB.ready()]);
  });

  afterAll(async () => {
    await Promise.all([hubA.close(), hubB.close()]);
    await t.deps.events.close();
    await t.close();
  });

  async function member() {
    const created = await createTestMember(t);
    return { accountId: created.accountId, session: await t.login(created.accountId) };
  }

  it('delivers what one process publishes to a channel on the other, typing included', async () => {
    const anna = await member();
    const bert = await member();
    const onB = await openOn(appB, anna.session);
    const bertOnB = await openOn(appB, bert.session);

    await hubA.publish([{ accountId: anna.accountId, event: counters(4) }]);
    const got = await onB.next();
    expect(got).toMatchObject({ event: 'counters', data: { total_unread: 4 } });
    expect(got.id).toBe(await hubA.latestId(anna.accountId));

    await hubA.ephemeral([{ accountId: anna.accountId, event: { type: 'typing', data: { conversation: 'c9' } } }]);
    expect(await onB.next()).toEqual({ event: 'typing', data: { conversation: 'c9' }, id: null });
    expect(await bertOnB.collect(100)).toEqual([]);
    await Promise.all([onB.close(), bertOnB.close()]);
  });

  it('loses nothing and repeats nothing in a burst', async () => {
    const anna = await member();
    const onB = await openOn(appB, anna.session);
    const count = 200;
    for (let i = 0; i < count; i += 1) await hubA.publish([{ accountId: anna.accountId, event: counters(i) }]);
    const received = [];
    for (let i = 0; i < count; i += 1) received.push(await onB.next());
    expect(received.map((e) => (e.data as { total_unread: number }).total_unread)).toEqual(
      Array.from({ length: count }, (_, i) => i),
    );
    expect(await onB.collect(100)).toEqual([]);
    await onB.close();
  });

  it('catches open channels up from the log when Redis comes back', async () => {
    const anna = await member();
    const onB = await openOn(appB, anna.session);
    // Recorded while Redis was away: never announced.
    await hubA.record(t.db, [{ accountId: anna.accountId, event: counters(11) }]);
    expect(await onB.collect(100)).toEqual([]);
    // What a process sends when its Redis connection is back.
    const client = createClient({ url: REDIS_URL! });
    await client.connect();
    try {
      await client.publish(channel, JSON.stringify({ origin: 'another-process', resume: true }));
    } finally {
      await client.close();
    }
    expect(await onB.next()).toMatchObject({ data: { total_unread: 11 } });
    await onB.close();
  });
});

describe('an event hub whose Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedSiteData(t);
  });
  afterAll(() => t.close());

  it('keeps delivering on its own process and says so once', async () => {
    const logged: string[] = [];
    // Port 1: nothing listens there.
    const hub = createRedisEventHub(t.db, 'redis://127.0.0.1:1', { log: (m) => logged.push(m) });
    try {
      const { accountId } = await createTestMember(t);
      const received: unknown[] = [];
      hub.subscribe(accountId, (delivered) => received.push(delivered.event.data));
      await hub.publish([{ accountId, event: counters(2) }]);
      await hub.ephemeral([{ accountId, event: { type: 'typing', data: { conversation: 'c1' } } }]);
      expect(received).toEqual([{ total_unread: 2 }, { conversation: 'c1' }]);
      expect(await hub.replay(accountId, 0, 10)).toHaveLength(1);
      const unreachable = () => logged.filter((m) => m.includes('publisher unreachable'));
      await vi.waitFor(() => expect(unreachable()).toHaveLength(1), { timeout: 3000 });
      // It keeps trying (100 ms, 200 ms, 400 ms…) without saying so again.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unreachable()).toHaveLength(1);
    } finally {
      await hub.close();
    }
  });
});
