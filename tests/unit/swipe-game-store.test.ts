/**
 * The swipe game's store (src/features/swipe-game/swipe-game-store.ts) over the real API
 * client and a server whose answers the test gives one by one: optimistic decisions sent in
 * order, the allowance, refills without repeats, failures that keep the card, the daily limit
 * (from the answers, from GET swipe.php and from a 429), and matches.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { createSwipeGameStore } from '#src/features/swipe-game/swipe-game-store.ts';
import { profileCard } from './member-profile-fixtures.ts';
import { testEnvironment } from './test-environment.ts';

type Answer = { status: number; body: unknown };
interface Call {
  method: string;
  path: string;
  body: unknown;
  /** The request outlives the page (fetch's keepalive). */
  keepalive: boolean;
  answer: (answer: Answer) => void;
}

/** The real API client over a fetch whose answers the test gives, in any order. */
function server() {
  const calls: Call[] = [];
  const taken = new Set<Call>();
  const fetch = (input: string, init?: RequestInit) =>
    new Promise<Response>((resolve) => {
      calls.push({
        method: init?.method ?? 'GET',
        path: new URL(input, 'http://x').pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        keepalive: init?.keepalive === true,
        answer: ({ status, body }) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
      });
    });
  /** The next call not handled yet. */
  async function next(): Promise<Call> {
    let call: Call | undefined;
    await vi.waitFor(() => {
      call = calls.find((c) => !taken.has(c));
      if (!call) throw new Error('no call came');
    });
    taken.add(call as Call);
    return call as Call;
  }
  /** True when every call so far has been handled. */
  const idle = () => calls.every((c) => taken.has(c));
  return { api: createApiClient({ fetch: fetch as typeof globalThis.fetch, delay: () => 0 }), next, idle, calls };
}

