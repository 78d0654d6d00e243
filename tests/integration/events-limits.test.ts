/**
 * The caps on realtime streams (docs/security.md, the hardening round's finding "No cap on
 * event streams"): one session keeps STREAMS_PER_SESSION streams and one address
 * STREAMS_PER_ADDRESS; the newest always gets in, the oldest is closed with a `retry:` hint
 * long enough that its browser does not come straight back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH } from '#src/contract/events.ts';
import {
  REFUSALS_HELD_PER_ADDRESS,
  REFUSED_OPEN_DELAY_MS,
  REPLACED_RETRY_MS,
  STREAM_OPENS,
  STREAMS_PER_SESSION,
  StreamLimits,
} from '#src/server/features/events/limits.ts';
import { createTestApp, createTestMember, seedSiteData, type TestApp } from './harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedSiteData(t);
});
afterAll(async () => {
  await t.deps.events.close();
  await t.close();
});

/** An open stream's raw text as it arrives, and whether the server ended it. */
function rawStream(response: Response) {
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
    }
    ended = true;
  })();
  return {
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    async close() {
      await reader.cancel().catch(() => {});
      await reading.catch(() => {});
    },
  };
}

describe('event stream caps', () => {
  it('one session keeps its newest streams; the oldest end with a long retry hint', async () => {
    const { accountId } = await createTestMember(t);
    const session = await t.login(accountId);
    const streams: ReturnType<typeof rawStream>[] = [];
    const extra = 3;
    for (let i = 0; i < STREAMS_PER_SESSION + extra; i++) {
      const response = await t.request(EVENTS_PATH, { session });
      expect(response.status).toBe(200);
      const stream = rawStream(response);
      streams.push(stream);
      await expect.poll(() => stream.text).toContain('retry: 3000');
    }
    const oldest = streams.slice(0, extra);
    const newest = streams.slice(extra);
    await expect.poll(() => oldest.every((stream) => stream.ended), { timeout: 3_000 }).toBe(true);
    for (const stream of oldest) expect(stream.text).toContain(`retry: ${REPLACED_RETRY_MS}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const stream of newest) {
      expect(stream.ended).toBe(false);
      expect(stream.text).not.toContain(`retry: ${REPLACED_RETRY_MS}`);
    }
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('60 opened at once with one cookie: no more than the cap stay open', async () => {
    const { accountId } = await createTestMember(t);
    const session = await t.login(accountId);
    const streams: ReturnType<typeof rawStream>[] = [];
    const answers = await Promise.all(Array.from({ length: 60 }, () => t.request(EVENTS_PATH, { session })));
    for (const answer of answers) streams.push(rawStream(answer));
    await expect
      .poll(() => streams.filter((stream) => !stream.ended).length, { timeout: 5_000 })
      .toBe(STREAMS_PER_SESSION);
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('opens past the rate answer 429 and end no open stream; the rate refills', async () => {
    const { accountId } = await createTestMember(t);
    const session = await t.login(accountId);
    const streams: ReturnType<typeof rawStream>[] = [];
    for (let i = 0; i < STREAM_OPENS.session.burst; i++) {
      const response = await t.request(EVENTS_PATH, { session });
      expect(response.status).toBe(200);
      streams.push(rawStream(response));
    }
    const kept = streams.slice(-STREAMS_PER_SESSION);
    await expect.poll(() => kept.every((stream) => stream.text.includes('retry: 3000'))).toBe(true);
    const refusals = await Promise.all(Array.from({ length: 30 }, () => t.request(EVENTS_PATH, { session })));
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    }
    // The refused ones pushed none of the member's open streams out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kept.map((stream) => stream.ended)).toEqual(kept.map(() => false));
    // Another session from the same address opens; this one again after a while.
    const other = await t.login((await createTestMember(t)).accountId);
    const theirs = await t.request(EVENTS_PATH, { session: other });
    expect(theirs.status).toBe(200);
    streams.push(rawStream(theirs));
    t.clock.now = new Date(t.clock.now.getTime() + STREAM_OPENS.session.everyMs);
    const later = await t.request(EVENTS_PATH, { session });
    expect(later.status).toBe(200);
    streams.push(rawStream(later));
    await Promise.all(streams.map((stream) => stream.close()));
  });

  it('an address past its opening rate is refused across sessions', () => {
    const limits = new StreamLimits();
    const now = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < STREAM_OPENS.address.burst; i++) expect(limits.mayOpen(`s${i}`, 'a', now)).toBe(true);
    expect(limits.mayOpen('fresh', 'a', now)).toBe(false);
    expect(limits.mayOpen('fresh', 'b', now)).toBe(true);
    expect(limits.mayOpen('fresh', 'a', now + STREAM_OPENS.address.everyMs)).toBe(true);
  });

  it('holds refused opens a moment, but only so many per address', async () => {
    vi.useFakeTimers();
    try {
      const limits = new StreamLimits();
      let answered = 0;
      const held = Array.from({ length: REFUSALS_HELD_PER_ADDRESS }, () =>
        limits.holdRefusal('a').then(() => (answered += 1)),
      );
      // Past the held ones the address is answered at once; another address is held too.
      await limits.holdRefusal('a');
      let elsewhere = false;
      const other = limits.holdRefusal('b').then(() => (elsewhere = true));
      await Promise.resolve();
      expect([answered, elsewhere]).toEqual([0, false]);
      await vi.advanceTimersByTimeAsync(REFUSED_OPEN_DELAY_MS);
      await Promise.all([...held, other]);
      expect([answered, elsewhere]).toEqual([REFUSALS_HELD_PER_ADDRESS, true]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an address keeps its newest streams across sessions; a release frees its place', () => {
    const limits = new StreamLimits(2, 3);
    const closed: string[] = [];
    const open = (session: string, address: string, name: string) =>
      limits.admit(session, address, () => closed.push(name));
    open('s1', 'a', 'one');
    const releaseTwo = open('s2', 'a', 'two');
    open('s3', 'a', 'three');
    open('s4', 'b', 'elsewhere');
    expect(closed).toEqual([]);
    open('s5', 'a', 'four');
    expect(closed).toEqual(['one']);
    releaseTwo();
    open('s6', 'a', 'five');
    expect(closed).toEqual(['one']);
    open('s3', 'c', 'six');
    open('s3', 'c', 'seven');
    expect(closed).toEqual(['one', 'three']);
    expect(limits.size).toBe(5);
  });
});
