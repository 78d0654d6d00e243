import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '#src/client/api.ts';
import { createMemberProfileStore } from '#src/features/member-profile/member-profile-store.ts';
import { scriptedApi, type Answer } from '../fixtures/members.ts';
import { memberProfile, profileCard } from './member-profile-fixtures.ts';
import { DAILY_LIMIT_MESSAGE, dailyLimitAnswer, likesData } from './likes-fixtures.ts';
import { $likes, $totalNewLikes, resetLikes } from '#src/stores/likes.ts';
import { catalogues } from '#src/i18n/index.ts';
import { testEnvironment } from './test-environment.ts';

const BLOCKED_MESSAGE = "You're blocked by Sanne. You do not have access to this page.";

function ready(profile = memberProfile()): Answer {
  return { status: 200, body: { profile, related: [profileCard({ id: 'r1', name: 'Ilse' })] } };
}

afterEach(() => {
  resetLikes();
});

describe('member profile store', () => {
  it('loads the profile and its related profiles', async () => {
    const { api, requests } = scriptedApi(() => ready());
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    expect(store.$state.get().status).toBe('loading');
    await store.load();
    const state = store.$state.get();
    expect(state.status).toBe('ready');
    if (state.status !== 'ready') return;
    expect(state.profile.name).toBe('Sanne');
    expect(state.related.map((card) => card.name)).toEqual(['Ilse']);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/member.php' });
  });

  it('asks for the profile by its id', async () => {
    const urls: string[] = [];
    const api = createApiClient({
      delay: () => 0,
      fetch: (input) => {
        urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        return Promise.resolve(Response.json(ready().body));
      },
    });
    testEnvironment({ api });
    await createMemberProfileStore('k3x9q').load();
    expect(urls).toEqual(['/api/member.php?id=k3x9q']);
  });

  it("shows the server's message when the profile blocked the viewer", async () => {
    const { api } = scriptedApi(() => ({
      status: 403,
      body: { error: { code: 'blocked', message: BLOCKED_MESSAGE }, blocked_by: 'Sanne' },
    }));
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    expect(store.$state.get()).toMatchObject({ status: 'blocked', message: BLOCKED_MESSAGE });
  });

  it('is not_found for a profile the viewer may not see', async () => {
    const { api } = scriptedApi(() => ({ status: 404, body: { error: { code: 'not_found', message: 'Not found' } } }));
    testEnvironment({ api });
    const store = createMemberProfileStore('gone');
    await store.load();
    expect(store.$state.get()).toEqual({ status: 'not_found' });
  });

  it('keeps other failures as an error with the message', async () => {
    const { api } = scriptedApi(() => ({ status: 500, body: { error: { code: 'internal', message: 'Oops' } } }));
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    // A server fault's own text is not meant for members: the general one (errorText).
    expect(store.$state.get()).toEqual({ status: 'error', message: catalogues.en.errors.try_later });
  });

  it('blocks: the profile shows blocked_by_me and the likes are gone', async () => {
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'POST'
        ? { status: 200, body: { ok: true } }
        : ready(memberProfile({ did_like_profile: true, liked_by_profile: true })),
    );
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    const blocking = store.block();
    expect(store.$state.get()).toMatchObject({ status: 'ready', action: 'blocking' });
    await blocking;
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/block.php', body: { profile: 'k3x9q' } });
    expect(store.$state.get()).toMatchObject({
      status: 'ready',
      action: 'idle',
      error: null,
      profile: { blocked_by_me: true, did_like_profile: false, liked_by_profile: false },
    });
  });

  it('unblocks with DELETE block.php', async () => {
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'DELETE' ? { status: 200, body: { ok: true } } : ready(memberProfile({ blocked_by_me: true })),
    );
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    await store.unblock();
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/block.php', body: { profile: 'k3x9q' } });
    expect(store.$state.get()).toMatchObject({ status: 'ready', profile: { blocked_by_me: false } });
  });

  it('keeps the profile unblocked and reports the failure when blocking fails', async () => {
    const { api } = scriptedApi(({ method }) =>
      method === 'POST' ? { status: 404, body: { error: { code: 'not_found', message: 'Gone' } } } : ready(),
    );
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    await store.block();
    expect(store.$state.get()).toMatchObject({
      status: 'ready',
      action: 'idle',
      error: 'Gone',
      profile: { blocked_by_me: false },
    });
  });

  it('clears the new like of the opened profile in the loaded likes', async () => {
    $likes.set(likesData());
    const { api } = scriptedApi(() => ready(memberProfile({ id: 'anna', name: 'Anna' })));
    testEnvironment({ api });
    await createMemberProfileStore('anna').load();
    expect($totalNewLikes.get()).toBe(0);
    expect($likes.get()?.liked_by[0]).toMatchObject({ id: 'anna', like_new: false });
  });

  it('likes: the flags follow the answer and a match is due', async () => {
    const liked = profileCard({ did_like_profile: true, liked_by_profile: true });
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'POST'
        ? { status: 200, body: { match: true, likes_left: 3, profile: liked } }
        : ready(memberProfile({ liked_by_profile: true })),
    );
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    const liking = store.like();
    expect(store.$state.get()).toMatchObject({ action: 'liking' });
    await liking;
    expect(requests.at(-1)).toEqual({ method: 'POST', path: '/api/like.php', body: { profile: 'k3x9q' } });
    expect(store.$state.get()).toMatchObject({
      action: 'idle',
      likeError: null,
      match: { id: 'k3x9q' },
      profile: { did_like_profile: true, liked_by_profile: true },
    });
    store.closeMatch();
    expect(store.$state.get()).toMatchObject({ match: null });
  });

  it('unlikes: the like is gone, their like stays', async () => {
    const { api, requests } = scriptedApi(({ method }) =>
      method === 'DELETE'
        ? { status: 200, body: { ok: true, likes_left: 1 } }
        : ready(memberProfile({ did_like_profile: true, liked_by_profile: true })),
    );
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    await store.unlike();
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/like.php', body: { profile: 'k3x9q' } });
    expect(store.$state.get()).toMatchObject({ profile: { did_like_profile: false, liked_by_profile: true } });
  });

  it("keeps the server's daily-limit message as the like error", async () => {
    const { api } = scriptedApi(({ method }) => (method === 'POST' ? dailyLimitAnswer : ready()));
    testEnvironment({ api });
    const store = createMemberProfileStore('k3x9q');
    await store.load();
    await store.like();
    expect(store.$state.get()).toMatchObject({
      action: 'idle',
      error: null,
      likeError: DAILY_LIMIT_MESSAGE,
      match: null,
      profile: { did_like_profile: false },
    });
  });
});