const cards = (...names: string[]) => names.map((name) => profileCard({ id: name.toLowerCase(), name }));
const batch = (
  profiles: ProfileCard[],
  swipes = 20,
  likes = 4,
  nextInHours: number | null = null,
  likeHours: number | null = null,
): Answer => ({
  status: 200,
  body: { profiles, swipes_left: swipes, likes_left: likes, next_in_hours: nextInHours, next_like_in_hours: likeHours },
});
const decided = (swipes: number, likes: number, match = false): Answer => ({
  status: 200,
  body: { match, swipes_left: swipes, likes_left: likes },
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(profiles: ProfileCard[], swipes = 20, likes = 4) {
  const s = server();
  const onLiked = vi.fn();
  testEnvironment({ api: s.api });
  const store = createSwipeGameStore({ onLiked });
  const loading = store.load();
  expect(store.$state.get()).toEqual({ status: 'loading' });
  const first = await s.next();
  expect(first).toMatchObject({ method: 'GET', path: '/api/swipe.php' });
  first.answer(batch(profiles, swipes, likes));
  await loading;
  return { ...s, store, onLiked };
}

function view(store: ReturnType<typeof createSwipeGameStore>) {
  const state = store.$state.get();
  if (state.status !== 'ready') throw new Error(`not ready: ${state.status}`);
  return { ...state, ids: state.queue.map((card) => card.id) };
}

describe('swipe game store', () => {
  it('shows the first card at once after a decision and sends it (Yes is a like)', async () => {
    const { store, next, onLiked } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora'));
    expect(view(store)).toMatchObject({ ids: ['anna', 'bea', 'cleo', 'dora'], left: { swipes: 20, likes: 4 } });

    store.decide('yes');
    expect(view(store)).toMatchObject({ ids: ['bea', 'cleo', 'dora'], left: { swipes: 19, likes: 3 } });
    const post = await next();
    expect(post).toMatchObject({ method: 'POST', path: '/api/swipe.php', body: { profile: 'anna', decision: 'yes' } });
    post.answer(decided(19, 3));
    await store.settled();
    expect(view(store)).toMatchObject({ left: { swipes: 19, likes: 3 }, failure: null, match: null });
    expect(onLiked).toHaveBeenCalledTimes(1);

    store.decide('no');
    expect(view(store)).toMatchObject({ ids: ['cleo', 'dora'], left: { swipes: 18, likes: 3 } });
    const no = await next();
    expect(no.body).toEqual({ profile: 'bea', decision: 'no' });
    no.answer(decided(18, 3));
    // Fewer than three cards wait: the next batch is asked for.
    const refill = await next();
    expect(refill).toMatchObject({ method: 'GET', path: '/api/swipe.php' });
    refill.answer(batch(cards('Eva'), 18, 3));
    await store.settled();
    expect(view(store).ids).toEqual(['cleo', 'dora', 'eva']);
    expect(onLiked).toHaveBeenCalledTimes(1);
  });

  it('sends quick decisions one after another, in order, and counts the ones on their way', async () => {
    const { store, next, idle } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora', 'Eva', 'Fay'));
    store.decide('yes');
    store.decide('no');
    store.decide('no');
    expect(view(store)).toMatchObject({ ids: ['dora', 'eva', 'fay'], left: { swipes: 17, likes: 3 } });
    const first = await next();
    expect(first.body).toEqual({ profile: 'anna', decision: 'yes' });
    await settle();
    expect(idle()).toBe(true);
    first.answer(decided(19, 3));
    const second = await next();
    expect(second.body).toEqual({ profile: 'bea', decision: 'no' });
    // Deciding on Anna again cost nothing after all (the server says so): the answer is the truth.
    second.answer(decided(19, 3));
    const third = await next();
    expect(third.body).toEqual({ profile: 'cleo', decision: 'no' });
    expect(view(store).left).toEqual({ swipes: 18, likes: 3 });
    third.answer(decided(18, 3));
    await store.settled();
    expect(view(store).left).toEqual({ swipes: 18, likes: 3 });
  });

  it('keeps the decisions when the page is left: the one on its way outlives it, the waiting ones go at once', async () => {
    const { store, next, idle } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora', 'Eva', 'Fay'));
    store.decide('yes');
    store.decide('no');
    store.decide('yes');
    const first = await next();
    expect(first).toMatchObject({ body: { profile: 'anna', decision: 'yes' }, keepalive: true });
    await settle();
    expect(idle()).toBe(true);
    // A reload right after the decisions: their answers would never come to this page.
    store.leave();
    const [second, third] = [await next(), await next()];
    expect(second).toMatchObject({ body: { profile: 'bea', decision: 'no' }, keepalive: true });
    expect(third).toMatchObject({ body: { profile: 'cleo', decision: 'yes' }, keepalive: true });
    expect(view(store)).toMatchObject({ ids: ['dora', 'eva', 'fay'], left: { swipes: 17, likes: 2 } });
    // Should the page stay after all (back from the browser's cache), nothing is sent twice.
    first.answer(decided(19, 3));
    await store.settled();
    await settle();
    expect(idle()).toBe(true);
  });

  it('brings the card back when its decision fails, with the ones behind it, and retries it', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora', 'Eva'));
    store.decide('yes');
    store.decide('no');
    const failed = await next();
    failed.answer({ status: 500, body: { error: { code: 'internal', message: 'Server error' } } });
    await store.settled();
    expect(view(store)).toMatchObject({
      ids: ['anna', 'bea', 'cleo', 'dora', 'eva'],
      failure: { profileId: 'anna', decision: 'yes' },
      left: { swipes: 20, likes: 4 },
    });

    store.retry();
    expect(view(store)).toMatchObject({ ids: ['bea', 'cleo', 'dora', 'eva'], failure: null });
    const again = await next();
    expect(again.body).toEqual({ profile: 'anna', decision: 'yes' });
    again.answer(decided(19, 3));
    await store.settled();
    expect(view(store)).toMatchObject({ ids: ['bea', 'cleo', 'dora', 'eva'], failure: null });
  });

  it('lets a profile that has gone meanwhile leave the game', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora'));
    store.decide('yes');
    (await next()).answer({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } });
    await store.settled();
    expect(view(store)).toMatchObject({ ids: ['bea', 'cleo', 'dora'], failure: null });
  });

  it('asks for more when the queue runs low, without repeating a profile it has seen', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo'));
    store.decide('no');
    // Two cards wait: the batch is asked for while Anna's No is on its way.
    const post = await next();
    const refill = await next();
    expect([post.method, refill.method]).toEqual(['POST', 'GET']);
    refill.answer(batch(cards('Anna', 'Bea', 'Dora', 'Dora'), 20, 4));
    await vi.waitFor(() => expect(view(store).ids).toEqual(['bea', 'cleo', 'dora']));
    post.answer(decided(19, 4));
    await store.settled();

    store.decide('no');
    store.decide('no');
    (await next()).answer(decided(18, 4));
    const empty = await next();
    expect(empty.method).toBe('GET');
    empty.answer(batch([], 18, 4));
    (await next()).answer(decided(17, 4));
    await store.settled();
    // The server has nobody left: no more batches are asked for.
    expect(view(store)).toMatchObject({ ids: ['dora'], exhausted: true });
    store.decide('no');
    (await next()).answer(decided(16, 4));
    await store.settled();
    expect(view(store)).toMatchObject({ ids: [], exhausted: true, limit: null });
  });

  it('goes on with No only once the last like is used, and learns when likes come back', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora', 'Eva'), 20, 1);
    store.decide('yes');
    expect(view(store)).toMatchObject({ limit: null, likeHours: null, left: { swipes: 19, likes: 0 } });
    // No likes left on the way: a Yes is not taken, a No is.
    store.decide('yes');
    expect(view(store).ids).toEqual(['bea', 'cleo', 'dora', 'eva']);
    store.decide('no');
    expect(view(store)).toMatchObject({ ids: ['cleo', 'dora', 'eva'], limit: null, left: { swipes: 18, likes: 0 } });
    const yes = await next();
    expect(yes.body).toEqual({ profile: 'anna', decision: 'yes' });
    yes.answer(decided(19, 0));
    const no = await next();
    expect(no.body).toEqual({ profile: 'bea', decision: 'no' });
    no.answer(decided(18, 0));
    const hours = await next();
    expect(hours).toMatchObject({ method: 'GET', path: '/api/swipe.php' });
    hours.answer(batch(cards('Fay'), 18, 0, null, 7));
    await store.settled();
    expect(view(store)).toMatchObject({
      ids: ['cleo', 'dora', 'eva', 'fay'],
      limit: null,
      likeHours: 7,
      left: { swipes: 18, likes: 0 },
    });
  });

  it('turns Yes off when a Yes is refused over the like limit (likes used on profile pages), and No plays on', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora'), 20, 2);
    store.decide('yes');
    const message = 'You can give out 4 Likes per day. You can like again in 3 hours.';
    (await next()).answer({ status: 429, body: { error: { code: 'daily_limit', message } } });
    const hours = await next();
    expect(hours).toMatchObject({ method: 'GET', path: '/api/swipe.php' });
    hours.answer(batch([], 20, 0, null, 3));
    await store.settled();
    expect(view(store)).toMatchObject({
      ids: ['anna', 'bea', 'cleo', 'dora'],
      limit: null,
      failure: null,
      likeHours: 3,
      left: { swipes: 20, likes: 0 },
    });
    store.decide('yes');
    expect(view(store).ids).toEqual(['anna', 'bea', 'cleo', 'dora']);
    store.decide('no');
    const no = await next();
    expect(no).toMatchObject({ method: 'POST', body: { profile: 'anna', decision: 'no' } });
    no.answer(decided(19, 0));
    await store.settled();
    expect(view(store)).toMatchObject({ ids: ['bea', 'cleo', 'dora'], limit: null, left: { swipes: 19, likes: 0 } });
  });

  it('ends the game only when the swipes are used up too', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora'), 1, 0);
    store.decide('no');
    expect(view(store).limit).toEqual({ hours: null, message: null });
    (await next()).answer(decided(0, 0));
    const hours = await next();
    expect(hours).toMatchObject({ method: 'GET', path: '/api/swipe.php' });
    hours.answer(batch([], 0, 0, 6, 6));
    await store.settled();
    expect(view(store)).toMatchObject({ limit: { hours: 6, message: null }, left: { swipes: 0, likes: 0 } });
  });

  it('starts in the daily limit when swipe.php says the game goes on in some hours', async () => {
    const s = server();
    testEnvironment({ api: s.api });
    const store = createSwipeGameStore();
    const loading = store.load();
    (await s.next()).answer(batch([], 0, 4, 5));
    await loading;
    expect(view(store)).toMatchObject({ ids: [], limit: { hours: 5, message: null } });
  });

  it('shows the server’s message of a refused decision and keeps the card', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora'));
    store.decide('no');
    const message = 'You have no Swipes and Likes left for today. You can swipe again in 7 hours.';
    const refused = { status: 429, body: { error: { code: 'swipe_limit', message } } };
    (await next()).answer(refused);
    await store.settled();
    expect(view(store)).toMatchObject({
      ids: ['anna', 'bea', 'cleo', 'dora'],
      limit: { hours: null, message },
      failure: null,
    });
  });

  it('queues the profile of a match for the match modal', async () => {
    const { store, next } = await started(cards('Anna', 'Bea', 'Cleo', 'Dora', 'Eva'));
    store.decide('yes');
    store.decide('yes');
    (await next()).answer(decided(19, 3, true));
    (await next()).answer(decided(18, 2, true));
    await store.settled();
    expect(view(store).match).toMatchObject({ id: 'anna', did_like_profile: true, liked_by_profile: true });
    store.dismissMatch();
    expect(view(store).match).toMatchObject({ id: 'bea' });
    store.dismissMatch();
    expect(view(store).match).toBeNull();
  });

  it('says when the game could not be loaded, and loads on a retry', async () => {
    const s = server();
    testEnvironment({ api: s.api });
    const store = createSwipeGameStore();
    const loading = store.load();
    const failure = { status: 503, body: { error: { code: 'internal', message: 'Down' } } };
    for (let attempt = 0; attempt <= 5; attempt += 1) (await s.next()).answer(failure);
    await loading;
    expect(store.$state.get()).toEqual({ status: 'error' });

    const retry = store.load();
    (await s.next()).answer(batch(cards('Anna')));
    await retry;
    expect(view(store).ids).toEqual(['anna']);
  });
});
