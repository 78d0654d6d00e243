/**
 * The moderation console's queue store: loading, the site filter, the order and the member
 * search, optimistic decisions and their undo time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import type { QueuedPhoto } from '#src/contract/moderation.ts';
import { createModerationStore, UNDO_DELAY_MS } from '#src/features/moderation/moderation-store.ts';
import { testEnvironment } from './test-environment.ts';

function queued(id: string, uploadedAt: string, site = 'default'): QueuedPhoto {
  return {
    id,
    url: `/api/photo.php?id=${id}&v=full`,
    thumb_url: `/api/photo.php?id=${id}&v=thumb`,
    width: 600,
    height: 800,
    uploaded_at: uploadedAt,
    is_main: true,
    profile: {
      id: `p-${id}`,
      name: `Name ${id}`,
      age: 40,
      gender: 'female',
      site,
      type: 'member',
      active_photos: [],
    },
  };
}

const A = queued('a', '2025-05-01T10:00:00.000Z');
const B = queued('b', '2025-05-02T10:00:00.000Z', 'she');
const C = queued('c', '2025-05-03T10:00:00.000Z');

type Answer = { status: number; body: unknown };
interface Request {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  answer: (answer: Answer) => void;
}

/**
 * The real API client over a fetch whose answers the test gives one by one, so it can look
 * at the store while a call is still on its way.
 */
