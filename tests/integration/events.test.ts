/**
 * The realtime channel GET /api/events.php through the in-process app and event hub: who
 * gets which events, the reconnect's replay (exactly once, in order, also when the replay
 * and live delivery overlap or two commits are announced out of order), typing that is not
 * stored, `resync` when too much was missed, and the end of a channel whose session ended.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, EVENTS_REPLAY_LIMIT, getEvents, type ServerEvent } from '#src/contract/events.ts';
import { openChannel } from '#src/server/features/events/channel.ts';
import { endSession, findSession } from '#src/server/features/accounts/sessions.ts';
import type { EventHub } from '#src/server/features/events/index.ts';
import { createLocalEventHub } from '#src/server/features/events/index.ts';
import { callError, createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';
import { sseReader, type SseReader } from './sse.ts';

const counters = (total: number): ServerEvent => ({ type: 'counters', data: { total_unread: total } });

let t: TestApp;
/** Releases the log reads of the channel while it is held (the overlap test). */
let replayGate: Promise<void> | null = null;
let subscribed: (accountId: number) => void = () => {};
/** Runs right after the channel read the account's newest id (the fresh-start test). */
let afterLatest: ((accountId: number) => Promise<void>) | null = null;

beforeAll(async () => {
  t = await createTestApp({
    deps: (deps) => {
      const hub = deps.events;
      const events: EventHub = {
        ...hub,
        subscribe(accountId, listener) {
          const unsubscribe = hub.subscribe(accountId, listener);
          subscribed(accountId);
          return unsubscribe;
        },
        async latestId(accountId) {
          const latest = await hub.latestId(accountId);
          if (afterLatest) await afterLatest(accountId);
          return latest;
        },
        async replay(accountId, afterId, limit) {
          if (replayGate) await replayGate;
          return hub.replay(accountId, afterId, limit);
        },
      };
      return { ...deps, events };
    },
  });
  await seedSiteData(t);
});

afterAll(async () => {
  await t.deps.events.close();
  await t.close();
});

async function member() {
  const created = await createTestMember(t);
  return { accountId: created.accountId, session: await t.login(created.accountId) };
}