function server() {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://x'), init);
    const url = new URL(request.url);
    const text = await request.text();
    return await new Promise<Response>((resolve) => {
      requests.push({
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        answer: ({ status, body }) =>
          resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
      });
    });
  };
  const api = createApiClient({ fetch, delay: () => 0 });
  /** Waits for the next unanswered call. */
  async function next(): Promise<Request> {
    for (let i = 0; i < 100; i += 1) {
      const open = requests.find((r) => !answered.has(r));
      if (open) {
        answered.add(open);
        return open;
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    throw new Error('no request came');
  }
  const answered = new Set<Request>();
  return { api, next, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ids = (store: ReturnType<typeof createModerationStore>) => {
  const state = store.$queue.get();
  return state.status === 'ready' ? state.photos.map((p) => p.id) : state.status;
};
const total = (store: ReturnType<typeof createModerationStore>) => {
  const state = store.$queue.get();
  return state.status === 'ready' ? state.total : null;
};

/** A store with its queue loaded; decisions are sent at once unless an undo time is given. */
async function loaded(photos: QueuedPhoto[], queueTotal: number, undoDelayMs = 0) {
  const s = server();
  testEnvironment({ api: s.api });
  const store = createModerationStore({ undoDelayMs });
  const done = store.load();
  (await s.next()).answer({ status: 200, body: { photos, total: queueTotal } });
  await done;
  return { ...s, store };
}

describe('moderation queue store', () => {
  it('loads the queue of all sites, then of the chosen site', async () => {
    const { store, next } = await loaded([A, B, C], 40);
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(total(store)).toBe(40);

    const switching = store.setSite('she');
    expect(store.$queue.get()).toEqual({ status: 'loading' });
    const request = await next();
    expect(request).toMatchObject({ path: '/api/moderation/photos.php', query: { site: 'she' } });
    request.answer({ status: 200, body: { photos: [B], total: 1 } });
    await switching;
    expect(ids(store)).toEqual(['b']);
    expect(store.$site.get()).toBe('she');
  });

  it('shows why the queue could not be loaded', async () => {
    const s = server();
    testEnvironment({ api: s.api });
    const store = createModerationStore();
    const done = store.load();
    (await s.next()).answer({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You do not have access to this.' } },
    });
    await done;
    expect(store.$queue.get()).toEqual({
      status: 'error',
      problem: { code: 'forbidden', message: 'You do not have access to this.' },
    });
  });

  it('removes the card as soon as the moderator decides, and takes the remaining count from the answer', async () => {
    const { store, next } = await loaded([A, B, C], 40);
    const deciding = store.approve('b');
    expect(ids(store)).toEqual(['a', 'c']);
    expect(total(store)).toBe(39);

    const request = await next();
    expect(request).toMatchObject({
      method: 'POST',
      path: '/api/moderation/photo.php',
      body: { photo: 'b', decision: 'approve' },
    });
    request.answer({ status: 200, body: { ok: true, remaining: 37 } });
    await deciding;
    expect(ids(store)).toEqual(['a', 'c']);
    expect(total(store)).toBe(37);
    expect(store.$failed.get()).toEqual({});
  });

  it('sends the reason of a rejection', async () => {
    const { store, next } = await loaded([A, B], 2);
    const deciding = store.reject('a', 'not_you');
    const request = await next();
    expect(request.body).toEqual({ photo: 'a', decision: 'reject', reason: 'not_you' });
    request.answer({ status: 200, body: { ok: true, remaining: 1 } });
    await deciding;
    expect(ids(store)).toEqual(['b']);
  });

  it('brings the card back in its place, with the message, when the decision fails', async () => {
    const { store, next } = await loaded([A, B, C], 3);
    const deciding = store.reject('b', 'quality');
    expect(ids(store)).toEqual(['a', 'c']);
    (await next()).answer({ status: 400, body: { error: { code: 'invalid_input', message: 'Check the reason.' } } });
    await deciding;
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(total(store)).toBe(3);
    expect(store.$failed.get()).toEqual({ b: { code: 'invalid_input', message: 'Check the reason.' } });

    // Deciding again clears the message while the call is on its way.
    const again = store.approve('b');
    expect(store.$failed.get()).toEqual({});
    (await next()).answer({ status: 200, body: { ok: true, remaining: 2 } });
    await again;
    expect(ids(store)).toEqual(['a', 'c']);
  });

  it('leaves a photo away that someone else decided already, and says so', async () => {
    const { store, next } = await loaded([A, B], 2);
    const deciding = store.approve('a');
    (await next()).answer({ status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } });
    await deciding;
    expect(ids(store)).toEqual(['b']);
    expect(total(store)).toBe(1);
    expect(store.$failed.get()).toEqual({});
    expect(store.$alreadyDecided.get()).toBe(1);
    store.dismissAlreadyDecided();
    expect(store.$alreadyDecided.get()).toBe(0);
  });

  it('decides a card once, even when asked twice', async () => {
    const { store, next, requests } = await loaded([A, B], 2);
    const first = store.approve('a');
    const second = store.reject('a', 'other');
    (await next()).answer({ status: 200, body: { ok: true, remaining: 1 } });
    await Promise.all([first, second]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('keeps a card away that a reload brings while its decision is on its way', async () => {
    const { store, next } = await loaded([A, B], 2);
    const deciding = store.approve('a');
    const decision = await next();
    const reloading = store.load();
    (await next()).answer({ status: 200, body: { photos: [A, B, C], total: 3 } });
    await reloading;
    expect(ids(store)).toEqual(['b', 'c']);
    expect(total(store)).toBe(2);
    decision.answer({ status: 200, body: { ok: true, remaining: 2 } });
    await deciding;
    expect(ids(store)).toEqual(['b', 'c']);
  });

  it('loads the next photos when the last card of the page is decided and more wait', async () => {
    const { store, next } = await loaded([A], 30);
    const deciding = store.approve('a');
    (await next()).answer({ status: 200, body: { ok: true, remaining: 29 } });
    await deciding;
    const reload = await next();
    expect(reload.path).toBe('/api/moderation/photos.php');
    reload.answer({ status: 200, body: { photos: [B, C], total: 29 } });
    await settle();
    expect(ids(store)).toEqual(['b', 'c']);
  });

  it('ignores a queue answer that a newer load has overtaken', async () => {
    const { store, next } = await loaded([A], 1);
    const older = store.load();
    const olderRequest = await next();
    const newer = store.setSite('she');
    const newerRequest = await next();
    newerRequest.answer({ status: 200, body: { photos: [B], total: 1 } });
    await newer;
    olderRequest.answer({ status: 200, body: { photos: [A, C], total: 2 } });
    await older;
    expect(ids(store)).toEqual(['b']);
  });
});

describe('the undo time of a decision', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const posts = (requests: { method: string }[]) => requests.filter((r) => r.method === 'POST');

  it('hides the card at once and sends the decision only when 5 seconds have passed', async () => {
    const { store, next, requests } = await loaded([A, B, C], 3, UNDO_DELAY_MS);
    vi.useFakeTimers();
    const deciding = store.reject('b', 'quality');
    expect(ids(store)).toEqual(['a', 'c']);
    expect(total(store)).toBe(2);
    expect(store.$undoable.get()).toEqual([{ photo: B, decision: { decision: 'reject', reason: 'quality' } }]);
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS - 1);
    expect(posts(requests)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    expect(store.$undoable.get()).toEqual([]);
    const request = await next();
    expect(request).toMatchObject({ method: 'POST', body: { photo: 'b', decision: 'reject', reason: 'quality' } });
    request.answer({ status: 200, body: { ok: true, remaining: 2 } });
    await deciding;
    expect(ids(store)).toEqual(['a', 'c']);
  });

  it('brings the card back in its place on Undo and never sends the decision', async () => {
    const { store, requests } = await loaded([A, B, C], 3, UNDO_DELAY_MS);
    vi.useFakeTimers();
    const deciding = store.approve('b');
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS - 1000);
    store.undo('b');
    await deciding;
    expect(ids(store)).toEqual(['a', 'b', 'c']);
    expect(total(store)).toBe(3);
    expect(store.$undoable.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS * 2);
    expect(posts(requests)).toHaveLength(0);

    // The card can be decided again afterwards.
    void store.approve('b');
    expect(ids(store)).toEqual(['a', 'c']);
  });

  it('sends every waiting decision at once when the console is left', async () => {
    const { store, next, requests } = await loaded([A, B, C], 3, UNDO_DELAY_MS);
    vi.useFakeTimers();
    const first = store.approve('a');
    const second = store.reject('c', 'other');
    store.sendWaiting();
    expect(store.$undoable.get()).toEqual([]);
    vi.useRealTimers();
    const sent = [await next(), await next()];
    expect(sent.map((r) => r.body)).toEqual([
      { photo: 'a', decision: 'approve' },
      { photo: 'c', decision: 'reject', reason: 'other' },
    ]);
    for (const request of sent) request.answer({ status: 200, body: { ok: true, remaining: 1 } });
    await Promise.all([first, second]);
    expect(posts(requests)).toHaveLength(2);
    expect(ids(store)).toEqual(['b']);
  });
});

describe('order and member search', () => {
  it('asks for the newest first, and puts a card back in that order', async () => {
    const { store, next } = await loaded([C, B, A], 3);
    const ordering = store.setOrder('newest');
    const request = await next();
    expect(request.query).toEqual({ order: 'newest' });
    request.answer({ status: 200, body: { photos: [C, B, A], total: 3 } });
    await ordering;
    expect(store.$order.get()).toBe('newest');

    const deciding = store.approve('b');
    (await next()).answer({ status: 500, body: { error: { code: 'internal', message: 'x' } } });
    await deciding;
    expect(ids(store)).toEqual(['c', 'b', 'a']);
  });

  it('searches one member by name or id, with the site filter, and clears the search', async () => {
    const { store, next } = await loaded([A, B, C], 3);
    void store.setSite('she');
    (await next()).answer({ status: 200, body: { photos: [B], total: 1 } });
    const searching = store.searchMember('  Name b ');
    const request = await next();
    expect(request.query).toEqual({ site: 'she', member: 'Name b' });
    request.answer({ status: 200, body: { photos: [B], total: 1 } });
    await searching;
    expect(store.$member.get()).toBe('Name b');
    expect(ids(store)).toEqual(['b']);

    const clearing = store.searchMember('');
    const cleared = await next();
    expect(cleared.query).toEqual({ site: 'she' });
    cleared.answer({ status: 200, body: { photos: [B], total: 1 } });
    await clearing;
  });
});