async function open(session: string, lastEventId?: string): Promise<SseReader> {
  const response = await t.request(EVENTS_PATH, {
    session,
    headers: { accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
  });
  expect(response.status).toBe(200);
  return sseReader(response);
}

/** Opens a new channel and waits for its cursor: from then on it gets every stored event. */
async function openReady(session: string): Promise<SseReader> {
  const reader = await open(session);
  await reader.cursor();
  return reader;
}

describe('GET /api/events.php', () => {
  it('needs a logged-in member', async () => {
    const failure = await callError(t, getEvents);
    expect(failure.status).toBe(403);
    expect(failure.code).toBe('authentication_required');
  });

  it('is an uncached, unbuffered event stream', async () => {
    const { session } = await member();
    const response = await t.request(EVENTS_PATH, { session });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    await sseReader(response).close();
  });

  it('delivers an event to the account it is for and to no other', async () => {
    const anna = await member();
    const bert = await member();
    const annaChannel = await openReady(anna.session);
    const annaSecondTab = await openReady(anna.session);
    const bertChannel = await openReady(bert.session);

    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(3) }]);
    await t.deps.events.publish([{ accountId: bert.accountId, event: counters(7) }]);

    const got = await annaChannel.next();
    expect(got).toMatchObject({ event: 'counters', data: { total_unread: 3 } });
    expect(got.id).toBeGreaterThan(0);
    expect(await annaSecondTab.next()).toEqual(got);
    // Bert's first event is his own: Anna's never reached him.
    expect(await bertChannel.next()).toMatchObject({ event: 'counters', data: { total_unread: 7 } });
    expect(await annaChannel.collect(100)).toEqual([]);
    await Promise.all([annaChannel.close(), annaSecondTab.close(), bertChannel.close()]);
  });

  it('replays what a reconnecting channel missed, exactly once and in order', async () => {
    const anna = await member();
    const first = await openReady(anna.session);
    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(1) }]);
    const seen = await first.next();
    await first.close();

    // Missed while away: two in one call and one more.
    await t.deps.events.publish([
      { accountId: anna.accountId, event: counters(2) },
      { accountId: anna.accountId, event: counters(3) },
    ]);
    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(4) }]);

    const again = await open(anna.session, String(seen.id));
    const replayed = [await again.next(), await again.next(), await again.next()];
    expect(replayed.map((e) => e.data)).toEqual([{ total_unread: 2 }, { total_unread: 3 }, { total_unread: 4 }]);
    expect(replayed.map((e) => e.id)).toEqual([...replayed.map((e) => e.id)].sort((a, b) => a! - b!));

    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(5) }]);
    expect(await again.next()).toMatchObject({ data: { total_unread: 5 } });
    expect(await again.collect(100)).toEqual([]);
    await again.close();
  });

  it('accepts the cursor as ?last_event_id= for a new EventSource', async () => {
    const anna = await member();
    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(1) }]);
    const cursor = await t.deps.events.latestId(anna.accountId);
    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(2) }]);
    const response = await t.request(`${EVENTS_PATH}?last_event_id=${cursor}`, { session: anna.session });
    const channel = sseReader(response);
    expect(await channel.next()).toMatchObject({ data: { total_unread: 2 } });
    expect(await channel.collect(100)).toEqual([]);
    await channel.close();
  });

  it('sends an event once when it arrives live while the replay is still reading it', async () => {
    const anna = await member();
    const cursor = await t.deps.events.latestId(anna.accountId);
    let release!: () => void;
    replayGate = new Promise((resolve) => {
      release = resolve;
    });
    const listening = new Promise<void>((resolve) => {
      subscribed = (accountId) => {
        if (accountId === anna.accountId) resolve();
      };
    });
    try {
      const channelAnswer = open(anna.session, String(cursor));
      await listening;
      // Published after the channel listens, before its replay reads: both would send it.
      await t.deps.events.publish([{ accountId: anna.accountId, event: counters(9) }]);
      release();
      const channel = await channelAnswer;
      const events = await channel.collect(300);
      expect(events.map((e) => e.data)).toEqual([{ total_unread: 9 }]);
      await channel.close();
    } finally {
      replayGate = null;
      subscribed = () => {};
    }
  });

  it('sends a new channel what was stored between reading where it starts and listening', async () => {
    const anna = await member();
    afterLatest = async (accountId) => {
      afterLatest = null;
      await t.deps.events.publish([{ accountId, event: counters(6) }]);
    };
    try {
      const channel = await openReady(anna.session);
      expect(await channel.next()).toMatchObject({ data: { total_unread: 6 } });
      expect(await channel.collect(100)).toEqual([]);
      await channel.close();
    } finally {
      afterLatest = null;
    }
  });

  it('keeps id order when an earlier commit is announced after a later one', async () => {
    const anna = await member();
    const channel = await openReady(anna.session);
    const earlier = await t.deps.events.record(t.db, [{ accountId: anna.accountId, event: counters(1) }]);
    const later = await t.deps.events.record(t.db, [{ accountId: anna.accountId, event: counters(2) }]);
    // Each stored event names the account's one before it: how a channel sees the gap.
    expect(later.rows[0]?.previousId).toBe(earlier.rows[0]?.id);
    await t.deps.events.announce(later);
    await t.deps.events.announce(earlier);
    const events = [await channel.next(), await channel.next()];
    expect(events.map((e) => e.data)).toEqual([{ total_unread: 1 }, { total_unread: 2 }]);
    expect(events[0]!.id).toBeLessThan(events[1]!.id!);
    expect(await channel.collect(100)).toEqual([]);
    await channel.close();
  });

  it('delivers typing to open channels without storing it', async () => {
    const anna = await member();
    const channel = await openReady(anna.session);
    const cursor = channel.lastId;
    expect(cursor).not.toBeNull();
    await t.deps.events.ephemeral([
      { accountId: anna.accountId, event: { type: 'typing', data: { conversation: 'c1' } } },
    ]);
    expect(await channel.next()).toEqual({ event: 'typing', data: { conversation: 'c1' }, id: null });
    await channel.close();

    const again = await open(anna.session, cursor!);
    expect(await again.collect(150)).toEqual([]);
    await again.close();
  });

  it('asks a channel that missed more than a replay holds to resync', async () => {
    const anna = await member();
    const cursor = await t.deps.events.latestId(anna.accountId);
    await t.deps.events.publish(
      Array.from({ length: EVENTS_REPLAY_LIMIT + 1 }, (_, i) => ({ accountId: anna.accountId, event: counters(i) })),
    );
    const latest = await t.deps.events.latestId(anna.accountId);
    const channel = await open(anna.session, String(cursor));
    expect(await channel.next()).toEqual({ event: 'resync', data: {}, id: latest });
    await t.deps.events.publish([{ accountId: anna.accountId, event: counters(1) }]);
    expect(await channel.next()).toMatchObject({ event: 'counters', data: { total_unread: 1 } });
    await channel.close();
  });

  it('ends a channel whose session ended, at its next heartbeat', async () => {
    const anna = await member();
    const frames: string[] = [];
    const session = await findSession(t.db, anna.session, t.clock.now);
    const channel = openChannel({
      hub: t.deps.events,
      accountId: anna.accountId,
      lastEventId: null,
      write: (frame) => {
        frames.push(frame);
        return Promise.resolve();
      },
      stillValid: async () => (await findSession(t.db, anna.session, t.clock.now)) !== null,
      heartbeatMs: 30,
    });
    await vi.waitFor(() => expect(frames).toContain(': ping\n\n'), { timeout: 3000 });
    await endSession(t.db, session!.sessionId);
    await expect(
      Promise.race([channel.done.then(() => 'ended'), new Promise((r) => setTimeout(() => r('open'), 3000))]),
    ).resolves.toBe('ended');
  });

  it('ends open channels when the hub closes', async () => {
    const anna = await member();
    const hub = createLocalEventHub(t.db);
    const channel = openChannel({
      hub,
      accountId: anna.accountId,
      lastEventId: null,
      write: () => Promise.resolve(),
      stillValid: () => Promise.resolve(true),
    });
    await hub.close();
    await expect(channel.done).resolves.toBeUndefined();
  });
});
